"""A small club's history: alice, bob, carol and dave play free scoring and Truco."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from scoring.ledger.models import Match
from tests.conftest import make_match, record


def play(sides, hands, *, day: dt.date | None = None, game: str = "free") -> Match:
    """A free-scoring match with ``hands`` (a list of per-side points), ended by hand;
    ``day``: when it finished."""
    match = make_match(game, sides)
    for points in hands:
        record(match, {"points": list(points)})
    match.finish()
    if day is not None:
        when = timezone.make_aware(dt.datetime.combine(day, dt.time(20)))
        Match.objects.filter(pk=match.pk).update(finished_at=when)
        match.refresh_from_db()
    return match


@pytest.fixture
def club_night(db) -> list[Match]:
    """Three finished matches and one in progress.

    1. alice 30, bob 10 (alice wins by 20)       — 2026-03-01
    2. alice 5, bob 25 (bob wins by 20), 3 hands — 2026-03-08
    3. alice & carol 40 v bob & dave 45 (bob & dave win by 5) — 2027-01-10
    and alice v carol in progress, 7 – 3.
    """
    first = play((("alice",), ("bob",)), [(10, 5), (20, 5)], day=dt.date(2026, 3, 1))
    second = play((("alice",), ("bob",)), [(5, 5), (0, 10), (0, 10)], day=dt.date(2026, 3, 8))
    third = play((("alice", "carol"), ("bob", "dave")), [(40, 45)], day=dt.date(2027, 1, 10))
    open_match = make_match("free", (("alice",), ("carol",)))
    record(open_match, {"points": [7, 3]})
    return [first, second, third, open_match]
