"""Samba: Brazilian canasta with sequences, played with three 54-card decks.

The game's own words, used as names below:

- *side*: a player or a team; a hand has two or three sides.
- *canastra*: a group of seven or more cards of one rank, *limpa* (clean, no wild) or
  *suja* (dirty, one or two wilds). *Canastra de curingas*: seven or more wilds.
- *samba*: a sequence of seven cards of one suit; it is closed (no eighth card).
- *canastrão*: a side holding five or six canastras; *canastra de canastras*: seven or more.
- *bagaço*: the discard pile; *premiado*: frozen by a wild (or by a red three or wild
  turned at the start), taken only with two natural cards from hand equal to its top.
- *saída*: a side's opening, its first laying-down of the hand.
- *bater*: going out.

Everything here speaks in rule ids (listed in ``RULE_IDS``) and parameters. A hand is
entered the two ways ``referee.tallies`` describes, cards (``score_hand``) or counts
(``score_quick``), and each side's tally is scored by ``score_tally``. Both take the
players of each side when known (``players``), to refuse what a player alone cannot do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from functools import partial
from itertools import pairwise
from math import gcd
from typing import Any

from referee.cards import DECKS, Card
from referee.entries import is_whole
from referee.options import HouseRules
from referee.rulings import Breakdown, RuleError, ScoreLine, Standing, Verdict, Violation
from referee.tallies import (
    each,
    meld_violations,
    off_step,
    players_per_side,
    sound_tallies,
)

RULE_IDS: tuple[str, ...] = (
    # --- house rules ---
    "samba.options.invalid",  # a house rule has an unknown name or a value it cannot take
    # --- melds ---
    "samba.meld.too-few-cards",  # every meld has at least three cards
    "samba.meld.no-combination",  # the naturals are neither of one rank nor of one suit
    "samba.meld.red-threes-never",  # red threes are honours, never melded
    "samba.meld.black-threes-only-going-out",  # black threes are melded only when going out
    "samba.meld.black-threes-no-wilds",  # a meld of black threes holds no wild
    "samba.meld.group-two-naturals",  # a group needs at least two natural cards
    "samba.meld.group-no-threes",  # threes never join a group of another rank
    "samba.meld.group-one-wild-below-seven",  # the second wild comes only as 7th card or later
    "samba.meld.group-at-most-two-wilds",  # a group or canastra never holds three wilds
    "samba.meld.sequence-no-wilds",  # sequences and sambas take no wild (joker or 2)
    "samba.meld.sequence-no-threes",  # sequences and sambas take no three
    "samba.meld.sequence-consecutive",  # a sequence is consecutive in 4 5 … K A
    "samba.meld.sequence-no-wrap",  # the ace ranks only above the king; nothing wraps
    "samba.meld.samba-closed",  # a samba has seven cards; no eighth may be added
    # --- entering a hand ---
    "cards.deck.too-many",  # (shared rule) a card used more often than three decks hold
    "samba.hand.sides",  # a hand has two or three sides
    "samba.hand.invalid-entry",  # a count is not a whole number 0 or more (or a yes/no isn't)
    "samba.hand.not-multiple-of-five",  # card values are multiples of 5, so are their sums
    "samba.hand.too-many-red-threes",  # the three decks hold six red threes in all
    "samba.hand.too-many-wilds",  # wild and dirty canastras need more than the 18 wilds
    "samba.hand.too-many-sambas",  # each samba holds an 8 of its suit: 12 sambas at most
    "samba.hand.too-many-clean-canastras",  # one for each of the 11 natural ranks at most
    "samba.hand.too-many-combinations",  # 150 cards besides the threes make at most 21
    "samba.hand.too-many-points",  # the three decks hold 1,770 card points in all
    "samba.hand.table-points-too-low",  # a side's combinations carry their card points
    "samba.going-out.two-combinations",  # going out needs two 7-card combinations on the table
    "samba.going-out.one-side",  # only one side goes out in a hand
    "samba.going-out.cards-left-alone",  # a player alone who went out has no card left
    "samba.concealed.more-than-combinations",  # each premium needs its canastra (no samba)
    "samba.concealed.no-partner",  # a player alone lays no canastra on a partner's melds
    "samba.penalty.no-partner",  # a player alone has no partner to ask before going out
    # --- score lines ---
    "samba.score.table-cards",  # card values of all the side's melds
    "samba.score.hand-cards",  # card values left in the side's hands, subtracted
    "samba.bonus.clean-canastra",  # 500 each
    "samba.bonus.dirty-canastra",  # 300 each
    "samba.bonus.samba",  # 1,500 each
    "samba.bonus.wild-canastra",  # canastra de curingas, 2,000 each (instead of clean/dirty)
    "samba.bonus.canastrao",  # 5 or 6 canastras of any kind (not sambas): 500
    "samba.bonus.canastra-de-canastras",  # 7 or more canastras: 2,000 (instead of canastrão)
    "samba.bonus.going-out",  # bater: 200
    "samba.bonus.concealed-deal-solo",  # laying down a canastra concealed since the deal: 1,000
    "samba.bonus.concealed-deal-with-partner",  # the same using the partner's melds: 500
    "samba.bonus.concealed-play-solo",  # laying down a concealed canastra formed in play: 500
    "samba.bonus.concealed-play-with-partner",  # the same using the partner's melds: 200
    "samba.honours.red-three",  # each red three laid, with two 7-card combinations: 100
    "samba.honours.all-red-threes",  # all six red threes, with two combinations: 1,000 in all
    "samba.honours.red-three-without-combinations",  # each red three laid, without: −100
    "samba.honours.all-red-threes-without-combinations",  # all six, without: −1,000 in all
    "samba.penalty.red-three-in-hand",  # a red three still in hand at the end: −500 each
    "samba.penalty.three-wilds-in-canastra",  # −100
    "samba.penalty.stock-out-of-turn",  # drawing from the stock out of turn: −100
    "samba.penalty.pile-out-of-turn",  # taking the discard pile out of turn: −100
    "samba.penalty.meld-out-of-turn",  # laying down cards in another player's turn: −100
    "samba.penalty.went-out-after-refusal",  # trying to go out after the partner said no: −100
    "samba.penalty.permission-unable",  # asking permission to go out and being unable: −100
    # --- opening (saída) ---
    "samba.opening.minimum",  # the opening's card values reach the running total's minimum
    "samba.opening.pile-top-not-melded",  # the pile's top card must be in the opening's melds
    # --- the discard pile (bagaço) ---
    "samba.pile.blocked-by-wild",  # a wild on top blocks the pile for the next player
    "samba.pile.blocked-by-black-three",  # a black three on top blocks it for the next player
    "samba.pile.pumba",  # a player with one card left (pumba) draws from the stock instead
    "samba.pile.first-take-two-naturals",  # the hand's first take: two naturals from hand = top
    "samba.pile.premiado-two-naturals",  # a premiado pile: two naturals from hand = top
    "samba.pile.open-same-play",  # a side that has not opened takes it only opening now
    "samba.pile.onto-group",  # the top card goes onto the side's group or canastra
    "samba.pile.onto-sequence",  # the top card extends the side's sequence
    "samba.pile.with-hand-cards",  # the top card forms a group with cards from hand
    "samba.pile.never-start-sequence",  # the pile is never taken to start a sequence
    "samba.pile.never-two-wilds",  # the pile is never taken with two wilds
    "samba.pile.no-combination",  # the top card combines with nothing the side holds
)

DECK = DECKS["samba"]
SEQUENCE_ORDER: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
MELD_MINIMUM = 3
SEVEN = 7  # canastra, samba and canastra de curingas: the "7-card combinations"
REQUIRED_COMBINATIONS = 2  # going out and positive red threes both need two of them
MAX_SEQUENCE = SEVEN  # a samba is closed
MAX_GROUP_WILDS = 2
SIDES_ALLOWED = (2, 3)
TOP_MINIMUMS = (150, 160)  # published Samba tables disagree on the last row

# Meld kinds, exactly as the API names them.
GROUP = "group"
CLEAN_CANASTRA = "canastra-clean"
DIRTY_CANASTRA = "canastra-dirty"
WILD_GROUP = "wild-group"
WILD_CANASTRA = "wild-canastra"
SEQUENCE = "sequence"
SAMBA = "samba"
BLACK_THREES = "black-threes"
KINDS: tuple[str, ...] = (
    GROUP,
    CLEAN_CANASTRA,
    DIRTY_CANASTRA,
    WILD_GROUP,
    WILD_CANASTRA,
    SEQUENCE,
    SAMBA,
    BLACK_THREES,
)
SEVEN_CARD_KINDS = frozenset({CLEAN_CANASTRA, DIRTY_CANASTRA, WILD_CANASTRA, SAMBA})
GROUP_KINDS = frozenset({GROUP, CLEAN_CANASTRA, DIRTY_CANASTRA})
# The card points of the cheapest 7-card combination of each kind, so that a side's table
# is never entered below them: seven 4s; six 4s and a 2 (five and two 2s make 65); the
# samba 4 to 10; seven 2s.
CHEAPEST_COMBINATIONS: dict[str, int] = {
    CLEAN_CANASTRA: 35,
    DIRTY_CANASTRA: 50,
    SAMBA: 50,
    WILD_CANASTRA: 140,
}

_CARD_POINTS = (
    {"JK": 50, "2": 20, "A": 20, "3": 5}
    | dict.fromkeys(("K", "Q", "J", "10", "9", "8"), 10)
    | dict.fromkeys(("7", "6", "5", "4"), 5)
)

# Bonuses and penalties (points per item).
CLEAN_CANASTRA_BONUS = 500
DIRTY_CANASTRA_BONUS = 300
SAMBA_BONUS = 1_500
WILD_CANASTRA_BONUS = 2_000
CANASTRAO_BONUS = 500
CANASTRAO_FROM = 5
CANASTRA_DE_CANASTRAS_BONUS = 2_000
CANASTRA_DE_CANASTRAS_FROM = 7
GOING_OUT_BONUS = 200
RED_THREE_HONOUR = 100
ALL_RED_THREES_HONOUR = 1_000
RED_THREE_IN_HAND = -500
PENALTY = -100

# (field of Concealed, rule, points each)
CONCEALED_PREMIUMS: tuple[tuple[str, str, int], ...] = (
    ("deal_solo", "samba.bonus.concealed-deal-solo", 1_000),
    ("deal_with_partner", "samba.bonus.concealed-deal-with-partner", 500),
    ("play_solo", "samba.bonus.concealed-play-solo", 500),
    ("play_with_partner", "samba.bonus.concealed-play-with-partner", 200),
)
# The premiums and faults that need a partner: a side of one player has none.
PARTNER_PREMIUMS = ("deal_with_partner", "play_with_partner")
PARTNER_FAULTS = ("went_out_after_refusal", "permission_unable")
# (field of Penalties, rule); each costs PENALTY.
PENALTY_RULES: tuple[tuple[str, str], ...] = (
    ("three_wilds_in_canastra", "samba.penalty.three-wilds-in-canastra"),
    ("stock_out_of_turn", "samba.penalty.stock-out-of-turn"),
    ("pile_out_of_turn", "samba.penalty.pile-out-of-turn"),
    ("meld_out_of_turn", "samba.penalty.meld-out-of-turn"),
    ("went_out_after_refusal", "samba.penalty.went-out-after-refusal"),
    ("permission_unable", "samba.penalty.permission-unable"),
)
# (running total below this, opening minimum); above the last row: options.top_minimum.
OPENING_TABLE: tuple[tuple[int, int], ...] = ((0, 15), (1_500, 50), (3_000, 90), (7_000, 120))


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class SambaOptions(HouseRules):
    """House rules, with the page's defaults."""

    INVALID = "samba.options.invalid"

    target: int = 10_000  # a side wins by passing it (strictly more)
    top_minimum: int = 150  # the opening minimum from 7,000 on: 150 or 160
    cumulative_canastra_bonus: bool = False  # 7+ canastras earn canastrão too (2,500)

    def __post_init__(self) -> None:
        self.refuse_unless(
            target=is_whole(self.target) and self.target > 0,
            top_minimum=self.top_minimum in TOP_MINIMUMS,
            cumulative_canastra_bonus=isinstance(self.cumulative_canastra_bonus, bool),
        )


