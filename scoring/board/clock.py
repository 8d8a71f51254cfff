"""The round clock as every phone and the board read it: the current round's clock with
the server's ``now``, so that each phone corrects for its own clock's offset."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from scoring.board.models import ClockRules, ClockState, RoundClock
from scoring.events.models import Event, Round


def current_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).select_related("clock").order_by("-number").first()


def clock_of(round: Round | None) -> RoundClock | None:
    if round is None:
        return None
    # A round whose clock was never touched has none (a reverse one-to-one raises).
    return getattr(round, "clock", None)


def clock_payload(event: Event, *, now: datetime | None = None) -> dict[str, Any]:
    """What ``GET /events/<code>/clock/`` answers: the round, the clock's state, when it
    ends (running) or what is left (ready, paused), the warning zone and what the
    event's rules say at time, all in whole seconds, with the server's ``now``."""
    now = now or timezone.now()
    rules = ClockRules.of(event)
    round = current_round(event)
    clock = clock_of(round)
    payload: dict[str, Any] = {
        "round": round.number if round is not None else None,
        "state": clock.state if clock is not None else "none",
        "ends_at": None,
        "left": None,
        "now": now.isoformat(),
        "warning": rules.warning * 60,
        "at_time": rules.get_at_time_display(),
        "revision": clock.revision if clock is not None else 0,
    }
    if clock is not None:
        if clock.state == ClockState.RUNNING:
            payload["ends_at"] = clock.ends_at.isoformat()
        payload["left"] = round_seconds(clock.time_left(now).total_seconds())
    return payload


def round_seconds(seconds: float) -> int:
    return int(seconds) if seconds >= 0 else -int(-seconds)
