"""Card notation, decks and deck limits, shared by every game, the API and the UI.

Canonical form is rank then suit: ``10H``, ``QS``, ``AD``; the joker is ``JK``. Typed
letters follow the reader's language, because the same letter means different suits: a
Brazilian writes 7 de copas (7♥) as ``7C``, which in English letters is 7♣. So every
parse names its *notation* (``NOTATIONS``):

- ``en`` (the default, and the API's): ranks A 2–10 J Q K (T for 10), suits S H D C;
- ``pt``: ranks A 2–10 V D R (valete, dama, rei; J Q K are read too, they collide with
  nothing), suits P C E O (paus ♣, copas ♥, espadas ♠, ouros ♦) and no other letters;
- ``pl``: ranks A 2–10 W D K (walet, dama, król; J and Q too), suits as English letters,
  since the Polish suit names (trefl, karo, kier, pik) share initials with ranks.

In every notation the suit symbols ♠ ♥ ♦ ♣ (with or without the emoji selector), lower
case, ``T`` for ten and the jokers ``JK``, ``*`` and ``🃏`` are read. Nothing is guessed:
a token that does not read as exactly one card is an error naming it and the notation.

A page may also read a second, *fallback* notation (``parse_cards(..., fallback="en")``:
a player on a Portuguese page who types the English letters they learnt the game with).
The ruling, letter by letter:

- A token is a rank then one suit character, so the last character is always read as a
  suit and the rest as a rank: ``DD`` on a Portuguese page is the dama (rank D) of
  diamonds (suit D, English), never two ranks.
- A letter is read in the fallback notation only where the page's own notation has no
  such letter in that place: on a Portuguese page S, H and D (suits no Portuguese
  letter names) are ♠, ♥ and ♦; J, Q and K were read already.
- A letter that both notations read, as different cards, is *ambiguous* and is asked
  about, never guessed: C is copas (♥) in Portuguese and clubs (♣) in English, so ``7C``
  on a Portuguese page is the violation ``cards.ambiguous`` offering 7♥ and 7♣. Not even
  the other cards of the entry decide it: a player may well mix the two notations.
- The API and the engines name one notation and no fallback: a token there means one
  card or none, as before.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from referee.rulings import RuleError, Violation

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER_RANK = "JK"

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})

NOTATIONS: tuple[str, ...] = ("en", "pt", "pl")
DEFAULT_NOTATION = "en"

# The ranks written the same in every notation: A, 2–10, and T for ten.
_PLAIN_RANKS = {rank: rank for rank in RANKS if rank not in ("J", "Q", "K")} | {"T": "10"}
# The letters each notation reads for the court cards. The first letter given for a rank
# is the one shown (``format_card``); the others are read too.
_COURT_LETTERS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "en": {"J": "J", "Q": "Q", "K": "K"},
        "pt": {"V": "J", "D": "Q", "R": "K", "J": "J", "Q": "Q", "K": "K"},
        "pl": {"W": "J", "D": "Q", "K": "K", "J": "J", "Q": "Q"},
    }
)
# Suit letters by notation. Portuguese takes only its own: "7C" is 7 de copas (7♥).
_SUIT_LETTERS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "en": {"S": "S", "H": "H", "D": "D", "C": "C"},
        "pt": {"P": "C", "C": "H", "E": "S", "O": "D"},
        "pl": {"S": "S", "H": "H", "D": "D", "C": "C"},
    }
)
_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_JOKER_TOKENS = frozenset({"JK", "*", "🃏"})


def _shown(letters: Mapping[str, str]) -> dict[str, str]:
    """Canonical → the letter a notation shows: the first one listed for it."""
    shown: dict[str, str] = {}
    for letter, canonical in letters.items():
        shown.setdefault(canonical, letter)
    return shown


_SHOWN_RANKS = {notation: _shown(_COURT_LETTERS[notation]) for notation in NOTATIONS}
_SHOWN_SUITS = {notation: _shown(_SUIT_LETTERS[notation]) for notation in NOTATIONS}
_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. The joker has rank ``JK`` and no suit."""

    rank: str
    suit: str | None = None

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit is not None:
                raise ValueError("the joker has no suit")
        elif self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"no such card: {self.rank!r} {self.suit!r}")

    def __str__(self) -> str:
        return self.rank + (self.suit or "")

    @property
    def code(self) -> str:
        return str(self)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def is_black(self) -> bool:
        return self.suit is not None and self.suit not in RED_SUITS

    @property
    def rank_index(self) -> int:
        """Position in A 2 … K (A is 1); the joker is 0."""
        return 0 if self.is_joker else RANKS.index(self.rank) + 1


