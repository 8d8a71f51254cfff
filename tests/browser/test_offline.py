"""Hands kept on a phone with no signal, and taps the server could not save: nothing is
lost to a server error, kept hands go in in the order they were recorded, the player is
told what happened, and a stale "not saved" never sends a call into the next hand.

The server's errors are simulated in the browser (``page.route`` answers the hand's POST
with 500, 502 or 503, as a proxy in front of a stopped database does); the server itself
is never reached while they are answered."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_the_phone
from tests.browser.steps import open_match, type_hand
from tests.conftest import make_match, totals

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = "**/matches/*/hands/"


def keep_hands(page, hands) -> None:
    """Record ``hands`` with no signal: each is kept on the phone. The next hand is typed
    once the last is kept: keeping it moves the form on to a fresh hand, which would
    clear what a test (no person) had typed in the meantime."""
    for kept, hand in enumerate(hands, start=1):
        type_hand(page, hand)
        page.click("#hand-form [data-record]")
        expect(page.locator("#pending li")).to_have_count(kept)


def recorded(match) -> list[list[int]]:
    entries = match.hands.order_by("number").values_list("entry", flat=True)
    return [entry["points"] for entry in entries]


def test_kept_hands_wait_through_server_errors_and_go_in_once_in_order(scorer):
    match = make_match()
    page = open_match(scorer, match)
    page.allow_network_errors = True  # the failed requests are the point
    page.context.set_offline(True)
    hands = [[n, 0, 0] for n in range(1, 6)]
    keep_hands(page, hands)

    # The network returns, but the database is down: every hand's POST is answered 500,
    # 502 or 503 in turn.
    answered: list[int] = []

    def database_down(route) -> None:
        status = (500, 502, 503)[len(answered) % 3]
        answered.append(status)
        route.fulfill(status=status, body="Server Error")

    page.route(HANDS, database_down)
    page.context.set_offline(False)
    first = page.locator("#pending li").first
    expect(first).to_contain_text("the server could not save it (error 50")
    deadline = time.monotonic() + 15
    while len(answered) < 3 and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert len(answered) >= 3, "the phone did not ask again"
    # Still kept, every one waiting: none refused, nothing stored.
    expect(page.locator("#pending li")).to_have_count(5)
    expect(page.locator("#pending li[data-state=waiting]")).to_have_count(5)
    assert match.hands.count() == 0
    assert_fits_the_phone(page)

    # The database is back: all five go in, once each, in the order they were recorded.
    page.unroute(HANDS, database_down)
    expect(page.locator("#pending li")).to_have_count(0, timeout=40_000)
    assert recorded(match) == hands
    assert list(match.hands.order_by("number").values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    expect(page.locator("[data-synced]")).to_have_text("5 hands sent.")


def test_a_kept_hand_the_server_forbids_asks_to_open_the_match_again_and_stays_kept(scorer):
    match = make_match()
    page = open_match(scorer, match)
    page.allow_network_errors = True
    page.context.set_offline(True)
    keep_hands(page, [[6, 0, 0]])
    # Signed out meanwhile: the server answers 403 (the CSRF check) to the kept hand.
    page.route(HANDS, lambda route: route.fulfill(status=403, body="Forbidden"))
    page.context.set_offline(False)
    kept = page.locator("#pending li")
    expect(kept).to_contain_text("Open the match again; the hand is kept")
    expect(kept).to_have_attribute("data-state", "waiting")
    assert match.hands.count() == 0

    # Opened again (signed in again), the hand goes in.
    page.unroute(HANDS)
    kept.get_by_role("button", name="Open the match again").click()
    # The page opened again lists its kept hands only once its script has read them:
    # wait for the word that the hand went, not for an empty list.
    expect(page.locator("[data-synced]")).to_have_text("1 hand sent.", timeout=20_000)
    expect(page.locator("#pending li")).to_have_count(0)
    assert recorded(match) == [[6, 0, 0]]


def test_a_hand_the_server_could_not_save_is_said_not_saved_and_its_form_kept(scorer):
    match = make_match()
    page = open_match(scorer, match)
    page.allow_network_errors = True
    page.route(HANDS, lambda route: route.fulfill(status=500, body="Server Error"))
    type_hand(page, [7, 0, 0])
    page.click("#hand-form [data-record]")
    note = page.locator("#hand-form [data-offline-note]")
    expect(note).to_contain_text("Not saved: the server could not save it (error 500)")
    expect(note).to_be_in_viewport()
    expect(page.locator("[name=side_0]")).to_have_value("7")
    assert match.hands.count() == 0
    assert_fits_the_phone(page)

    # The server is back: trying again records the hand that was kept in the form.
    page.unroute(HANDS)
    note.get_by_role("button", name="Try again").click()
    expect(page.locator(".history .hand")).to_have_count(1)
    assert recorded(match) == [[7, 0, 0]]


def test_kept_hands_keep_their_order_when_another_phone_recorded_meanwhile(scorer):
    match = make_match()
    a, b = open_match(scorer, match), open_match(scorer, match)
    a.allow_network_errors = True
    a.context.set_offline(True)
    keep_hands(a, [[1, 0, 0], [2, 0, 0], [3, 0, 0]])
    # Phone B, online, records hands 1 and 2 meanwhile.
    for n in (1, 2):
        type_hand(b, [0, n, 0])
        b.click("#hand-form [data-record]")
        expect(b.locator(".history .hand")).to_have_count(n)

    a.context.set_offline(False)
    kept = a.locator("#pending li")
    expect(kept.first).to_have_attribute("data-state", "conflict")
    # A's first hand beside B's first, and the ones after it wait: A's third did not
    # slip in as hand 3.
    expect(kept.first.locator(".mine")).to_contain_text("alice: 1")
    expect(kept.first.locator(".theirs")).to_contain_text("bob 1")
    expect(kept.nth(1)).to_contain_text("Waits for the hand before it")
    expect(kept.nth(2)).to_contain_text("Waits for the hand before it")
    assert recorded(match) == [[0, 1, 0], [0, 2, 0]]
    assert_fits_the_phone(a)

    # One tap per hand, each offering the number that is really next.
    kept.first.get_by_role("button", name="Record mine as hand 3").click()
    expect(kept).to_have_count(2)
    expect(kept.first).to_have_attribute("data-state", "conflict")
    expect(kept.first.locator(".mine")).to_contain_text("alice: 2")
    expect(kept.first.locator(".theirs")).to_contain_text("bob 2")
    kept.first.get_by_role("button", name="Record mine as hand 4").click()
    # The third follows the first two, without asking: no other phone's hand is in its way.
    expect(kept).to_have_count(0)
    assert recorded(match) == [[0, 1, 0], [0, 2, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]]
    expect(a.locator("[data-synced]")).to_contain_text("hands sent")
    expect(a.locator(".history .hand")).to_have_count(5)


def test_a_match_opened_once_reloads_with_no_signal_with_its_kept_hands(scorer):
    match = make_match()
    page = open_match(scorer, match)
    # The first visit only: the page was served before the service worker was there.
    page.wait_for_function(
        """async () => {
            await navigator.serviceWorker.ready;
            return !!(await caches.match(location.pathname));
        }"""
    )
    page.allow_network_errors = True
    page.context.set_offline(True)
    keep_hands(page, [[4, 0, 0]])
    page.reload()
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("#pending li")).to_have_count(1)
    expect(page.locator("#pending li .mine")).to_contain_text("alice: 4")
    expect(page.locator("#hand-form [name=expected_number]")).to_have_value("2")

    # The network returns on that page: the hand is sent, and the page says so.
    page.context.set_offline(False)
    expect(page.locator("#pending li")).to_have_count(0, timeout=20_000)
    expect(page.locator("[data-synced]")).to_have_text("1 hand sent.")
    assert recorded(match) == [[4, 0, 0]]


def test_a_truco_call_lost_offline_is_forgotten_when_the_network_returns(scorer):
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    page = open_match(scorer, match, "pt-BR")
    page.allow_network_errors = True
    page.context.set_offline(True)
    page.click("#act-raise-A")
    note = page.locator("#hand-form [data-offline-note]")
    expect(note).to_contain_text("Não salvo")
    expect(note.get_by_role("button", name="Tentar de novo")).to_be_visible()

    # Back online, the note about the lost call is stale: it goes, and nothing is called.
    page.context.set_offline(False)
    expect(note).to_be_hidden()
    expect(page.locator("#hand-form [data-offer]")).to_have_count(0)
    match.refresh_from_db()
    assert match.draft == {}
    # The hand goes on as it stood: a plain win, worth one tento.
    page.click("#act-win-A")
    expect(page.locator(".history .hand")).to_have_count(1)
    assert totals(match) == [1, 0]


def test_typing_a_hand_with_no_signal_keeps_it_in_the_form_until_it_is_recorded(scorer):
    """The live check of a meld cannot reach the server offline: the hand being typed
    stays in the form, and is kept only when "Record hand" is tapped."""
    match = make_match("samba", (("Ana", "Bia"), ("Caio", "Davi")), target=10_000)
    page = open_match(scorer, match)
    page.allow_network_errors = True
    page.context.set_offline(True)
    page.get_by_text("Card by card").click()
    page.fill("[name=s0-melds]", "KH KS KD")
    page.wait_for_timeout(1_000)  # the live check's delay, and its failure
    expect(page.locator("#pending li")).to_have_count(0)
    expect(page.locator("[name=s0-melds]")).to_have_value("KH KS KD")
    expect(page.locator("#hand-form [name=expected_number]")).to_have_value("1")
