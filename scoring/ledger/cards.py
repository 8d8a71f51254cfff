"""The card notation on the Django side, for every game: the language cards are written
in, a form field that reads cards, and the card picker's keys.

The notation itself (parsing, local rank letters, decks) is ``referee.cards``; this only
ties it to the active language and turns its refusals into form errors worded by the
rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import get_language

from referee.cards import RANKS, RED_SUITS, SUIT_SYMBOLS, SUITS, Card, format_card, parse_cards
from referee.rulings import RuleError
from scoring.ledger.rulebook import describe

# A text field cards are typed into: no autocorrection, capitals on a phone keyboard.
CARD_INPUT = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}


def language() -> str:
    """The language cards are shown in: the active one (R, D, V for K, Q, J in
    Portuguese), English outside a request."""
    return get_language() or "en"


def read_cards(text: str | None) -> list[Card]:
    """Cards typed or tapped into one field (separated by spaces or commas, any accepted
    spelling), or a ValidationError naming every token that is not a card."""
    try:
        return parse_cards(text or "")
    except RuleError as error:
        raise forms.ValidationError([describe(v) for v in error.violations]) from None


class CardsField(forms.CharField):
    """Card tokens, ``KH KS JK`` or ``R♥ 10♦``; cleans to a list of ``Card``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.TextInput(attrs=CARD_INPUT))
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[Card]:
        return read_cards(super().clean(value))


@dataclass(frozen=True)
class RankKey:
    """A rank button of the card picker: the canonical rank and what the button shows
    (and types), in the reader's letters."""

    rank: str
    label: str


@dataclass(frozen=True)
class SuitKey:
    suit: str
    symbol: str
    red: bool


def picker_ranks() -> list[RankKey]:
    """The picker's rank buttons, A to K, in the active language's letters."""
    shown = language()
    return [
        RankKey(rank, format_card(Card(rank, "S"), shown, symbols=False)[:-1]) for rank in RANKS
    ]


def picker_suits() -> list[SuitKey]:
    return [SuitKey(suit, SUIT_SYMBOLS[suit], suit in RED_SUITS) for suit in SUITS]
