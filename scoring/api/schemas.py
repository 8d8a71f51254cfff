"""The shapes every game's API shares: a violation and the 422 body that lists them, a
score breakdown, and card input in a chosen notation."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from ninja import Field, Schema

from referee.cards import Card, parse_cards
from referee.rulings import Breakdown, Violation
from scoring.ledger.rulebook import line_dicts, violation_dicts

Notation = Literal["en", "pt", "pl"]


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


class CardsIn(Schema):
    """Card input: English letters and symbols by default; ``"notation": "pt"`` reads
    Portuguese letters (ranks A 2–10 V D R, suits P C E O), ``"pl"`` Polish ones."""

    notation: Notation = Field("en", description="en (default), pt or pl")

    def read(self, tokens: Sequence[str]) -> list[Card]:
        return parse_cards(list(tokens), notation=self.notation)


def violations_out(violations: Iterable[Violation]) -> list[dict[str, Any]]:
    return violation_dicts(violations)


def breakdown_out(breakdown: Breakdown) -> dict[str, Any]:
    lines = line_dicts(breakdown.lines)
    for line in lines:
        line["text"] = f"{line['label']}: {line['points']}"
    return {"total": breakdown.total, "lines": lines}
