"""Pinkerton on a phone, in Polish: a three-player round through phases I, II and III to a
winner — a refused throw, a pass taken back by an exact throw, a value asked for, a king
refused near 0, an elimination, an action undone — then recorded.

Another engineer is writing the Polish catalogue as this is written, so the test finds
what it taps and reads by ids, data attributes and roles, never by Polish words; the page
itself must be served in Polish.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.ledger.models import Match
from tests.browser.conftest import assert_fits_the_phone, assert_main_action_in_view
from tests.conftest import make_match, totals
from tests.scoring.games.pinkerton.conftest import PLAYERS, ROUND_EVENTS

pytestmark = pytest.mark.django_db(transaction=True)


def open_match(page, match: Match) -> None:
    page.goto(match.get_absolute_url())
    expect(page.locator("#pinkerton-round")).to_be_visible()


def round_(page):
    return page.locator("#pinkerton-round")


def seat(page, name: str):
    return page.locator(f'.pk-seat[data-player="{name}"]')


def tap(page, cards: str) -> None:
    """Tap each card on the picker, its rank then its suit: ``"10♦ W♦"`` (Polish ranks:
    W walet, D dama, K król)."""
    picker = page.locator("#pinkerton-round [data-picker]")
    for card in cards.split():
        picker.locator(f'[data-rank="{card[:-1]}"]').click()
        picker.locator(f'[data-suit="{card[-1]}"]').click()
        # the move button stays on the screen while the cards are tapped in
        assert_main_action_in_view(page)
    expect(page.locator("#id_cards")).to_have_value(cards)


def move(page, button: str, cards: str = "") -> None:
    """Tap the cards (if any), then the move's button, and wait for the round to move."""
    events = round_(page).get_attribute("data-events")
    if cards:
        tap(page, cards)
    page.click(f"#{button}")
    expect(round_(page)).not_to_have_attribute("data-events", events or "")
    assert_main_action_in_view(page)  # the next move's buttons, or the record button


def to_play(page, name: str) -> None:
    expect(round_(page)).to_have_attribute("data-to-play", name)


def refused_by(page, rule: str):
    return page.locator(f'#hand-form .violations a[href$="#{rule}"]')


