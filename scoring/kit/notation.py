"""Cards in the reader's letters: the bottom layer of the game kit.

The notation itself (parsing, local letters, decks) is ``referee.cards``; this ties it to
the active language. A Brazilian types 7 de copas as ``7C``; an English reader means 7♣
by that, so what a typed letter means follows the page's language, and every answer
shows the cards as they were read, with suit symbols, so that a misreading is visible
at once. Everything else in the kit that reads or writes a card builds on this module,
which imports nothing of the kit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language

from referee.cards import Card, CardError, format_card, parse_card, parse_cards


def language() -> str:
    """The language cards are shown in: the active one, English outside a request."""
    return get_language() or "en"


def notation() -> str:
    """The letters a typed card is read in: Portuguese (V D R; P C E O) on pt-BR pages,
    Polish (W D K) on Polish ones, English otherwise."""
    return {"pt": "pt", "pl": "pl"}.get(language()[:2].lower(), "en")


def fallback() -> str | None:
    """The second notation a page reads, where its own has no such letter: English, which
    many learnt the games in (S H D on a Portuguese page; C, which is ♥ there and ♣ in
    English, is asked about — ``referee.cards`` gives the ruling). None on English pages."""
    return None if notation() == "en" else "en"


def parse_typed(text: str | Iterable[str]) -> list[Card]:
    """Cards as a player typed them on this page: the page's letters, the English ones
    where they are not ambiguous, and the symbols; CardError otherwise. The API names
    its one notation instead."""
    return parse_cards(text, notation=notation(), fallback=fallback())


def written(card: Card | str) -> str:
    """A card as the pages write it into a text field: the reader's rank letter and the
    suit symbol, which the reader's notation reads back as the same card (a rank letter
    is the language's: D♥ is the dama in Portuguese, no card in English); the joker as JK.
    A stored code that is not a card (old or hand-edited data) is written as it is."""
    if not isinstance(card, Card):
        try:
            card = parse_card(str(card))
        except CardError:
            return str(card)
    return "JK" if card.is_joker else format_card(card, language())


def written_cards(cards: Iterable[Card | str]) -> str:
    return " ".join(written(card) for card in cards)


def written_params(params: Mapping[str, Any], names: Iterable[str]) -> dict[str, Any]:
    """``params`` with the cards under ``names`` written as the reader writes them: the
    engine names cards by their codes ("QH", "5C QC"), a reader by her letters (D♥ on a
    Brazilian page). What is no card (a count, a name) stays as the engine wrote it."""
    out = dict(params)
    for name in names:
        if isinstance(out.get(name), str):
            out[name] = written_cards(out[name].split())
    return out


def shown(card: Card) -> str:
    """A card as a sentence of an answer shows it, as ``card_views`` draws it: the
    reader's rank letter and the suit's symbol, the joker as 🃏."""
    return format_card(card, language())


@dataclass(frozen=True)
class CardView:
    """A card as an answer shows it: the canonical code, the reader's text with its suit
    symbol (R♥ in Portuguese), and its colour."""

    code: str
    text: str
    red: bool


def card_views(cards: Iterable[Card]) -> list[CardView]:
    shown = language()
    return [CardView(str(card), format_card(card, shown), card.is_red) for card in cards]
