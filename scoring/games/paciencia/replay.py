"""A patience replayed move by move, as the replay page draws it.

The engine plays the whole game (``referee.paciencia.play``, about a millisecond) and
gives the table after any number of moves (``layout_after``); this turns one such step
into what the page shows: the piles, packets, kennel, the dog's heap and the stock, the
card just moved marked where it came from and where it went, and the reason in the
reader's words with a link to its rule.

A deck typed in from a real table gets a stable address without being stored: its
*deck code* is the 104 cards, one letter each (``A``–``Z`` are ♠ then ♥ from the ace to
the king, ``a``–``z`` ♦ then ♣), so ``/paciencia/deck/<code>/`` always plays the same
deal.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _

from referee import paciencia
from referee.cards import RANKS, SUIT_SYMBOLS, SUITS, Card
from referee.paciencia import DOG, KENNEL, PACKET, PILE, PILE_SUITS, STOCK, TOP, Game, Move, Place
from referee.rulings import Violation
from scoring.kit.notation import CardView, card_views
from scoring.kit.rulebook import describe, label, rule_url

# --- the deck code ------------------------------------------------------------------------

ALPHABET = string.ascii_uppercase + string.ascii_lowercase  # 52 letters, one per card
_CARD_OF: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
_LETTER_OF: dict[Card, str] = dict(zip(_CARD_OF, ALPHABET, strict=True))
MAX_CODE = 2 * paciencia.DECK_SIZE  # a longer address is not worth reading


def deck_code(deck: Sequence[Card]) -> str:
    """The deck as one letter a card, in the order given. Every card of the two decks
    has a letter; a joker (never in this deck) has none: check the deck first."""
    return "".join(_LETTER_OF[card] for card in deck)


def deck_from_code(code: str) -> list[Card]:
    """The cards of a deck code; ValueError for a letter that is no card. Whether they
    are the two decks is the engine's to say (``play`` refuses them with the rule)."""
    if len(code) > MAX_CODE:
        raise ValueError("too long to be a deck code")
    try:
        return [_CARD_OF[ALPHABET.index(letter)] for letter in code]
    except ValueError:
        raise ValueError(f"{code!r} is not a deck code") from None


# --- games, played once per address -------------------------------------------------------


@lru_cache(maxsize=64)
def shuffle_game(number: int) -> Game:
    """Shuffle ``number`` played out; RuleError for a number that is not a shuffle."""
    return paciencia.play_shuffle(number)


@lru_cache(maxsize=64)
def deck_game(code: str) -> Game:
    """The deal of a deck code played out; ValueError for a code that is not one,
    RuleError for cards that are not the two decks."""
    return paciencia.play(deck_from_code(code))


# --- words --------------------------------------------------------------------------------


def said(violation: Violation) -> dict[str, Any]:
    """A rule cited for a move or an outcome: its words, title and link."""
    return {
        "rule": violation.rule,
        "message": describe(violation),
        "title": label(violation.rule),
        "url": rule_url(violation.rule),
    }


def place_text(place: Place, *, source: bool) -> str:
    """Where a card was taken from (``source``) or put, in a few words."""
    if place.kind == STOCK:
        if source:
            return _("the stock")
        return _("the stock for the next deal")
    if place.kind == PACKET:
        if place.end == TOP:
            return _("packet %(n)s") % {"n": place.n}
        return _("the bottom of packet %(n)s") % {"n": place.n}
    if place.kind == KENNEL:
        return _("the kennel, column %(column)s") % {"column": place.n}
    if place.kind == DOG:
        return _("the dog's heap")
    suit = SUIT_SYMBOLS[PILE_SUITS[place.n - 1]]
    return _("pile %(n)s (%(suit)s)") % {"n": place.n, "suit": suit}


# --- chapters: where each part of the game begins -----------------------------------------


@dataclass(frozen=True)
class Chapter:
    number: int  # the move it begins with (1 is the first move)
    label: str
    deal: int


def _phase(move: Move, dog_started: bool) -> str:
    rule = move.rule
    if rule == "paciencia.layout.king":
        return "kings"
    if rule.startswith("paciencia.deal."):
        return "deal"
    if rule == "paciencia.gather.stock":
        return "gather"
    if rule.startswith(("paciencia.dog.", "paciencia.run.")) or dog_started:
        return "dog"
    return "build"


