"""A club's Truco night from the director's phone: six pairs, a swiss of three rounds of
three hands a table, each table recording its hands on its own phone through the
table's scorer link, the other side accepting each hand (acceptance is on at an
event's tables), and one standing across the tables at the end."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from scoring.clubs.models import Club, Membership, Role
from scoring.events.models import Event, Table
from tests.browser.conftest import assert_accessible, assert_fits_the_phone

pytestmark = pytest.mark.django_db(transaction=True)

PAIRS = ["Ana, Bia", "Caio, Davi", "Edu, Fabi", "Gil, Hugo", "Ivo, Juca", "Kai, Leo"]
# Each table: team A wins the first and the third hand, team B the second.
HANDS = "ABA"


def signed_in(phone, live_server, user):
    """A phone (in English) on which ``user`` is signed in."""
    client = Client()
    client.force_login(user)
    page = phone("en")
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )
    return page


def test_a_six_pair_swiss_truco_night_of_three_rounds(phone, live_server):
    alice = get_user_model().objects.create_user("alice")
    club = Club.objects.create(name="Truco de quinta")
    Membership.objects.create(club=club, user=alice, role=Role.ADMIN)
    director = signed_in(phone, live_server, alice)

    # The event: Truco, swiss, three rounds of three hands, win 2 / draw 1 / loss 0.
    director.goto(club.get_absolute_url())
    director.click("[data-new-event]")
    director.click('[data-game="truco"]')
    director.fill("[name=name]", "Quinta do Truco")
    director.select_option("[name=format]", "swiss")
    director.fill("[name=rounds]", "3")
    director.fill("[name=hands]", "3")
    director.select_option("[name=scale]", "win-draw-loss")
    assert_fits_the_phone(director)
    director.get_by_role("button", name="Create the event").click()
    expect(director).to_have_url(re.compile(r"/events/[\w-]+/desk/$"))
    for players in PAIRS:
        director.fill("[name=players]", players)
        director.get_by_role("button", name="Enter", exact=True).click()
        expect(director.locator(".messages")).to_contain_text("entered")
    expect(director.locator("#entrants > li")).to_have_count(6)
    event = Event.objects.get()

    tables = [phone("en") for _ in range(3)]
    wins: Counter[str] = Counter()
    met: set[frozenset[str]] = set()
    for number in (1, 2, 3):
        director.get_by_role("button", name=f"Draw round {number}").click()
        drawn = director.locator(f'[data-round="{number}"] [data-table]')
        expect(drawn).to_have_count(3)
        if number == 1:
            assert_fits_the_phone(director)
        for index, table_phone in enumerate(tables, start=1):
            card = director.locator(f'[data-round="{number}"] [data-table="{index}"]')
            card.locator("details.share summary").click()
            link = card.locator("[data-scorer-link] input.link").input_value()
            table_phone.goto(link)
            for count, team in enumerate(HANDS, start=1):
                table_phone.click(f"#act-win-{team}")
                done = [h for h in HANDS[:count]]
                expect(table_phone.locator('.half[data-team="A"] [data-total]')).to_have_text(
                    str(done.count("A"))
                )
            # Acceptance is on at an event's tables: the other side accepts each hand on
            # the table's phone, and only then can the round close.
            for left in range(len(HANDS), 0, -1):
                expect(table_phone.locator("[data-pending-hand]")).to_have_count(left)
                table_phone.locator('[data-accept="1"]').first.click()
            expect(table_phone.locator("[data-pending-hand]")).to_have_count(0)
            table = Table.objects.get(round__event=event, round__number=number, number=index)
            seated = [e.name for e in table.entrants.order_by("seats__position")]
            assert [s.total for s in table.match.sides.order_by("position")] == [2, 1]
            wins[seated[0]] += 1
            met.add(frozenset(seated))
        director.reload()
        states = director.locator(f'[data-round="{number}"] [data-table]')
        expect(states.and_(director.locator('[data-state="finished"]'))).to_have_count(3)

    # The last round's matches end as they stand, for the records.
    director.get_by_role("button", name="End the round's matches").click()
    expect(director.locator("#settle")).to_have_count(0)
    assert not event.round_set.get(number=3).tables.filter(match__status="in_progress").exists()

    # No rematch in three swiss rounds of six pairs, and the standing counts every table.
    assert len(met) == 9
    director.goto(event.get_absolute_url())
    rows = director.locator("#standing tbody tr")
    expect(rows).to_have_count(6)
    shown = [
        (row.get_attribute("data-entrant"), float(row.get_attribute("data-points")))
        for row in rows.all()
    ]
    assert {name: points for name, points in shown} == {
        name.replace(", ", " & "): 2.0 * wins[name.replace(", ", " & ")] for name in PAIRS
    }
    assert [points for _name, points in shown] == sorted(
        (points for _name, points in shown), reverse=True
    )
    expect(director.locator("#standing .reason").first).to_have_text("Most event points.")
    expect(director.locator('[data-state="finished"]')).to_have_count(9)
    assert_fits_the_phone(director)
    assert_accessible(director)

    # An entrant's own view: its table of the last round, against whom, the table's link.
    leader = shown[0][0]
    director.locator("#standing a", has_text=leader).click()
    expect(director.locator("#my-table h2")).to_contain_text("Round 3")
    expect(director.locator("[data-table-link]")).to_have_attribute("href", re.compile("/score/"))
    assert_fits_the_phone(director)
