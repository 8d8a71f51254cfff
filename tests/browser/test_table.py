"""Never lose or double a hand, on real phones: two phones on one hand, and a phone with
no signal that records hands, reloads, and sends them when the network returns."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_the_phone
from tests.browser.steps import open_match, type_hand
from tests.conftest import make_match, record

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_phone_typing_the_hand_another_phone_recorded_is_told_and_records_nothing_twice(
    scorer,
):
    match = make_match()
    a, b = open_match(scorer, match), open_match(scorer, match)
    # Both were entering hand 1; B has typed it when A records it.
    type_hand(b, [5, 5, 5])
    type_hand(a, [5, 5, 5])
    a.click("#hand-form [data-record]")
    expect(a.locator(".history .hand")).to_have_count(1)
    # B's poll brings the news: its form keeps B's numbers and says what happened.
    note = b.locator("#hand-form [data-offline-note]")
    expect(note).to_contain_text("Hand 1 was just recorded from another phone", timeout=8_000)
    expect(b.locator("[name=side_0]")).to_have_value("5")
    expect(b.locator("#hand-form [name=expected_number]")).to_have_value("1")
    assert_fits_the_phone(b)
    # Tapping "Record hand" anyway is refused, beside the button, with what was recorded.
    b.click("#hand-form [data-record]")
    refusal = b.locator("#hand-form .conflict")
    expect(refusal).to_be_visible()
    expect(refusal.locator(".hand")).to_have_count(1)
    assert match.hands.count() == 1
    # It was the same hand: B discards its copy and gets a fresh form for hand 2.
    refusal.get_by_role("link", name="Discard mine").click()
    expect(b.locator("#hand-form [name=expected_number]")).to_have_value("2")
    expect(b.locator("[name=side_0]")).to_have_value("")
    assert match.hands.count() == 1


def test_a_different_hand_is_recorded_as_the_next_one_when_asked(scorer):
    match = make_match()
    b = open_match(scorer, match)
    type_hand(b, [1, 2, 3])
    record(match, {"points": [10, 0, 0]})  # another phone, meanwhile
    note = b.locator("#hand-form [data-offline-note]")
    expect(note).to_be_visible(timeout=8_000)
    note.get_by_role("button", name="Record mine as hand 2").click()
    expect(b.locator(".history .hand")).to_have_count(2)
    assert sorted(match.hands.values_list("number", flat=True)) == [1, 2]
    assert list(match.sides.order_by("position").values_list("total", flat=True)) == [11, 2, 3]


def test_a_pristine_form_simply_moves_on_to_the_next_hand(scorer):
    match = make_match()
    b = open_match(scorer, match)
    record(match, {"points": [10, 0, 0]})
    expect(b.locator("#hand-form [name=expected_number]")).to_have_value("2", timeout=8_000)
    expect(b.locator("#hand-form [data-offline-note]")).to_be_hidden()


def test_with_no_signal_hands_are_kept_on_the_phone_and_sent_once_when_it_returns(scorer):
    match = make_match()
    page = open_match(scorer, match)
    # The service worker takes the page over; from then on it keeps the pages it serves.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context = page.context

    page.allow_network_errors = True  # the failed requests are the point
    context.set_offline(True)
    type_hand(page, [1, 0, 0])
    page.click("#hand-form [data-record]")
    pending = page.locator("#pending li")
    expect(pending).to_have_count(1)
    expect(page.locator("#hand-form [name=expected_number]")).to_have_value("2")
    type_hand(page, [0, 2, 0])
    page.click("#hand-form [data-record]")
    expect(pending).to_have_count(2)
    expect(page.locator("#pending")).to_contain_text("Not sent yet")
    assert match.hands.count() == 0

    # A reload with no signal: the page comes from the phone, the kept hands with it.
    page.reload()
    expect(page.locator("#pending li")).to_have_count(2)
    expect(page.locator("#hand-form [name=expected_number]")).to_have_value("3")
    assert_fits_the_phone(page)

    context.set_offline(False)
    expect(page.locator("#pending li")).to_have_count(0, timeout=20_000)
    assert sorted(match.hands.values_list("number", flat=True)) == [1, 2]
    page.reload()
    expect(page.locator(".history .hand")).to_have_count(2)
    expect(page.locator(".scoreboard [data-total]")).to_have_text(["1", "2", "0"])
    # Sending the same hands again (a retry after a lost answer) changes nothing.
    assert match.hands.count() == 2


def test_a_refused_hand_says_why_beside_the_button_that_was_tapped(scorer):
    match = make_match("samba", (("Ana", "Bia"), ("Caio", "Davi")), target=10_000)
    page = open_match(scorer, match)
    page.get_by_text("Card by card").click()
    page.fill("[name=s0-melds]", "KH KS KD")
    page.locator(".went-out").get_by_text("Ana & Bia").click()
    button = page.locator("#hand-form [data-record]")
    button.click()
    refusal = page.locator("#hand-form .actionbar .violations")
    expect(refusal).to_be_visible()
    expect(refusal).to_be_focused()
    expect(refusal).to_contain_text("7-card combinations")
    box, tapped = refusal.bounding_box(), button.bounding_box()
    assert abs(box["y"] + box["height"] - tapped["y"]) < 120, (box, tapped)
    assert re.search("samba.going-out", refusal.locator("a").first.get_attribute("href"))
