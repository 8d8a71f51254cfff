"""Acceptance in the records API: each hand's ``status`` and trail (``hand_acceptance``,
added to the records API's hands), and ``POST /api/v1/records/matches/{code}/hands/
{number}/accept`` and ``…/dispute``: the same permissions as recording a hand (a token
whose user may change the match), idempotent by ``request_id``. A token's user acts as
the table's phone: it names the side that accepts, never the side that recorded."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from ninja import Field, Router, Schema
from pydantic import Strict

from scoring.acceptance import table
from scoring.acceptance.forms import question_form
from scoring.acceptance.trail import HandStatus, TrailStepOut, hand_acceptance
from scoring.acceptance.views import verdict_of
from scoring.api.schemas import ObjectIn, Violations
from scoring.ledger.models import Match
from scoring.records.api import Problem, TokenAuth, _match_or_404

router = Router(tags=["records"], auth=TokenAuth())


class TapIn(ObjectIn):
    request_id: Annotated[uuid.UUID, Strict(False)] = Field(
        description="Made by the client once per tap; sent again, it changes nothing"
    )
    side: int = Field(ge=0, le=20, description="The position of the side that accepts")
    revision: int | None = Field(
        None, ge=1, le=10_000, description="The hand's revision the player was shown"
    )


class AcceptHandIn(TapIn):
    seen: HandStatus | None = Field(
        None, description="The status the player was shown: a hand disputed since is refused"
    )


class DisputeHandIn(TapIn):
    text: str = Field("", max_length=2000, description="What is wrong, in the player's words")
    question: str = Field("", max_length=40, description="The game's referee question")
    asked: dict[str, Any] = Field(
        default_factory=dict, max_length=40, description="The question's fields"
    )


class AcceptanceOut(Schema):
    number: int
    status: HandStatus
    trail: list[TrailStepOut]


def _answer(match: Match, number: int) -> dict[str, Any]:
    hand = match.hands.filter(number=number, undone_at__isnull=True).first()
    return {"number": number} | hand_acceptance(hand)


def _api_actor(request: Any) -> table.Actor:
    return table.Actor(None, "api", request.user, change=True)


def _match(request: Any, code: str) -> Match | None:
    return _match_or_404(request, code, change=True)


RESPONSES = {200: AcceptanceOut, 401: Problem, 404: Problem, 422: Violations}


@router.post("/matches/{code}/hands/{number}/accept", response=RESPONSES, summary="Accept a hand")
def accept(request: Any, code: str, number: int, body: AcceptHandIn) -> Any:
    """A player of another side than the one that recorded the hand accepts it; 422
    naming the rule otherwise (its own side's hand, corrected since, settled already)."""
    match = _match(request, code)
    if match is None:
        return 404, {"detail": "no such match"}
    side = match.sides.filter(position=body.side).first()
    table.accept(
        match,
        number,
        _api_actor(request),
        as_side=side,
        revision=body.revision,
        request_id=body.request_id,
        seen=body.seen,
    )
    return _answer(match, number)


@router.post(
    "/matches/{code}/hands/{number}/dispute", response=RESPONSES, summary="Dispute a hand"
)
def dispute(request: Any, code: str, number: int, body: DisputeHandIn) -> Any:
    """Dispute a hand: the referee's verdict on ``question`` (if the game has it) is kept
    with the dispute, which stays open until a director rules."""
    match = _match(request, code)
    if match is None:
        return 404, {"detail": "no such match"}
    side = match.sides.filter(position=body.side).first()
    hand = match.hands.filter(number=number, undone_at__isnull=True).first()
    verdict = None
    if hand is not None and body.question:
        data = {f"question-{name}": value for name, value in body.asked.items()}
        question = question_form(match, hand, body.question, data)
        if question is not None and question.is_valid():
            verdict = verdict_of(question)
    complaint = table.Complaint(
        text=body.text,
        question=body.question if verdict else "",
        asked=body.asked if verdict else None,
        verdict=verdict,
    )
    table.dispute(
        match,
        number,
        _api_actor(request),
        complaint,
        as_side=side,
        revision=body.revision,
        request_id=body.request_id,
    )
    return _answer(match, number)
