"""The people of the events' tests: alice is the club's admin, bob a member she names
director, carol a plain member, dave outside the club."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring.clubs.models import Club, Membership, Role
from scoring.events.models import Entrant, Event
from scoring.events.standing import board_of
from tests.conftest import record

PAIRS = ["Ana & Bia", "Caio & Davi", "Edu & Fabi", "Gil & Hugo", "Ivo & Juca", "Kai & Leo"]


def person(name: str) -> Any:
    return get_user_model().objects.get_or_create(username=name)[0]


def phone(name: str | None = None) -> Client:
    """A phone reading English (the app's default is pt-BR), signed in as ``name``."""
    client = Client(headers={"Accept-Language": "en"})
    if name is not None:
        client.force_login(person(name))
    return client


@pytest.fixture
def club(db) -> Club:
    club = Club.objects.create(name="Quarta da Canastra")
    Membership.objects.create(club=club, user=person("alice"), role=Role.ADMIN)
    Membership.objects.create(club=club, user=person("bob"), role=Role.MEMBER)
    Membership.objects.create(club=club, user=person("carol"), role=Role.MEMBER)
    person("dave")
    return club


def make_event(club: Club, entrants: list[str] = PAIRS, **settings: Any) -> Event:
    settings = {"name": "Quarta", "game": "free", "format": "swiss", "rounds": 3} | settings
    event = Event.objects.create(club=club, **settings)
    for name in entrants:
        Entrant.objects.create(event=event, name=name, players=name.split(" & "))
    return event


@pytest.fixture
def event(club) -> Event:
    return make_event(club, scale="win-draw-loss")


def play_round(event: Event, scores: dict[str, int] | None = None) -> None:
    """Every table of the current round records one hand and ends: each entrant scores
    ``scores[name]`` (by default, the entrant entered first of the two wins 100 to 0)."""
    order = {e.pk: i for i, e in enumerate(event.entrants.all())}
    for table in board_of(event).current_tables():
        points = [
            (scores or {}).get(
                e.name, 100 if order[e.pk] == min(order[x.pk] for x in table.entrants) else 0
            )
            for e in table.entrants
        ]
        record(table.match, {"points": points})
        accept_hands(table.match)
        table.match.finish()


def accept_hands(match: Any) -> None:
    """The other side accepts every hand waiting at the table (acceptance is on for an
    event's tables unless the event turns it off)."""
    from scoring.acceptance import table
    from scoring.acceptance.models import HandCheck

    actor = table.Actor(None, "scorer-link", change=True)
    sides = list(match.sides.order_by("position"))
    for check in HandCheck.objects.filter(hand__match=match, status="pending"):
        side = next(s for s in sides if s.pk != check.by_side_id)
        table.accept(match, check.hand.number, actor, as_side=side)
