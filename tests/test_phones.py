"""The suite's phones are who their names say (tests/conftest.py): every test that says
``scorer(match)`` or ``watcher(match)`` leans on this."""

from __future__ import annotations

import pytest

from scoring.clubs.models import Club, Role
from scoring.ledger.models import Match
from tests.conftest import make_match
from tests.helpers import post_hand

pytestmark = pytest.mark.django_db

HAND = {"side_0": "1", "side_1": "2", "side_2": "3"}


def may_see(phone, match: Match) -> bool:
    return phone.get(match.get_absolute_url()).status_code == 200


def may_score(phone, match: Match) -> bool:
    before = match.hands.count()
    response = post_hand(phone, match, HAND)
    return response.status_code == 302 and match.hands.count() == before + 1


def test_the_plain_client_holds_nothing(client, free_match):
    assert not may_see(client, free_match)
    assert not may_score(client, free_match)


def test_a_scorer_holds_the_scorer_link_of_its_matches_only(scorer, free_match):
    other = make_match()
    phone = scorer(free_match)
    assert may_see(phone, free_match) and may_score(phone, free_match)
    assert not may_see(phone, other)


def test_a_watcher_sees_and_changes_nothing(scorer, watcher, free_match):
    phone = watcher(free_match)
    assert phone is not scorer(free_match)  # another phone than the test's own
    assert may_see(phone, free_match)
    assert not may_score(phone, free_match)


def test_a_member_sees_the_clubs_matches_and_a_scorer_of_the_club_changes_them(member):
    club = Club.objects.create(name="Quinta")
    match = make_match()
    Match.objects.filter(pk=match.pk).update(club=club)
    assert may_see(member(club), match) and not may_score(member(club), match)
    assert may_score(member(club, role=Role.SCORER), match)


def test_the_owner_changes_their_own_match(owner, free_match):
    phone = owner(free_match)
    free_match.refresh_from_db()
    assert free_match.owner is not None
    assert may_see(phone, free_match) and may_score(phone, free_match)
