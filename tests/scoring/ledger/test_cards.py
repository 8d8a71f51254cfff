"""The card notation on the Django side: one field, one language, one picker for every
game."""

from __future__ import annotations

import re

import pytest
from django import forms
from django.utils import translation

from referee.cards import DECKS, RANKS, Card, parse_cards
from scoring.games.paciencia.forms import DeckForm
from scoring.kit.cardfields import (
    CardsField,
    MeldCheck,
    RankKey,
    SuitKey,
    fit_pickers,
    meld_lines,
    picker_ranks,
    picker_suits,
    read_cards,
)
from scoring.kit.notation import language
from tests.conftest import make_match


def test_cards_are_written_in_the_active_language_and_english_outside_a_request():
    with translation.override("pt-br"):
        assert language() == "pt-br"
    with translation.override(None):
        assert language() == "en"


def test_the_field_reads_every_accepted_spelling_of_the_readers_language():
    with translation.override("en"):
        assert CardsField().clean("KH, k♠ 10d *") == parse_cards("KH KS 10D JK")
        assert CardsField(required=False).clean("") == []
    with translation.override("pt-br"):
        assert CardsField().clean("R♥, r♠ 10o *") == parse_cards("KH KS 10D JK")


@pytest.mark.parametrize(
    ("language_code", "typed", "meant"),
    [
        ("en", "7C", "7C"),  # seven of clubs
        ("pt-br", "DO VP RE A♥", "QD JC KS AH"),  # dama de ouros, valete de paus …
        ("pt-br", "KH 7S DD", "KH 7S QD"),  # English suit letters no Portuguese one takes
        ("pt-br", "7♥", "7H"),
        ("pl", "DD W♣ 10S", "QD JC 10S"),
    ],
)
def test_a_typed_letter_means_what_it_means_in_the_readers_language(language_code, typed, meant):
    with translation.override(language_code):
        assert read_cards(typed) == parse_cards(meant)


def test_a_portuguese_page_asks_whether_c_is_copas_or_clubs():
    with translation.override("pt-br"), pytest.raises(forms.ValidationError) as caught:
        read_cards("7C 5E")
    (message,) = caught.value.messages
    assert "7♥" in message and "7♣" in message and "7C" in message


def test_the_help_puts_each_letter_beside_its_own_suit():
    # "P, C, E, O (ou ♠ ♥ ♦ ♣)" paired E with ♦ and P with ♠ by position
    for language_code in ("en", "pt-br", "pl"):
        with translation.override(language_code), pytest.raises(forms.ValidationError) as e:
            read_cards("ZZ")
        (message,) = e.value.messages
        pairs = re.findall(r"\b([A-Z]) ([♠♥♦♣])", message)
        assert len(pairs) >= 4, message
        for letter, symbol in pairs:
            with translation.override(language_code):
                assert read_cards(f"7{letter}") == read_cards(f"7{symbol}"), (letter, message)
        if language_code == "pt-br":
            # wholly Portuguese, and C named with both its meanings
            assert " then " not in message and "C" in message


def test_the_field_names_every_token_that_is_not_a_card_in_the_users_language():
    with translation.override("en"), pytest.raises(forms.ValidationError) as caught:
        CardsField().clean("AH ZZ Q 2S")
    # one sentence for every unreadable token, not the same advice once per card
    (message,) = caught.value.messages
    assert message.startswith("“ZZ”, “Q” are not cards.")
    with translation.override("pt-br"), pytest.raises(forms.ValidationError) as caught:
        read_cards("ZZ")
    assert "ZZ" in caught.value.messages[0]
    assert "is not a card" not in caught.value.messages[0]


def test_the_field_asks_the_phone_for_capitals_and_no_corrections():
    attrs = CardsField().widget.attrs
    wanted = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
    assert wanted.items() <= attrs.items()


class CardsQuestion(forms.Form):
    cards = CardsField()


def test_the_field_draws_the_one_picker_under_it():
    with translation.override("pt-br"):
        html = str(CardsQuestion()["cards"])
    assert "data-picker" in html and 'data-rank="R"' in html and 'data-suit="♥"' in html


