"""Card notation, decks and deck limits, shared by every game, the API and the UI.

Canonical form is rank then suit: ``10H``, ``QS``, ``AD``; the joker is ``JK``. Parsing
also takes suit symbols (``Q♠``), lower case, ``T`` for ten, the jokers ``*`` and ``🃏``,
and the local rank letters that cannot be mistaken for anything else: Portuguese ``R``
(rei), ``D`` (dama), ``V`` (valete) and Polish ``D`` (dama), ``W`` (walet). Nothing is
guessed: a token that does not read as exactly one card is an error naming it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from referee.rulings import RuleError, Violation

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER_RANK = "JK"

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})

_RANK_ALIASES = {rank: rank for rank in RANKS} | {
    "T": "10",
    "R": "K",  # rei
    "D": "Q",  # dama (pt) / dama (pl)
    "V": "J",  # valete
    "W": "J",  # walet
}
_SUIT_ALIASES = {suit: suit for suit in SUITS} | {sym: suit for suit, sym in SUIT_SYMBOLS.items()}
_JOKER_TOKENS = frozenset({"JK", "*", "🃏"})
# What the UI shows for a rank, by language; canonical letters everywhere else.
_LOCAL_RANKS = {
    "pt": {"K": "R", "Q": "D", "J": "V"},
    "pl": {"Q": "D", "J": "W"},
}
ACCEPTED = (
    "rank A 2-10 J Q K (or T for 10; R, D, V, W as rei, dama, valete, walet) "
    "followed by suit S H D C (or ♠ ♥ ♦ ♣); joker JK, * or 🃏"
)
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


def unreadable(token: str) -> Violation:
    return Violation("cards.unreadable", {"token": token, "accepted": ACCEPTED})


def parse_card(token: str) -> Card:
    """Read one card in any accepted spelling, or raise ``CardError`` naming the token."""
    if not isinstance(token, str):
        raise CardError(unreadable(repr(token)))
    # U+FE0F asks for the emoji presentation of ♥ and friends; it carries no meaning here.
    text = token.strip().replace("\ufe0f", "").upper()
    if text in _JOKER_TOKENS:
        return JOKER
    rank = _RANK_ALIASES.get(text[:-1])
    suit = _SUIT_ALIASES.get(text[-1:])
    if rank is None or suit is None:
        raise CardError(unreadable(token))
    return Card(rank, suit)


def split_tokens(text: str) -> list[str]:
    return [token for token in _SEPARATORS.split(text) if token]


def parse_cards(cards: str | Iterable[str]) -> list[Card]:
    """Read many cards (a list of tokens, or one string separated by spaces or commas).

    Every unreadable token is reported at once, in the order given.
    """
    tokens = split_tokens(cards) if isinstance(cards, str) else list(cards)
    parsed: list[Card] = []
    bad: list[Violation] = []
    for token in tokens:
        try:
            parsed.append(parse_card(token))
        except CardError as error:
            bad.extend(error.violations)
    if bad:
        raise CardError(bad)
    return parsed


def format_card(card: Card, language: str = "en", *, symbols: bool = True) -> str:
    """How a person reads the card: local rank letters, suit symbols."""
    if card.is_joker:
        return "🃏" if symbols else JOKER_RANK
    rank = _LOCAL_RANKS.get(language[:2].lower(), {}).get(card.rank, card.rank)
    return rank + (SUIT_SYMBOLS[card.suit] if symbols else card.suit)


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
