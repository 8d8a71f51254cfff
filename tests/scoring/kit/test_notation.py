"""The kit's one card writer: the cards an engine names by their codes, written in the
reader's letters wherever a page words them."""

from __future__ import annotations

from django.utils import translation

from referee.cards import parse_card
from scoring.kit.notation import shown, written_params


def test_it_writes_the_named_params_in_the_readers_letters():
    params = {"card": "QH", "onto": "KH", "pile": 2, "dog": "JC", "player": "Ana"}
    with translation.override("pt-br"):
        written = written_params(params, ("card", "onto", "dog", "pile", "player"))
    assert written == {"card": "D♥", "onto": "R♥", "pile": 2, "dog": "V♣", "player": "Ana"}
    assert params["card"] == "QH"  # the engine's own params are left as they were


def test_it_writes_each_card_of_a_param_naming_several():
    with translation.override("pl"):
        assert written_params({"leftover": "5C QC JK"}, ["leftover"]) == {"leftover": "5♣ D♣ JK"}


def test_a_param_it_is_not_asked_to_write_stays_a_code():
    with translation.override("pt-br"):
        assert written_params({"card": "QH", "top": "KH"}, ["top"]) == {"card": "QH", "top": "R♥"}


def test_an_answer_shows_the_joker_as_its_symbol():
    with translation.override("en"):
        assert (shown(parse_card("JK")), shown(parse_card("10D"))) == ("🃏", "10♦")
