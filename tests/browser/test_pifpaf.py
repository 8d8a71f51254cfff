"""Pif-Paf on a phone: four players, three hands — one played out with the winner's cards
tapped in, one won by folds, one with a false going out — then the settlement."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    PHONE,
    assert_fits_the_phone,
    assert_main_action_in_view,
    holding,
)
from tests.scoring.games.pifpaf.conftest import make_session

pytestmark = pytest.mark.django_db(transaction=True)


def balances(page):
    return page.locator(".scoreboard [data-balance]")


def bet(page, kind: str, count: int, raise_to: int | None = None, *, script: bool = True) -> None:
    """Press a betting button and wait for the form to come back with the bet in it."""
    if raise_to is not None:
        page.fill("#id_raise_to", str(raise_to))
    page.click(f"#hand-form button[name=step][value={kind}]")
    expect(page.locator("#hand-form [data-bet]")).to_have_count(count)
    if script:  # the next bet's buttons, or once the betting is over who went out, in view
        assert_main_action_in_view(page)


def to_speak(page, name: str) -> None:
    expect(page.locator(".pifpaf-turn legend")).to_contain_text(name)


SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
LETTERS = {"pt": {"K": "R", "Q": "D", "J": "V"}}


def tap_cards(page, cards: str, scope: str = "#hand-form", language: str = "pt") -> None:
    """Tap each card on the picker: its rank (in the reader's letters), then its suit."""
    picker = page.locator(f"{scope} [data-picker]").first
    for card in cards.split():
        rank = LETTERS.get(language, {}).get(card[:-1], card[:-1])
        picker.locator(f"[data-rank='{rank}']").click()
        picker.locator(f"[data-suit='{SYMBOLS[card[-1]]}']").click()
        if scope == "#hand-form":
            assert_main_action_in_view(page, page.locator("#hand-form [data-record]"))


def shown(cards: str, language: str = "pt") -> str:
    """Cards as the picker writes them: the reader's rank letter and the suit's symbol."""
    return " ".join(
        LETTERS.get(language, {}).get(card[:-1], card[:-1]) + SYMBOLS[card[-1]]
        for card in cards.split()
    )


def went_out(page, name: str) -> None:
    page.locator(".pifpaf-winner label", has_text=name).click()
    assert_main_action_in_view(page, page.locator("#hand-form [data-record]"))


def record(page, number: int) -> None:
    page.click("#hand-form button.primary")
    expect(page.locator(".history .hand")).to_have_count(number)


def test_a_four_player_session_of_three_hands_and_its_settlement(phone):
    page = phone()
    page.goto("/")
    page.click("text=Nova partida")
    page.click("text=Pif-Paf")
    # Everyone plays alone: the players are typed one per line.
    page.fill("[name=players]", "Ana\nBia\nCaio\nDuda")
    expect(page.locator("[name=options-chip_value]")).to_have_value("0,50")
    assert_fits_the_phone(page)
    page.click("text=Começar partida")
    expect(page).to_have_url(re.compile(r"/matches/[\w-]+/$"))
    expect(balances(page)).to_have_text(["50", "50", "50", "50"])

    # Hand 1, the page's hand: Duda deals, so Ana speaks first and bets 3.
    to_speak(page, "Bia")
    page.locator(".pifpaf-dealers").get_by_role("button", name="Duda").click()
    to_speak(page, "Ana")
    assert_main_action_in_view(page)
    assert_fits_the_phone(page)
    # Above ante × players (4): the phone will not send it.
    page.fill("#id_raise_to", "5")
    page.click("#hand-form button[name=step][value=raise]")
    assert page.locator("#id_raise_to").evaluate("input => input.validity.rangeOverflow")
    expect(page.locator("#hand-form [data-bet]")).to_have_count(0)
    bet(page, "raise", 1, raise_to=3)
    to_speak(page, "Bia")
    expect(page.locator("#hand-form button[value=call]")).to_have_text("Acompanhar 3")
    bet(page, "call", 2)
    bet(page, "fold", 3)
    bet(page, "call", 4)
    expect(page.locator("[data-outcome]")).to_contain_text("Pote: 13 fichas")
    went_out(page, "Bia")
    tap_cards(page, "AH 2H 3H 7S 7H 7D QC KC AC")
    expect(page.locator("#id_cards")).to_have_value(shown("AH 2H 3H 7S 7H 7D QC KC AC"))
    expect(page.locator("#hand-verdict [data-verdict]")).to_have_attribute("data-verdict", "out")
    assert_fits_the_phone(page)
    record(page, 1)
    expect(balances(page)).to_have_text(["46", "59", "49", "46"])
    expect(page.locator(".side[data-side='1'] .dealer-chip")).to_be_visible()

    # Hand 2, won by folds: Bia won, so Bia deals and Caio speaks first.
    expect(page.locator("#hand-form [name=expected_number]")).to_have_value("2")
    to_speak(page, "Caio")
    bet(page, "raise", 1, raise_to=2)
    bet(page, "fold", 2)
    bet(page, "fold", 3)
    bet(page, "fold", 4)
    expect(page.locator("[data-outcome]")).to_contain_text("Caio leva o pote de 6 fichas")
    record(page, 2)
    expect(balances(page)).to_have_text(["45", "58", "52", "45"])

    # Hand 3: Caio deals; everyone plays for the ante. Ana lays down claiming to be out…
    to_speak(page, "Duda")
    for count in range(1, 5):
        bet(page, "call", count)
    went_out(page, "Ana")
    page.fill("#id_cards", "DE D♥ DO DP 4P 5P 6P 7P 8P")  # damas, paus: the reader's letters
    verdict = page.locator("#hand-verdict")
    expect(verdict.locator("[data-verdict]")).to_have_attribute("data-verdict", "not-out")
    expect(verdict).to_contain_text("Não bateu")
    expect(verdict.locator(".card[data-card='QC']").first).to_be_visible()
    page.click("#hand-form button.primary")
    expect(page.locator("#hand-form .violations")).to_contain_text("Ana não bateu")
    expect(page.locator(".history .hand")).to_have_count(2)
    # … so she takes her cards back, flagged: only from the stock now. Duda goes out.
    page.click("text=Enganos durante a mão")
    page.locator("[data-mistakes='Ana'] label", has_text="Batida falsa").click()
    page.click("#hand-form [data-picker] [data-key=clear]")
    expect(page.locator("#id_cards")).to_have_value("")
    went_out(page, "Duda")
    assert_fits_the_phone(page)
    record(page, 3)
    expect(balances(page)).to_have_text(["44", "57", "51", "48"])
    page.locator(".hand[data-hand='3'] summary").click()
    expect(page.locator(".hand[data-hand='3']")).to_contain_text("Batida falsa")

    # The settlement, in money at R$0,50 a chip, in the fewest payments.
    payments = page.locator("#settlement [data-payment]")
    expect(payments).to_have_count(3)
    expect(payments.nth(0)).to_contain_text("Ana paga Bia 3,00")
    expect(payments.nth(1)).to_contain_text("Duda paga Bia 0,50")
    expect(payments.nth(2)).to_contain_text("Duda paga Caio 0,50")
    # Ending asks first.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("text=Encerrar a sessão")
    expect(page.locator(".status.finished")).to_have_text("Sessão encerrada.")
    expect(page.locator(".side.won .name")).to_contain_text("Bia")
    expect(page.locator("#settlement.final [data-payment]")).to_have_count(3)
    assert_fits_the_phone(page)


def test_the_referee_page_on_a_phone(phone):
    page = phone()
    page.goto("/pifpaf/referee/")
    assert_fits_the_phone(page)
    tap_cards(page, "AH 2H 3H 7S 7H 7D QC KC AC 5D", scope="#q-hand")
    page.click("text=Conferir a mão")
    hand = page.locator("#q-hand [data-verdict]")
    expect(hand).to_have_attribute("data-verdict", "out")
    expect(page.locator("#q-hand")).to_contain_text("Descarte: 5♦")
    page.fill("#meld-cards", "DE DH DO DP")  # four queens: damas of every suit
    page.click("text=Conferir o jogo")
    expect(page.locator("#q-meld .violations")).to_contain_text("três naipes")
    claimants = page.locator("#q-claim fieldset.choices").first
    claimants.locator("label", has_text="2").click()
    claimants.locator("label", has_text="4").click()
    page.click("text=Decidir")
    expect(page.locator("#q-claim [data-answer]")).to_contain_text(
        "O lugar 2 fica com o descarte."
    )
    assert_fits_the_phone(page)


def test_without_javascript_the_first_dealer_is_chosen_with_a_visible_update(browser, live_server):
    match = make_session()
    context = browser.new_context(
        viewport=PHONE, base_url=live_server.url, locale="pt-BR", java_script_enabled=False
    )
    try:
        # The phone that started the session, holding its scorer link.
        page = holding(context.new_page(), [match], url=live_server.url)
        page.goto(match.get_absolute_url())
        to_speak(page, "Bia")  # Ana deals unless told otherwise
        dealer = page.locator(".pifpaf-dealers").get_by_role("button", name="Duda")
        expect(dealer).to_be_visible()
        assert_fits_the_phone(page, axe=False)
        dealer.click()
        to_speak(page, "Ana")
        bet(page, "raise", 1, raise_to=3, script=False)
        to_speak(page, "Bia")
        assert not match.hands.exists()
    finally:
        context.close()


def test_a_session_with_rebuys_where_a_broke_player_buys_in_again(phone):
    """Rebuys on (the page's house rule), a buy-in of 5: Ana loses every chip, buys in
    again at the next hand, and the settlement charges her both buy-ins."""
    page = phone()
    page.goto("/")
    page.click("text=Nova partida")
    page.click("text=Pif-Paf")
    page.fill("[name=players]", "Ana\nBia\nCaio\nDuda")
    page.fill("[name=options-buy_in]", "5")
    rebuy = page.locator("[name=options-rebuy]")
    expect(rebuy).not_to_be_checked()  # off by default
    rebuy.check()
    assert_fits_the_phone(page)
    page.click("text=Começar partida")
    expect(page).to_have_url(re.compile(r"/matches/[\w-]+/$"))
    expect(balances(page)).to_have_text(["5", "5", "5", "5"])

    # Hand 1: Duda deals; Ana bets all she has left, Bia calls, the others fold; Bia wins.
    page.locator(".pifpaf-dealers").get_by_role("button", name="Duda").click()
    to_speak(page, "Ana")
    assert_main_action_in_view(page)
    bet(page, "raise", 1, raise_to=4)
    bet(page, "call", 2)
    bet(page, "fold", 3)
    bet(page, "fold", 4)
    went_out(page, "Bia")
    record(page, 1)
    expect(balances(page)).to_have_text(["0", "12", "4", "4"])

    # Hand 2: Ana has no chips left, so she buys in again and is dealt in, not sat out.
    expect(page.locator("#hand-form [data-rebuying]")).to_contain_text("Ana")
    expect(page.locator("#hand-form [data-sat-out]")).to_have_count(0)
    to_speak(page, "Caio")
    bet(page, "call", 1)
    bet(page, "call", 2)
    to_speak(page, "Ana")
    expect(page.locator(".pifpaf-turn legend")).to_contain_text("(5 fichas)")
    assert_fits_the_phone(page)
    bet(page, "call", 3)
    bet(page, "call", 4)
    went_out(page, "Caio")
    record(page, 2)
    expect(balances(page)).to_have_text(["4", "11", "7", "3"])
    # Her rebuy is counted on the scoreboard and in the hand's lines …
    expect(page.locator(".side[data-side='0'] [data-rebuys]")).to_have_attribute(
        "data-rebuys", "1"
    )
    expect(page.locator("[data-rebuys]")).to_have_count(1)
    page.locator(".hand[data-hand='2'] summary").click()
    expect(page.locator(".hand[data-hand='2'] a[href$='#pifpaf.chips.rebuy']")).to_be_visible()
    # … and the settlement charges both of her buy-ins: 10 chips in, 4 left.
    payments = page.locator("#settlement [data-payment]")
    expect(payments).to_have_count(2)
    expect(payments.nth(0)).to_contain_text("Ana paga Bia 3,00")
    expect(payments.nth(1)).to_contain_text("Duda paga Caio 1,00")
    assert_fits_the_phone(page)
