"""Canastra's referee in JSON: /api/v1/canastra/. A hand the rules refuse is a 422 naming
every rule it breaks (see scoring/api/urls.py); a meld or an opening that breaks a rule
is a 200 that says so, with the rules in ``violations``."""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Router, Schema
from pydantic import ConfigDict

from referee import canastra
from referee.cards import Card, CardError
from referee.rulings import RuleError, Violation
from scoring.api.schemas import (
    BreakdownOut,
    CardsIn,
    CardToken,
    MeldCheckOut,
    ObjectIn,
    ViolationOut,
    Violations,
    breakdown_out,
    meld_check_out,
    violations_out,
)
from scoring.games.canastra import entries
from scoring.kit.sides import MODE_CARDS

router = Router(tags=["canastra"])

# Bounds a real table never reaches: the two decks hold 108 cards, a run at most 14, a
# pair's melds are at most 36 (108 cards in threes).
MOST_CARDS = len(canastra.DECK)
MOST_MELDS = MOST_CARDS // canastra.MELD_MINIMUM
MOST_FAILED = 40
MOST_TOTAL = 10**6

Meld = Annotated[list[CardToken], Field(max_length=MOST_CARDS)]


class CanastraMeldIn(CardsIn):
    cards: list[CardToken] = Field(max_length=MOST_CARDS, examples=[["5C", "6C", "JK", "8C"]])


class WildOut(Schema):
    card: str = Field(description="The wild, as read")
    stands_for: str = Field(description="The card it stands for in the run")
    card_shown: str = Field(description="The wild as read, with its symbol: 🃏, 2♠")
    stands_for_shown: str = Field(description="What it stands for, with its suit symbol")


class CanastraMeldOut(MeldCheckOut):
    kind: str = Field(
        description="meld, canastra-clean or canastra-dirty (an invalid meld is a meld)"
    )
    wild: WildOut | None = Field(None, description="The card acting as a wild, if any")


class OptionsIn(ObjectIn):
    model_config = ConfigDict(extra="forbid")

    hand_to_opponents: bool = Field(
        True, description="Cards left in hand go to the opponents (false: the classic rule)"
    )
    untaken_morto_penalty: bool = Field(False, description="−100 for a pair that never took it")


class PairIn(ObjectIn):
    players: int | None = Field(
        None,
        ge=1,
        le=2,
        description="How many players the side has: 2 (a pair) or 1 (the game for two); "
        "when 1, a player who made the final going out has no card left in hand",
    )
    melds: list[Meld] = Field(default_factory=list, max_length=MOST_MELDS)
    hand: list[CardToken] = Field(
        default_factory=list,
        max_length=MOST_CARDS,
        description="Every card left in the pair's two hands",
    )
    took_morto: bool = False
    went_out: bool = Field(False, description="The final going out, which ended the hand")


class CanastraHandIn(CardsIn):
    options: OptionsIn = OptionsIn()
    pairs: list[PairIn] = Field(max_length=4, description="The two pairs")


class CanastraHandOut(Schema):
    pairs: list[BreakdownOut]


class OpeningIn(CardsIn):
    total: int = Field(
        ge=-MOST_TOTAL, le=MOST_TOTAL, description="The pair's running total before the hand"
    )
    failed: int = Field(0, ge=0, le=MOST_FAILED, description="Its failed openings this hand")
    melds: list[Meld] = Field(max_length=MOST_MELDS, description="The melds laid to open")


class OpeningOut(Schema):
    required: int = Field(description="Card points needed: 0 below 1,500, then 75, 90, 120 …")
    value: int = Field(description="The opening's card values, no canastra bonus")
    meets: bool
    violations: list[ViolationOut]


def _read(body: CardsIn, tokens: list[str], found: list[Violation], **where: Any) -> list[Card]:
    """Cards in the body's notation; each unreadable token is added to ``found``, saying
    where it was (pair and meld indexes)."""
    try:
        return body.read(tokens)
    except CardError as error:
        found += [Violation(v.rule, {**where, **v.params}) for v in error.violations]
        return []


@router.post("/melds/check", response={200: CanastraMeldOut, 422: Violations})
def check_meld(request: HttpRequest, body: CanastraMeldIn) -> dict[str, Any]:
    """What a meld is (a meld, a clean or a dirty canastra) and its card values, or every
    rule it breaks; the cards are arranged the way with the most natural cards. More of a
    card than two decks hold is refused. An unreadable card is a 422."""
    cards = body.read(body.cards)
    verdict = canastra.check_meld(cards)
    violations = [*verdict.violations, *canastra.DECK.violations(cards)]
    wild = verdict.wild
    if wild is not None and verdict.arrangement is not None:
        stands_for = Card(wild.rank, verdict.arrangement.suit)
        wild_out = {
            "card": str(wild.card),
            "stands_for": str(stands_for),
            "card_shown": body.shown([wild.card])[0],
            "stands_for_shown": body.shown([stands_for])[0],
        }
    else:
        wild_out = None
    return meld_check_out(
        body,
        cards,
        valid=verdict.valid and not violations,
        points=verdict.points,
        violations=violations,
        kind=verdict.kind,
        wild=wild_out,
    )


@router.post("/hands/score", response={200: CanastraHandOut, 422: Violations})
def score_hand(request: HttpRequest, body: CanastraHandIn) -> dict[str, Any]:
    """Score a hand entered card by card: one breakdown per pair, whose lines add up to its
    total. ``hand`` is every card left in that pair's two hands; ``went_out`` the final
    going out. 422 for an invalid meld, cards beyond the two decks, taking the morto
    without a canastra, going out without a clean one, both pairs going out, not two
    pairs."""
    options = canastra.CanastraOptions(
        hand_to_opponents=body.options.hand_to_opponents,
        untaken_morto_penalty=body.options.untaken_morto_penalty,
    )
    found: list[Violation] = []
    pairs = []
    for index, pair in enumerate(body.pairs):
        melds = [
            [str(card) for card in _read(body, meld, found, pair=index, meld=number)]
            for number, meld in enumerate(pair.melds)
        ]
        hand = [str(card) for card in _read(body, pair.hand, found, pair=index, field="hand")]
        flags = {"took_morto": pair.took_morto, "went_out": pair.went_out}
        pairs.append({"melds": melds, "hand": hand, **flags})
    if found:
        raise RuleError(found)
    players = [pair.players for pair in body.pairs]
    breakdowns = entries.score_entry({"mode": MODE_CARDS, "pairs": pairs}, options, players)
    return {"pairs": [breakdown_out(breakdown) for breakdown in breakdowns]}


@router.post("/openings/check", response={200: OpeningOut, 422: Violations})
def check_opening(request: HttpRequest, body: OpeningIn) -> dict[str, Any]:
    """Whether a pair's first laying-down of the hand meets the buraco rule: from 1,500
    points it needs 75 card points, 90 after a failed attempt, 30 more for each further
    one. Its melds must be valid and within the two decks. An unreadable card is a 422."""
    found: list[Violation] = []
    melds = [_read(body, meld, found, meld=number) for number, meld in enumerate(body.melds)]
    if found:
        raise RuleError(found)
    verdict = canastra.check_opening(melds, body.total, body.failed)
    return {
        "required": verdict.required,
        "value": verdict.value,
        "meets": verdict.meets,
        "violations": violations_out(verdict.violations),
    }
