"""Paciência do Cachorro (the dog's patience): a two-deck patience with no decisions.

Once the cards are shuffled the outcome is fixed, so the engine plays the whole patience
out and records every card it moves, with the rule that moved it, for a replay.

The game's own words, used as names below:

- *pilhas* (piles): the eight kings laid in a row, each built down in its suit to the ace.
- *pacotes* (packets): the face-up heaps numbered by the count they were dealt at, 1–12
  in the first deal, 1–11 in the second, 1–10 in the third. Only a packet's top card
  (the last one put on it) is in view.
- *canil* (kennel): the columns of face-up cards dealt after each count, all in view.
- *monte do cachorro* (the dog's heap): the face-down heap of the cards whose rank equalled
  the count when they were dealt. Each of its cards, turned over, "fetches" cards from the
  packet of its number.
- *the stock*: the cards still to be dealt (the shuffled deck, then the gathered cards).

The seed leaves several points open; each is settled by a ``paciencia.ruling.*`` (see
``RULINGS``; the rulebook states them) and applied the same way every time.

What it offers: ``shuffle(n)`` and ``play(deck)`` → ``Game`` (won, deal, cards_left and
every ``Move``); ``replay`` / ``layout_after`` give the ``Layout`` at any step;
``outcome(n)`` plays without recording, for ``tally`` / ``estimate_odds`` (the odds, with
``wilson``'s interval); ``deck_violations`` checks a deck typed in from the table and
``record_violations`` a result entered from it.

Cards are handled inside as codes 0–51 (suit × 13 + rank − 1, suits in ``SUITS`` order)
because the odds play a hundred thousand shuffles; ``Card`` objects appear only in what
the engine returns.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from referee.cards import RANKS, SUITS, Card, Deck
from referee.rulings import RuleError, Violation

RULE_IDS: tuple[str, ...] = (
    # --- the deck ---
    "cards.deck.not-in-deck",  # (shared) two 52-card decks, no jokers
    "cards.deck.too-many",  # (shared) each card twice, no more
    "paciencia.deck.size",  # a deck typed in from the table has exactly 104 cards
    "paciencia.deck.missing",  # … and so every card twice
    "paciencia.shuffle.number",  # a shuffle number is a whole number from 0 to SHUFFLE_MAX
    # --- the moves: why each card moved ---
    "paciencia.layout.king",  # the eight kings are laid out as the piles
    "paciencia.deal.packet",  # dealt face up to the packet of the count
    "paciencia.deal.dog",  # its rank equals the count: face down to the dog's heap
    "paciencia.deal.kennel",  # after each count, a column of the kennel
    "paciencia.build.in-view",  # a card in view that fits goes to its pile
    "paciencia.dog.fits",  # the dog's card, turned, fits: it goes to its pile
    "paciencia.dog.under-packet",  # it does not: it goes under the packet of its number
    "paciencia.run.fits",  # running through that packet: a card that fits goes up
    "paciencia.run.passes",  # … one that does not goes from the top to the bottom
    "paciencia.run.dog-fits",  # the dog's card comes up again and now fits
    "paciencia.gather.stock",  # not out: packets and kennel gathered for the next deal
    # --- the outcome ---
    "paciencia.outcome.won",  # all 104 cards on the piles
    "paciencia.outcome.lost",  # after the third deal some cards are still off the piles
    # --- recording a game played at the table ---
    "paciencia.record.deal",  # a game ends in deal 1–3; a lost one only in the third
    "paciencia.record.cards-left",  # won: none left; lost: 2–96 left off the piles
    # --- rulings (cited, never emitted) ---
    "paciencia.ruling.passes",
    "paciencia.ruling.count",
    "paciencia.ruling.kennel-in-view",
    "paciencia.ruling.build-order",
    "paciencia.ruling.build-after-dog",
    "paciencia.ruling.dog-order",
    "paciencia.ruling.dog-run",
    "paciencia.ruling.dog-packet",
    "paciencia.ruling.gather",
    "paciencia.ruling.later-deals",
    "paciencia.ruling.deck-entry",
    "paciencia.ruling.shuffle",
)
RULINGS: tuple[str, ...] = tuple(r for r in RULE_IDS if r.startswith("paciencia.ruling."))

# Two 52-card decks without jokers. Not added to ``cards.DECKS``: a Deck is a plain value.
DECK = Deck("paciencia", copies=2)
DECK_SIZE = len(DECK)  # 104
PILES = 8
# The kings' row, left to right: one of each suit, then the other of each suit. The first
# king of a suit met in the deck goes to the left one (ruling deck-entry).
PILE_SUITS: tuple[str, ...] = SUITS + SUITS
DEALS = 3
PACKETS: tuple[int, ...] = (12, 11, 10)  # packets in the first, second and third deal
KENNEL_ROWS: tuple[int, ...] = (3, 4, 5)  # cards in each kennel column, per deal
# The fixed order ``shuffle`` starts from: deck one then deck two, each suit by suit in
# SUITS order (S H D C), each suit A 2 … 10 J Q K.
ORDERED_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for _ in range(2) for suit in SUITS for rank in RANKS
)
SHUFFLE_MAX = 2**64 - 1

# --- card codes ---------------------------------------------------------------------------

_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
_CODE: dict[Card, int] = {card: code for code, card in enumerate(_CARDS)}
_NAMES: tuple[str, ...] = tuple(map(str, _CARDS))
_KING = 12  # code % 13 of a king; an ace is 0


# --- places and moves ---------------------------------------------------------------------

STOCK, PACKET, KENNEL, DOG, PILE = "stock", "packet", "kennel", "dog", "pile"
TOP, BOTTOM = "top", "bottom"


@dataclass(frozen=True, slots=True)
class Place:
    """Where a card is taken from or put: the exact spot, so a move can be undone.

    ``stock``: ``n`` is the position from the top (0 is the next card dealt).
    ``packet``: ``n`` is the packet's number (1–12), ``end`` its top or bottom.
    ``kennel``: ``n`` is the column (1 …, left to right), ``row`` the row (1 is the first
    card dealt to the column). ``dog``: always its top. ``pile``: ``n`` is 1–8, always
    its top.
    """

    kind: str
    n: int = 0
    row: int = 0
    end: str = TOP

    def as_dict(self) -> dict[str, Any]:
        if self.kind == STOCK:
            return {"kind": STOCK, "index": self.n}
        if self.kind == PACKET:
            return {"kind": PACKET, "n": self.n, "end": self.end}
        if self.kind == KENNEL:
            return {"kind": KENNEL, "column": self.n, "row": self.row}
        if self.kind == PILE:
            return {"kind": PILE, "n": self.n, "suit": PILE_SUITS[self.n - 1]}
        return {"kind": self.kind}


_DOG = Place(DOG)
_STOCK_TOP = Place(STOCK, 0)
_PILE = tuple(Place(PILE, i + 1) for i in range(PILES))
_PACKET_TOP = tuple(Place(PACKET, n, end=TOP) for n in range(13))
_PACKET_BOTTOM = tuple(Place(PACKET, n, end=BOTTOM) for n in range(13))
_STOCK_AT = tuple(Place(STOCK, i) for i in range(DECK_SIZE))
# Every deal deals 15 cards a pass (12 + 3, 11 + 4, 10 + 5): at most ceil(96 / 15) columns.
_KENNEL_AT = {
    (column, row): Place(KENNEL, column, row)
    for column in range(1, 8)
    for row in range(1, max(KENNEL_ROWS) + 1)
}


class Move(NamedTuple):
    """One card moved from one place to another, and why: ``rule`` with ``params``
    (every parameter its rule text's message uses, the card included).

    A named tuple rather than a frozen dataclass: a game makes hundreds of moves and a
    tuple is built three times faster, which is most of what ``play`` costs."""

    card: Card
    source: Place
    target: Place
    rule: str
    deal: int
    params: Mapping[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {
            "card": str(self.card),
            "from": self.source.as_dict(),
            "to": self.target.as_dict(),
            "rule": self.rule,
            "deal": self.deal,
            "params": dict(self.params),
        }


# --- the deck ----------------------------------------------------------------------------


def deck_violations(deck: Sequence[Card]) -> list[Violation]:
    """Why a deck typed in from the table cannot be played (empty if it can).

    It must be the two decks exactly: 104 cards, each card twice, no joker.
    """
    cards = list(deck)
    found = []
    if len(cards) != DECK_SIZE:
        found.append(Violation("paciencia.deck.size", {"count": len(cards), "expected": 104}))
    found.extend(DECK.violations(cards))
    counts = Counter(cards)
    for card, limit in DECK.limits.items():
        if counts[card] < limit:
            found.append(
                Violation(
                    "paciencia.deck.missing",
                    {"card": str(card), "count": counts[card], "limit": limit},
                )
            )
    return found


def check_deck(deck: Sequence[Card]) -> None:
    found = deck_violations(deck)
    if found:
        raise RuleError(found)


def _check_shuffle_number(n: int) -> None:
    # random.Random(-n) is random.Random(n), and a bool is an int: refuse both.
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= SHUFFLE_MAX:
        raise RuleError(Violation("paciencia.shuffle.number", {"shuffle": n, "max": SHUFFLE_MAX}))


def shuffle(n: int) -> list[Card]:
    """Shuffle number ``n`` (0 ≤ n ≤ SHUFFLE_MAX): ``ORDERED_DECK`` shuffled in place by
    ``random.Random(n).shuffle``. The same number gives the same 104 cards on every
    CPython 3 (the seeding of an int and the shuffle algorithm have not changed since 3.2).
    The kings are in there too: ``play`` takes them out (ruling deck-entry)."""
    _check_shuffle_number(n)
    cards = list(ORDERED_DECK)
    random.Random(n).shuffle(cards)
    return cards


_ORDERED_CODES: tuple[int, ...] = tuple(_CODE[card] for card in ORDERED_DECK)
_FULL_DECK: list[int] = sorted(_ORDERED_CODES)


def _shuffled_codes(n: int) -> list[int]:
    # random.shuffle's swaps depend only on the generator and the length, so this is
    # exactly shuffle(n) in codes, without building 104 Card lists.
    codes = list(_ORDERED_CODES)
    random.Random(n).shuffle(codes)
    return codes


# --- the play ------------------------------------------------------------------------------


class _Patience:
    """One patience played out. With ``record`` it keeps a ``Move`` for every card moved;
    without, it only plays (for the odds)."""

    def __init__(self, codes: Sequence[int], record: bool) -> None:
        self.record = record
        self.moves: list[Move] = []
        self.deal = 1
        # need[i]: the code pile i waits for (-1 once it is down to its ace);
        # want[code]: how many piles wait for that card (0, 1 or 2).
        self.need = [-1] * PILES
        self.want = [0] * 52
        self.on_piles = 0
        self.packets: list[list[int]] = [[] for _ in range(13)]  # 1–12; bottom first
        self.kennel: list[int | None] = []  # in dealing order; None once taken
        self.kennel_at: list[tuple[int, int]] = []  # (column, row) of each
        self.dog: list[int] = []  # bottom first: the top is the last card put on it
        self.stock = self._lay_kings(codes)

    # -- recording

    def _note(self, code: int, source: Place, target: Place, rule: str, **params: Any) -> None:
        params["card"] = _NAMES[code]
        self.moves.append(Move(_CARDS[code], source, target, rule, self.deal, params))

    def _to_pile(self, code: int) -> int:
        """Put the card on the leftmost pile waiting for it; returns that pile (0–7)."""
        pile = self.need.index(code)
        self.want[code] -= 1
        if code % 13:  # below an ace nothing follows
            self.need[pile] = code - 1
            self.want[code - 1] += 1
        else:
            self.need[pile] = -1
        self.on_piles += 1
        return pile

    def _note_to_pile(self, code: int, source: Place, pile: int, rule: str, **params: Any) -> None:
        """Note a card put from ``source`` onto ``pile`` (0–7): its move names the pile
        and the card it went onto."""
        self._note(code, source, _PILE[pile], rule, **params, pile=pile + 1, onto=_NAMES[code + 1])

    # -- the layout

    def _lay_kings(self, codes: Sequence[int]) -> list[int]:
        stock = []
        taken = 0
        seen = [False] * len(SUITS)
        for index, code in enumerate(codes):
            if code % 13 != _KING:
                stock.append(code)
                continue
            suit = code // 13
            pile = suit + 4 if seen[suit] else suit
            seen[suit] = True
            self.need[pile] = code - 1
            self.want[code - 1] += 1
            self.on_piles += 1
            if self.record:
                # its place in the stock as it is now, the kings before it already out
                self._note(
                    code,
                    _STOCK_AT[index - taken],
                    _PILE[pile],
                    "paciencia.layout.king",
                    pile=pile + 1,
                )
            taken += 1
        return stock

    def _deal(self) -> None:
        """Deal the stock counting 1 … packets, a kennel column after each count, until
        the cards run out (rulings passes, count)."""
        packets, dog, record = self.packets, self.dog, self.record
        last = PACKETS[self.deal - 1]
        rows = KENNEL_ROWS[self.deal - 1]
        self.kennel, self.kennel_at = [], []
        stock = self.stock
        size = len(stock)
        i = column = 0
        while i < size:
            for count in range(1, last + 1):
                if i == size:
                    break
                code = stock[i]
                i += 1
                if code % 13 + 1 == count:
                    dog.append(code)
                    if record:
                        self._note(code, _STOCK_TOP, _DOG, "paciencia.deal.dog", count=count)
                else:
                    packets[count].append(code)
                    if record:
                        self._note(
                            code,
                            _STOCK_TOP,
                            _PACKET_TOP[count],
                            "paciencia.deal.packet",
                            count=count,
                        )
            column += 1
            for row in range(1, rows + 1):
                if i == size:
                    break
                code = stock[i]
                i += 1
                self.kennel.append(code)
                self.kennel_at.append((column, row))
                if record:
                    self._note(
                        code,
                        _STOCK_TOP,
                        _KENNEL_AT[column, row],
                        "paciencia.deal.kennel",
                        column=column,
                    )
        self.stock = []

    # -- building onto the piles

    def _build(self) -> None:
        """Every card in view that fits goes to its pile until none does: always the
        highest that fits, among equals the lowest packet, then the kennel in dealing
        order (rulings build-order, kennel-in-view)."""
        packets, kennel, want = self.packets, self.kennel, self.want
        last = PACKETS[self.deal - 1]
        while True:
            best = best_rank = -1
            where = 0
            for n in range(1, last + 1):
                packet = packets[n]
                if packet:
                    code = packet[-1]
                    if want[code] and code % 13 > best_rank:
                        best, best_rank, where = code, code % 13, n
            for k, code in enumerate(kennel):
                if code is not None and want[code] and code % 13 > best_rank:
                    best, best_rank, where = code, code % 13, -1 - k
            if best < 0:
                return
            if where > 0:
                packets[where].pop()
            else:
                kennel[-1 - where] = None
            pile = self._to_pile(best)
            if self.record:
                if where > 0:
                    source = _PACKET_TOP[where]
                else:
                    source = _KENNEL_AT[self.kennel_at[-1 - where]]
                self._note_to_pile(best, source, pile, "paciencia.build.in-view")

    # -- the dog's heap

    def _work_dog(self) -> None:
        """Turn the dog's heap from its top; each card goes to its pile or fetches cards
        from the packet of its number (rulings dog-order, dog-run, build-after-dog)."""
        packets, want, record = self.packets, self.want, self.record
        while self.dog:
            code = self.dog.pop()
            if want[code]:
                pile = self._to_pile(code)
                if record:
                    self._note_to_pile(code, _DOG, pile, "paciencia.dog.fits")
            else:
                n = code % 13 + 1
                # A card goes to the heap only at a count no higher than the deal's
                # packets, and the heap is used up within its deal (ruling dog-packet).
                assert n <= PACKETS[self.deal - 1]
                packet = packets[n]
                packet.insert(0, code)
                if record:
                    self._note(
                        code, _DOG, _PACKET_BOTTOM[n], "paciencia.dog.under-packet", packet=n
                    )
                dog = _NAMES[code]
                # Once through from the top: the dog's card, under the rest, comes up
                # last. Counting, not comparing, finds it: the other copy may be there too.
                for _ in range(len(packet) - 1):
                    top = packet.pop()
                    if want[top]:
                        pile = self._to_pile(top)
                        if record:
                            self._note_to_pile(
                                top, _PACKET_TOP[n], pile, "paciencia.run.fits", packet=n, dog=dog
                            )
                    else:
                        packet.insert(0, top)
                        if record:
                            self._note(
                                top,
                                _PACKET_TOP[n],
                                _PACKET_BOTTOM[n],
                                "paciencia.run.passes",
                                packet=n,
                                dog=dog,
                            )
                if want[code]:
                    packet.pop()
                    pile = self._to_pile(code)
                    if record:
                        self._note_to_pile(
                            code, _PACKET_TOP[n], pile, "paciencia.run.dog-fits", packet=n
                        )
                # otherwise it stays on top of the packet, the rest in their order below
            self._build()

    # -- gathering for the next deal

    def _gather(self) -> None:
        """The next deal's stock: the kennel in dealing order, then packet 1 from its
        bottom card up, packet 2, … (ruling gather). The dog's heap is empty by now."""
        stock: list[int] = []
        record = self.record
        following = self.deal + 1
        for k, code in enumerate(self.kennel):
            if code is None:
                continue
            stock.append(code)
            if record:
                self._note(
                    code,
                    _KENNEL_AT[self.kennel_at[k]],
                    _STOCK_AT[len(stock) - 1],
                    "paciencia.gather.stock",
                    next=following,
                )
        self.kennel, self.kennel_at = [], []
        for n in range(1, PACKETS[self.deal - 1] + 1):
            packet = self.packets[n]
            for code in packet:
                stock.append(code)
                if record:
                    self._note(
                        code,
                        _PACKET_BOTTOM[n],
                        _STOCK_AT[len(stock) - 1],
                        "paciencia.gather.stock",
                        next=following,
                    )
            packet.clear()
        self.stock = stock

    def run(self) -> tuple[bool, int, int]:
        """Play every deal; (won, deal reached, cards left off the piles)."""
        while True:
            self._deal()
            self._build()
            self._work_dog()
            if self.on_piles == DECK_SIZE:
                return True, self.deal, 0
            if self.deal == DEALS:
                return False, self.deal, DECK_SIZE - self.on_piles
            self._gather()
            self.deal += 1


# --- the game -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """A patience played out: the deck it was dealt from (kings included, as given),
    whether it came out, the deal it ended in (1–3), the cards left off the piles, and
    every move in order."""

    deck: tuple[Card, ...]
    won: bool
    deal: int
    cards_left: int
    moves: tuple[Move, ...]

    @property
    def outcome(self) -> Violation:
        """The outcome as a rule id with its parameters (not a fault: the type fits)."""
        if self.won:
            return Violation("paciencia.outcome.won", {"deal": self.deal})
        return Violation(
            "paciencia.outcome.lost", {"deal": self.deal, "cards_left": self.cards_left}
        )

    def layout(self, after: int) -> Layout:
        """The table after the first ``after`` moves (0: the deck, nothing laid out)."""
        return layout_after(self, after)

    def as_dict(self, *, moves: bool = False) -> dict[str, Any]:
        """Plain data for the API: the outcome and the number of moves (``moves``, always a
        count) and, if asked, a ``replay``: the deck as dealt and every move, which is all
        a client needs to draw the table at any step (start from the deck in the stock)."""
        data: dict[str, Any] = {
            "won": self.won,
            "deal": self.deal,
            "cards_left": self.cards_left,
            "moves": len(self.moves),
            "outcome": self.outcome.as_dict(),
        }
        if moves:
            data["replay"] = {
                "deck": [str(card) for card in self.deck],
                "moves": [move.as_dict() for move in self.moves],
            }
        return data


def play(deck: Sequence[Card]) -> Game:
    """Play the patience dealt from ``deck`` (104 cards, the next to deal first; the kings
    are taken out wherever they are). Raises ``RuleError`` for a deck that is not exactly
    the two decks."""
    codes = [_CODE.get(card, -1) for card in deck]
    if sorted(codes) != _FULL_DECK:  # the quick test; the slow one says what is wrong
        check_deck(deck)
    patience = _Patience(codes, record=True)
    won, deal, left = patience.run()
    return Game(tuple(deck), won, deal, left, tuple(patience.moves))


def play_shuffle(n: int) -> Game:
    return play(shuffle(n))


def outcome(n: int) -> tuple[bool, int, int]:
    """(won, deal, cards left) of shuffle ``n``, without recording the moves: what the
    odds need, several times faster than ``play``. Always equal to ``play(shuffle(n))``."""
    _check_shuffle_number(n)
    return _Patience(_shuffled_codes(n), record=False).run()


# --- recording a game played at the table -----------------------------------------------------


# A lost game leaves at least two cards off the piles, never one: at the end of the third
# deal nothing in view fits (the engine builds after every dog's card), yet a single card
# left would be in view (alone on its packet, or in the kennel, where all are in view) and
# would fit, since both piles of its suit are down to it or complete.
FEWEST_LEFT = 2


def _whole(n: object) -> bool:
    # a bool is an int to Python, but True is not a deal nor a count of cards
    return isinstance(n, int) and not isinstance(n, bool)


def record_violations(won: bool, deal: int, cards_left: int) -> list[Violation]:
    """What is wrong with a result entered from the table (empty if nothing): a game ends
    in deal 1–3 and a lost one only after the third; a won one leaves no card off the
    piles and a lost one ``FEWEST_LEFT`` to 96."""
    found = []
    if not (_whole(deal) and 1 <= deal <= DEALS) or (not won and deal != DEALS):
        found.append(Violation("paciencia.record.deal", {"deal": deal, "won": won}))
    most = DECK_SIZE - PILES
    if won:
        wrong = not _whole(cards_left) or cards_left != 0
    else:
        wrong = not _whole(cards_left) or not FEWEST_LEFT <= cards_left <= most
    if wrong:
        found.append(
            Violation(
                "paciencia.record.cards-left",
                {"cards_left": cards_left, "won": won, "min": FEWEST_LEFT, "max": most},
            )
        )
    return found


# --- the layout, move by move -------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """The table at one moment of a replay.

    ``stock``: the cards still to deal, the next first. ``piles``: eight, king first.
    ``packets``: twelve, index 0 is packet 1, each bottom card first (the last is the one
    in view); in the second deal packet 12, in the third packets 11 and 12 stay empty.
    ``kennel``: columns left to right, each its rows top first, ``None`` where a card has
    gone. ``dog``: the dog's heap, bottom first (face down: show only how many).
    """

    deal: int
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    packets: tuple[tuple[Card, ...], ...]
    kennel: tuple[tuple[Card | None, ...], ...]
    dog: tuple[Card, ...]

    @property
    def packet_count(self) -> int:
        return PACKETS[self.deal - 1]

    def cards(self) -> list[Card]:
        """Every card on the table, wherever it is: always the 104."""
        found = [*self.stock, *self.dog]
        for heap in (*self.piles, *self.packets):
            found.extend(heap)
        found.extend(card for column in self.kennel for card in column if card is not None)
        return found

    def as_dict(self) -> dict[str, Any]:
        def codes(cards: Iterable[Card | None]) -> list[str | None]:
            return [None if card is None else str(card) for card in cards]

        return {
            "deal": self.deal,
            "stock": codes(self.stock),
            "piles": [codes(pile) for pile in self.piles],
            "packets": [codes(packet) for packet in self.packets[: self.packet_count]],
            "kennel": [codes(column) for column in self.kennel],
            "dog": codes(self.dog),
        }


class _Board:
    """A table the moves are applied to, one by one, for a replay."""

    def __init__(self, deck: Sequence[Card]) -> None:
        self.deal = 1
        self.stock = list(deck)
        self.piles: list[list[Card]] = [[] for _ in range(PILES)]
        self.packets: list[list[Card]] = [[] for _ in range(12)]
        self.kennel: dict[tuple[int, int], Card] = {}
        self.dog: list[Card] = []

    def take(self, place: Place) -> Card:
        if place.kind == STOCK:
            return self.stock.pop(place.n)
        if place.kind == PACKET:
            return self.packets[place.n - 1].pop(-1 if place.end == TOP else 0)
        if place.kind == KENNEL:
            return self.kennel.pop((place.n, place.row))
        if place.kind == DOG:
            return self.dog.pop()
        return self.piles[place.n - 1].pop()

    def put(self, place: Place, card: Card) -> None:
        if place.kind == STOCK:
            self.stock.insert(place.n, card)
        elif place.kind == PACKET:
            packet = self.packets[place.n - 1]
            if place.end == TOP:
                packet.append(card)
            else:
                packet.insert(0, card)
        elif place.kind == KENNEL:
            self.kennel[place.n, place.row] = card
        elif place.kind == DOG:
            self.dog.append(card)
        else:
            self.piles[place.n - 1].append(card)

    def apply(self, move: Move) -> None:
        card = self.take(move.source)
        if card != move.card:
            raise ValueError(f"move {move} finds {card} at {move.source}")
        self.put(move.target, card)
        self.deal = move.deal

    def layout(self) -> Layout:
        columns = max((column for column, _ in self.kennel), default=0)
        rows = KENNEL_ROWS[self.deal - 1]
        return Layout(
            deal=self.deal,
            stock=tuple(self.stock),
            piles=tuple(map(tuple, self.piles)),
            packets=tuple(map(tuple, self.packets)),
            kennel=tuple(
                tuple(self.kennel.get((column, row)) for row in range(1, rows + 1))
                for column in range(1, columns + 1)
            ),
            dog=tuple(self.dog),
        )


def replay(game: Game) -> Iterator[Layout]:
    """The layout before the first move, then after each move in turn."""
    board = _Board(game.deck)
    yield board.layout()
    for move in game.moves:
        board.apply(move)
        yield board.layout()


def layout_after(game: Game, after: int) -> Layout:
    """The layout after the first ``after`` moves, by applying them to the deck: a few
    hundred list operations, well under a millisecond for a whole game. Every move names
    its exact source and target, so a page can also step backwards by moving the card
    from ``to`` back to ``from``."""
    if not 0 <= after <= len(game.moves):
        raise IndexError(f"a game of {len(game.moves)} moves has no move {after}")
    board = _Board(game.deck)
    for move in game.moves[:after]:
        board.apply(move)
    return board.layout()


# --- the odds -----------------------------------------------------------------------------

Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95 % interval


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion of ``wins`` in ``n`` trials."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


@dataclass
class Tally:
    """The outcomes of a run of shuffles; tallies of separate runs add up (``+``)."""

    shuffles: int = 0
    wins: int = 0
    deals: Counter[int] = field(default_factory=Counter)  # deal reached, every game
    won_in_deal: Counter[int] = field(default_factory=Counter)  # deal reached, won games
    cards_left: Counter[int] = field(default_factory=Counter)  # 0 for a won game

    def add(self, won: bool, deal: int, cards_left: int) -> None:
        self.shuffles += 1
        self.wins += won
        self.deals[deal] += 1
        if won:
            self.won_in_deal[deal] += 1
        self.cards_left[cards_left] += 1

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.shuffles + other.shuffles,
            self.wins + other.wins,
            self.deals + other.deals,
            self.won_in_deal + other.won_in_deal,
            self.cards_left + other.cards_left,
        )

    @property
    def estimate(self) -> float:
        return self.wins / self.shuffles if self.shuffles else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.shuffles)

    def as_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "shuffles": self.shuffles,
            "wins": self.wins,
            "estimate": self.estimate,
            "ci95": [low, high],
            "interval": "wilson",
            "deals": {str(d): self.deals[d] for d in range(1, DEALS + 1)},
            "won_in_deal": {str(d): self.won_in_deal[d] for d in range(1, DEALS + 1)},
            "cards_left": {str(k): self.cards_left[k] for k in sorted(self.cards_left)},
        }


def tally(shuffles: Iterable[int]) -> Tally:
    """Play each shuffle number and count the outcomes."""
    result = Tally()
    for n in shuffles:
        result.add(*outcome(n))
    return result


def _tally_range(bounds: tuple[int, int]) -> Tally:
    return tally(range(*bounds))


def estimate_odds(
    shuffles: int,
    *,
    start: int = 0,
    workers: int = 1,
    chunk: int = 1000,
    progress: Callable[[int, int], None] | None = None,
) -> Tally:
    """Play shuffles ``start`` … ``start + shuffles - 1`` on ``workers`` processes (one:
    in this process) and tally them. ``progress(done, shuffles)`` is called after each
    chunk. The result does not depend on the workers or the chunks."""
    chunks = [
        (first, min(first + chunk, start + shuffles))
        for first in range(start, start + shuffles, chunk)
    ]
    total = Tally()
    if workers <= 1:
        results: Iterable[Tally] = map(_tally_range, chunks)
        for part in results:
            total += part
            if progress:
                progress(total.shuffles, shuffles)
        return total
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for part in pool.imap_unordered(_tally_range, chunks):
            total += part
            if progress:
                progress(total.shuffles, shuffles)
    return total