def chapters(game: Game) -> list[Chapter]:
    """The kings, then for each deal: the deal, the first building, the dog's heap, the
    gathering. Building after a dog's card belongs to the dog's chapter."""
    found: list[Chapter] = []
    last = None
    dog_deal = 0
    for i, move in enumerate(game.moves, 1):
        if move.rule.startswith("paciencia.dog."):
            dog_deal = move.deal
        key = (_phase(move, dog_deal == move.deal), move.deal)
        if key == last:
            continue
        last = key
        phase, deal = key
        words = {
            "kings": _("The kings"),
            "deal": _("Deal %(deal)s: dealing"),
            "build": _("Deal %(deal)s: building"),
            "dog": _("Deal %(deal)s: the dog's heap"),
            "gather": _("Deal %(deal)s: gathered for the next"),
        }
        found.append(Chapter(i, words[phase] % {"deal": deal}, deal))
    return found


# --- one step of the replay ---------------------------------------------------------------


@dataclass(frozen=True)
class Heap:
    """A pile or a packet: its number, the card in view (None if empty), how many cards
    it holds and whether the move just made took a card from it or put one on it."""

    n: int
    label: str
    top: CardView | None
    count: int
    mark: str = ""
    # the card just put under the packet (by the dog, or passed over in its run), shown
    # since the top card alone would hide it
    under: CardView | None = None


@dataclass(frozen=True)
class Cell:
    card: CardView | None
    mark: str = ""


@dataclass(frozen=True)
class Step:
    """The table after ``number`` moves of ``total`` and the move that led to it."""

    number: int
    total: int
    deal: int
    piles: tuple[Heap, ...]
    packets: tuple[Heap, ...]
    kennel: tuple[tuple[Cell, ...], ...]
    dog: int
    dog_mark: str
    stock: int
    stock_mark: str
    move: dict[str, Any] | None
    chapter: Chapter | None
    chapters: tuple[Chapter, ...]

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 0 else None

    @property
    def following(self) -> int | None:
        return self.number + 1 if self.number < self.total else None

    @property
    def finished(self) -> bool:
        return self.number == self.total

    @property
    def packet_rows(self) -> tuple[tuple[Heap, ...], ...]:
        """Two rows, as on the table: 1–6, then the rest."""
        return self.packets[:6], self.packets[6:]


def _mark(kind: str, move: Move | None, **where: int) -> str:
    """'from', 'to' or '' for the spot ``kind`` at ``where`` (n, column, row)."""
    if move is None:
        return ""
    marks = []
    for name, spot in (("from", move.source), ("to", move.target)):
        if spot.kind != kind:
            continue
        if kind in (PACKET, PILE) and spot.n != where["n"]:
            continue
        if kind == KENNEL and (spot.n, spot.row) != (where["column"], where["row"]):
            continue
        marks.append(name)
    return " ".join(marks)


def step(game: Game, number: int) -> Step:
    """The replay after ``number`` moves (0: the deck, nothing laid out yet)."""
    number = max(0, min(number, len(game.moves)))
    layout = game.layout(number)
    move = game.moves[number - 1] if number else None

    def view(card: Card | None) -> CardView | None:
        return None if card is None else card_views([card])[0]

    piles = tuple(
        Heap(
            i,
            SUIT_SYMBOLS[PILE_SUITS[i - 1]],
            view(pile[-1] if pile else None),
            len(pile),
            _mark(PILE, move, n=i),
        )
        for i, pile in enumerate(layout.piles, 1)
    )
    under_at = (
        move.target.n if move and move.target.kind == PACKET and move.target.end != TOP else 0
    )
    packets = tuple(
        Heap(
            n,
            str(n),
            view(packet[-1] if packet else None),
            len(packet),
            _mark(PACKET, move, n=n),
            view(packet[0]) if n == under_at and packet else None,
        )
        for n, packet in enumerate(layout.packets[: layout.packet_count], 1)
    )
    kennel = tuple(
        tuple(
            Cell(view(card), _mark(KENNEL, move, column=column, row=row))
            for row, card in enumerate(cards, 1)
        )
        for column, cards in enumerate(layout.kennel, 1)
    )
    parts = chapters(game)
    current = next((c for c in reversed(parts) if c.number <= number), None)
    return Step(
        number=number,
        total=len(game.moves),
        deal=layout.deal,
        piles=piles,
        packets=packets,
        kennel=kennel,
        dog=len(layout.dog),
        dog_mark=_mark(DOG, move),
        stock=len(layout.stock),
        stock_mark=_mark(STOCK, move),
        move=_move_words(move) if move else None,
        chapter=current,
        chapters=tuple(parts),
    )


def _move_words(move: Move) -> dict[str, Any]:
    return {
        "card": card_views([move.card])[0],
        "source": place_text(move.source, source=True),
        "target": place_text(move.target, source=False),
        "why": said(Violation(move.rule, move.params)),
        "deal": move.deal,
    }


def outcome(game: Game) -> dict[str, Any]:
    """How the game ends, as a rule cited."""
    return said(game.outcome) | {"won": game.won}
