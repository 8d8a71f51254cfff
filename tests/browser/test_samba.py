"""Samba on a phone: two pairs, one hand tapped in card by card, one counted by hand."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_the_phone, assert_main_action_in_view
from tests.browser.steps import ask_the_referee, follow_the_rule_link, new_match, tap

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SAMBA_SCREENSHOTS")  # a folder, to look at the pages by eye


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def side(page, position: int):
    return page.locator(f'#hand-form fieldset.samba-side[data-side="{position}"]')


def assert_links_are_tap_targets(where) -> None:
    """Every link drawn there is at least 44 px tall."""
    heights = where.locator("a").evaluate_all(
        "links => links.map(a => [a.textContent, a.getBoundingClientRect().height])"
    )
    assert heights and all(height >= 44 for _text, height in heights), heights


def minimums(page) -> list[str]:
    return page.locator(".scoreboard .note").all_inner_texts()


def test_a_samba_match_of_two_pairs_on_a_phone(phone):
    page = phone()
    new_match(page, "Samba", "Ana, Bia", "Caio, Davi")
    expect(page.locator("[name=target]")).to_have_value("10000")
    page.click("text=Começar partida")
    expect(page).to_have_url(re.compile(r"/matches/[\w-]+/$"))
    assert minimums(page) == ["Saída mínima: 50", "Saída mínima: 50"]
    assert_fits_the_phone(page)
    shot(page, "1-quick")

    # --- hand 1, card by card: the page's worked example --------------------------------
    page.get_by_text("Carta por carta").click()
    a, b = side(page, 0), side(page, 1)
    expect(a.locator("textarea")).to_be_visible()
    expect(a.locator("[name='s0-clean_canastras']")).to_be_hidden()
    picker = a.locator("[data-picker]")
    # ♠ first: it stays chosen, so each rank tapped lays a spade.
    tap(picker, "♠", "4", "5", "6", "7", "8", "9", "10")
    tap(picker, "+ Novo jogo")
    # a rank first: it stays chosen, so each suit tapped lays another king (rei).
    tap(picker, "R", "♥", "♠", "♦", "♣", "♥", "♠", "♦")
    tap(picker, "+ Novo jogo", "A", "♥", "♠", "♣", "Tirar a última carta", "♦")
    expect(a.locator("textarea")).to_have_value(
        "4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠\nR♥ R♠ R♦ R♣ R♥ R♠ R♦\nA♥ A♠ A♦"
    )
    lines = a.locator(".meld-lines li")
    expect(lines).to_have_count(3)
    expect(lines.nth(0)).to_contain_text("✓ Samba · 50 pontos de cartas")
    expect(lines.nth(1)).to_contain_text("✓ Canastra limpa · 70 pontos de cartas")
    expect(lines.nth(2)).to_contain_text("✓ Grupo · 60 pontos de cartas")
    expect(a.locator("[data-summary]")).to_contain_text("combinações de 7 cartas: 2")
    assert_links_are_tap_targets(a.locator(".meld-lines"))
    a.locator(".stepper-field:has([name='s0-red_threes'])").get_by_role(
        "button", name="2", exact=True
    ).click()
    expect(a.locator("[name='s0-red_threes']")).to_have_value("2")
    # A finished side folds to its name, out of the way, and keeps what was entered.
    fold = a.locator("legend .side-toggle")
    fold.click()
    expect(fold).to_have_attribute("aria-expanded", "false")
    expect(a.locator("textarea")).to_be_hidden()
    fold.click()
    expect(a.locator("textarea")).to_be_visible()
    expect(a.locator("textarea")).to_have_value(
        "4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠\nR♥ R♠ R♦ R♣ R♥ R♠ R♦\nA♥ A♠ A♦"
    )

    # The other side is typed; a wrong meld is flagged live, with its rule.
    # Typed in the reader's letters (espadas, ouros, paus) and English H for copas: C
    # would be asked about, as it is clubs in English letters.
    b.locator("textarea").fill("10H 10E 10O 10P 10H 10E JK\n7H 8H 2H")
    bad = b.locator(".meld-lines li").nth(1)
    expect(bad).to_contain_text("✗ Uma sequência não leva curinga (1 encontrado).")
    expect(bad.locator("a.rule-link")).to_have_attribute(
        "href", "/rules/samba/#samba.meld.sequence-no-wilds"
    )
    assert_links_are_tap_targets(b.locator(".meld-lines"))
    assert_fits_the_phone(page)
    b.locator("textarea").fill("10H 10E 10O 10P 10H 10E JK\n7H 7E 2P")
    expect(b.locator(".meld-lines li").nth(1)).to_contain_text("✓ Grupo · 30 pontos de cartas")
    expect(b.locator(".meld-lines li").nth(0)).to_contain_text(
        "✓ Canastra suja · 110 pontos de cartas"
    )
    b_picker = b.locator("[data-picker]")
    tap(b_picker, "Mão", "D", "♠")
    tap(b_picker, "5", "♥")
    b_picker.get_by_role("button", name="Coringa").click()
    expect(b.locator("[name='s1-hand']")).to_have_value("D♠ 5♥ JK")
    b.locator(".stepper-field:has([name='s1-red_threes'])").get_by_role(
        "button", name="1", exact=True
    ).click()
    page.locator(".went-out").get_by_text("Ana & Bia").click()
    assert_fits_the_phone(page)
    shot(page, "2-cards")
    page.click("#hand-form [data-record]")

    expect(page.locator(".history .hand")).to_have_count(1)
    totals = page.locator(".scoreboard [data-total]")
    expect(totals.first).to_have_text("2580")
    expect(totals.last).to_have_text("275")
    assert minimums(page) == ["Saída mínima: 90", "Saída mínima: 50"]

    # --- hand 2, counted at the table: a typical hand in at most 8 taps -------------------
    # The form comes back in the mode last used.
    expect(page.locator("#hand-form textarea").first).to_be_visible()
    taps = 0

    def tap_(locator, *, recorded: bool = False) -> None:
        nonlocal taps
        locator.click()
        taps += 1
        if not recorded:  # the record button, in reach after every tap
            assert_main_action_in_view(page)

    def type_(locator, value: str) -> None:
        nonlocal taps
        locator.fill(value)  # one tap on the field, then the keyboard
        taps += 1
        assert_main_action_in_view(page)

    tap_(page.get_by_text("Contagem rápida"))
    a, b = side(page, 0), side(page, 1)
    expect(a.locator("textarea")).to_be_hidden()

    def chip(where, field: str, value: str):
        return where.locator(f".stepper-field:has([name='{field}'])").get_by_role(
            "button", name=value, exact=True
        )

    tap_(chip(a, "s0-dirty_canastras", "1"))
    type_(a.locator("[name='s0-table_points']"), "150")
    type_(a.locator("[name='s0-hand_points']"), "40")
    expect(a).not_to_have_attribute("data-collapsed", "")
    tap_(chip(b, "s1-clean_canastras", "2"))
    # Ana & Bia's counts are in and the player went on: their side folds to its name.
    expect(a).to_have_attribute("data-collapsed", "")
    expect(a.locator("[name='s0-table_points']")).to_be_hidden()
    tap_(chip(b, "s1-sambas", "1"))
    type_(b.locator("[name='s1-table_points']"), "300")
    tap_(page.locator(".went-out").get_by_text("Caio & Davi"))
    # The record button is in reach without scrolling back.
    expect(page.locator("#hand-form [data-record]")).to_be_in_viewport()
    assert_fits_the_phone(page)
    tap_(page.locator("#hand-form [data-record]"), recorded=True)
    assert taps <= 9, taps  # 8 for the hand itself, plus switching the entry mode

    expect(page.locator(".history .hand")).to_have_count(2)
    expect(totals.first).to_have_text("2990")  # 2,580 + 300 + 150 − 40
    expect(totals.last).to_have_text("3275")  # 275 + 1,000 + 1,500 + 300 + 200
    assert minimums(page) == ["Saída mínima: 90", "Saída mínima: 120"]

    # Every hand's breakdown, each line linked to its rule.
    hand = page.locator('.history .hand[data-hand="1"]')
    hand.locator("summary").click()
    expect(hand.get_by_role("link", name="Bônus de samba")).to_have_attribute(
        "href", "/rules/samba/#samba.bonus.samba"
    )
    expect(hand).to_contain_text("Três vermelho sem duas combinações")  # one: singular
    assert_fits_the_phone(page)
    shot(page, "3-scoreboard")


def test_the_referee_page_answers_on_a_phone(phone):
    page = phone()
    page.goto("/samba/referee/")
    assert_fits_the_phone(page)
    # the reader's letters
    answer = ask_the_referee(page, "meld", "Conferir o jogo", cards="R♥ RE RO RP RH JK 2O")
    expect(answer).to_contain_text("✓ Canastra suja, 120 pontos de cartas")
    expect(answer.locator("a.rule-link")).to_have_attribute(
        "href", "/rules/samba/#samba.kind.canastra-dirty"
    )
    answer = ask_the_referee(page, "going_out", "Perguntar sobre bater", combinations="1")
    expect(answer).to_contain_text("✗ Não — Duas combinações de 7 cartas para bater")
    follow_the_rule_link(page, answer, "samba.going-out.two-combinations")
    assert_fits_the_phone(page)
    shot(page, "4-referee")