JOKER = Card(JOKER_RANK)


class CardError(RuleError):
    """One or more tokens that cannot be read as cards."""

    @property
    def tokens(self) -> list[str]:
        return [v.params["token"] for v in self.violations]


def notation_for(language: str | None) -> str:
    """The notation a reader of ``language`` (``pt-br``, ``pl``, ``en-gb`` …) types in;
    English for any language without letters of its own."""
    code = (language or "").replace("_", "-").split("-", 1)[0].lower()
    return code if code in NOTATIONS else DEFAULT_NOTATION


def _check_notation(notation: str) -> None:
    # The notation is the caller's choice of reader, not something a player typed: an
    # unknown one is a programming error, not a violation.
    if notation not in NOTATIONS:
        raise ValueError(f"unknown card notation {notation!r}; one of {NOTATIONS}")


def unreadable(
    token: str, notation: str = DEFAULT_NOTATION, fallback: str | None = None
) -> Violation:
    """A token that reads as no card; ``fallback`` named only when one was read too."""
    params = {"token": token, "notation": notation}
    if fallback is not None:
        params["fallback"] = fallback
    return Violation("cards.unreadable", params)


def ambiguous(token: str, notation: str, fallback: str, read: Card, other: Card) -> Violation:
    """A token that is ``read`` in the page's notation and ``other`` in the fallback one."""
    return Violation(
        "cards.ambiguous",
        {
            "token": token,
            "notation": notation,
            "fallback": fallback,
            "card": str(read),
            "other": str(other),
        },
    )


def _read(head: str, tail: str, notation: str) -> tuple[str | None, str | None]:
    """The rank and the suit ``head`` and ``tail`` name in ``notation`` (None: no such)."""
    rank = _PLAIN_RANKS.get(head) or _COURT_LETTERS[notation].get(head)
    suit = _SYMBOL_SUITS.get(tail) or _SUIT_LETTERS[notation].get(tail)
    return rank, suit


def parse_card(
    token: str, notation: str = DEFAULT_NOTATION, *, fallback: str | None = None
) -> Card:
    """Read one card as written in ``notation`` (see ``NOTATIONS``), or raise
    ``CardError`` naming the token and the notation. ``fallback``: a second notation
    whose letters are read where ``notation`` has none; a token both read, as different
    cards, raises ``cards.ambiguous`` (the module's docstring gives the ruling)."""
    _check_notation(notation)
    if fallback is not None:
        _check_notation(fallback)
    if not isinstance(token, str):
        raise CardError(unreadable(repr(token), notation))
    # U+FE0F asks for the emoji presentation of ♥ and friends; it carries no meaning here.
    text = token.strip().replace("\ufe0f", "").upper()
    if text in _JOKER_TOKENS:
        return JOKER
    head, tail = text[:-1], text[-1:]
    rank, suit = _read(head, tail, notation)
    other_rank, other_suit = _read(head, tail, fallback) if fallback else (None, None)
    if (rank or other_rank) is None or (suit or other_suit) is None:
        raise CardError(unreadable(token, notation, fallback))
    card = Card(rank or other_rank, suit or other_suit)  # type: ignore[arg-type]
    if fallback and other_rank and other_suit and Card(other_rank, other_suit) != card:
        raise CardError(ambiguous(token, notation, fallback, card, Card(other_rank, other_suit)))
    return card