DEFAULT_OPTIONS = SambaOptions()


# --------------------------------------------------------------------------- cards


def is_wild(card: Card) -> bool:
    """Jokers and 2s (curingas)."""
    return card.is_joker or card.rank == "2"


def is_three(card: Card) -> bool:
    return card.rank == "3"


def is_red_three(card: Card) -> bool:
    return card.rank == "3" and card.is_red


def is_natural(card: Card) -> bool:
    """A and 4 to K: the cards that make groups and sequences."""
    return not is_wild(card) and not is_three(card)


def card_points(card: Card) -> int:
    """A card's value (positive on the table, negative in hand).

    A red three has no card value (0): it is an honour laid at once, and one left in hand
    is the −500 penalty instead.
    """
    if is_red_three(card):
        return 0
    return _CARD_POINTS[card.rank]


def cards_points(cards: Iterable[Card]) -> int:
    return sum(card_points(card) for card in cards)


# What the three decks hold, and so the most the sides can lay or be left with in one
# hand: the bounds of a hand entered as counts.
RED_THREES_IN_GAME = sum(1 for card in DECK.cards() if is_red_three(card))  # 6
WILDS_IN_GAME = sum(1 for card in DECK.cards() if is_wild(card))  # 6 jokers and 12 twos
# A 7-card combination holds no three: 150 cards besides the twelve threes make 21.
MOST_COMBINATIONS = sum(1 for card in DECK.cards() if not is_three(card)) // SEVEN
MOST_WILD_CANASTRAS = WILDS_IN_GAME // SEVEN  # 2
# Every samba holds the 8 of its suit (see SEQUENCE_ORDER): one samba for each 8, 12.
MOST_SAMBAS = sum(1 for card in DECK.cards() if card.rank == "8")
# A clean canastra is seven cards of one natural rank, and a rank has twelve: 11 ranks, 11.
MOST_CLEAN_CANASTRAS = sum(
    count // SEVEN
    for count in Counter(card.rank for card in DECK.cards() if is_natural(card)).values()
)
MOST_CARD_POINTS = cards_points(DECK.cards())  # every card of the three decks: 1,770
CARD_POINTS_STEP = gcd(*_CARD_POINTS.values())  # 5: card values, and their sums, go by it


