"""Truco's referee over JSON: tricks, hands and a hand's score, under /api/v1/truco/.

A RuleError becomes a 422 naming every rule broken (``scoring.api.urls``).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from referee.cards import CardError
from referee.rulings import RuleError
from referee.truco import Event, Play, TrucoOptions, resolve_hand, resolve_trick, score_events
from scoring.ledger.rulebook import line_dicts

router = Router(tags=["truco"])


class Violations(Schema):
    violations: list[dict[str, Any]]


class PlayIn(Schema):
    team: str = Field(description="A or B")
    card: str = Field(description="A card of the 40-card deck, e.g. 3H, 7♦, QS")
    face_down: bool = Field(False, description="Covered (coberta); never in the first trick")


class TrickIn(Schema):
    plays: list[PlayIn] = Field(description="The four cards of the trick, in play order")
    options: dict[str, Any] = Field(
        default_factory=dict,
        description='{"variant": "seed"|"paulista"|"mineiro", "vira": card (Paulista)}',
    )
    trick_number: int = Field(1, description="1, 2 or 3; cards may be covered from 2 on")


class TrickOut(Schema):
    winner: str | None = Field(description="A, B, or null for a tied trick (empate)")
    next_leader: int = Field(description="Index in plays of the player who leads next")
    winning_play: int | None = Field(description="Index in plays of the winning card")


class HandIn(Schema):
    tricks: list[str] = Field(description='Each trick\'s result in order: "A", "B" or "T"')


class HandOut(Schema):
    winner: str | None
    decided_after: int | None = Field(description="How many tricks settled the hand")


class EventIn(Schema):
    type: str = Field(description="raise, accept, run, penalty or win")
    team: str | None = Field(None, description="A or B; null for a win: nobody won")
    reason: str | None = Field(None, description="A penalty's rule id")


class ScoreIn(Schema):
    score: dict[str, int] = Field(description='The game score before the hand: {"A": n, "B": n}')
    events: list[EventIn]
    options: dict[str, Any] = Field(default_factory=dict)
    allow_unfinished: bool = Field(False, description="Score a hand that has not ended yet")


class BreakdownOut(Schema):
    total: int
    lines: list[dict[str, Any]]


class ScoreOut(Schema):
    score: dict[str, int]
    stake: int
    game_winner: str | None
    winner: str | None
    finished: bool
    kind: str = Field(description="normal, mao-de-onze, mao-de-dez or mao-de-ferro")
    offer: int | None = Field(description="A call still waiting for its answer")
    next_stake: int | None = Field(description="What the next raise would call")
    replay: bool = Field(description="A mão de ferro with no winner: dealt again")
    breakdowns: dict[str, BreakdownOut]


def _plays(data: list[PlayIn]) -> list[Play]:
    plays, found = [], []
    for play in data:
        try:
            plays.append(Play(play.team, play.card, play.face_down))
        except CardError as error:
            found.extend(error.violations)
    if found:
        raise RuleError(found)
    return plays


@router.post("/tricks/resolve", response={200: TrickOut, 422: Violations})
def resolve_trick_endpoint(request: HttpRequest, body: TrickIn) -> dict[str, Any]:
    """Who takes the trick, and which play's player leads the next one."""
    options = TrucoOptions.from_dict(body.options)
    result = resolve_trick(_plays(body.plays), options, trick_number=body.trick_number)
    return {
        "winner": result.winner,
        "next_leader": result.next_leader,
        "winning_play": result.winning_play,
    }


@router.post("/hands/resolve", response={200: HandOut, 422: Violations})
def resolve_hand_endpoint(request: HttpRequest, body: HandIn) -> dict[str, Any]:
    """Who wins the hand from its tricks; tricks after the deciding one are ignored."""
    result = resolve_hand(body.tricks)
    return {"winner": result.winner, "decided_after": result.decided_after}


@router.post("/hands/score", response={200: ScoreOut, 422: Violations})
def score_hand_endpoint(request: HttpRequest, body: ScoreIn) -> dict[str, Any]:
    """The score after a hand, from what was called in it, in order."""
    options = TrucoOptions.from_dict(body.options)
    events = [Event(e.type, e.team, e.reason) for e in body.events]
    outcome = score_events(body.score, events, options, allow_unfinished=body.allow_unfinished)
    state = outcome.state
    return {
        "score": outcome.score,
        "stake": outcome.stake,
        "game_winner": outcome.game_winner,
        "winner": outcome.winner,
        "finished": outcome.finished,
        "kind": state.kind,
        "offer": state.offer,
        "next_stake": state.next_stake if not state.ended else None,
        "replay": outcome.replay,
        "breakdowns": {
            team: {"total": breakdown.total, "lines": line_dicts(breakdown.lines)}
            for team, breakdown in outcome.breakdowns.items()
        },
    }
