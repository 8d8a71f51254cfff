"""Canastra on a phone: two pairs, two hands tapped in card by card with the picker. The
first takes Ana & Bia to 1,500, under the buraco rule; in the second their opening fails
twice, and the requirement climbs 75 → 90 → 120 on every phone at the table, tapped on
one phone and then on the other.

The pages run in English (``phone("en")``): the Portuguese catalogue is another
engineer's, and these tests check the flow, not the translation.
"""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_the_phone, assert_main_action_in_view
from tests.browser.steps import ask_the_referee, follow_the_rule_link, new_match, tap

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("CANASTRA_SCREENSHOTS")  # a folder, to look at the pages by eye


def shot(page, name: str) -> None:
    if SHOTS:
        # caret="initial": hiding the caret injects a style the page's CSP refuses
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True, caret="initial")


def pair(page, position: int):
    return page.locator(f'#hand-form fieldset.canastra-pair[data-side="{position}"]')


def run(picker, suit: str, *ranks: str) -> None:
    """A meld of one suit: the suit first stays chosen, so each rank tapped lays one."""
    tap(picker, suit, *ranks)
    tap(picker, suit)  # let the suit go, for the next meld


def notes(page) -> list[str]:
    return page.locator(".scoreboard .note").all_inner_texts()


def requirement(page, position: int):
    return page.locator(f'[data-buraco-pair="{position}"] [data-requirement]')