# --------------------------------------------------------------------------- melds


@dataclass(frozen=True)
class MeldVerdict:
    """What a meld is, its card points, and every rule it breaks (none when valid).

    For an invalid meld ``kind`` is the best guess of what the player meant, or None.
    """

    valid: bool
    kind: str | None
    points: int
    violations: tuple[Violation, ...] = ()


def check_meld(cards: Sequence[Card], *, going_out: bool = False) -> MeldVerdict:
    """Classify one meld and check it; ``going_out`` allows a meld of black threes.

    A meld the three decks cannot supply (seven 8♥, seven jokers) is refused with the
    deck rule, whatever it would otherwise be.
    """
    cards = tuple(cards)
    verdict = _meld_verdict(cards, going_out)
    deck = DECK.violations(cards)
    if not deck:
        return verdict
    return MeldVerdict(False, verdict.kind, verdict.points, (*verdict.violations, *deck))


def _meld_verdict(cards: tuple[Card, ...], going_out: bool) -> MeldVerdict:
    """The meld rules alone; callers that see several melds check the deck across all of
    them at once, so that a card over the limit is reported once, not per meld."""
    kind, found = _classify(cards, going_out)
    if len(cards) < MELD_MINIMUM:
        found.insert(
            0,
            Violation("samba.meld.too-few-cards", {"cards": len(cards), "minimum": MELD_MINIMUM}),
        )
    return MeldVerdict(not found, kind, cards_points(cards), tuple(found))


def _classify(cards: tuple[Card, ...], going_out: bool) -> tuple[str | None, list[Violation]]:
    found: list[Violation] = []
    red_threes = sum(1 for card in cards if is_red_three(card))
    if red_threes:
        found.append(Violation("samba.meld.red-threes-never", {"red_threes": red_threes}))
    naturals = [card for card in cards if is_natural(card)]
    if not cards:
        return None, found
    if not naturals:
        if not any(is_three(card) for card in cards):
            return (WILD_CANASTRA if len(cards) >= SEVEN else WILD_GROUP), found
        return _black_threes(cards, going_out, found)
    if len({card.rank for card in naturals}) == 1:
        return _group(cards, naturals, found)
    if len({card.suit for card in naturals}) == 1:
        return _sequence(cards, naturals, found)
    found.append(
        Violation(
            "samba.meld.no-combination",
            {
                "ranks": sorted({c.rank for c in naturals}),
                "suits": sorted({c.suit for c in naturals}),
            },
        )
    )
    return None, found


def _black_threes(
    cards: tuple[Card, ...], going_out: bool, found: list[Violation]
) -> tuple[str | None, list[Violation]]:
    if not any(is_three(card) and card.is_black for card in cards):
        return None, found  # only red threes (and wilds): no kind makes sense
    wilds = sum(1 for card in cards if is_wild(card))
    if wilds:
        found.append(Violation("samba.meld.black-threes-no-wilds", {"wilds": wilds}))
    if not going_out:
        found.append(Violation("samba.meld.black-threes-only-going-out", {}))
    return BLACK_THREES, found


def _group(
    cards: tuple[Card, ...], naturals: list[Card], found: list[Violation]
) -> tuple[str, list[Violation]]:
    rank = naturals[0].rank
    wilds = sum(1 for card in cards if is_wild(card))
    threes = sum(1 for card in cards if is_three(card))
    if threes:
        found.append(Violation("samba.meld.group-no-threes", {"rank": rank, "threes": threes}))
    if len(naturals) < 2:
        found.append(Violation("samba.meld.group-two-naturals", {"naturals": len(naturals)}))
    if wilds > MAX_GROUP_WILDS:
        found.append(
            Violation(
                "samba.meld.group-at-most-two-wilds", {"wilds": wilds, "maximum": MAX_GROUP_WILDS}
            )
        )
    elif wilds == MAX_GROUP_WILDS and len(cards) < SEVEN:
        found.append(
            Violation(
                "samba.meld.group-one-wild-below-seven", {"wilds": wilds, "cards": len(cards)}
            )
        )
    if len(cards) < SEVEN:
        return GROUP, found
    return (DIRTY_CANASTRA if wilds else CLEAN_CANASTRA), found


