from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import (
    DECKS,
    JOKER,
    RANKS,
    SUITS,
    Card,
    CardError,
    format_card,
    parse_card,
    parse_cards,
)
from referee.rulings import RuleError

ALL_CARDS = [Card(rank, suit) for rank in RANKS for suit in SUITS] + [JOKER]


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("10h", "10H"),
        ("Q♠", "QS"),
        ("th", "10H"),
        ("T♦", "10D"),
        ("ad", "AD"),
        ("JK", "JK"),
        ("jk", "JK"),
        ("*", "JK"),
        ("🃏", "JK"),
        ("R♣", "KC"),  # rei
        ("DH", "QH"),  # dama (pt and pl)
        ("dd", "QD"),
        ("V♥", "JH"),  # valete
        ("WS", "JS"),  # walet
        ("A♥\ufe0f", "AH"),  # emoji presentation selector
        (" 7c ", "7C"),
    ],
)
def test_it_reads_every_accepted_spelling(token, canonical):
    assert str(parse_card(token)) == canonical


@pytest.mark.parametrize("token", ["", "1S", "11H", "QX", "Q", "H", "JKS", "10", "joker", "AA"])
def test_it_refuses_an_unreadable_token_naming_it(token):
    with pytest.raises(CardError) as caught:
        parse_card(token)
    (violation,) = caught.value.violations
    assert violation.rule == "cards.unreadable"
    assert violation.params["token"] == token
    assert "S H D C" in violation.params["accepted"]


def test_it_reports_every_bad_token_of_an_entry_at_once():
    with pytest.raises(CardError) as caught:
        parse_cards(["10h", "zz", "QS", "1S"])
    assert caught.value.tokens == ["zz", "1S"]


def test_it_splits_a_typed_line_on_spaces_and_commas():
    assert [str(c) for c in parse_cards("10h, q♠ jk;AD")] == ["10H", "QS", "JK", "AD"]


def test_it_shows_local_rank_letters_in_the_users_language():
    assert format_card(Card("K", "S"), "pt-br") == "R♠"
    assert format_card(Card("J", "H"), "pt-br") == "V♥"
    assert format_card(Card("J", "H"), "pl") == "W♥"
    assert format_card(Card("Q", "D"), "pl") == "D♦"
    assert format_card(Card("Q", "D"), "en") == "Q♦"
    assert format_card(JOKER, "en", symbols=False) == "JK"


@pytest.mark.parametrize(
    ("deck", "size"),
    [("samba", 162), ("canastra", 108), ("pifpaf", 104), ("pinkerton", 104), ("truco", 40)],
)
def test_each_game_has_its_deck(deck, size):
    assert len(DECKS[deck]) == size
    assert len(DECKS[deck].cards()) == size


def test_the_truco_deck_has_no_eights_nines_tens_or_jokers():
    truco = DECKS["truco"]
    assert truco.holds(Card("8", "H")) == 0
    assert truco.holds(Card("10", "S")) == 0
    assert truco.holds(JOKER) == 0
    assert truco.holds(Card("7", "D")) == 1


def test_the_deck_limit_counts_across_a_whole_entry():
    # Three melds of one hand, each legal alone: together they use 4H four times.
    melds = [parse_cards("4H 4S 4D"), parse_cards("4H 4C 4H"), parse_cards("4H 5H 6H")]
    entry = [card for meld in melds for card in meld]
    (violation,) = DECKS["samba"].violations(entry)
    assert violation.rule == "cards.deck.too-many"
    assert violation.params == {"card": "4H", "count": 4, "limit": 3, "deck": "samba"}
    with pytest.raises(RuleError):
        DECKS["samba"].check(entry)


def test_a_card_the_deck_lacks_is_refused():
    (violation,) = DECKS["pifpaf"].violations([JOKER])
    assert violation.rule == "cards.deck.not-in-deck"
    assert DECKS["samba"].violations(parse_cards("JK JK JK JK JK JK")) == []
    assert DECKS["samba"].violations(parse_cards("JK JK JK JK JK JK JK"))[0].params["limit"] == 6


@given(st.sampled_from(ALL_CARDS))
def test_format_then_parse_gives_back_every_card(card):
    assert parse_card(str(card)) == card
    for language in ("en", "pt-br", "pl"):
        assert parse_card(format_card(card, language)) == card
        assert parse_card(format_card(card, language, symbols=False)) == card


@given(st.text())
def test_parsing_arbitrary_text_raises_nothing_but_card_error(text):
    try:
        cards = parse_cards(text)
    except CardError:
        return
    assert all(isinstance(card, Card) for card in cards)


@given(st.lists(st.text(max_size=4), max_size=6))
def test_parsing_arbitrary_tokens_raises_nothing_but_card_error(tokens):
    try:
        parse_cards(tokens)
    except CardError as error:
        assert error.tokens
