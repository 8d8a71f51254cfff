"""The shapes every game's API shares: a violation and the 422 body that lists them, a
score breakdown, card input in a chosen notation, and a meld's check.

An answer that gives back the cards it read gives them twice: as canonical codes (``KH``),
and ``shown`` as read, in the request's notation with suit symbols (``R♥`` for ``"pt"``),
so that a misreading is visible at once."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Any, Literal

from ninja import Field, Schema
from pydantic import BaseModel, ConfigDict, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError, ValidationError

from referee.cards import Card, format_card, parse_cards
from referee.rulings import Breakdown, Violation
from scoring.kit.rulebook import line_dicts, violation_dicts

Notation = Literal["en", "pt", "pl"]
# One card as a request writes it ("KH", "10♦", "W♥" in Polish letters): no card takes
# more than three characters, so a longer token is refused before it is read.
CardToken = Annotated[str, Field(max_length=8)]
SHOWN = "The cards as read, in the request's notation with suit symbols: 10♥, R♠ (pt), 🃏"


class ObjectIn(Schema):
    """A JSON object a request sends, read as the object it is. django-ninja's ``Schema``
    reads its input through attributes (for models), so a null, a string or a number
    where an object is expected read as an object with every field left out: an empty
    side, scored 0. This replaces that reading (by its name) for what requests send.

    Nothing is guessed either: a key the object does not have is refused (a misspelt
    ``redthrees`` would silently score no red threes), and every value must be of its
    JSON type (``true`` is no count, ``"12"`` no number, ``1`` no yes)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="wrap")
    @classmethod
    def _run_root_validator(cls, value: Any, handler: Any, info: Any) -> Any:
        if not isinstance(value, Mapping | BaseModel):
            raise PydanticCustomError("model_type", "Input should be an object")
        try:
            return handler(value)
        except ValidationError as error:
            raise cls._with_suggestions(error) from None

    @classmethod
    def _with_suggestions(cls, error: ValidationError) -> ValidationError:
        """The same errors, each key this object does not have given the key that was
        probably meant (``suggestion``; "" when none is close)."""
        keys = [field.alias or name for name, field in cls.model_fields.items()]
        details: list[InitErrorDetails] = []
        for problem in error.errors():
            context = dict(problem.get("ctx") or {})
            loc = problem["loc"]
            if problem["type"] == "extra_forbidden" and len(loc) == 1:
                close = difflib.get_close_matches(str(loc[0]), keys, n=1)
                context["suggestion"] = close[0] if close else ""
            kind = PydanticCustomError(problem["type"], problem["msg"], context or None)
            details.append({"type": kind, "loc": loc, "input": problem.get("input")})
        return ValidationError.from_exception_data(error.title, details)


class ViolationOut(Schema):
    rule: str = Field(
        description="The rule's stable id; the rulebook shows it at /rules/<game>/#<rule>"
    )
    title: str = Field("", description="The rule's short title")
    message: str = Field(description="What is wrong, in the request's language")
    params: dict[str, Any] = Field(default_factory=dict)
    url: str | None = Field(None, description="The rule in the rulebook")


class Violations(Schema):
    """The body of every 422: each rule the input breaks."""

    violations: list[ViolationOut]


class LineOut(Schema):
    rule: str
    label: str = Field(description="The rule's title, in the request's language")
    count: int
    points: int
    params: dict[str, Any] = Field(default_factory=dict)
    text: str = Field("", description="The line as a sentence")
    url: str | None = None


class BreakdownOut(Schema):
    """A score with its breakdown: the lines always add up to the total."""

    total: int
    lines: list[LineOut]


class CardsIn(ObjectIn):
    """Card input: English letters and symbols by default; ``"notation": "pt"`` reads
    Portuguese letters (ranks A 2–10 V D R, suits P C E O), ``"pl"`` Polish ones."""

    notation: Notation = Field("en", description="en (default), pt or pl")

    def read(self, tokens: Sequence[str]) -> list[Card]:
        return parse_cards(list(tokens), notation=self.notation)

    def shown(self, cards: Iterable[Card]) -> list[str]:
        """The cards as read, in this notation's letters with suit symbols."""
        return [format_card(card, self.notation) for card in cards]


class MeldCheckOut(Schema):
    """A meld checked: whether the rules allow it, its card points, the cards as they were
    read, every rule it breaks. A game adds the kinds it knows (``kind``)."""

    valid: bool
    points: int = Field(description="The meld's card points, no canastra bonus")
    cards: list[str] = Field(default_factory=list, description="The cards as read")
    shown: list[str] = Field(default_factory=list, description=SHOWN)
    violations: list[ViolationOut]


def meld_check_out(
    body: CardsIn,
    cards: Sequence[Card],
    *,
    valid: bool,
    points: int,
    violations: Iterable[Violation],
    **more: Any,
) -> dict[str, Any]:
    """A ``MeldCheckOut`` body for the cards ``body`` asked about (and a game's own keys,
    ``more``)."""
    return {
        "valid": valid,
        "points": points,
        "cards": [str(card) for card in cards],
        "shown": body.shown(cards),
        "violations": violations_out(violations),
        **more,
    }


def violations_out(violations: Iterable[Violation]) -> list[dict[str, Any]]:
    return violation_dicts(violations)


def breakdown_out(breakdown: Breakdown) -> dict[str, Any]:
    lines = line_dicts(breakdown.lines)
    for line in lines:
        line["text"] = f"{line['label']}: {line['points']}"
    return {"total": breakdown.total, "lines": lines}