def _sequence(
    cards: tuple[Card, ...], naturals: list[Card], found: list[Violation]
) -> tuple[str, list[Violation]]:
    suit = naturals[0].suit
    wilds = sum(1 for card in cards if is_wild(card))
    threes = sum(1 for card in cards if is_three(card))
    if wilds:
        found.append(Violation("samba.meld.sequence-no-wilds", {"wilds": wilds}))
    if threes:
        found.append(Violation("samba.meld.sequence-no-threes", {"threes": threes}))
    places = sorted(SEQUENCE_ORDER.index(card.rank) for card in naturals)
    steps = [b - a for a, b in pairwise(places)]
    consecutive = all(step == 1 for step in steps)
    # Gaps the wilds would fill are the wild's fault, already reported; name only the rest.
    if 0 in steps or sum(step - 1 for step in steps) > wilds:
        found.append(
            Violation("samba.meld.sequence-consecutive", {"ranks": _ranks_in_order(naturals)})
        )
    # A 2 or 3 of the suit next to an ace, or an ace with a 4 that does not connect,
    # is a run through the ace (K A 2, A 2 3, A 4 5): the ace ranks only above the king.
    ranks = {card.rank for card in naturals}
    low_of_suit = any(card.rank in ("2", "3") and card.suit == suit for card in cards)
    if "A" in ranks and (low_of_suit or ("4" in ranks and not consecutive)):
        found.append(Violation("samba.meld.sequence-no-wrap", {"suit": suit}))
    if len(cards) > MAX_SEQUENCE:
        found.append(
            Violation("samba.meld.samba-closed", {"cards": len(cards), "maximum": MAX_SEQUENCE})
        )
    return (SAMBA if len(cards) >= SEVEN else SEQUENCE), found


def _ranks_in_order(naturals: Iterable[Card]) -> list[str]:
    return sorted((card.rank for card in naturals), key=SEQUENCE_ORDER.index)


def _meld_violations(
    melds: Sequence[Sequence[Card]], *, going_out: bool, **where: Any
) -> tuple[list[MeldVerdict], list[Violation]]:
    verdicts = [_meld_verdict(tuple(meld), going_out) for meld in melds]
    return verdicts, meld_violations(verdicts, **where)


def _combinations(verdicts: Iterable[MeldVerdict]) -> int:
    return sum(1 for verdict in verdicts if verdict.valid and verdict.kind in SEVEN_CARD_KINDS)


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Concealed:
    """How many canastras the side laid down (baixar) that it had held concealed in hand,
    by premium; earned whether or not the side went out."""

    deal_solo: int = 0  # concealed since the deal, without the partner's melds: 1,000
    deal_with_partner: int = 0  # concealed since the deal, using the partner's melds: 500
    play_solo: int = 0  # formed during play, without the partner's melds: 500
    play_with_partner: int = 0  # formed during play, using the partner's melds: 200

    @property
    def total(self) -> int:
        return sum(getattr(self, name) for name, _, _ in CONCEALED_PREMIUMS)


@dataclass(frozen=True)
class Penalties:
    """How many times the side committed each −100 fault."""

    three_wilds_in_canastra: int = 0
    stock_out_of_turn: int = 0
    pile_out_of_turn: int = 0
    meld_out_of_turn: int = 0
    went_out_after_refusal: int = 0
    permission_unable: int = 0


@dataclass(frozen=True)
class SideTally:
    """A side's hand as counts: what the quick entry asks, and what cards reduce to."""

    clean_canastras: int = 0
    dirty_canastras: int = 0
    sambas: int = 0
    wild_canastras: int = 0
    red_threes: int = 0  # red threes laid in front of the side
    table_points: int = 0  # card values of all its melds
    hand_points: int = 0  # card values left in its hands, a positive number to subtract
    red_threes_in_hand: int = 0
    went_out: bool = False
    concealed: Concealed = field(default_factory=Concealed)
    penalties: Penalties = field(default_factory=Penalties)

    @property
    def canastras(self) -> int:
        """Canastras of every kind, as canastrão and canastra de canastras count them."""
        return self.clean_canastras + self.dirty_canastras + self.wild_canastras

    @property
    def combinations(self) -> int:
        """7-card combinations, as going out and red-three honours count them."""
        return self.canastras + self.sambas


@dataclass(frozen=True)
class SideCards:
    """A side's hand as cards: its melds, red threes laid, and the cards left in hand."""

    melds: Sequence[Sequence[Card]] = ()
    red_threes: int = 0  # laid; they are honours, entered as a count
    hand: Sequence[Card] = ()  # all its players' cards left in hand, red threes included
    went_out: bool = False
    concealed: Concealed = field(default_factory=Concealed)
    penalties: Penalties = field(default_factory=Penalties)


def score_tally(tally: SideTally, options: SambaOptions = DEFAULT_OPTIONS) -> Breakdown:
    """A side's hand result, line by line. It does not validate: see ``score_quick``.

    Lines with a zero count are left out, except the table's card values.
    """
    return Breakdown.of(
        [
            ScoreLine("samba.score.table-cards", 1, tally.table_points),
            *_combination_lines(tally),
            *_canastrao_lines(tally, options),
            *_red_three_lines(tally),
            *each("samba.bonus.going-out", int(tally.went_out), GOING_OUT_BONUS),
            *(
                line
                for name, rule, points in CONCEALED_PREMIUMS
                for line in each(rule, getattr(tally.concealed, name), points)
            ),
            *(
                [ScoreLine("samba.score.hand-cards", 1, -tally.hand_points)]
                if tally.hand_points
                else []
            ),
            *each("samba.penalty.red-three-in-hand", tally.red_threes_in_hand, RED_THREE_IN_HAND),
            *(
                line
                for name, rule in PENALTY_RULES
                for line in each(rule, getattr(tally.penalties, name), PENALTY)
            ),
        ]
    )