def test_a_round_of_pinkerton_in_polish_through_three_phases(scorer):
    match = make_match("pinkerton", PLAYERS, target=100)
    page = scorer(match, language="pl")
    open_match(page, match)
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator('.lang button[value="pl"]')).to_have_attribute("aria-current", "true")
    expect(round_(page)).to_have_attribute("data-step", "turn")
    expect(page.locator("#pk-dealer-0")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#pk-record")).to_have_count(0)
    assert_fits_the_phone(page)

    # Phase I: Ana deals and turns 3♥; Bea plays first.
    move(page, "pk-turn", "3♥")
    expect(round_(page)).to_have_attribute("data-phase", "1")
    to_play(page, "Bea")
    expect(seat(page, "Bea")).to_have_attribute("aria-current", "true")
    expect(page.locator("[data-top]")).to_have_attribute("data-top", "3H")

    # Bea's 2♥ A♣ add up to 1: the sum is shown as she taps, and the throw is refused
    # without the value being given away.
    tap(page, "2♥ A♣")
    expect(page.locator("#pk-tapped")).to_have_attribute("data-sum", "1")
    page.click("#pk-throw")
    expect(refused_by(page, "pinkerton.meet.not-met")).to_be_visible()
    to_play(page, "Bea")
    expect(page.locator("[data-value]")).to_have_count(0)
    expect(page.locator("[data-value-hidden]")).to_be_visible()

    # So she passes: a card face down.
    page.locator("#pinkerton-round [data-picker] [data-key=clear]").click()
    move(page, "pk-pass")
    expect(seat(page, "Bea")).to_have_attribute("data-passes", "1")
    expect(seat(page, "Bea").locator(".mark.on")).to_have_count(1)
    to_play(page, "Cid")
    move(page, "pk-throw", "10♦ W♦")
    to_play(page, "Ana")
    move(page, "pk-throw", "A♦ 2♥")

    # Phase II: the second card makes the stack (−2); Bea's exact throw takes her pass back.
    expect(round_(page)).to_have_attribute("data-phase", "2")
    expect(round_(page)).to_have_attribute("data-step", "turn")
    move(page, "pk-turn", "5♠")
    to_play(page, "Bea")
    move(page, "pk-throw", "3♠ A♥")
    expect(seat(page, "Bea")).to_have_attribute("data-passes", "0")
    expect(seat(page, "Bea").locator(".mark.on")).to_have_count(0)
    move(page, "pk-pass")
    move(page, "pk-pass")
    expect(seat(page, "Cid")).to_have_attribute("data-passes", "1")
    expect(seat(page, "Ana")).to_have_attribute("data-passes", "1")

    # Phase III: Ana, the dealer, opens (everybody has 0 points) with 4♦.
    expect(round_(page)).to_have_attribute("data-phase", "3")
    expect(round_(page)).to_have_attribute("data-step", "open")
    to_play(page, "Ana")
    expect(page.locator("#pk-throw")).to_have_count(0)
    move(page, "pk-add", "4♦")
    to_play(page, "Bea")

    # Cid asks the dealer for the value: shown, with who asked. The dealer may not ask.
    expect(page.locator("#pk-ask-0")).to_have_count(0)
    move(page, "pk-ask-2")
    expect(page.locator("[data-value]")).to_have_attribute("data-value", "2")
    expect(page.locator("[data-asked-by]")).to_have_attribute("data-asked-by", "Cid")
    assert_fits_the_phone(page)

    # Bea throws, then may not add a king at 2 (rule 1); 8♦ goes on.
    move(page, "pk-throw", "10♥ 9♥")
    expect(round_(page)).to_have_attribute("data-step", "add")
    tap(page, "K♥")
    page.click("#pk-add")
    expect(refused_by(page, "pinkerton.rule1.face-card")).to_be_visible()
    expect(round_(page)).to_have_attribute("data-step", "add")
    page.locator("#pinkerton-round [data-picker] [data-key=clear]").click()
    move(page, "pk-add", "8♦")
    expect(page.locator("[data-value]")).to_have_count(0)  # the stack changed: hidden again

    # Cid passes a second time: out, greyed. Ana too, and Bea is left.
    to_play(page, "Cid")
    move(page, "pk-pass")
    expect(seat(page, "Cid")).to_have_attribute("data-out", "")
    expect(seat(page, "Cid")).to_have_class(re.compile(r"\bout\b"))
    to_play(page, "Ana")
    move(page, "pk-pass")
    over = page.locator(".pk-over")
    expect(over).to_have_attribute("data-winner", "Bea")
    expect(over).to_have_attribute("data-points", "4")
    expect(page.locator('[data-total-of="Bea"] b')).to_have_text("4")
    assert_fits_the_phone(page)

    # Ana's last pass is taken back, and passed again.
    move(page, "pk-back")
    expect(page.locator(".pk-over")).to_have_count(0)
    to_play(page, "Ana")
    expect(seat(page, "Ana")).not_to_have_attribute("data-out", "")
    move(page, "pk-pass")
    expect(page.locator(".pk-over")).to_have_attribute("data-winner", "Bea")

    page.click("#pk-record")
    expect(page.locator('.scoreboard [data-side="1"] [data-total]')).to_have_text("4")
    expect(page.locator(".history .hand")).to_have_count(1)
    expect(round_(page)).to_have_attribute("data-step", "turn")
    expect(seat(page, "Bea").locator("[data-dealer]")).to_be_visible()  # the deal moves left
    assert_fits_the_phone(page)

    match.refresh_from_db()
    assert totals(match) == [0, 4, 0]
    asked = [*ROUND_EVENTS[:9], "2 ask", *ROUND_EVENTS[9:]]
    assert match.hands.get().entry == {"events": asked, "dealer": 0}


def test_a_second_phone_follows_the_round_as_it_is_played(scorer):
    match = make_match("pinkerton", PLAYERS, target=100)
    # two phones at the table, each holding the scorer link
    playing, following = scorer(match, language="pl"), scorer(match, language="pl")
    open_match(playing, match)
    open_match(following, match)
    move(playing, "pk-turn", "3♥")
    to_play(playing, "Bea")
    # The other phone's form is fetched again when the shared round moves.
    expect(round_(following)).to_have_attribute("data-to-play", "Bea", timeout=6_000)
    move(following, "pk-pass")
    expect(round_(playing)).to_have_attribute("data-to-play", "Cid", timeout=6_000)
    expect(seat(playing, "Bea")).to_have_attribute("data-passes", "1")
