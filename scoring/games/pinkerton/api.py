"""Pinkerton's referee over JSON, under /api/v1/pinkerton/: a throw against the stack, a
card added to it, and a round's points.

A stack the decks cannot make (a joker, a third K♥ — two 52-card decks, three with the
extra deck) is a 422 naming the deck rule, as is an unreadable card; a thrown or added
card beyond the decks is a verdict (``meets`` / ``allowed`` false) with the same rule.
"""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from referee import pinkerton
from referee.cards import Card
from referee.pinkerton import PinkertonOptions
from referee.rulings import RuleError, Violation
from scoring.api.schemas import (
    SHOWN,
    BreakdownOut,
    CardsIn,
    ObjectIn,
    ViolationOut,
    Violations,
    breakdown_out,
    violations_out,
)

router = Router(tags=["pinkerton"])

# A card token: "KH", "10♦", "W♥" in Polish letters.
Token = Annotated[str, Field(max_length=12)]
# Three decks' worth (the extra deck): the most a stack can hold; the decks check the rest.
MOST_CARDS = len(pinkerton.EXTRA_DECK)
# A throw never needs more cards than a stack's value can call for (k at three decks'
# worth of red cards is 22); a longer list is not a throw.
MOST_THROWN = 40
# What a table makes, and the checks therefore ask: a centre card before any throw
# (phase I), and a stack of two cards (phase II's) before anything is added or a round
# can end.
PHASE_I, FIRST_ADD = 1, 2


class TableIn(CardsIn):
    extra_deck: bool = Field(
        False, description="Rule 5's extra deck: the stack may hold a card three times"
    )

    def options(self) -> PinkertonOptions:
        return PinkertonOptions(extra_deck=self.extra_deck)


class ThrowIn(TableIn):
    stack: list[Token] = Field(
        default_factory=list,
        max_length=MOST_CARDS,
        description="The centre: the card turned in phase I, then every card of the stack "
        "(at least one)",
    )
    throw: list[Token] = Field(max_length=MOST_THROWN, description="The cards thrown")


class ThrowOut(Schema):
    stack_value: int = Field(description="The stack's value: the sum of its cards")
    required_cards: int = Field(description="k: 2 below ±80, then one more every 40")
    sum: int = Field(description="The thrown cards' sum")
    meets: bool
    exact: bool = Field(description="The sum is the value itself: a pass is taken back")
    violations: list[ViolationOut]
    stack_cards: list[str] = Field(description="The stack as read")
    throw_cards: list[str] = Field(description="The throw as read")
    stack_shown: list[str] = Field(description=f"The stack. {SHOWN}")
    throw_shown: list[str] = Field(description=f"The throw. {SHOWN}")


class AddIn(TableIn):
    stack: list[Token] = Field(
        default_factory=list,
        max_length=MOST_CARDS,
        description="The stack, two cards at least (nothing is added before phase III)",
    )
    card: Token = Field(description="The card added, e.g. KH, 4♣")


class AddOut(Schema):
    allowed: bool
    stack_value: int = Field(
        description="The stack's value after the request: with the card when allowed"
    )
    violations: list[ViolationOut]
    card: str = Field(description="The card as read")
    card_shown: str = Field(description="The card as read, with its suit symbol: R♥ (pt)")


class PointsIn(ObjectIn):
    cards: int = Field(
        ge=0, le=10_000, description="Cards in the stack at the round's end, two at least"
    )
    extra_deck: bool = False


class PointsOut(Schema):
    points: int = Field(description="n + 10 × ⌊n / 10⌋, for the round's winner")
    breakdown: BreakdownOut


def _centre(body: CardsIn, tokens: list[str], *, adding: bool = False) -> list[Card]:
    """The centre as a table leaves it before a throw (a card turned) or an add (the two
    of phase II); what no table makes is refused with the rule a round refuses it by."""
    stack = body.read(tokens)
    if not stack:
        raise RuleError(Violation("pinkerton.centre.turn-first", {"phase": PHASE_I}))
    if adding and len(stack) < FIRST_ADD:
        raise RuleError(Violation("pinkerton.add.not-in-phase", {"phase": PHASE_I}))
    return stack


@router.post("/throws/check", response={200: ThrowOut, 422: Violations})
def check_throw(request: HttpRequest, body: ThrowIn) -> dict[str, Any]:
    """Does the throw meet the stack's value? A throw of the wrong number of cards never
    meets and names the rule (rule 3); a short sum names the sign's rule. An empty centre
    is a 422: the dealer turns a card before anyone throws."""
    stack, throw = _centre(body, body.stack), body.read(body.throw)
    check = pinkerton.check_throw(stack, throw, body.options())
    return check.as_dict() | {
        "violations": violations_out(check.violations),
        "stack_cards": [str(card) for card in stack],
        "throw_cards": [str(card) for card in throw],
        "stack_shown": body.shown(stack),
        "throw_shown": body.shown(throw),
    }


@router.post("/stack/add", response={200: AddOut, 422: Violations})
def add_card(request: HttpRequest, body: AddIn) -> dict[str, Any]:
    """May the card go onto the stack? Rule 1: no J, Q or K while −20 < stack < 20. A
    stack of fewer than two cards is a 422: nothing is added before phase III."""
    stack = _centre(body, body.stack, adding=True)
    (card,) = body.read([body.card])
    check = pinkerton.check_add(stack, card, body.options())
    return check.as_dict() | {
        "violations": violations_out(check.violations),
        "card": str(card),
        "card_shown": body.shown([card])[0],
    }


@router.post("/rounds/points", response={200: PointsOut, 422: Violations})
def round_points(request: HttpRequest, body: PointsIn) -> dict[str, Any]:
    """What the round's winner scores for a stack of ``cards`` cards: two at least (the
    stack of phase II, before a round can end), at most what the decks hold."""
    options = PinkertonOptions(extra_deck=body.extra_deck)
    most = len(options.deck)
    if not FIRST_ADD <= body.cards <= most:
        params = {"cards": body.cards, "min": FIRST_ADD, "max": most}
        raise RuleError(Violation("pinkerton.points.card-count", params))
    breakdown = pinkerton.round_breakdown(body.cards, options)
    return {"points": breakdown.total, "breakdown": breakdown_out(breakdown)}