def _combination_lines(tally: SideTally) -> list[ScoreLine]:
    return [
        *each("samba.bonus.clean-canastra", tally.clean_canastras, CLEAN_CANASTRA_BONUS),
        *each("samba.bonus.dirty-canastra", tally.dirty_canastras, DIRTY_CANASTRA_BONUS),
        *each("samba.bonus.samba", tally.sambas, SAMBA_BONUS),
        *each("samba.bonus.wild-canastra", tally.wild_canastras, WILD_CANASTRA_BONUS),
    ]


def _canastrao_lines(tally: SideTally, options: SambaOptions) -> list[ScoreLine]:
    held = {"canastras": tally.canastras}
    canastrao = ScoreLine("samba.bonus.canastrao", 1, CANASTRAO_BONUS, held)
    if tally.canastras >= CANASTRA_DE_CANASTRAS_FROM:
        top = ScoreLine("samba.bonus.canastra-de-canastras", 1, CANASTRA_DE_CANASTRAS_BONUS, held)
        return [canastrao, top] if options.cumulative_canastra_bonus else [top]
    if tally.canastras >= CANASTRAO_FROM:
        return [canastrao]
    return []


def _red_three_lines(tally: SideTally) -> list[ScoreLine]:
    count = tally.red_threes
    if not count:
        return []
    params = {"combinations": tally.combinations, "required": REQUIRED_COMBINATIONS}
    # Without two 7-card combinations the same honours count against the side.
    sign = 1 if tally.combinations >= REQUIRED_COMBINATIONS else -1
    suffix = "" if sign > 0 else "-without-combinations"
    if count == RED_THREES_IN_GAME:
        return [
            ScoreLine(
                f"samba.honours.all-red-threes{suffix}",
                count,
                sign * ALL_RED_THREES_HONOUR,
                params,
            )
        ]
    return [
        ScoreLine(
            f"samba.honours.red-three{suffix}", count, sign * count * RED_THREE_HONOUR, params
        )
    ]


def tally_from_cards(side: SideCards, options: SambaOptions = DEFAULT_OPTIONS) -> SideTally:
    """Reduce one side's cards to the counts ``score_tally`` scores.

    Raises RuleError if a meld is invalid (each violation names the meld's index).
    ``options`` is accepted so both entry modes are called alike; no house rule changes
    what a meld is.
    """
    _, found = _meld_violations(side.melds, going_out=side.went_out)
    found += DECK.violations(_cards_of(side))
    if found:
        raise RuleError(found)
    return _tally(side)


def _cards_of(side: SideCards) -> list[Card]:
    """Every card a side entered: its melds and the cards left in its hands."""
    return [card for cards in (*side.melds, side.hand) for card in cards]


def _tally(side: SideCards) -> SideTally:
    verdicts = [_meld_verdict(tuple(meld), side.went_out) for meld in side.melds]
    kinds = Counter(verdict.kind for verdict in verdicts if verdict.valid)
    return SideTally(
        clean_canastras=kinds[CLEAN_CANASTRA],
        dirty_canastras=kinds[DIRTY_CANASTRA],
        sambas=kinds[SAMBA],
        wild_canastras=kinds[WILD_CANASTRA],
        red_threes=side.red_threes,
        table_points=sum(verdict.points for verdict in verdicts),
        hand_points=cards_points(side.hand),  # red threes count 0 here; -500 below
        red_threes_in_hand=sum(1 for card in side.hand if is_red_three(card)),
        went_out=side.went_out,
        concealed=side.concealed,
        penalties=side.penalties,
    )


def score_hand(
    sides: Sequence[SideCards],
    options: SambaOptions = DEFAULT_OPTIONS,
    players: Sequence[int | None] | None = None,
) -> list[Breakdown]:
    """Score a hand entered card by card, one breakdown per side, in the order given.

    ``players``: how many players each side has, in the same order (None, or None for a
    side: unknown, not checked). A side of one player that went out has no card left in
    hand, and earns no premium and commits no fault that needs a partner.

    Raises RuleError with every violation found: invalid melds (with side and meld
    indexes), the three-deck limit across all melds and hands, red threes beyond six,
    going out without two 7-card combinations, two sides going out, bad counts, what a
    player alone cannot do. Raises ValueError if ``players`` is not one count of 1 or
    more per side.
    """
    sizes = players_per_side(players, len(sides))
    found: list[Violation] = []
    for index, side in enumerate(sides):
        found += _meld_violations(side.melds, going_out=side.went_out, side=index)[1]
    found += DECK.violations(card for side in sides for card in _cards_of(side))
    tallies = [_tally(side) for side in sides]
    found += _tally_violations(tallies, from_cards=True, players=sizes)
    if found:
        raise RuleError(found)
    return [score_tally(tally, options) for tally in tallies]


def score_quick(
    tallies: Sequence[SideTally],
    options: SambaOptions = DEFAULT_OPTIONS,
    players: Sequence[int | None] | None = None,
) -> list[Breakdown]:
    """Score a hand entered as counts, one breakdown per side; RuleError if inconsistent.
    ``players`` as for ``score_hand``."""
    sizes = players_per_side(players, len(tallies))
    found = _tally_violations(tallies, from_cards=False, players=sizes)
    if found:
        raise RuleError(found)
    return [score_tally(tally, options) for tally in tallies]


def _tally_violations(
    tallies: Sequence[SideTally], *, from_cards: bool, players: Sequence[int | None]
) -> list[Violation]:
    """Checks both entry modes share, so that they refuse the same hands. Cards that
    pass the deck limit always pass the deck's bounds on counts (a side's table points
    included); those cost nothing to run on them."""
    found: list[Violation] = []
    if len(tallies) not in SIDES_ALLOWED:
        found.append(
            Violation("samba.hand.sides", {"sides": len(tallies), "allowed": list(SIDES_ALLOWED)})
        )
    entry = partial(_entry_violations, from_cards=from_cards)

    def side(index: int, tally: SideTally) -> list[Violation]:
        return _side_violations(index, tally, players[index])

    checked, sound = sound_tallies(tallies, entry, side)
    found += checked
    went_out = [index for index, tally in sound if tally.went_out]
    if len(went_out) > 1:
        found.append(Violation("samba.going-out.one-side", {"sides": went_out}))
    return found + _deck_bounds([tally for _, tally in sound])


