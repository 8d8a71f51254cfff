"""Free scoring on a phone: three players, three hands, a correction, a second phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.ledger.models import Match
from tests.browser.conftest import assert_fits_the_phone, assert_main_action_in_view

pytestmark = pytest.mark.django_db(transaction=True)


def totals(page) -> list[str]:
    return page.locator(".scoreboard [data-total]").all_inner_texts()


def enter_hand(page, points: list[int]) -> None:
    for i, value in enumerate(points):
        page.fill(f"#hand-form [name=side_{i}]", str(value))
        assert_main_action_in_view(page)  # the record button, after every field
    page.click("#hand-form button[type=submit]")


def test_a_free_scoring_match_on_two_phones(phone, scorer):
    page = phone()
    page.goto("/")
    assert_fits_the_phone(page)
    page.click("text=Nova partida")
    page.click("text=Placar livre")
    page.click("text=+ lado")
    expect(page.locator("fieldset.side")).to_have_count(3)
    page.fill("[name=sides-0-players]", "Alice")
    page.fill("[name=sides-1-players]", "Bob")
    page.fill("[name=sides-2-players]", "Carol")
    assert_fits_the_phone(page)
    page.click("text=Começar partida")
    expect(page).to_have_url(re.compile(r"/matches/[\w-]+/$"))

    # A second phone at the table opens the match with its scorer link.
    other = scorer(Match.objects.get())
    other.goto(page.url)

    enter_hand(page, [10, 20, 30])
    expect(page.locator(".scoreboard [data-total]").last).to_have_text("30")
    enter_hand(page, [5, 5, 5])
    expect(page.locator(".history .hand")).to_have_count(2)
    enter_hand(page, [1, 2, 3])
    expect(page.locator(".history .hand")).to_have_count(3)
    assert totals(page) == ["16", "27", "38"]
    assert_fits_the_phone(page)

    # The second phone sees the hands arrive on its own, without reloading.
    expect(other.locator(".history .hand")).to_have_count(3, timeout=3_000)
    assert totals(other) == ["16", "27", "38"]

    # Correct hand 2.
    page.locator('.hand[data-hand="2"] summary').click()
    page.locator('.hand[data-hand="2"] >> text=Corrigir').click()
    page.fill("[name=side_0]", "50")
    page.select_option("[name=changed_by]", label="Bob")
    page.click("text=Salvar correção")
    expect(page.locator(".scoreboard [data-total]").first).to_have_text("61")
    assert totals(page) == ["61", "27", "38"]
    expect(other.locator(".scoreboard [data-total]").first).to_have_text("61", timeout=3_000)

    # A fourth hand recorded on the other phone shows up on the first one.
    enter_hand(other, [0, 0, 1])
    expect(page.locator(".history .hand")).to_have_count(4, timeout=3_000)
