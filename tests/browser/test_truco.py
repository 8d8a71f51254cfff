"""Truco on a phone: a game to 12 with a refused truco, an accepted six, an undone hand and
a mão de onze, every step a tap on the buttons the table shouts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.ledger.models import Match
from tests.browser.conftest import assert_fits_the_phone, assert_main_action_in_view
from tests.browser.steps import tap
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
    assert_main_action_in_view(page)
    # With no call to answer, no team is offered "I accept" or "I run".
    expect(page.locator("#act-accept-A")).to_have_count(0)
    expect(page.locator("#act-run-B")).to_have_count(0)
    assert_fits_the_phone(page)

    # Hand 1, a plain hand: one tap.
    page.click("#act-win-A")
    expect(tentos(page, "A")).to_have_text("1")
    expect(page.locator('.half[data-team="A"] .bean.on')).to_have_count(1)
    expect(page.locator("[data-mao]")).to_have_text("Bia")
    expect(page.locator("[data-dealer]")).to_have_text("Ana")
    assert_main_action_in_view(page)

    # Hand 2: A calls truco, B runs: A scores the hand as it was, 1.
    expect(page.locator("#act-raise-A")).to_have_text("Truco!")
    page.click("#act-raise-A")
    expect(page.locator("[data-offer]")).to_contain_text("pediu Truco!")
    expect(page.locator("#act-win-A")).to_be_disabled()
    expect(page.locator("#why-act-win-A")).to_contain_text("antes é preciso aceitar")
    expect(page.locator("#act-raise-A")).to_be_disabled()
    assert_main_action_in_view(page)
    # The answering team's buttons come first, in view without scrolling.
    answers = page.locator('[data-answering="B"]')
    expect(answers.locator("#act-accept-B")).to_be_in_viewport()
    expect(answers.locator("#act-run-B")).to_be_in_viewport()
    assert_fits_the_phone(page)
    page.click("#act-run-B")
    expect(tentos(page, "A")).to_have_text("2")
    expect(tentos(page, "B")).to_have_text("0")
    assert_main_action_in_view(page)

    # Hand 3: B calls truco, A raises to six, B accepts, A wins: +6.
    page.click("#act-raise-B")
    expect(page.locator("#act-raise-A")).to_have_text("Seis!")
    assert_main_action_in_view(page)
    page.click("#act-raise-A")
    expect(page.locator("#act-raise-B")).to_have_text("Nove!")
    assert_main_action_in_view(page)
    page.click("#act-accept-B")
    expect(page.locator("[data-stake]")).to_have_text("vale 6 tentos")
    assert_main_action_in_view(page)
    expect(page.locator("#act-win-A")).to_have_text("Ganhou a mão · +6")
    page.click("#act-win-A")
    expect(tentos(page, "A")).to_have_text("8")
    expect(page.locator(".history .hand")).to_have_count(3)

    # Hand 4 goes to the wrong team: undo it.
    page.click("#act-win-B")
    expect(tentos(page, "B")).to_have_text("1")
    page.click("text=Desfazer a mão 4")
    expect(tentos(page, "B")).to_have_text("0")
    expect(page.locator(".history .hand")).to_have_count(3)
    expect(page.locator("#hand-form [name=expected_number]")).to_have_value("4")

    # Hand 4 again: A's truco accepted and won: 11.
    page.click("#act-raise-A")
    page.click("#act-accept-B")
    page.click("#act-win-A")
    expect(tentos(page, "A")).to_have_text("11")

    # Hand 5 is the mão de onze: no truco, only A decides, and it is played for 3.
    expect(page.locator('[data-kind="mao-de-onze"]')).to_contain_text("Sem truco nesta mão")
    expect(page.locator("#act-raise-A")).to_be_disabled()
    expect(page.locator("#why-act-raise-B")).to_contain_text("Ninguém pode pedir truco")
    expect(page.locator("#act-run-B")).to_have_count(0)
    assert_fits_the_phone(page)
    # Aceito is on the screen, not below the prompt …
    assert_main_action_in_view(page, page.locator("#act-accept-A"))
    page.click("#act-accept-A")
    expect(page.locator("#act-run-A")).to_have_count(0)
    # … and then Ganhou
    assert_main_action_in_view(page, page.locator("#act-win-A"))
    # Played for 3, but the game ends at 12: the button says it scores 1, and why.
    expect(page.locator("#act-win-A")).to_contain_text("+1")
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


def test_the_calls_of_a_hand_are_shared_by_every_phone_at_the_table(scorer):
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    # two phones at the table, each holding the scorer link
    caller, other = scorer(match), scorer(match)
    caller.goto(match.get_absolute_url())
    other.goto(match.get_absolute_url())

    # B calls truco on one phone; the other phone sees the call and answers it.
    caller.click("#act-raise-B")
    expect(caller.locator("[data-offer]")).to_be_visible()
    expect(other.locator("[data-offer]")).to_be_visible(timeout=5_000)
    other.click("#act-run-A")
    expect(tentos(other, "B")).to_have_text("1")

    # The first phone sees the hand recorded and a fresh hand 2, untouched by later polls.
    expect(tentos(caller, "B")).to_have_text("1", timeout=5_000)
    expect(caller.locator("[data-offer]")).to_have_count(0)
    expect(caller.locator("#hand-form [name=expected_number]")).to_have_value("2")
    caller.click("#act-raise-A")
    caller.wait_for_timeout(2_500)
    expect(caller.locator("[data-offer]")).to_be_visible()
    assert match.hands.count() == 1


def test_a_hand_with_truco_accepted_is_three_taps_with_no_scroll(scorer):
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    page = scorer(match)
    page.goto(match.get_absolute_url())
    taps = []
    for button in ("#act-raise-A", "#act-accept-B", "#act-win-A"):
        # in view as it is: the player never scrolls
        expect(page.locator(button)).to_be_in_viewport(ratio=1)
        page.click(button)
        taps.append(button)
        expect(page.locator("#hand-form")).to_be_visible()
        assert_main_action_in_view(page)
    expect(tentos(page, "A")).to_have_text("3")
    assert len(taps) == 3


def test_the_trick_referee_judges_a_trick_of_the_match(scorer):
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    page = scorer(match)
    page.goto(match.get_absolute_url())
    page.click("text=Juiz de vazas")
    expect(page.locator("[name=mao] option:checked")).to_have_text("Ana (A1)")
    for index, card in enumerate(["3C", "7O", "RE", "3E"]):  # ouros, espadas
        page.fill(f"[name=t1c{index}]", card)
    assert_fits_the_phone(page)
    page.click("text=Julgar")
    # C is copas in Portuguese letters and clubs in English ones: asked, not guessed
    expect(page.locator("#q-tricks")).to_contain_text("3♥")
    expect(page.locator("#q-tricks")).to_contain_text("3♣")
    page.fill("[name=t1c0]", "3H")  # the English letter for copas, which nothing else means
    page.click("text=Julgar")
    verdict = page.locator('.trick-verdict[data-trick="1"]')
    expect(verdict).to_contain_text("A dupla B leva a vaza.")
    expect(verdict).to_contain_text("Bia sai na próxima.")
    expect(page.locator(".hand-result")).to_contain_text("ainda não está decidida")
    assert_fits_the_phone(page)


def test_the_rule_links_are_tap_targets(scorer):
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    for _ in range(11):
        record(match, {"events": [{"type": "win", "team": "A"}]})
    page = scorer(match)
    page.goto(match.get_absolute_url())
    expect(page.locator("#why-act-raise-B a")).to_be_visible()
    page.locator('.team[data-team="B"] details.penalty summary').click()
    expect(page.locator('[data-penalty-rule="truco.penalty.no-winning-tento"] a')).to_be_visible()
    assert_links_are_tap_targets(page)
    assert_fits_the_phone(page)

    page.click("text=Juiz de vazas")
    for index, card in enumerate(["3♥", "7♦", "K♠", "3♠"]):
        page.fill(f"[name=t1c{index}]", card)
    page.click("text=Julgar")
    expect(page.locator(".hand-result a")).to_be_visible()
    assert_links_are_tap_targets(page)
    assert_fits_the_phone(page)


def test_the_trick_picker_lays_one_card_for_each_seat_and_moves_on(phone):
    page = phone()
    page.goto("/truco/referee/")
    picker = page.locator('.trick[data-trick="1"] [data-picker]')
    first, second = page.locator("#tricks-t1c0"), page.locator("#tricks-t1c1")

    # A rank then a suit lays the card in the first seat's field; the picker moves on.
    tap(picker, "2", "♥")
    expect(first).to_have_value("2♥")
    expect(picker.get_by_role("button", name="Carta 2")).to_have_attribute("aria-pressed", "true")
    # A slip: back to the first seat, whose card is replaced, not added to.
    tap(picker, "Carta 1", "3", "♥")
    expect(first).to_have_value("3♥")
    # The next card goes to the next seat, and so on round the table.
    tap(picker, "7", "♦")
    expect(second).to_have_value("7♦")
    expect(first).to_have_value("3♥")
    tap(picker, "R", "♠", "3", "♠")
    expect(page.locator("#tricks-t1c2")).to_have_value("R♠")
    expect(page.locator("#tricks-t1c3")).to_have_value("3♠")
    expect(page.locator("#tricks-t2c0")).to_have_value("")
    assert_fits_the_phone(page)

    page.click("text=Julgar")
    verdict = page.locator('.trick-verdict[data-trick="1"]')
    expect(verdict).to_contain_text("A dupla B leva a vaza.")
    expect(verdict).to_contain_text("B1 sai na próxima.")


def test_the_trick_question_asks_only_the_seats_of_the_table_chosen(phone):
    """Without a match the question can hold six seats; at a table of four (the seed's)
    or two, the seats it does not have are neither shown, offered as the mão, nor moved
    on to by the picker."""
    page = phone()
    page.goto("/truco/referee/")
    trick = page.locator('.trick[data-trick="1"]')
    picker = trick.locator("[data-picker]")
    seats = [page.locator(f"#tricks-t1c{seat}") for seat in range(6)]
    toggles = [picker.get_by_role("button", name=f"Carta {seat + 1}") for seat in range(6)]
    # The game's stylesheet is on the page: a trick's cards two to a row.
    expect(trick.locator(".cards")).to_have_css("display", "grid")

    for seat in range(4):  # the seed's table of four is chosen first
        expect(seats[seat]).to_be_visible()
        expect(toggles[seat]).to_be_visible()
    for seat in range(4, 6):
        expect(seats[seat]).to_be_hidden()
        expect(toggles[seat]).to_be_hidden()

    page.select_option("#tricks-players", "2")
    expect(seats[1]).to_be_visible()
    for seat in range(2, 6):
        expect(seats[seat]).to_be_hidden()
        expect(toggles[seat]).to_be_hidden()
    shown = page.locator("#tricks-mao option").evaluate_all(
        "options => options.map(o => getComputedStyle(o).display !== 'none')"
    )
    assert shown == [True] * 2 + [False] * 4
    # Two cards: the first seat's, then the second's; the picker stays on the last seat.
    tap(picker, "A", "♠", "7", "♥")
    expect(seats[0]).to_have_value("A♠")
    expect(seats[1]).to_have_value("7♥")
    expect(toggles[1]).to_have_attribute("aria-pressed", "true")
    tap(picker, "3", "♣")
    expect(seats[1]).to_have_value("3♣")
    expect(seats[2]).to_have_value("")
    assert_fits_the_phone(page)

    page.click("text=Julgar")
    verdict = page.locator('.trick-verdict[data-trick="1"]')
    expect(verdict.locator("ol.plays li")).to_have_count(2)


def test_the_trick_referee_asks_which_trick_a_truco_was_accepted_in_under_the_house_rule(phone):
    """Under the house rule that the trick after an accepted truco decides the hand, the
    page asks in which trick it was accepted (and only then), and judges by it."""
    page = phone()
    page.goto("/truco/referee/")
    accepted_in = page.locator("select[name=truco_accepted_in]")
    expect(accepted_in).to_be_hidden()
    page.check("input[name=accepted_truco_trick_decides]")
    expect(accepted_in).to_be_visible()
    accepted_in.select_option("2")
    page.select_option("#tricks-variant", "seed")
    for trick, played in ((1, "3♥ R♦ 5♠ 4♦"), (2, "5♥ 2♦ 6♠ 4♠")):
        for seat, card in enumerate(played.split()):
            page.fill(f"#tricks-t{trick}c{seat}", card)
    assert_fits_the_phone(page)
    page.click("text=Julgar")
    expect(page.locator('a[href$="#truco.hand.accepted-trick-decides"]').first).to_be_visible()