def _deck_bounds(tallies: Sequence[SideTally]) -> list[Violation]:
    """What the three decks cannot hold between the sides, each against its limit: a
    hand entered as counts never shows its cards, but it cannot need more than exist."""

    def total(name: str) -> int:
        return sum(getattr(tally, name) for tally in tallies)

    red_threes = total("red_threes") + total("red_threes_in_hand")  # laid or in hand
    # A canastra de curingas holds seven wilds or more; a dirty canastra one or two.
    wild_canastras, dirty_canastras = total("wild_canastras"), total("dirty_canastras")
    wilds = SEVEN * wild_canastras + dirty_canastras
    points = total("table_points") + total("hand_points")
    return [
        *_beyond("samba.hand.too-many-red-threes", "red_threes", red_threes, RED_THREES_IN_GAME),
        *_beyond(
            "samba.hand.too-many-wilds",
            "wilds",
            wilds,
            WILDS_IN_GAME,
            wild_canastras=wild_canastras,
            dirty_canastras=dirty_canastras,
        ),
        *_beyond("samba.hand.too-many-sambas", "sambas", total("sambas"), MOST_SAMBAS),
        *_beyond(
            "samba.hand.too-many-clean-canastras",
            "clean_canastras",
            total("clean_canastras"),
            MOST_CLEAN_CANASTRAS,
        ),
        *_beyond(
            "samba.hand.too-many-combinations",
            "combinations",
            total("combinations"),
            MOST_COMBINATIONS,
        ),
        *_beyond("samba.hand.too-many-points", "points", points, MOST_CARD_POINTS),
    ]


def _beyond(rule: str, name: str, count: int, limit: int, **made_of: int) -> list[Violation]:
    """``rule``, broken when ``count`` (``name`` in its params) is beyond ``limit``;
    ``made_of``: the counts it was worked out from, for the message."""
    return [Violation(rule, {name: count, "limit": limit, **made_of})] if count > limit else []


_TALLY_COUNTS = tuple(
    f.name for f in fields(SideTally) if f.name not in ("went_out", "concealed", "penalties")
)


def _entry_violations(index: int, tally: SideTally, *, from_cards: bool) -> list[Violation]:
    values: list[tuple[str, Any]] = [
        *((name, getattr(tally, name)) for name in _TALLY_COUNTS),
        *((f"concealed.{f.name}", getattr(tally.concealed, f.name)) for f in fields(Concealed)),
        *((f"penalties.{f.name}", getattr(tally.penalties, f.name)) for f in fields(Penalties)),
    ]
    found = [
        _bad_entry(index, name, value)
        for name, value in values
        if not (is_whole(value) and value >= 0)
    ]
    if not isinstance(tally.went_out, bool):
        found.append(_bad_entry(index, "went_out", tally.went_out))
    if from_cards:  # then these sums are multiples of five by construction
        return found
    return found + off_step(
        "samba.hand.not-multiple-of-five",
        tally,
        ("table_points", "hand_points"),
        CARD_POINTS_STEP,
        side=index,
    )


def _bad_entry(index: int, name: str, value: Any) -> Violation:
    shown = value if is_whole(value) or isinstance(value, bool) else repr(value)
    return Violation("samba.hand.invalid-entry", {"side": index, "field": name, "value": shown})


def _side_violations(index: int, tally: SideTally, players: int | None = None) -> list[Violation]:
    """A side's own rules; ``players``: how many play the side, None when unknown."""
    found: list[Violation] = []
    if tally.went_out and tally.combinations < REQUIRED_COMBINATIONS:
        found.append(_two_combinations(tally.combinations, side=index))
    # The premiums are earned by laying the concealed canastra down (baixar), whether or
    # not the side goes out; each is for a canastra the side has on the table (a samba is
    # no canastra: the page pays a concealed *canastra*, as it counts canastrão).
    concealed = tally.concealed.total
    if concealed > tally.canastras:
        found.append(
            Violation(
                "samba.concealed.more-than-combinations",
                {
                    "side": index,
                    "concealed": concealed,
                    "canastras": tally.canastras,
                    "combinations": tally.combinations,
                },
            )
        )
    if players == 1:
        found += _alone_violations(index, tally)
    return found + _table_points_floor(index, tally)


def _alone_violations(index: int, tally: SideTally) -> list[Violation]:
    """What a side of one player cannot have done. A team that went out still holds its
    other players' cards, and its players have partners; a player alone has none."""
    found: list[Violation] = []
    # Going out is melding every card left in hand: a red three in hand (no card value)
    # is a card too. Every other card has a value, so this is "any card left".
    if tally.went_out and (tally.hand_points or tally.red_threes_in_hand):
        found.append(
            Violation(
                "samba.going-out.cards-left-alone",
                {
                    "side": index,
                    "hand_points": tally.hand_points,
                    "red_threes_in_hand": tally.red_threes_in_hand,
                },
            )
        )
    premiums = {name: getattr(tally.concealed, name) for name in PARTNER_PREMIUMS}
    if any(premiums.values()):
        params = {"side": index, "premiums": sum(premiums.values()), **premiums}
        found.append(Violation("samba.concealed.no-partner", params))
    # Permission to go out is asked of the partner (the seed: "pedir permissão a seu
    # parceiro"), who may say no.
    faults = {name: getattr(tally.penalties, name) for name in PARTNER_FAULTS}
    if any(faults.values()):
        params = {"side": index, "faults": sum(faults.values()), **faults}
        found.append(Violation("samba.penalty.no-partner", params))
    return found


# The tally's count of each kind of 7-card combination.
_COMBINATION_COUNTS: dict[str, str] = {
    CLEAN_CANASTRA: "clean_canastras",
    DIRTY_CANASTRA: "dirty_canastras",
    SAMBA: "sambas",
    WILD_CANASTRA: "wild_canastras",
}


