"""Truco on a phone: a game to 12 with a refused truco, an accepted six, an undone hand and
a mão de onze, every step a tap on the buttons the table shouts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.ledger.models import Match
from tests.browser.conftest import assert_fits_the_phone
from tests.conftest import make_match, record, totals

pytestmark = pytest.mark.django_db(transaction=True)


def assert_links_are_tap_targets(page) -> None:
    """Every link shown on a Truco page is at least 44 × 44 px (the § rule links too)."""
    small = page.evaluate(
        """() => [...document.querySelectorAll('.truco a')]
            .filter(el => el.checkVisibility())
            .filter(el => {
                const box = el.getBoundingClientRect();
                return box.height < 44 || box.width < 44;
            })
            .map(el => el.outerHTML.slice(0, 80))"""
    )
    assert small == [], f"links under 44 px: {small}"


def tentos(page, team: str):
    return page.locator(f'.half[data-team="{team}"] [data-total]')


def test_a_game_of_truco_to_twelve(phone):
    page = phone()
    page.goto("/")
    page.click("text=Nova partida")
    page.locator(".games a", has_text="Truco").click()
    page.fill("[name=sides-0-players]", "Ana, Caio")
    page.fill("[name=sides-1-players]", "Bia, Duda")
    assert_fits_the_phone(page)
    page.click("text=Começar partida")
    expect(page).to_have_url(re.compile(r"/matches/[\w-]+/$"))

    # The screen stays on while the match is open; Ana is the mão, Duda deals.
    expect(page.locator("[data-keep-awake]")).to_have_count(1)
    expect(page.locator("[data-mao]")).to_have_text("Ana")
    expect(page.locator("[data-dealer]")).to_have_text("Duda")
    expect(page.locator("#act-accept-A")).to_be_disabled()
    expect(page.locator("#why-act-accept-A")).to_contain_text("Não há pedido a responder")
    assert_fits_the_phone(page)

    # Hand 1, a plain hand: one tap.
    page.click("#act-win-A")
    expect(tentos(page, "A")).to_have_text("1")
    expect(page.locator('.half[data-team="A"] .bean.on')).to_have_count(1)
    expect(page.locator("[data-mao]")).to_have_text("Bia")
    expect(page.locator("[data-dealer]")).to_have_text("Ana")

    # Hand 2: A calls truco, B runs: A scores the hand as it was, 1.
    expect(page.locator("#act-raise-A")).to_have_text("Truco!")
    page.click("#act-raise-A")
    expect(page.locator("[data-offer]")).to_contain_text("pediu Truco!")
    expect(page.locator("#act-win-A")).to_be_disabled()
    expect(page.locator("#why-act-win-A")).to_contain_text("antes é preciso aceitar")
    expect(page.locator("#act-raise-A")).to_be_disabled()
    assert_fits_the_phone(page)
    page.click("#act-run-B")
    expect(tentos(page, "A")).to_have_text("2")
    expect(tentos(page, "B")).to_have_text("0")

    # Hand 3: B calls truco, A raises to six, B accepts, A wins: +6.
    page.click("#act-raise-B")
    expect(page.locator("#act-raise-A")).to_have_text("Seis!")
    page.click("#act-raise-A")
    expect(page.locator("#act-raise-B")).to_have_text("Nove!")
    page.click("#act-accept-B")
    expect(page.locator("[data-stake]")).to_have_text("vale 6")
    expect(page.locator("#act-win-A")).to_have_text("Ganhou a mão · +6")
    page.click("#act-win-A")
    expect(tentos(page, "A")).to_have_text("8")
    expect(page.locator(".history .hand")).to_have_count(3)

    # Hand 4 goes to the wrong team: undo it.
    page.click("#act-win-B")
    expect(tentos(page, "B")).to_have_text("1")
    page.click("text=Desfazer a última mão")
    expect(tentos(page, "B")).to_have_text("0")
    expect(page.locator(".history .hand")).to_have_count(3)
    expect(page.locator("#hand-number")).to_have_text("4")

    # Hand 4 again: A's truco accepted and won: 11.
    page.click("#act-raise-A")
    page.click("#act-accept-B")
    page.click("#act-win-A")
    expect(tentos(page, "A")).to_have_text("11")

    # Hand 5 is the mão de onze: no truco, only A decides, and it is played for 3.
    expect(page.locator('[data-kind="mao-de-onze"]')).to_contain_text("Sem truco nesta mão")
    expect(page.locator("#act-raise-A")).to_be_disabled()
    expect(page.locator("#why-act-raise-B")).to_contain_text("Ninguém pode pedir truco")
    expect(page.locator("#act-run-B")).to_be_disabled()
    assert_fits_the_phone(page)
    page.click("#act-accept-A")
    expect(page.locator("#act-run-A")).to_be_disabled()
    expect(page.locator("#act-win-A")).to_have_text("Ganhou a mão · +3")
    page.click("#act-win-A")

    expect(tentos(page, "A")).to_have_text("12")
    expect(page.locator(".half.won")).to_contain_text("Ana & Caio")
    expect(page.locator(".status.finished")).to_be_visible()
    expect(page.locator("#act-win-A")).to_have_count(0)
    assert_fits_the_phone(page)

    match = Match.objects.get()
    assert match.is_finished
    assert totals(match) == [12, 0]
    assert [hand.entry for hand in match.live_hands().order_by("number")][1] == {
        "events": [{"type": "raise", "team": "A"}, {"type": "run", "team": "B"}]
    }


def test_a_hand_recorded_on_another_phone_starts_this_phones_hand_over(phone):
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    caller, scorer = phone(), phone()
    caller.goto(match.get_absolute_url())
    scorer.goto(match.get_absolute_url())

    caller.click("#act-raise-B")
    expect(caller.locator("[data-offer]")).to_be_visible()
    scorer.click("#act-win-A")
    expect(tentos(scorer, "A")).to_have_text("1")

    # The first phone sees the hand arrive; its truco belonged to that hand and is gone.
    expect(tentos(caller, "A")).to_have_text("1", timeout=5_000)
    expect(caller.locator("[data-offer]")).to_have_count(0)
    expect(caller.locator("#hand-number")).to_have_text("2")
    expect(caller.locator("#act-raise-B")).to_be_enabled()

    # Its own hands go on as before, without being reset by the next poll.
    caller.click("#act-raise-A")
    caller.wait_for_timeout(2_500)
    expect(caller.locator("[data-offer]")).to_be_visible()


def test_the_trick_referee_judges_a_trick_of_the_match(phone):
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    page = phone()
    page.goto(match.get_absolute_url())
    page.click("text=Juiz de vazas")
    expect(page.locator("[name=mao] option:checked")).to_have_text("Ana (A1)")
    for index, card in enumerate(["3H", "7D", "KS", "3S"]):
        page.fill(f"[name=t1c{index}]", card)
    assert_fits_the_phone(page)
    page.click("text=Julgar")
    verdict = page.locator('.trick-verdict[data-trick="1"]')
    expect(verdict).to_contain_text("A dupla B leva a vaza.")
    expect(verdict).to_contain_text("Bia sai na próxima.")
    expect(page.locator(".hand-result")).to_contain_text("ainda não está decidida")
    assert_fits_the_phone(page)


def test_the_rule_links_are_tap_targets(phone):
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    for _ in range(11):
        record(match, {"events": [{"type": "win", "team": "A"}]})
    page = phone()
    page.goto(match.get_absolute_url())
    expect(page.locator("#why-act-raise-B a")).to_be_visible()
    page.locator('.team[data-team="B"] details.penalty summary').click()
    expect(page.locator('[data-penalty-rule="truco.penalty.no-winning-tento"] a')).to_be_visible()
    assert_links_are_tap_targets(page)
    assert_fits_the_phone(page)

    page.click("text=Juiz de vazas")
    for index, card in enumerate(["3H", "7D", "KS", "3S"]):
        page.fill(f"[name=t1c{index}]", card)
    page.click("text=Julgar")
    expect(page.locator(".hand-result a")).to_be_visible()
    assert_links_are_tap_targets(page)
    assert_fits_the_phone(page)
