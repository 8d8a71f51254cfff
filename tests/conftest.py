"""Fixtures and plain ``make_*`` helpers shared by the whole suite.

The people: alice, bob and carol play; dave arrives late and only watches.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

import pytest
from django.core.cache import cache

from scoring.ledger.models import Match, Player, Seat, Side


def make_match(
    game: str = "free",
    sides: Sequence[Sequence[str]] = (("alice",), ("bob",), ("carol",)),
    *,
    target: int | None = None,
    options: dict[str, Any] | None = None,
    names: Sequence[str] | None = None,
) -> Match:
    match = Match.objects.create(game=game, target=target, options=options or {})
    for position, players in enumerate(sides):
        name = names[position] if names else " & ".join(players)
        side = Side.objects.create(match=match, position=position, name=name)
        for order, player in enumerate(players):
            Seat.objects.create(side=side, player=Player.named(player), order=order)
    return match


def record(match: Match, entry: dict[str, Any], **kwargs: Any):
    kwargs.setdefault("request_id", uuid.uuid4())
    return match.record_hand(entry, **kwargs)


def totals(match: Match) -> list[int]:
    return list(match.sides.order_by("position").values_list("total", flat=True))


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Rolled-back tests reuse primary keys; a cached fragment must not outlive its test."""
    cache.clear()


@pytest.fixture
def free_match(db) -> Match:
    return make_match()