def _table_points_floor(index: int, tally: SideTally) -> list[Violation]:
    """The table's card points include those of the side's 7-card combinations, each
    worth at least the cheapest of its kind."""
    counts = {name: getattr(tally, name) for name in _COMBINATION_COUNTS.values()}
    minimum = sum(
        CHEAPEST_COMBINATIONS[kind] * counts[name] for kind, name in _COMBINATION_COUNTS.items()
    )
    if tally.table_points >= minimum:
        return []
    params = {"side": index, "table_points": tally.table_points, "minimum": minimum}
    return [Violation("samba.hand.table-points-too-low", {**params, **counts})]


def _two_combinations(combinations: int, **where: Any) -> Violation:
    return Violation(
        "samba.going-out.two-combinations",
        {**where, "combinations": combinations, "required": REQUIRED_COMBINATIONS},
    )


# --------------------------------------------------------------------------- opening


def opening_minimum(running_total: int, options: SambaOptions = DEFAULT_OPTIONS) -> int:
    """Card values a side's opening (saída) must reach, by its running total."""
    for below, minimum in OPENING_TABLE:
        if running_total < below:
            return minimum
    return options.top_minimum


@dataclass(frozen=True)
class OpeningVerdict:
    """Whether a proposed opening stands: its card values against the side's minimum."""

    valid: bool
    points: int
    minimum: int
    violations: tuple[Violation, ...] = ()


def check_opening(
    melds: Sequence[Sequence[Card]],
    running_total: int,
    options: SambaOptions = DEFAULT_OPTIONS,
    pile_top: Card | None = None,
    *,
    going_out: bool = False,
    pile_taken_this_hand: bool = False,
    pile_frozen: bool = False,
) -> OpeningVerdict:
    """Check a side's opening: the melds laid in that play, as laid.

    When the pile is taken in the same play, pass its top card as ``pile_top``; it must
    be in one of ``melds`` (which therefore already count its value), in a group, never
    starting a sequence. If nobody has taken the pile yet this hand
    (``pile_taken_this_hand`` False, the default) or it is premiado (``pile_frozen``),
    that group holds two natural cards of the top's rank from hand.

    An opening that goes out (``going_out``) must also be a legal going out: the opening
    is the side's first laying-down, so its melds are all the side has on the table, and
    two of them must be 7-card combinations (as ``may_go_out`` asks).
    """
    verdicts, found = _meld_violations(melds, going_out=going_out)
    found += DECK.violations(card for meld in melds for card in meld)
    if going_out and (combinations := _combinations(verdicts)) < REQUIRED_COMBINATIONS:
        found.append(_two_combinations(combinations))
    if pile_top is not None:
        needs_pair = pile_frozen or not pile_taken_this_hand
        found += _opening_pile_violations(pile_top, melds, needs_pair, pile_frozen)
    points = sum(verdict.points for verdict in verdicts)
    minimum = opening_minimum(running_total, options)
    if points < minimum:
        found.append(
            Violation(
                "samba.opening.minimum",
                {"points": points, "minimum": minimum, "running_total": running_total},
            )
        )
    return OpeningVerdict(not found, points, minimum, tuple(found))


def _opening_pile_violations(
    top: Card, melds: Sequence[Sequence[Card]], needs_pair: bool, pile_frozen: bool
) -> list[Violation]:
    blocked = _blocked_top(top)
    if blocked is not None:
        return [blocked]
    holding = [tuple(meld) for meld in melds if top in meld]
    if not holding:
        return [Violation("samba.opening.pile-top-not-melded", {"top": str(top)})]
    if all(check_meld(meld).kind in (SEQUENCE, SAMBA) for meld in holding):
        return [Violation("samba.pile.never-start-sequence", {"top": str(top)})]
    if not needs_pair:
        return []
    # the top card itself plus two naturals of its rank from hand
    naturals = max(sum(1 for card in meld if card.rank == top.rank) for meld in holding) - 1
    if naturals < 2:
        params = {"top": str(top), "naturals": naturals, "naturals_in_hand": naturals}
        return [Violation(_pair_rule(pile_frozen), params)]
    return []


def _pair_rule(pile_frozen: bool) -> str:
    """The rule that asks for two naturals from hand: premiado, or the hand's first take."""
    return (
        "samba.pile.premiado-two-naturals" if pile_frozen else "samba.pile.first-take-two-naturals"
    )


# --------------------------------------------------------------------------- referee answers


PileVerdict = Verdict
GoingOutVerdict = Verdict


def _blocked_top(top: Card) -> Violation | None:
    """A top card that no one may take: the pile's top is always the last discard."""
    if is_wild(top):
        return Violation("samba.pile.blocked-by-wild", {"top": str(top)})
    if is_red_three(top):
        return Violation("samba.meld.red-threes-never", {"top": str(top)})
    if is_three(top):
        return Violation("samba.pile.blocked-by-black-three", {"top": str(top)})
    return None