def split_tokens(text: str) -> list[str]:
    return [token for token in _SEPARATORS.split(text) if token]


def parse_cards(
    cards: str | Iterable[str], notation: str = DEFAULT_NOTATION, *, fallback: str | None = None
) -> list[Card]:
    """Read many cards (a list of tokens, or one string separated by spaces or commas)
    written in ``notation`` (and ``fallback``, as ``parse_card``). Every unreadable or
    ambiguous token is reported at once, in order."""
    _check_notation(notation)
    tokens = split_tokens(cards) if isinstance(cards, str) else list(cards)
    parsed: list[Card] = []
    bad: list[Violation] = []
    for token in tokens:
        try:
            parsed.append(parse_card(token, notation, fallback=fallback))
        except CardError as error:
            bad.extend(error.violations)
    if bad:
        raise CardError(bad)
    return parsed


def format_card(card: Card, language: str = "en", *, symbols: bool = True) -> str:
    """How a reader of ``language`` (or a notation) sees the card: local rank letters and
    suit symbols; with ``symbols=False`` the suit letters of that notation instead, so
    that what is shown reads back as the same card in that notation."""
    if card.is_joker:
        return "🃏" if symbols else JOKER_RANK
    notation = notation_for(language)
    suit = SUIT_SYMBOLS[card.suit] if symbols else _SHOWN_SUITS[notation][card.suit]
    return format_rank(card.rank, notation) + suit


def format_rank(rank: str, language: str = "en") -> str:
    """How a reader of ``language`` (or a notation) writes a rank: R for the king in
    Portuguese, W for the jack in Polish."""
    return _SHOWN_RANKS[notation_for(language)].get(rank, rank)


def format_cards(cards: Iterable[Card], language: str = "en", *, symbols: bool = True) -> str:
    return " ".join(format_card(card, language, symbols=symbols) for card in cards)


@dataclass(frozen=True)
class Deck:
    """What a game plays with: ``copies`` of each listed rank in every suit, plus jokers."""

    name: str
    copies: int
    jokers: int = 0
    ranks: tuple[str, ...] = RANKS

    @cached_property
    def limits(self) -> dict[Card, int]:
        limits = {Card(rank, suit): self.copies for rank in self.ranks for suit in SUITS}
        if self.jokers:
            limits[JOKER] = self.jokers
        return limits

    def __len__(self) -> int:
        return sum(self.limits.values())

    def holds(self, card: Card) -> int:
        """How many of this card the deck has (0 if it lacks it)."""
        return self.limits.get(card, 0)

    def cards(self) -> list[Card]:
        return [card for card, count in self.limits.items() for _ in range(count)]

    def violations(self, cards: Iterable[Card]) -> list[Violation]:
        """Every card the deck lacks, or that is used more often than the deck holds.

        Pass everything entered for one hand (all melds of all sides and the cards in
        hand): a limit applies across the whole entry, not within one meld.
        """
        found: list[Violation] = []
        for card, count in sorted(Counter(cards).items()):
            limit = self.holds(card)
            if limit == 0:
                found.append(
                    Violation("cards.deck.not-in-deck", {"card": str(card), "deck": self.name})
                )
            elif count > limit:
                found.append(
                    Violation(
                        "cards.deck.too-many",
                        {"card": str(card), "count": count, "limit": limit, "deck": self.name},
                    )
                )
        return found

    def check(self, cards: Iterable[Card]) -> None:
        found = self.violations(cards)
        if found:
            raise RuleError(found)


DECKS: dict[str, Deck] = {
    "samba": Deck("samba", copies=3, jokers=6),
    "canastra": Deck("canastra", copies=2, jokers=4),
    "pifpaf": Deck("pifpaf", copies=2),
    "pinkerton": Deck("pinkerton", copies=2),
    "truco": Deck("truco", copies=1, ranks=("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")),
}
