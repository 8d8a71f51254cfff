from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import (
    DECKS,
    JOKER,
    NOTATIONS,
    RANKS,
    SUITS,
    Card,
    CardError,
    format_card,
    notation_for,
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
        ("A♥\ufe0f", "AH"),  # emoji presentation selector
        (" 7c ", "7C"),
        ("K♣", "KC"),
    ],
)
def test_it_reads_every_english_spelling(token, canonical):
    assert str(parse_card(token)) == canonical


@pytest.mark.parametrize(
    ("notation", "token", "canonical"),
    [
        ("pt", "7C", "7H"),  # 7 de copas
        ("pt", "7c", "7H"),
        ("pt", "RP", "KC"),  # rei de paus
        ("pt", "DO", "QD"),  # dama de ouros
        ("pt", "VE", "JS"),  # valete de espadas
        ("pt", "AE", "AS"),
        ("pt", "10O", "10D"),
        ("pt", "TC", "10H"),
        ("pt", "KC", "KH"),  # J, Q, K collide with nothing in Portuguese
        ("pt", "QP", "QC"),
        ("pt", "JO", "JD"),
        ("pt", "R♣", "KC"),  # symbols in every notation
        ("pt", "D♥\ufe0f", "QH"),
        ("pt", "JK", "JK"),
        ("pt", "*", "JK"),
        ("pt", "🃏", "JK"),
        ("pl", "WS", "JS"),  # walet
        ("pl", "DH", "QH"),  # dama
        ("pl", "dd", "QD"),
        ("pl", "KC", "KC"),  # król
        ("pl", "JD", "JD"),
        ("pl", "QS", "QS"),
        ("pl", "W♥", "JH"),
        ("pl", "10♣", "10C"),
        ("pl", "JK", "JK"),
    ],
)
def test_it_reads_portuguese_and_polish_letters(notation, token, canonical):
    assert str(parse_card(token, notation)) == canonical


@pytest.mark.parametrize(
    ("notation", "token"),
    [
        ("en", "RC"),  # rei is not English
        ("en", "DH"),  # dama is not English
        ("en", "VH"),
        ("en", "WS"),
        ("en", "7P"),  # paus is not an English suit
        ("pt", "7S"),  # English suit letters are not Portuguese
        ("pt", "7H"),
        ("pt", "7D"),
        ("pt", "WE"),  # walet is not Portuguese
        ("pl", "VH"),  # valete is not Polish
        ("pl", "RH"),
        ("pl", "7P"),
    ],
)
def test_each_notation_refuses_the_others_letters(notation, token):
    with pytest.raises(CardError) as caught:
        parse_card(token, notation)
    assert caught.value.violations[0].params == {"token": token, "notation": notation}


def test_the_same_letters_are_different_cards_in_english_and_portuguese():
    assert parse_cards("7C", "en") == [Card("7", "C")]
    assert parse_cards("7C", "pt") == [Card("7", "H")]


@pytest.mark.parametrize("notation", NOTATIONS)
@pytest.mark.parametrize("token", ["", "1S", "11H", "QX", "Q", "H", "JKS", "10", "joker", "AA"])
def test_it_refuses_an_unreadable_token_naming_it_and_the_notation(token, notation):
    with pytest.raises(CardError) as caught:
        parse_card(token, notation)
    (violation,) = caught.value.violations
    assert violation.rule == "cards.unreadable"
    assert violation.params == {"token": token, "notation": notation}


def test_an_unknown_notation_is_a_programming_error():
    with pytest.raises(ValueError, match="notation"):
        parse_card("7C", "fr")
    with pytest.raises(ValueError, match="notation"):
        parse_cards("7C", "fr")


@pytest.mark.parametrize(
    ("language", "notation"),
    [
        ("pt-br", "pt"),
        ("pt_BR", "pt"),
        ("pt", "pt"),
        ("pl", "pl"),
        ("en-gb", "en"),
        ("de", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_a_language_reads_cards_in_its_notation(language, notation):
    assert notation_for(language) == notation


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


def test_without_symbols_it_shows_the_notations_own_suit_letters():
    assert format_card(Card("7", "H"), "pt", symbols=False) == "7C"
    assert format_card(Card("K", "C"), "pt-br", symbols=False) == "RP"
    assert format_card(Card("Q", "D"), "pl", symbols=False) == "DD"
    assert format_card(Card("7", "C"), "en", symbols=False) == "7C"


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


@given(st.sampled_from(ALL_CARDS), st.sampled_from(NOTATIONS), st.booleans())
def test_format_then_parse_gives_back_every_card_in_every_notation(card, notation, symbols):
    shown = format_card(card, notation, symbols=symbols)
    assert parse_card(shown, notation) == card
    assert parse_card(shown.lower(), notation) == card
    assert parse_card(str(card)) == card


@given(st.text(), st.sampled_from(NOTATIONS))
def test_parsing_arbitrary_text_raises_nothing_but_card_error(text, notation):
    try:
        cards = parse_cards(text, notation)
    except CardError:
        return
    assert all(isinstance(card, Card) for card in cards)


@given(st.lists(st.text(max_size=4), max_size=6), st.sampled_from(NOTATIONS))
def test_parsing_arbitrary_tokens_raises_nothing_but_card_error(tokens, notation):
    try:
        parse_cards(tokens, notation)
    except CardError as error:
        assert error.tokens


# --- reading a second notation: English letters on a Portuguese page --------------------


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("7S", "7S"),
        ("7h", "7H"),
        ("10D", "10D"),
        ("KS", "KS"),
        ("RH", "KH"),
        ("DD", "QD"),
        ("VS", "JS"),
        ("7P", "7C"),
        ("7O", "7D"),
        ("7E", "7S"),
        ("7♣", "7C"),
    ],
)
def test_a_portuguese_page_reads_the_english_suit_letters_no_portuguese_letter_takes(
    token, canonical
):
    assert str(parse_card(token, "pt", fallback="en")) == canonical


@pytest.mark.parametrize(("token", "page", "other"), [("7C", "7H", "7C"), ("qc", "QH", "QC")])
def test_it_asks_about_a_letter_that_is_a_different_suit_in_each_notation(token, page, other):
    with pytest.raises(CardError) as caught:
        parse_cards([token], "pt", fallback="en")
    (violation,) = caught.value.violations
    assert violation.rule == "cards.ambiguous"
    assert violation.params == {
        "token": token,
        "notation": "pt",
        "fallback": "en",
        "card": page,
        "other": other,
    }
    assert caught.value.tokens == [token]


def test_without_a_fallback_a_page_reads_its_own_letters_only():
    assert parse_cards("7C", "pt") == [Card("7", "H")]
    with pytest.raises(CardError):
        parse_card("7S", "pt")


def test_the_other_cards_of_an_entry_do_not_decide_an_ambiguous_letter():
    with pytest.raises(CardError) as caught:
        parse_cards("7P 5E 7C", "pt", fallback="en")
    assert [v.rule for v in caught.value.violations] == ["cards.ambiguous"]


@given(st.sampled_from(ALL_CARDS), st.sampled_from(NOTATIONS))
def test_what_a_page_writes_reads_back_with_the_fallback_too(card, notation):
    # pages write the suit as a symbol (scoring.kit.notation.written), never as a letter
    assert parse_card(format_card(card, notation), notation, fallback="en") == card


@given(st.lists(st.text(max_size=4), max_size=6), st.sampled_from(NOTATIONS))
def test_reading_with_a_fallback_raises_nothing_but_card_error(tokens, notation):
    try:
        parse_cards(tokens, notation, fallback="en")
    except CardError as error:
        assert error.tokens
