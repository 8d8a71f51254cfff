"""Leagues between nights: each fixture has a window; either side reports the result
(the fixture's match in Tento, or the final scores typed in) and it stands only once a
member of the other side confirms; fixtures unsettled at the deadline go to the
director, who rules a walkover or extends the window."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone, translation

from referee.rulings import RuleError
from scoring.leagues.league import league_standing, make_fixtures
from scoring.leagues.models import Fixture, State
from tests.conftest import record
from tests.scoring.events.conftest import accept_hands, make_event, person, phone

PAIRS = ["Ana & Bia", "Caio & Davi", "Edu & Fabi", "Gil & Hugo", "Ivo & Juca"]


@pytest.fixture
def league(club):
    event = make_event(club, PAIRS, kind="league", format="round-robin", scale="win-draw-loss")
    make_fixtures(event, timezone.now() - dt.timedelta(days=1), days=7)
    return event


def fixture_of(league, home: str, away: str) -> Fixture:
    for fixture in league.fixtures.select_related("home", "away", "match"):
        if {fixture.home.name, fixture.away.name} == {home, away}:
            return fixture
    raise AssertionError(f"no fixture {home} v {away}")


def player_of(fixture: Fixture, side: int) -> str:
    return fixture.sides[side].players[0].lower()


def test_every_two_entrants_meet_once_each_round_in_its_window(league):
    fixtures = list(league.fixtures.all())
    pairs = [frozenset((f.home_id, f.away_id)) for f in fixtures]
    assert len(pairs) == len(set(pairs)) == 10  # five pairs: C(5, 2)
    assert {f.round for f in fixtures} == {1, 2, 3, 4, 5}
    for first, second in itertools.pairwise(sorted({f.opens_at for f in fixtures})):
        assert second - first == dt.timedelta(days=7)
    assert all(f.deadline - f.opens_at == dt.timedelta(days=7) for f in fixtures)
    assert all(f.match.club == league.club and f.match.game == "free" for f in fixtures)
    # laid out once: a second tap makes no more
    make_fixtures(league, timezone.now(), days=3)
    assert league.fixtures.count() == 10


def test_a_typed_report_stands_once_the_other_side_confirms(league):
    fixture = league.fixtures.filter(round=1).select_related("home", "away").first()
    home, away = person(player_of(fixture, 0)), person(player_of(fixture, 1))
    fixture.report(home, [310, 120])
    assert fixture.state == State.REPORTED and fixture.reported_side == 0
    assert league_standing(league, list(league.fixtures.all()))[0].points == 0  # not yet
    with pytest.raises(ValidationError):
        fixture.confirm(home)  # the reporting side cannot accept its own report
    fixture.confirm(away)
    assert fixture.state == State.CONFIRMED and fixture.confirmed_by == away
    top = league_standing(league, list(league.fixtures.all()))[0]
    assert (top.entrant, top.points) == (str(fixture.home_id), 2)


def test_the_fixtures_match_played_in_tento_is_reported_as_it_stands(league):
    fixture = league.fixtures.filter(round=1).select_related("home", "away", "match").first()
    away = person(player_of(fixture, 1))
    with translation.override("en"), pytest.raises(ValidationError, match="not finished"):
        fixture.report(away)
    record(fixture.match, {"points": [40, 90]})
    with pytest.raises(RuleError):
        fixture.match.finish()  # its hand waits for the other side
    accept_hands(fixture.match)
    fixture.match.finish()
    fixture.report(away)
    assert fixture.scores == [40, 90] and fixture.reported_side == 1
    # The other side accepted every hand at the table: settled with no second confirmation.
    assert fixture.state == State.CONFIRMED and fixture.confirmed_by is None
    top = league_standing(league, list(league.fixtures.all()))[0]
    assert (top.entrant, top.points) == (str(fixture.away_id), 2)


def test_without_acceptance_the_tento_match_is_confirmed_by_the_other_side(club):
    event = make_event(club, PAIRS[:2], kind="league", format="round-robin", acceptance=False)
    make_fixtures(event, timezone.now() - dt.timedelta(days=1), days=7)
    fixture = event.fixtures.select_related("home", "away", "match").get()
    record(fixture.match, {"points": [40, 90]})
    fixture.match.finish()
    fixture.report(person(player_of(fixture, 1)))
    assert fixture.state == State.REPORTED  # the typed-scores way: the other side confirms
    fixture.confirm(person(player_of(fixture, 0)))
    assert fixture.state == State.CONFIRMED


def test_only_the_two_sides_report_and_the_other_side_may_refuse(league):
    fixture = league.fixtures.filter(round=1).select_related("home", "away").first()
    with pytest.raises(ValidationError):
        fixture.report(person("carol"), [1, 0])
    home, away = person(player_of(fixture, 0)), person(player_of(fixture, 1))
    fixture.report(away, [0, 500])
    fixture.reject(home)
    assert fixture.state == State.OPEN and fixture.scores is None


def test_no_report_outside_the_window(league):
    later = league.fixtures.filter(round=3).select_related("home", "away").first()
    with translation.override("en"), pytest.raises(ValidationError, match="not opened"):
        later.report(person(player_of(later, 0)), [1, 0])


def test_the_director_rules_on_fixtures_past_their_deadline(league):
    fixture = league.fixtures.filter(round=1).select_related("home", "away").first()
    Fixture.objects.filter(pk=fixture.pk).update(deadline=timezone.now() - dt.timedelta(hours=1))
    fixture.refresh_from_db()
    assert fixture.overdue()
    alice = phone("alice")
    page = alice.get(f"/events/{league.code}/fixtures/").content.decode()
    assert f'data-overdue="{fixture.pk}"' in page
    # a member may not rule; the reporting is closed too
    carol = phone("carol")
    carol.post(
        f"/events/{league.code}/fixtures/{fixture.pk}/walkover/", {"winner": fixture.away_id}
    )
    fixture.refresh_from_db()
    assert fixture.state == State.OPEN
    with pytest.raises(ValidationError, match="deadline"):
        fixture.report(person(player_of(fixture, 0)), [1, 0])
    # extend, then the walkover on a second fixture
    new = (timezone.localdate() + dt.timedelta(days=5)).isoformat()
    alice.post(f"/events/{league.code}/fixtures/{fixture.pk}/extend/", {"deadline": new})
    fixture.refresh_from_db()
    assert not fixture.overdue() and fixture.deadline.date() >= timezone.localdate()
    other = league.fixtures.filter(round=1).exclude(pk=fixture.pk).first()
    Fixture.objects.filter(pk=other.pk).update(deadline=timezone.now() - dt.timedelta(hours=1))
    alice.post(f"/events/{league.code}/fixtures/{other.pk}/walkover/", {"winner": other.away_id})
    other.refresh_from_db()
    assert other.state == State.WALKOVER and other.walkover_to_id == other.away_id
    lines = {
        line.entrant: line.points for line in league_standing(league, list(league.fixtures.all()))
    }
    assert lines[str(other.away_id)] == 2 and lines[str(other.home_id)] == 0


def test_the_fixtures_page_offers_each_side_its_own_actions(league):
    fixture = league.fixtures.filter(round=1).select_related("home", "away").first()
    home_player, away_player = player_of(fixture, 0), player_of(fixture, 1)
    home = phone(home_player)
    from scoring.clubs.models import Membership

    for name in (home_player, away_player):
        Membership.objects.create(club=league.club, user=person(name))
    response = home.post(
        f"/events/{league.code}/fixtures/{fixture.pk}/report/", {"home": "3", "away": "1"}
    )
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.state == State.REPORTED
    away_page = phone(away_player).get(f"/events/{league.code}/fixtures/").content.decode()
    assert f"/fixtures/{fixture.pk}/confirm/" in away_page
    home_page = home.get(f"/events/{league.code}/fixtures/").content.decode()
    assert f"/fixtures/{fixture.pk}/confirm/" not in home_page
    phone(away_player).post(f"/events/{league.code}/fixtures/{fixture.pk}/confirm/")
    fixture.refresh_from_db()
    assert fixture.state == State.CONFIRMED


def test_a_director_lays_out_the_fixtures_from_the_page(club):
    event = make_event(club, PAIRS[:4], kind="league", format="round-robin")
    alice = phone("alice")
    assert "data-lay-out" in alice.get(f"/events/{event.code}/fixtures/").content.decode()
    assert (
        phone("carol")
        .post(f"/events/{event.code}/fixtures/lay-out/", {"opens": "2026-12-01", "days": "7"})
        .status_code
        == 404
    )
    alice.post(f"/events/{event.code}/fixtures/lay-out/", {"opens": "2026-12-01", "days": "7"})
    assert event.fixtures.count() == 6
    assert "data-fixtures" in alice.get(f"/events/{event.code}/").content.decode()
    desk = alice.get(f"/events/{event.code}/desk/").content.decode()
    assert "data-fixtures" in desk and "data-close-night" not in desk