def test_a_canastra_match_with_the_buraco_rule_on_two_phones(phone):
    page = phone("en")
    new_match(page, "Canastra", "Ana, Bia", "Caio, Davi", new="New match")
    expect(page.locator("[name=target]")).to_have_value("3000")
    assert_fits_the_phone(page)
    page.click("text=Start match")
    expect(page).to_have_url(re.compile(r"/matches/[\w-]+/$"))
    assert notes(page) == []  # nobody is under the buraco rule at 0
    expect(page.locator("[data-buraco]")).to_have_count(0)
    assert_fits_the_phone(page)

    # --- hand 1, card by card: four clean canastras, the morto and the final going out --
    page.get_by_text("Card by card").click()
    a, b = pair(page, 0), pair(page, 1)
    expect(a.locator("textarea")).to_be_visible()
    expect(a.locator("[name='s0-clean_canastras']")).to_be_hidden()
    picker = a.locator("[data-picker]")
    for suit in ("♠", "♥", "♦", "♣"):
        run(picker, suit, "8", "9", "10", "J", "Q", "K", "A")
        if suit != "♣":
            tap(picker, "+ New meld")
    expect(a.locator("textarea")).to_have_value(
        "8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠\n8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥\n"
        "8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦\n8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"
    )
    lines = a.locator(".meld-lines li")
    expect(lines).to_have_count(4)
    expect(lines.nth(0)).to_contain_text("✓ Clean canastra · 75 card points")
    expect(a.locator("[data-summary]")).to_have_text(
        "300 card points on the table · clean canastras: 4 · dirty: 0"
    )
    a.get_by_text("Took its morto").click()

    # Caio & Davi: a run of clubs typed with a mistake first, flagged live with its rule.
    b_picker = b.locator("[data-picker]")
    run(b_picker, "♣", "5", "6", "8")
    bad = b.locator(".meld-lines li").nth(0)
    expect(bad).to_contain_text("✗ These cards are not a sequence")
    expect(bad.locator("a.rule-link")).to_have_attribute(
        "href", "/rules/canastra/#canastra.meld.consecutive"
    )
    tap(b_picker, "Remove the last card")
    tap(b_picker, "♣", "7")
    expect(b.locator(".meld-lines li").nth(0)).to_contain_text("✓ Meld · 15 card points")
    # The four jokers are left in their hands: the picker types into the hand now.
    tap(b_picker, "Hand")
    for _ in range(4):
        b_picker.get_by_role("button", name="Joker").click()
    expect(b.locator("[name='s1-hand']")).to_have_value("JK JK JK JK")
    page.locator(".went-out").get_by_text("Ana & Bia").click()
    assert_fits_the_phone(page)
    shot(page, "1-cards")
    page.click("#hand-form button[data-record]")

    totals = page.locator(".scoreboard [data-total]")
    expect(totals.first).to_have_text("1500")  # 300 + 4 × 200 + 100 + 100 + 4 jokers 200
    expect(totals.last).to_have_text("15")
    expect(page.locator(".history .hand")).to_have_count(1)
    assert notes(page) == ["Buraco: opens with 75"]

    # --- hand 2: Ana & Bia fail to open, twice; every phone follows the ladder ------------
    # Caio's phone joins with the scorer link that Ana's phone shares.
    page.locator("#share summary").click()
    other = phone("en")
    other.goto(page.locator("[data-scorer-link] input").input_value())
    expect(other).to_have_url(page.url)
    expect(requirement(page, 0)).to_have_text("75")
    expect(requirement(other, 0)).to_have_text("75")
    expect(page.locator('[data-buraco-pair="1"]')).to_have_count(0)  # Caio & Davi: 15
    assert_fits_the_phone(page)

    page.get_by_role("button", name="✗ Failed opening (then 90)").click()
    expect(requirement(page, 0)).to_have_text("90")
    expect(page.locator(".scoreboard .note")).to_have_text(
        ["Buraco: opens with 90 (1 failed opening)"]
    )
    # The other phone sees it on its next poll, scoreboard and form alike.
    expect(other.locator(".scoreboard .note")).to_have_text(
        ["Buraco: opens with 90 (1 failed opening)"]
    )
    expect(requirement(other, 0)).to_have_text("90")
    # … and the next failure is tapped there, and comes back here.
    other.get_by_role("button", name="✗ Failed opening (then 120)").click()
    expect(requirement(other, 0)).to_have_text("120")
    expect(page.locator(".scoreboard .note")).to_have_text(
        ["Buraco: opens with 120 (2 failed openings)"]
    )
    expect(requirement(page, 0)).to_have_text("120")
    expect(page.locator("[data-buraco] .ladder")).to_have_text("75 → 90 → 120")
    assert_fits_the_phone(page)
    assert_fits_the_phone(other)
    shot(page, "2-buraco")

    # Then the hand is tapped in on the first phone; the stock runs out, nobody goes out.
    expect(page.locator("#hand-form textarea").first).to_be_visible()  # cards mode again
    a, b = pair(page, 0), pair(page, 1)
    picker = a.locator("[data-picker]")
    run(picker, "♠", "J", "Q", "K", "A")
    tap(picker, "Hand", "4", "♦")
    expect(a.locator("[name='s0-hand']")).to_have_value("4♦")
    b_picker = b.locator("[data-picker]")
    run(b_picker, "♣", "3", "4", "5", "6", "7", "8", "9")
    expect(b.locator(".meld-lines li").nth(0)).to_contain_text("✓ Clean canastra")
    b.get_by_text("Took its morto").click()
    page.locator(".went-out").get_by_text("Nobody (the stock ran out)").click()
    assert_fits_the_phone(page)
    shot(page, "3-hand-2")
    page.click("#hand-form button[data-record]")

    expect(page.locator(".history .hand")).to_have_count(2)
    expect(totals.first).to_have_text("1545")  # 1,500 + 45
    expect(totals.last).to_have_text("365")  # 15 + 45 + 200 + 100 + 4♦ 5
    # Recording the hand closed its ladder: the next hand starts again at 75, everywhere.
    expect(page.locator(".scoreboard .note")).to_have_text(["Buraco: opens with 75"])
    expect(requirement(page, 0)).to_have_text("75")
    expect(other.locator(".scoreboard .note")).to_have_text(["Buraco: opens with 75"])

    # --- hand 3, counted by hand: each pair folds once its counts are in, and the record
    # button is on the screen after every tap ------------------------------------------
    page.get_by_text("Quick count").click()
    assert_main_action_in_view(page)
    a, b = pair(page, 0), pair(page, 1)
    for where, p, points in ((a, "s0", "120"), (b, "s1", "60")):
        where.locator(f"[name='{p}-meld_points']").fill(points)
        assert_main_action_in_view(page)
        where.locator(f"[name='{p}-hand_points']").fill("10")
        assert_main_action_in_view(page)
    expect(a).to_have_attribute("data-collapsed", "")  # Ana & Bia's done: folded away
    expect(a.locator("[name='s0-meld_points']")).to_be_hidden()
    page.locator(".went-out").get_by_text("Nobody (the stock ran out)").click()
    expect(b).to_have_attribute("data-collapsed", "")
    assert_main_action_in_view(page)
    assert_fits_the_phone(page)
    page.click("#hand-form button[data-record]")
    expect(page.locator(".history .hand")).to_have_count(3)

    # Every hand's breakdown, each line linked to its rule.
    hand = page.locator('.history .hand[data-hand="1"]')
    hand.locator("summary").click()
    expect(hand.get_by_role("link", name="Clean canastra bonus").first).to_have_attribute(
        "href", "/rules/canastra/#canastra.bonus.clean-canastra"
    )
    assert_fits_the_phone(page)
    shot(page, "4-scoreboard")


def test_the_referee_page_answers_on_a_phone(phone):
    page = phone("en")
    page.goto("/canastra/referee/")
    assert_fits_the_phone(page)
    answer = ask_the_referee(page, "meld", "Check the meld", cards="2H 4H 5H")
    expect(answer).to_contain_text("✓ Meld, 30 card points")
    expect(answer).to_contain_text("2♥ stands for 3♥.")
    answer = ask_the_referee(
        page, "opening", "Check the opening", melds="QS KS AS\n3H 4H 5H", total="1600", failed="1"
    )
    expect(answer).to_contain_text("✗ No: 50 card points, 90 needed")
    follow_the_rule_link(page, answer, "canastra.opening.minimum")
    assert_fits_the_phone(page)
