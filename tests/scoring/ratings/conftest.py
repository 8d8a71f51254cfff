"""A small club's matches, as the ledger leaves them once finished."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import pytest
from django.utils import timezone

from scoring.clubs.models import Club
from scoring.ledger.models import Hand, HandScore, Match, Player, Seat, Side


def at(day: int, hour: int = 20) -> dt.datetime:
    """A time on day ``day`` of March 2026."""
    return timezone.make_aware(dt.datetime(2026, 3, 1, hour) + dt.timedelta(days=day - 1))


def finished(
    club: Club,
    sides: Sequence[Sequence[str]],
    totals: Sequence[int],
    *,
    when: dt.datetime,
    game: str = "free",
) -> Match:
    """A finished club match as the ledger stores one (one hand of free scoring): sides
    with their players, each side's total, the winners those with the highest total."""
    match = Match.objects.create(game=game, club=club, private=False)
    best = max(totals)
    hand = Hand.objects.create(match=match, number=1, entry={"points": list(totals)})
    for position, (players, total) in enumerate(zip(sides, totals, strict=True)):
        side = Side.objects.create(
            match=match,
            position=position,
            name=" & ".join(players),
            total=total,
            won=total == best,
        )
        HandScore.objects.create(hand=hand, side=side, total=total)
        for order, name in enumerate(players):
            Seat.objects.create(side=side, player=Player.named(name), order=order)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, finished_at=when)
    match.refresh_from_db()
    return match


@pytest.fixture
def club(db) -> Club:
    return Club.objects.create(name="Clube do Truco")
