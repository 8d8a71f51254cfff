"""Paciência do Cachorro on a phone: a shuffle replayed forward and back to settle where a
card went, and a player's log taking a won game and a lost one in a couple of taps."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from referee.cards import format_card
from referee.paciencia import play_shuffle
from scoring.ledger.models import Match
from tests.browser.conftest import assert_fits_the_phone, assert_main_action_in_view
from tests.conftest import make_match

pytestmark = pytest.mark.django_db(transaction=True)

SHUFFLE = 177  # comes out in the second deal


def test_a_shuffle_replayed_forward_and_back(phone):
    game = play_shuffle(SHUFFLE)
    page = phone("en")
    page.goto(f"/paciencia/{SHUFFLE}/")
    step = page.locator("#replay-step")
    expect(step.locator("[data-counter]")).to_have_text(f"Move 0 of {len(game.moves)}")
    expect(page.locator("[data-outcome]")).to_contain_text("came out in deal 2")
    assert_fits_the_phone(page)

    # Forward: the first king leaves the stock for its pile, and the move says why.
    king = game.moves[0]
    page.click("#step-forward")
    expect(step.locator("[data-counter]")).to_have_text(f"Move 1 of {len(game.moves)}")
    expect(page).to_have_url(re.compile(r"\?move=1$"))
    expect(step.locator("[data-why]")).to_have_attribute("data-why", "paciencia.layout.king")
    expect(step.locator(".why")).to_contain_text(f"{format_card(king.card)} starts pile")
    expect(step.locator(".why a")).to_have_attribute("href", re.compile("#paciencia.layout.king$"))
    pile = step.locator(f'[data-pile="{king.target.n}"]')
    expect(pile).to_have_class(re.compile(r"\bto\b"))
    expect(pile.locator("[data-card]")).to_have_attribute("data-card", str(king.card))

    # Jump to the dog's heap of the first deal, where disputes are: a dog's card fetching.
    page.locator(".chapters summary").click()
    page.locator(".chapters a", has_text="Deal 1: the dog's heap").click()
    dog = next(i for i, m in enumerate(game.moves, 1) if m.rule.startswith("paciencia.dog."))
    expect(step.locator("[data-counter]")).to_have_text(f"Move {dog} of {len(game.moves)}")
    expect(step.locator(".where [data-chapter]")).to_have_text("Deal 1: the dog's heap")
    assert_fits_the_phone(page)

    # One step forward changes the table; one step back puts it as it was.
    before = step.locator(".table").inner_html()
    said_before = step.locator(".move").inner_text()
    page.click("#step-forward")
    expect(step.locator("[data-counter]")).to_have_text(f"Move {dog + 1} of {len(game.moves)}")
    following = game.moves[dog]
    expect(step.locator("[data-why]")).to_have_attribute("data-why", following.rule)
    expect(step.locator(".what [data-card]")).to_have_attribute("data-card", str(following.card))
    assert step.locator(".table").inner_html() != before
    page.click("#step-back")
    expect(step.locator("[data-counter]")).to_have_text(f"Move {dog} of {len(game.moves)}")
    expect(page).to_have_url(re.compile(rf"\?move={dog}$"))
    assert step.locator(".table").inner_html() == before
    assert step.locator(".move").inner_text() == said_before

    # The arrow keys step too, and the browser's back button returns to the step before.
    page.keyboard.press("ArrowRight")
    expect(step.locator("[data-counter]")).to_have_text(f"Move {dog + 1} of {len(game.moves)}")
    page.go_back()
    expect(page.locator("#replay-step [data-counter]")).to_have_text(
        f"Move {dog} of {len(game.moves)}"
    )

    # The end: the outcome, and nothing further.
    page.click("#step-last")
    expect(step.locator("[data-end]")).to_contain_text("came out in deal 2")
    expect(page.locator("#step-forward")).to_have_count(0)
    assert_fits_the_phone(page)


def test_a_log_takes_a_won_game_and_a_lost_one(scorer):
    log = make_match("paciencia", [["Vovó"]])
    page = scorer(log)
    page.goto(log.get_absolute_url())
    board = page.locator("[data-record]")
    expect(board.locator("[data-played]")).to_have_text("0")
    assert_fits_the_phone(page)

    # Won, in the third deal (already picked): one tap.
    expect(page.locator('input[name="deal"][value="3"]')).to_be_checked()
    page.click("#record-won")
    expect(board.locator("[data-played]")).to_have_text("1")
    expect(board.locator("[data-won]")).to_have_text("1")
    assert_main_action_in_view(page)  # Lost and Won, after every tap

    # Lost in the third deal with 23 cards left: tens and ones on the stepper, then Lost.
    page.locator('label[for="id_deal_2"]').click()
    assert_main_action_in_view(page)
    stepper = page.locator(".stepper.tens")
    for step in ("10", "10", "1", "1", "1"):
        stepper.locator(f'[data-step="{step}"]').click()
        assert_main_action_in_view(page)
    expect(page.locator('input[name="cards_left"]')).to_have_value("23")
    page.click("#record-lost")
    expect(board.locator("[data-played]")).to_have_text("2")
    expect(board.locator("[data-won]")).to_have_text("1")
    expect(board.locator("[data-rate]")).to_have_text(re.compile(r"50[,.]0\s?%"))
    expect(board.locator("[data-against]")).to_have_attribute("data-against", "above")
    expect(page.locator(".history .hand")).to_have_count(2)
    assert_main_action_in_view(page)
    assert_fits_the_phone(page)

    # Lost in the second deal cannot be: refused, with its rule linked, nothing recorded.
    page.locator('label[for="id_deal_1"]').click()
    page.fill('input[name="cards_left"]', "30")
    page.click("#record-lost")
    expect(page.locator(".violations a")).to_have_attribute(
        "href", re.compile("#paciencia.record.deal$")
    )
    expect(board.locator("[data-played]")).to_have_text("2")

    log = Match.objects.get(pk=log.pk)
    assert [hand.entry for hand in log.live_hands().order_by("number")] == [
        {"won": True, "deal": 3, "cards_left": 0},
        {"won": False, "deal": 3, "cards_left": 23},
    ]