def may_take_pile(
    top: Card,
    *,
    hand: Sequence[Card],
    side_melds: Sequence[Sequence[Card]] = (),
    side_has_opened: bool,
    pile_taken_this_hand: bool | None = None,
    pile_frozen: bool,
    running_total: int | None = None,
    options: SambaOptions = DEFAULT_OPTIONS,
    first_take_this_hand: bool | None = None,
) -> Verdict:
    """May the player whose turn it is take the discard pile (bagaço)?

    ``top`` is the pile's top card, ``hand`` the player's hand, ``side_melds`` the side's
    melds on the table, ``pile_taken_this_hand`` whether anyone (any side) has already
    taken the pile in this hand, ``pile_frozen`` whether it is premiado. The hand's first
    take, and any take of a premiado pile, needs two naturals from hand equal to the top.
    Since the top card is always the last discard, a black three or a wild on top blocks
    the asker. ``running_total`` (optional) adds the opening minimum to the answer when
    the side has not opened.

    ``first_take_this_hand`` is the older spelling, kept for callers: True means this
    would be the hand's first take (``pile_taken_this_hand=False``). Give one of the two.

    Raises RuleError if a side meld is invalid, or if the top card, the hand and the
    side's melds together use a card more often than the three decks hold it.
    """
    taken = _pile_taken(pile_taken_this_hand, first_take_this_hand)
    DECK.check([top, *hand, *(card for meld in side_melds for card in meld)])
    blocked = _blocked_top(top)
    if blocked is not None:
        return Verdict(False, blocked.rule, blocked.params)
    verdicts, found = _meld_violations(side_melds, going_out=False)
    if found:
        raise RuleError(found)
    pair = sum(1 for card in hand if card.rank == top.rank)
    params: dict[str, Any] = {"top": str(top), "naturals_in_hand": pair}
    if len(hand) == 1:
        # The seed: a player left with one card is "pumba" and, on the next turn, "deve
        # comprar cartas do maço" (draws from the stock).
        return Verdict(False, "samba.pile.pumba", {**params, "cards": 1})
    if pile_frozen or not taken:
        return _take_with_pair(pair, params, pile_frozen, side_has_opened, running_total, options)
    verdict = _take_later(top, hand, side_melds, verdicts, pair, params)
    if verdict.allowed and not side_has_opened:
        # A side with nothing on the table takes the pile only to open with it now.
        return _opening_now(params, running_total, options)
    return verdict


def _pile_taken(pile_taken_this_hand: bool | None, first_take_this_hand: bool | None) -> bool:
    if pile_taken_this_hand is None and first_take_this_hand is None:
        raise TypeError("may_take_pile() needs pile_taken_this_hand")
    if first_take_this_hand is None:
        return bool(pile_taken_this_hand)
    if pile_taken_this_hand is not None and pile_taken_this_hand == first_take_this_hand:
        raise TypeError("pile_taken_this_hand and first_take_this_hand disagree")
    return not first_take_this_hand


def _take_later(
    top: Card,
    hand: Sequence[Card],
    side_melds: Sequence[Sequence[Card]],
    verdicts: Sequence[MeldVerdict],
    pair: int,
    params: dict[str, Any],
) -> Verdict:
    """After the hand's first take, on a pile that is not premiado: the top card goes
    onto the side's melds or makes a group with cards from hand."""
    if any(
        v.kind in GROUP_KINDS and _rank_of(meld) == top.rank
        for v, meld in zip(verdicts, side_melds, strict=True)
    ):
        return Verdict(True, "samba.pile.onto-group", params)
    if any(
        v.kind == SEQUENCE and _extends(meld, top)
        for v, meld in zip(verdicts, side_melds, strict=True)
    ):
        return Verdict(True, "samba.pile.onto-sequence", params)
    wilds = sum(1 for card in hand if is_wild(card))
    if pair >= 2 or (pair == 1 and wilds):
        return Verdict(True, "samba.pile.with-hand-cards", params)
    if _starts_sequence(hand, top):
        return Verdict(False, "samba.pile.never-start-sequence", params)
    if wilds >= 2:
        return Verdict(False, "samba.pile.never-two-wilds", params)
    return Verdict(False, "samba.pile.no-combination", params)


def _take_with_pair(
    pair: int,
    params: dict[str, Any],
    pile_frozen: bool,
    side_has_opened: bool,
    running_total: int | None,
    options: SambaOptions,
) -> Verdict:
    rule = _pair_rule(pile_frozen)
    if pair < 2:
        return Verdict(False, rule, params)
    if side_has_opened:
        return Verdict(True, rule, params)
    return _opening_now(params, running_total, options)


def _opening_now(
    params: dict[str, Any], running_total: int | None, options: SambaOptions
) -> Verdict:
    if running_total is not None:
        params = {**params, "minimum": opening_minimum(running_total, options)}
    return Verdict(True, "samba.pile.open-same-play", params)


def _rank_of(meld: Sequence[Card]) -> str | None:
    return next((card.rank for card in meld if is_natural(card)), None)


def _extends(meld: Sequence[Card], top: Card) -> bool:
    """Whether ``top`` fits at either end of a (valid, open) sequence."""
    if meld[0].suit != top.suit:
        return False
    places = [SEQUENCE_ORDER.index(card.rank) for card in meld]
    return SEQUENCE_ORDER.index(top.rank) in (min(places) - 1, max(places) + 1)


def _starts_sequence(hand: Sequence[Card], top: Card) -> bool:
    place = SEQUENCE_ORDER.index(top.rank)
    held = {SEQUENCE_ORDER.index(c.rank) for c in hand if is_natural(c) and c.suit == top.suit}
    return any({place + a, place + b} <= held for a, b in ((-2, -1), (-1, 1), (1, 2)))


def may_go_out(table: int | Sequence[Sequence[Card]]) -> Verdict:
    """May a side go out, given its melds (those laid in that play included) or a count
    of its 7-card combinations? Raises RuleError on an invalid meld or count, or on melds
    that use a card more often than the three decks hold it."""
    if isinstance(table, int):
        if not is_whole(table) or table < 0:
            raise RuleError(
                Violation("samba.hand.invalid-entry", {"field": "combinations", "value": table})
            )
        combinations = table
    else:
        verdicts, found = _meld_violations(table, going_out=True)
        found += DECK.violations(card for meld in table for card in meld)
        if found:
            raise RuleError(found)
        combinations = _combinations(verdicts)
    verdict = _two_combinations(combinations)
    return Verdict(combinations >= REQUIRED_COMBINATIONS, verdict.rule, verdict.params)


# --------------------------------------------------------------------------- game end


def standing(totals: Sequence[int], options: SambaOptions = DEFAULT_OPTIONS) -> Standing:
    """A side wins by passing the target (strictly more) ahead of every other side; if
    the highest of those who passed it are tied, another hand is played."""
    return Standing.of(totals, lambda total: total > options.target)


def winner(totals: Sequence[int], options: SambaOptions = DEFAULT_OPTIONS) -> int | None:
    """The index of the winning side, or None: nobody passed the target (strictly more),
    or the highest of those who did are tied, and another hand is played."""
    return standing(totals, options).winner
