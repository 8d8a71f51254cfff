"""Samba's referee in JSON: /api/v1/samba/. A hand or meld the rules refuse is a 422
naming every rule it breaks (see scoring/api/urls.py)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema
from pydantic import Field

from referee import samba
from referee.cards import parse_cards
from scoring.games.samba import entries
from scoring.ledger.rulebook import line_dicts, violation_dicts

router = Router(tags=["samba"])


class Violations(Schema):
    violations: list[dict[str, Any]]


class MeldIn(Schema):
    cards: list[str]
    going_out: bool = False


class ViolationOut(Schema):
    rule: str
    message: str
    params: dict[str, Any] = {}
    url: str | None = None


class MeldOut(Schema):
    valid: bool
    kind: str = Field(
        description="group, canastra-clean, canastra-dirty, wild-group, wild-canastra, "
        'sequence, samba or black-threes; "none" when the cards make no kind at all'
    )
    points: int = Field(description="the meld's card points")
    violations: list[ViolationOut]


class ConcealedIn(Schema):
    deal_solo: int = 0
    deal_with_partner: int = 0
    play_solo: int = 0
    play_with_partner: int = 0


class PenaltiesIn(Schema):
    three_wilds_in_canastra: int = 0
    stock_out_of_turn: int = 0
    pile_out_of_turn: int = 0
    meld_out_of_turn: int = 0
    went_out_after_refusal: int = 0
    permission_unable: int = 0


class SideIn(Schema):
    melds: list[list[str]] = []
    red_threes: int = 0
    hand: list[str] = []
    went_out: bool = False
    concealed: ConcealedIn = ConcealedIn()
    penalties: PenaltiesIn = PenaltiesIn()


class HandIn(Schema):
    options: dict[str, Any] = Field(
        default={}, description="target, top_minimum (150 or 160), cumulative_canastra_bonus"
    )
    sides: list[SideIn]


class LineOut(Schema):
    rule: str
    label: str
    count: int
    points: int
    params: dict[str, Any] = {}
    url: str | None = None


class SideOut(Schema):
    total: int
    lines: list[LineOut]


class HandOut(Schema):
    sides: list[SideOut]


@router.post("/melds/check", response={200: MeldOut, 422: Violations})
def check_meld(request: HttpRequest, body: MeldIn) -> dict[str, Any]:
    """What a meld is and its card points, or every rule it breaks. Black threes are
    legal only with ``going_out``. An unreadable card is a 422."""
    verdict = samba.check_meld(parse_cards(body.cards), going_out=body.going_out)
    return {
        "valid": verdict.valid,
        # The contract types kind as a string: cards of no kind at all say so in words.
        "kind": verdict.kind or "none",
        "points": verdict.points,
        "violations": violation_dicts(verdict.violations),
    }


@router.post("/hands/score", response={200: HandOut, 422: Violations})
def score_hand(request: HttpRequest, body: HandIn) -> dict[str, Any]:
    """Score a hand entered card by card: one breakdown per side, whose lines add up to
    its total. 422 for an invalid meld, a card used more often than three decks hold,
    going out without two 7-card combinations, or two sides going out."""
    options = samba.SambaOptions.from_dict(body.options)
    breakdowns = entries.score_entry(
        {"mode": entries.MODE_CARDS, "sides": [side.model_dump() for side in body.sides]}, options
    )
    return {
        "sides": [
            {"total": breakdown.total, "lines": line_dicts(breakdown.lines)}
            for breakdown in breakdowns
        ]
    }
