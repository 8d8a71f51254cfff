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
from scoring.api.schemas import BreakdownOut, CardsIn, ObjectIn, Violations, breakdown_out

router = Router(tags=["truco"])


class PlayIn(ObjectIn):
    team: str = Field(description="A or B", max_length=2)
    card: str = Field(description="A card of the 40-card deck, e.g. 3H, 7♦, QS", max_length=8)
    face_down: bool = Field(False, description="Covered (coberta); never in the first trick")


class TrickIn(CardsIn):
    plays: list[PlayIn] = Field(
        description="The 2, 4 or 6 cards of the trick, in play order (the teams alternate)",
        max_length=12,
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        max_length=12,
        description='{"variant": "seed"|"paulista"|"mineiro", "vira": card (Paulista)}',
    )
    trick_number: int = Field(1, ge=1, le=3, description="1, 2 or 3; cards may be covered from 2")


class TrickOut(Schema):
    winner: str | None = Field(description="A, B, or null for a tied trick (empate)")
    next_leader: int = Field(description="Index in plays of the player who leads next")
    winning_play: int | None = Field(description="Index in plays of the winning card")
    rule: str | None = Field(None, description="The rule that decided the trick")


class TrucoHandIn(ObjectIn):
    tricks: list[str] = Field(
        description='Each trick\'s result in order: "A", "B" or "T"', max_length=3
    )
    options: dict[str, Any] = Field(default_factory=dict, max_length=12)
    truco_accepted_in: int | None = Field(
        None, ge=1, le=3, description="The trick played after a call was accepted, if any"
    )


class TrucoHandOut(Schema):
    winner: str | None
    decided_after: int | None = Field(description="How many tricks settled the hand")
    rule: str | None = Field(None, description="The rule that settled it")


class EventIn(ObjectIn):
    type: str = Field(description="raise, accept, run, penalty or win", max_length=20)
    team: str | None = Field(None, description="A or B; null for a win: nobody won", max_length=2)
    reason: str | None = Field(
        None, description="A penalty's rule id (optional; checked when given)", max_length=60
    )


class ScoreIn(ObjectIn):
    score: dict[str, int] = Field(
        max_length=2, description='The game score before the hand: {"A": n, "B": n}'
    )
    events: list[EventIn] = Field(max_length=60)
    options: dict[str, Any] = Field(default_factory=dict, max_length=12)
    allow_unfinished: bool = Field(False, description="Score a hand that has not ended yet")


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


def _plays(body: TrickIn) -> list[Play]:
    plays, found = [], []
    for play in body.plays:
        try:
            plays.append(Play(play.team, body.read([play.card])[0], play.face_down))
        except CardError as error:
            found.extend(error.violations)
    if found:
        raise RuleError(found)
    return plays


def _trick_options(body: TrickIn) -> TrucoOptions:
    """The house rules, the vira read in the body's notation as the plays are (in "pt",
    7C is the 7 of copas): never guessed in another one."""
    data = dict(body.options)
    if isinstance(data.get("vira"), str):
        data["vira"] = body.read([data["vira"]])[0]
    return TrucoOptions.from_dict(data)


@router.post("/tricks/resolve", response={200: TrickOut, 422: Violations})
def resolve_trick_endpoint(request: HttpRequest, body: TrickIn) -> dict[str, Any]:
    """Who takes the trick of 2, 4 or 6 cards, and which play's player leads the next."""
    options = _trick_options(body)
    result = resolve_trick(_plays(body), options, trick_number=body.trick_number)
    return {
        "winner": result.winner,
        "next_leader": result.next_leader,
        "winning_play": result.winning_play,
        "rule": result.rule,
    }


@router.post("/hands/resolve", response={200: TrucoHandOut, 422: Violations})
def resolve_hand_endpoint(request: HttpRequest, body: TrucoHandIn) -> dict[str, Any]:
    """Who wins the hand from its tricks; tricks after the deciding one are ignored."""
    options = TrucoOptions.from_dict(body.options)
    result = resolve_hand(body.tricks, truco_accepted_in=body.truco_accepted_in, options=options)
    return {"winner": result.winner, "decided_after": result.decided_after, "rule": result.rule}


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
            team: breakdown_out(breakdown) for team, breakdown in outcome.breakdowns.items()
        },
    }
