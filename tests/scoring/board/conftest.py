"""The events' people (alice the club's admin, bob a member she names director, carol a
plain member, dave outside the club) and an event of six pairs with its first round
drawn."""

from __future__ import annotations

import pytest

from scoring.clubs.models import Club, Membership, Role
from scoring.events.models import Event
from tests.scoring.events.conftest import make_event, person


@pytest.fixture
def club(db) -> Club:
    club = Club.objects.create(name="Quarta da Canastra")
    Membership.objects.create(club=club, user=person("alice"), role=Role.ADMIN)
    Membership.objects.create(club=club, user=person("bob"), role=Role.MEMBER)
    Membership.objects.create(club=club, user=person("carol"), role=Role.MEMBER)
    person("dave")
    return club


@pytest.fixture
def event(club) -> Event:
    event = make_event(club, scale="win-draw-loss")
    event.directors.add(person("bob"))
    event.draw_round(1, seed=7)
    return event
