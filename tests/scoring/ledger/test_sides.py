"""The kit's hand entered side by side (``scoring.kit.sides``), as every game on it
uses it: Samba's sides and Canastra's pairs, each with its own worked example."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.utils import translation

from tests.scoring.games.canastra import test_hand_entry as canastra_hands
from tests.scoring.games.samba import test_hand_entry as samba_hands

GAMES = [pytest.param(samba_hands, id="samba"), pytest.param(canastra_hands, id="canastra")]


@pytest.mark.parametrize("hands", GAMES)
def test_a_new_form_starts_in_the_mode_of_the_last_hand(hands):
    assert hands.game.hand_form(hands.MATCH)["mode"].value() == "quick"
    later = replace(hands.MATCH, hands_played=1, state={"mode": "cards"})
    assert hands.game.hand_form(later)["mode"].value() == "cards"


@pytest.mark.parametrize("hands", GAMES)
def test_an_unreadable_card_is_an_error_on_its_field_naming_it(hands):
    unreadable = {"s1-melds": "10H 10S ZZ", "s1-hand": "Q"}
    with translation.override("en"):
        form = hands.game.hand_form(hands.MATCH, hands.PAGE_CARDS_POST | unreadable)
        assert not form.is_valid()
        assert "“ZZ” is not a card" in form.errors["s1-melds"][0]
        assert form.errors["s1-melds"][0].startswith("Meld 1:")
        assert "“Q” is not a card" in form.errors["s1-hand"][0]


@pytest.mark.parametrize("hands", GAMES)
def test_portuguese_letters_read_back_as_the_same_cards(hands):
    with translation.override("en"):
        in_english = hands.entry_of(hands.PAGE_CARDS_POST)
    with translation.override("pt-br"):
        assert hands.entry_of(hands.PAGE_CARDS_IN_PORTUGUESE) == in_english
