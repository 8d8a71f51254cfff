"""A league's fixtures on two phones at 360 px: one side types its fixture's final
scores, the other side confirms them, and the standing counts the fixture only then;
the director sees the fixtures past their deadline."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db.models import Q
from django.utils import timezone
from playwright.sync_api import expect

from scoring.clubs.models import Club, Membership, Role
from scoring.leagues.league import make_fixtures
from scoring.leagues.models import Fixture
from tests.browser.conftest import assert_fits_the_phone
from tests.browser.test_event_night import signed_in
from tests.scoring.events.conftest import make_event, person

pytestmark = pytest.mark.django_db(transaction=True)


def test_one_side_reports_the_other_confirms(phone, live_server):
    club = Club.objects.create(name="Liga da Quarta")
    Membership.objects.create(club=club, user=person("alice"), role=Role.ADMIN)
    pairs = ["Ana & Bia", "Caio & Davi", "Edu & Fabi", "Gil & Hugo"]
    league = make_event(club, pairs, kind="league", format="round-robin", scale="win-draw-loss")
    # Round 1's window closed yesterday; round 2's is open.
    make_fixtures(league, timezone.now() - dt.timedelta(days=8), days=7)
    fixture = Fixture.objects.select_related("home", "away").get(
        Q(home__name="Ana & Bia") | Q(away__name="Ana & Bia"), event=league, round=2
    )
    other = fixture.away if fixture.home.name == "Ana & Bia" else fixture.home
    for name in ("ana", other.players[0].lower()):
        Membership.objects.create(club=club, user=person(name))
    url = f"/events/{league.code}/fixtures/"

    ana = signed_in(phone, live_server, person("ana"))
    ana.goto(url)
    card = ana.locator(f'[data-fixture="{fixture.pk}"]')
    card.get_by_label(fixture.home.name).fill("3")
    card.get_by_label(fixture.away.name).fill("1")
    card.get_by_role("button", name="Report the final scores").click()
    card = ana.locator(f'[data-fixture="{fixture.pk}"]')
    expect(card).to_have_attribute("data-state", "reported")
    expect(card).to_contain_text("Waiting for the other side to confirm.")
    expect(ana.locator("#standing tbody tr").first).to_have_attribute("data-points", "0")
    assert_fits_the_phone(ana)

    them = signed_in(phone, live_server, person(other.players[0].lower()))
    them.goto(url)
    card = them.locator(f'[data-fixture="{fixture.pk}"]')
    card.get_by_role("button", name="Confirm the result").click()
    card = them.locator(f'[data-fixture="{fixture.pk}"]')
    expect(card).to_have_attribute("data-state", "confirmed")
    top = them.locator("#standing tbody tr").first
    expect(top).to_have_attribute("data-entrant", fixture.home.name)
    expect(top).to_have_attribute("data-points", "2")

    director = signed_in(phone, live_server, person("alice"))
    director.goto(url)
    expect(director.locator("#overdue [data-overdue]")).to_have_count(2)
    assert_fits_the_phone(director)
