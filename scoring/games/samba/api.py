"""Samba's referee in JSON: /api/v1/samba/. A hand or meld the rules refuse is a 422
naming every rule it breaks (see scoring/api/urls.py)."""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from referee import samba
from scoring.api.schemas import (
    BreakdownOut,
    CardsIn,
    CardToken,
    MeldCheckOut,
    ObjectIn,
    Violations,
    breakdown_out,
    meld_check_out,
)
from scoring.games.samba import entries
from scoring.kit.sides import MODE_CARDS

router = Router(tags=["samba"])

# The most cards one list of a body (a meld, a hand) may hold: more than the three decks'
# 162, which the rules then refuse by name.
MOST_CARDS = 200


class SambaMeldIn(CardsIn):
    cards: list[CardToken] = Field(max_length=MOST_CARDS)
    going_out: bool = False


class SambaMeldOut(MeldCheckOut):
    kind: str = Field(
        description="group, canastra-clean, canastra-dirty, wild-group, wild-canastra, "
        'sequence, samba or black-threes; "none" when the cards make no kind at all'
    )


class ConcealedIn(ObjectIn):
    deal_solo: int = Field(0, le=1_000)
    deal_with_partner: int = Field(0, le=1_000)
    play_solo: int = Field(0, le=1_000)
    play_with_partner: int = Field(0, le=1_000)


class PenaltiesIn(ObjectIn):
    three_wilds_in_canastra: int = Field(0, le=1_000)
    stock_out_of_turn: int = Field(0, le=1_000)
    pile_out_of_turn: int = Field(0, le=1_000)
    meld_out_of_turn: int = Field(0, le=1_000)
    went_out_after_refusal: int = Field(0, le=1_000)
    permission_unable: int = Field(0, le=1_000)


class SideIn(ObjectIn):
    players: int | None = Field(
        None,
        ge=1,
        le=3,
        description="How many players the side has (1, 2 or 3); when given, a side of one "
        "player is refused what it cannot do alone (cards left after going out, the "
        "partner's melds, asking the partner)",
    )
    melds: list[Annotated[list[str], Field(max_length=MOST_CARDS)]] = Field(
        default_factory=list, max_length=60
    )
    red_threes: int = Field(0, le=1_000)
    hand: list[str] = Field(default_factory=list, max_length=MOST_CARDS)
    went_out: bool = False
    concealed: ConcealedIn = ConcealedIn()
    penalties: PenaltiesIn = PenaltiesIn()


class SambaHandIn(CardsIn):
    options: dict[str, Any] = Field(
        default={},
        max_length=12,
        description="target, top_minimum (150 or 160), cumulative_canastra_bonus",
    )
    sides: list[SideIn] = Field(min_length=1, max_length=3)


class SambaHandOut(Schema):
    sides: list[BreakdownOut]


@router.post("/melds/check", response={200: SambaMeldOut, 422: Violations})
def check_meld(request: HttpRequest, body: SambaMeldIn) -> dict[str, Any]:
    """What a meld is and its card points, or every rule it breaks. Black threes are
    legal only with ``going_out``; more of a card than three decks hold is refused. An
    unreadable card is a 422."""
    cards = body.read(body.cards)
    verdict = samba.check_meld(cards, going_out=body.going_out)
    return meld_check_out(
        body,
        cards,
        valid=verdict.valid,
        points=verdict.points,
        violations=verdict.violations,
        # The contract types kind as a string: cards of no kind at all say so in words.
        kind=verdict.kind or "none",
    )


@router.post("/hands/score", response={200: SambaHandOut, 422: Violations})
def score_hand(request: HttpRequest, body: SambaHandIn) -> dict[str, Any]:
    """Score a hand entered card by card: one breakdown per side, whose lines add up to
    its total. 422 for an invalid meld, a card used more often than three decks hold,
    going out without two 7-card combinations, two sides going out, or, for a side
    whose ``players`` is 1, what a player alone cannot do."""
    options = samba.SambaOptions.from_dict(body.options)
    sides = []
    for side in body.sides:
        data = side.model_dump(exclude={"players"})
        data["melds"] = [[str(c) for c in body.read(meld)] for meld in side.melds]
        data["hand"] = [str(c) for c in body.read(side.hand)]
        sides.append(data)
    players = [side.players for side in body.sides]
    breakdowns = entries.score_entry({"mode": MODE_CARDS, "sides": sides}, options, players)
    return {"sides": [breakdown_out(breakdown) for breakdown in breakdowns]}
