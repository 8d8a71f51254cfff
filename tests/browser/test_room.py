"""The room of a club night: the board on a 1920×1080 TV follows a live round, the
round clock shows the same seconds on two tables' phones and the board, and a table
card prints with its QR code."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from scoring.board.models import RoundClock
from scoring.clubs.models import Club, Membership, Role
from scoring.events.models import Entrant, Event, Table
from tests.browser.conftest import assert_accessible, assert_fits_the_phone

pytestmark = pytest.mark.django_db(transaction=True)

TV = {"width": 1920, "height": 1080}
AT_TIME = "Finish the hand being played; no new hand."


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


def truco_night(pairs: int = 4) -> tuple[Event, object]:
    """A Truco night of ``pairs`` pairs, its first round drawn; and alice, the club's
    admin."""
    alice = get_user_model().objects.create_user("alice")
    club = Club.objects.create(name="Truco de quinta")
    Membership.objects.create(club=club, user=alice, role=Role.ADMIN)
    event = Event.objects.create(
        club=club, name="Quinta do Truco", game="truco", hands=3, scale="win-draw-loss"
    )
    for n in range(pairs):
        Entrant.objects.create(event=event, name=f"Dupla {n + 1}", players=[f"P{n}a", f"P{n}b"])
    event.draw_round(1, seed=5)
    return event, alice


def table_phone(phone, number: int, event: Event):
    """The phone of table ``number``, opened on the table's scorer link."""
    page = phone("en")
    table = Table.objects.get(round__event=event, round__number=1, number=number)
    page.goto(f"/score/{table.match.edit_token}/")
    return page


def seconds_left(*pages) -> list[int]:
    return [int(page.locator("#round-clock").get_attribute("data-left")) for page in pages]


def test_the_board_follows_the_round_and_the_clock_agrees_everywhere(phone, live_server):
    event, alice = truco_night()
    director = signed_in(phone, live_server, alice)
    director.goto(f"/events/{event.code}/desk/")
    assert_fits_the_phone(director)
    director.locator("[data-clock-start]").click()
    expect(director.locator("#round-clock")).to_have_attribute("data-state", "running")

    # The TV opens the board's own link: no one signs in on it.
    director.locator("#board-link summary").click()
    link = director.locator("[data-board-link] input.link").input_value()
    board = phone("en")
    board.set_viewport_size(TV)
    board.goto(link)
    expect(board.locator("#tv-pages [data-table]")).to_have_count(2)
    expect(board.locator('[data-kind="seating"]')).to_be_visible()
    expect(board.locator("#round-clock")).to_have_attribute("data-state", "running")
    # Readable from five metres: the clock's digits are a tenth of the screen high.
    assert board.locator(".clock-time").bounding_box()["height"] >= 100

    # A hand recorded on table 1's phone shows on the board.
    first = table_phone(phone, 1, event)
    first.click("#act-win-A")
    expect(first.locator('.half[data-team="A"] [data-total]')).to_have_text("1")
    row = board.locator('#tv-pages [data-table="1"]')
    expect(row).to_have_attribute("data-hands", "1", timeout=15_000)
    expect(board.locator('#tv-pages [data-table="2"]')).to_have_attribute("data-hands", "0")

    # The same seconds left on two tables' phones (a match page, the event page) and
    # the board; the second phone's own clock is seven minutes fast.
    second = table_phone(phone, 2, event)
    second.clock.set_system_time(timezone.now() + timedelta(minutes=7))
    second.goto(event.get_absolute_url())
    for page in (first, second, board):
        expect(page.locator("#round-clock")).to_have_attribute("data-left", re.compile(r"\d+"))
    left = seconds_left(first, second, board)
    assert max(left) - min(left) <= 1, left
    assert 44 * 60 < min(left) <= 45 * 60

    # The director pauses: every phone stops at the same seconds.
    director.locator("[data-clock-pause]").click()
    paused = RoundClock.objects.get().left.total_seconds()
    for page in (first, board):
        page.reload()
        expect(page.locator("#round-clock")).to_have_attribute("data-state", "paused")
        expect(page.locator("#round-clock")).to_have_attribute("data-left", str(int(paused)))

    # Near time: the warning zone, then what the rules say at time, on the table's phone.
    RoundClock.objects.update(
        state="running", ends_at=timezone.now() + timedelta(seconds=6), revision=9
    )
    first.reload()
    clock = first.locator("#round-clock")
    expect(clock).to_have_class(re.compile(r"\bwarning\b"))
    expect(clock.locator("[data-clock-at-time]")).to_have_text(AT_TIME, timeout=15_000)
    expect(clock).to_have_attribute("data-state", "over")

    # A network drop: the board says it is reconnecting, then follows again by itself.
    board.allow_network_errors = True
    board.context.set_offline(True)
    expect(board.locator("[data-tv-offline]")).to_be_visible(timeout=15_000)
    board.context.set_offline(False)
    first.click("#act-win-B")
    expect(row).to_have_attribute("data-hands", "2", timeout=30_000)
    expect(board.locator("[data-tv-offline]")).to_be_hidden()
    # The board replaces its pages, it never appends: one set of tables, as at first.
    expect(board.locator("#tv-pages")).to_have_count(1)
    expect(board.locator("#tv-pages [data-table]")).to_have_count(2)


def test_the_board_turns_its_pages_when_they_do_not_fit(phone, live_server):
    event, alice = truco_night(pairs=24)  # 12 tables: two pages of tables, three of lines
    board = signed_in(phone, live_server, alice)
    board.set_viewport_size({"width": 1280, "height": 720})
    board.goto(f"/events/{event.code}/board/")
    pages = board.locator("#tv-pages [data-page]")
    expect(pages).to_have_count(5)
    expect(board.locator('[data-page="1"]')).to_be_visible()
    # Every page fits the screen it is shown on.
    for number in (1, 2):
        page = board.locator(f'[data-page="{number}"]')
        expect(page).to_be_visible(timeout=20_000)
        box = page.bounding_box()
        assert box["y"] + box["height"] <= 720, (number, box)
    expect(board.locator('[data-page="1"]')).to_be_hidden()
    assert_accessible(board)


def test_a_table_card_prints_with_its_qr_code(phone, live_server, tmp_path):
    event, alice = truco_night()
    director = signed_in(phone, live_server, alice)
    director.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    director.goto(f"/events/{event.code}/cards/")
    director.emulate_media(media="print")
    expect(director.locator(".topbar")).to_be_hidden()
    expect(director.locator(".screen-only")).to_be_hidden()
    card = director.locator('[data-table-card="1"]')
    expect(card.get_by_role("heading", name="Table 1")).to_be_visible()
    expect(card).to_contain_text("Dupla")
    qr = card.locator("svg.qr")
    expect(qr).to_be_visible()
    assert qr.bounding_box()["width"] >= 300  # 90 mm: scanned from across the table
    shot = tmp_path / "card.png"
    card.screenshot(path=str(shot))
    assert shot.stat().st_size > 5_000
    # The browser's print: one page a table, A4 (and Letter when asked).
    pdf = director.pdf(prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 2
    assert re.search(rb"/MediaBox\s*\[0 0 594\.\d+ 841\.\d+\]", pdf)
    director.goto(f"/events/{event.code}/cards/?paper=letter")
    assert re.search(rb"/MediaBox\s*\[0 0 612 792\]", director.pdf(prefer_css_page_size=True))