def test_the_picker_shows_the_readers_rank_letters():
    with translation.override("pt-br"):
        ranks = picker_ranks()
    assert [key.rank for key in ranks] == list(RANKS)
    assert ranks[-3:] == [RankKey("J", "V"), RankKey("Q", "D"), RankKey("K", "R")]
    assert ranks[9] == RankKey("10", "10")
    with translation.override("en"):
        assert [key.label for key in picker_ranks()][-3:] == ["J", "Q", "K"]
    with translation.override("pl"):
        assert [key.label for key in picker_ranks()][-3:] == ["W", "D", "K"]


def test_what_the_picker_types_reads_back_as_the_same_rank():
    for code in ("pt-br", "en", "pl"):
        with translation.override(code):
            for key in picker_ranks():
                assert read_cards(key.label + "♥") == [Card(key.rank, "H")]


def test_the_picker_suits_are_in_order_with_the_red_ones_marked():
    assert picker_suits() == [
        SuitKey("S", "♠", False),
        SuitKey("H", "♥", True),
        SuitKey("D", "♦", True),
        SuitKey("C", "♣", False),
    ]


def test_a_meld_line_carries_the_rule_of_its_kind_and_an_unreadable_line_none():
    def check(cards: list[Card]) -> MeldCheck:
        return MeldCheck(valid=True, rule="samba.kind.group", points=30, seven=False)

    with translation.override("en"):
        group, unreadable = meld_lines("KH KS KD\nKH ZZ", check)
    assert (group.rule, group.valid, group.points) == ("samba.kind.group", True, 30)
    assert (unreadable.rule, unreadable.valid) == (None, False)


# --- the picker offers the deck in play ---------------------------------------------------


def rank_keys(html: str) -> list[str]:
    return re.findall(r'data-rank="([^"]+)"', html)


def test_the_picker_offers_only_the_ranks_the_deck_holds():
    with translation.override("en"):
        assert [key.label for key in picker_ranks(DECKS["truco"])] == [
            "A",
            "2",
            "3",
            "4",
            "5",
            "6",
            "7",
            "J",
            "Q",
            "K",
        ]
        assert [key.rank for key in picker_ranks(DECKS["samba"])] == list(RANKS)
        assert [key.rank for key in picker_ranks()] == list(RANKS)


@pytest.mark.parametrize(
    ("game", "ranks", "joker"),
    [
        ("samba", 13, True),  # three decks and six jokers
        ("canastra", 13, True),  # two decks and four jokers
        ("truco", 10, False),  # no 8, 9 or 10, no jokers
        ("pifpaf", 13, False),
        ("pinkerton", 13, False),
    ],
)
def test_each_games_referee_page_offers_the_cards_of_its_own_deck(client, game, ranks, joker):
    html = client.get(f"/{game}/referee/").content.decode()
    pickers = html.count("data-picker ")
    assert pickers, "the referee page takes cards"
    assert len(rank_keys(html)) == ranks * pickers
    assert html.count('data-card="JK"') == (pickers if joker else 0)


@pytest.mark.parametrize(
    ("game", "sides", "field", "joker"),
    [
        ("pifpaf", (("ana",), ("bia",), ("caio",)), "cards", False),
        ("pinkerton", (("ana",), ("bia",), ("caio",)), "cards", False),
    ],
)
@pytest.mark.django_db
def test_a_hand_forms_picker_offers_its_games_deck(game, sides, field, joker):
    match = make_match(game, sides)
    html = str(match.rules.hand_form(match.view())[field])
    assert "data-picker " in html and len(rank_keys(html)) == 13
    assert ('data-card="JK"' in html) is joker


@pytest.mark.django_db
def test_a_hand_drawn_again_after_a_step_keeps_its_games_deck():
    match = make_match("pifpaf", (("ana",), ("bia",), ("caio",)))
    form = match.rules.hand_form(match.view(), {"step": "dealer:1", "draft_json": "{}"})
    again = form.redrawn(form.step())
    assert again.deck is match.rules.deck
    assert 'data-card="JK"' not in str(again["cards"])


def test_a_field_that_names_its_deck_keeps_it():
    form = DeckForm()
    fit_pickers(form.fields.values(), DECKS["samba"])
    assert 'data-card="JK"' not in str(form["cards"])
