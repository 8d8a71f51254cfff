"""Canastra, AACRT 2016 rules: two pairs, two 54-card decks, two mortos, sequences only.

The game's own words, used as names below:

- *pair* (dupla): the two partners who score together; a hand always has two pairs.
- *jogo*: a meld, three or more cards of one suit in sequence. *Canastra*: a meld of
  seven or more cards, *limpa* (clean: no card acting as a wild) or *suja* (dirty: one).
- *curinga*: a 2, wild; *curingão*: a joker, always wild. A 2 of the meld's own suit in
  its natural place (A 2 3, 2 3 4 …) is a natural card, not a wild.
- *morto*: one of the two packets of 11 cards set aside at the deal; each pair may take
  one, by going out for the first time.
- *batida*: going out, emptying one's hand. The *batida final* is the second going out,
  by a pair that already took its morto: it ends the hand.
- *lixo*: the discard pile. *Trancar*: to lock it for the next player (a wild played).
- *buraco*: the opening minimum of a pair whose running total reached 1,500.
- *mão*: the player who plays first in a hand (the dealer's first player).

Everything here speaks in rule ids (listed in ``RULE_IDS``) and parameters. A hand is
entered the two ways ``referee.tallies`` describes, cards (``score_hand``) or counts
(``score_quick``); ``score_tallies`` scores both pairs at once, since the cards left
in one pair's hands may count for the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from itertools import combinations
from math import gcd
from typing import Any

from referee.cards import DECKS, RANKS, SUITS, Card, CardError, parse_cards
from referee.entries import is_whole
from referee.options import HouseRules
from referee.rulings import Breakdown, Checked, RuleError, ScoreLine, Standing, Verdict, Violation
from referee.tallies import (
    each,
    located,
    meld_violations,
    off_step,
    players_per_side,
    sound_tallies,
)

RULE_IDS: tuple[str, ...] = (
    # --- house rules ---
    "canastra.options.invalid",  # a house rule has an unknown name or a value it cannot take
    # --- melds ---
    "canastra.meld.too-few-cards",  # a meld has at least three cards
    "canastra.meld.one-suit",  # the natural cards (all but 2s and jokers) are of one suit
    "canastra.meld.two-wilds",  # at most one wild (a 2 in its natural place is no wild)
    "canastra.meld.consecutive",  # a meld is a run: no gap a wild cannot fill, no rank twice
    "canastra.meld.no-wrap",  # the ace is below the 2 or above the K; K A 2 is no run
    "canastra.meld.too-long",  # the longest run is A 2 … K A: 14 cards
    # --- entering a hand ---
    "cards.unreadable",  # (shared rule) a token that is not a card
    "cards.deck.too-many",  # (shared rule) a card used more often than the two decks hold
    "canastra.entry.invalid",  # a count, a total or a yes/no has a value it cannot take
    "canastra.entry.not-multiple-of-five",  # card values go by 5, so do their sums
    "canastra.hand.pairs",  # a hand has exactly two pairs
    "canastra.hand.meld-points-too-low",  # a canastra is worth at least 45 (dirty: 55)
    "canastra.hand.meld-points-too-low-together",  # both pairs' canastras share the decks
    "canastra.hand.too-many-canastras",  # 108 cards make at most 15 canastras
    "canastra.hand.too-many-clean-canastras",  # 26 cards of a suit make at most 3: 12 in all
    "canastra.hand.too-many-dirty-canastras",  # 12 wilds make at most 12 dirty canastras
    "canastra.hand.too-many-points",  # the two decks hold 1,160 card points in all
    "canastra.morto.needs-canastra",  # taking the morto needs a canastra, clean or dirty
    "canastra.going-out.needs-clean-canastra",  # the final going out needs a clean canastra
    "canastra.going-out.one-pair",  # only one pair makes the final going out
    "canastra.going-out.cards-left-alone",  # a player alone who went out has no card left
    # --- score lines ---
    "canastra.score.meld-cards",  # card values of all the pair's melds
    "canastra.bonus.clean-canastra",  # 200 each
    "canastra.bonus.dirty-canastra",  # 100 each
    "canastra.bonus.morto",  # taking the morto: 100
    "canastra.bonus.final-going-out",  # the batida final: 100
    "canastra.score.opponents-hand-cards",  # the opponents' cards left in hand, credited
    "canastra.score.own-hand-cards",  # option (classic): own cards left in hand, subtracted
    "canastra.penalty.untaken-morto",  # option: a pair that never took its morto, −100
    # --- the buraco rule (opening minimum) ---
    "canastra.opening.minimum",  # from 1,500: 75, then 90, then 30 more per failure
    "canastra.opening.no-melds",  # an opening lays down at least one meld
    # --- the discard pile (lixo) ---
    "canastra.pile.locked-by-wild",  # a wild played locks the pile for the next player
    "canastra.pile.natural-two",  # … unless it stands as the natural 2 of its suit
    "canastra.pile.not-wild",  # any other card leaves the pile open
    "canastra.pile.single-card",  # a player with a single card in hand may not take it
    "canastra.pile.onto-meld",  # the top card goes straight onto one of the pair's melds
    "canastra.pile.new-meld",  # the top card opens a new meld with two cards from hand
    "canastra.pile.top-unused",  # the top card cannot be used at once: no taking
    # --- the first draw ---
    "canastra.draw.refuse-first-card",  # the mão may refuse the hand's first drawn card
    "canastra.draw.refuse-mixed",  # … unless it was already mixed into the hand
)

DECK = DECKS["canastra"]
PAIRS = 2
MELD_MINIMUM = 3
CANASTRA_MINIMUM = 7
MAX_WILDS = 1
CARDS_DEALT = 11  # to each player, and in each morto

# A run's places: 1 is the ace below the 2, 2 … 13 the 2 … K, 14 the ace above the K.
LOW_ACE, TWO_PLACE, HIGH_ACE = 1, 2, 14
MAX_RUN = HIGH_ACE  # A 2 … K A, an ace at each end (the page's ruling)
_PLACE_OF = {rank: index for index, rank in enumerate(RANKS, 1)}  # A 1, 2 2 … K 13
_RANK_AT = {**{index: rank for rank, index in _PLACE_OF.items()}, HIGH_ACE: "A"}

# Meld kinds, exactly as the API names them.
MELD = "meld"
CLEAN_CANASTRA = "canastra-clean"
DIRTY_CANASTRA = "canastra-dirty"
KINDS: tuple[str, ...] = (MELD, CLEAN_CANASTRA, DIRTY_CANASTRA)

_CARD_POINTS = (
    {"JK": 50, "2": 20, "A": 15}
    | dict.fromkeys(("K", "Q", "J", "10", "9", "8"), 10)
    | dict.fromkeys(("7", "6", "5", "4", "3"), 5)
)

# Bonuses and penalties (points per item).
CLEAN_CANASTRA_BONUS = 200
DIRTY_CANASTRA_BONUS = 100
FINAL_GOING_OUT_BONUS = 100
MORTO_BONUS = 100
UNTAKEN_MORTO_PENALTY = -100

# The buraco rule: from this running total on, a pair's first laying-down of a hand must
# reach FIRST_OPENING card points; after a failed attempt AFTER_FAILURE, then STEP more
# for each further failure within the hand.
BURACO_FROM = 1_500
FIRST_OPENING = 75
AFTER_FAILURE = 90
FAILURE_STEP = 30


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class CanastraOptions(HouseRules):
    """House rules, with the page's defaults."""

    INVALID = "canastra.options.invalid"

    # The seed: cards left in hand go to the opponents' count. False: the classic rule,
    # subtracted from the pair's own count.
    hand_to_opponents: bool = True
    # The page's ruling: an untaken morto costs nothing. True: −100 for such a pair.
    untaken_morto_penalty: bool = False
    target: int = 3_000  # a pair reaching it (or more) wins

    def __post_init__(self) -> None:
        self.refuse_unless(
            hand_to_opponents=isinstance(self.hand_to_opponents, bool),
            untaken_morto_penalty=isinstance(self.untaken_morto_penalty, bool),
            target=is_whole(self.target) and self.target > 0,
        )

    @classmethod
    def shown(cls, value: Any) -> Any:
        return _shown(value)


def _shown(value: Any) -> Any:
    """A value as a message may print it: numbers, yes/no and text as they are."""
    return value if isinstance(value, int | str | float) else repr(value)


DEFAULT_OPTIONS = CanastraOptions()


# --------------------------------------------------------------------------- cards


def is_wild(card: Card) -> bool:
    """Jokers (curingão) and 2s (curinga). A 2 may still stand as a natural card."""
    return card.is_joker or card.rank == "2"


def card_points(card: Card) -> int:
    """Joker 50, 2 20 (wild or natural), A 15, 8 to K 10, 3 to 7 5."""
    return _CARD_POINTS[card.rank]


def cards_points(cards: Iterable[Card]) -> int:
    return sum(card_points(card) for card in cards)


# What the two decks hold, and so the bounds of a hand entered as counts.
WILDS_IN_GAME = sum(1 for card in DECK.cards() if is_wild(card))  # 4 jokers and 8 twos
MOST_CANASTRAS = len(DECK) // CANASTRA_MINIMUM  # 108 cards make at most 15
MOST_DIRTY_CANASTRAS = WILDS_IN_GAME  # each holds exactly one wild: 12
# A clean canastra holds no wild, so it is seven naturals of one suit (a 2 in its own
# place is natural); the 26 cards of a suit make three: 12 in all.
CARDS_OF_A_SUIT = DECK.copies * len(RANKS)  # 26
CLEAN_CANASTRAS_OF_A_SUIT = CARDS_OF_A_SUIT // CANASTRA_MINIMUM  # 3
MOST_CLEAN_CANASTRAS = CLEAN_CANASTRAS_OF_A_SUIT * len(SUITS)  # 12
MOST_CARD_POINTS = cards_points(DECK.cards())  # every card of the two decks: 1,160
CARD_POINTS_STEP = gcd(*_CARD_POINTS.values())  # 5
# The cheapest canastras: 3 to 9 of a suit (45); 3 to 8 and a 2 for the 9 (55).
CHEAPEST_CLEAN_CANASTRA = 45
CHEAPEST_DIRTY_CANASTRA = 55
# The decks hold two 3-to-9 runs of each suit, eight in all. A suit's third clean
# canastra leaves it no second 3 to 9: its three cost at least 180 (A to 7, 3 to 9 and
# 8 to A), 90 more than two. So each clean canastra beyond eight adds at least 90.
CHEAP_CLEAN_CANASTRAS = 2 * len(SUITS)  # 8
THIRD_CLEAN_CANASTRA_OF_A_SUIT = 90


# --------------------------------------------------------------------------- melds


@dataclass(frozen=True)
class Slot:
    """One card of a run, at its place: 1 (ace below the 2) … 14 (ace above the king)."""

    card: Card
    place: int
    wild: bool

    @property
    def rank(self) -> str:
        """The rank the card stands as (a wild stands for the card it replaces)."""
        return _RANK_AT[self.place]


@dataclass(frozen=True)
class Arrangement:
    """A meld laid out as a run of one suit, in order, lowest place first."""

    suit: str
    slots: tuple[Slot, ...]

    @property
    def wilds(self) -> tuple[Slot, ...]:
        return tuple(slot for slot in self.slots if slot.wild)

    @property
    def naturals(self) -> int:
        return len(self.slots) - len(self.wilds)

    @property
    def clean(self) -> bool:
        return not self.wilds

    def natural_copies(self, card: Card) -> int:
        return sum(1 for slot in self.slots if slot.card == card and not slot.wild)


@dataclass(frozen=True)
class _Layout:
    """A way to read the cards of one suit: where the naturals go, which cards are wild."""

    suit: str
    placed: tuple[tuple[Card, int], ...]  # natural cards and their places
    wilds: tuple[Card, ...]

    @property
    def places(self) -> list[int]:
        return [place for _, place in self.placed]

    def is_run(self) -> bool:
        """Whether the naturals fit, distinct, in a run as long as the meld (wilds filling
        the rest): the run's window always fits in 1 … 14 when its length does."""
        places = self.places
        length = len(places) + len(self.wilds)
        if length > MAX_RUN or len(set(places)) != len(places):
            return False
        return not places or max(places) - min(places) < length

    def wraps(self) -> bool:
        """Whether the naturals would be a run if the king led on to the ace and the 2
        (K A 2): the run the rules forbid."""
        points = sorted({place % (HIGH_ACE - 1) for place in self.places})  # A is 1 and 14
        length = len(self.placed) + len(self.wilds)
        if len(points) != len(self.placed) or length > HIGH_ACE - 1 or len(points) < 2:
            return False
        around = HIGH_ACE - 1  # 13 ranks on the circle
        gaps = [b - a for a, b in zip(points, [*points[1:], points[0] + around], strict=True)]
        return around - max(gaps) < length

    def arrangement(self) -> Arrangement:
        places = self.places
        length = len(places) + len(self.wilds)
        # A wild at one end goes below the lowest natural when there is room (a ruling).
        low = max(LOW_ACE, max(places) - length + 1)
        at = {place: card for card, place in self.placed}
        wilds = iter(self.wilds)
        slots = tuple(
            Slot(at[place], place, False) if place in at else Slot(next(wilds), place, True)
            for place in range(low, low + length)
        )
        return Arrangement(self.suit, slots)


def _layouts(cards: Sequence[Card]) -> list[_Layout]:
    """Every reading of the cards as naturals of one suit plus wilds, run or not.

    Only a 2 (natural in its own suit's place, or wild) and an ace (below the 2 or above
    the K) have a choice; every other card is a natural at its rank's place.
    """
    fixed = [card for card in cards if not is_wild(card)]
    fixed_suits = {card.suit for card in fixed}
    if len(fixed_suits) > 1:
        return []
    # With no natural but 2s, each 2's suit is a suit the meld may be of.
    suits = fixed_suits or {card.suit for card in cards if card.rank == "2"}
    layouts = []
    for suit in sorted(suits, key=SUITS.index):
        own_twos = [card for card in cards if card.rank == "2" and card.suit == suit]
        other_wilds = [card for card in cards if is_wild(card) and card not in own_twos]
        aces = [card for card in fixed if card.rank == "A"]
        others = tuple((card, _PLACE_OF[card.rank]) for card in fixed if card.rank != "A")
        for ace_places in _ace_choices(len(aces)):
            placed_aces = tuple(zip(aces, ace_places, strict=True))
            for natural_twos in range(min(1, len(own_twos)) + 1):
                twos = tuple((card, TWO_PLACE) for card in own_twos[:natural_twos])
                layouts.append(
                    _Layout(
                        suit,
                        others + placed_aces + twos,
                        tuple(other_wilds) + tuple(own_twos[natural_twos:]),
                    )
                )
    return layouts


def _ace_choices(aces: int) -> list[tuple[int, ...]]:
    if aces == 0:
        return [()]
    if aces == 1:
        return [(LOW_ACE,), (HIGH_ACE,)]
    # Two aces of a suit stand at both ends; a third has no place (and never matches).
    return [(LOW_ACE, HIGH_ACE, *([HIGH_ACE] * (aces - 2)))]


def _best_run(cards: Sequence[Card]) -> _Layout | None:
    """The reading as a run with the most natural cards (fewest wilds), any wild count."""
    runs = [layout for layout in _layouts(cards) if layout.is_run()]
    # max keeps the first of equals: the order _layouts builds them in is the tie-break
    return max(runs, key=lambda layout: len(layout.placed), default=None)


def arrange(cards: Iterable[Card]) -> Arrangement | None:
    """Lay the cards out as a legal run (at most one wild), with the most natural cards
    possible, or None if no arrangement makes them a meld."""
    cards = tuple(cards)
    if len(cards) < MELD_MINIMUM:
        return None
    best = _best_run(cards)
    if best is None or len(best.wilds) > MAX_WILDS:
        return None
    return best.arrangement()


@dataclass(frozen=True)
class MeldVerdict(Checked):
    """What a meld is, its card points (no canastra bonus), and every rule it breaks.

    ``kind`` is ``meld``, ``canastra-clean`` or ``canastra-dirty``; an invalid meld is
    reported as a plain ``meld`` (it is no canastra). ``arrangement`` shows the run found,
    where each card stands and which card is the wild (None when invalid).
    """

    valid: bool
    kind: str
    points: int
    violations: tuple[Violation, ...] = ()
    arrangement: Arrangement | None = None

    @property
    def is_canastra(self) -> bool:
        return self.kind in (CLEAN_CANASTRA, DIRTY_CANASTRA)

    @property
    def wild(self) -> Slot | None:
        """The card acting as a wild and the place it stands for (a dirty meld's)."""
        wilds = self.arrangement.wilds if self.arrangement else ()
        return wilds[0] if wilds else None

    def as_dict(self) -> dict[str, Any]:
        """Plain data without the arrangement: the API answers with the meld's verdict."""
        plain = super().as_dict()
        del plain["arrangement"]
        return plain


def check_meld(cards: Iterable[Card]) -> MeldVerdict:
    """Classify one meld (given as cards in any order) and check it."""
    cards = tuple(cards)
    points = cards_points(cards)
    found = _meld_rule_violations(cards)
    if found:
        return MeldVerdict(False, MELD, points, tuple(found))
    arrangement = arrange(cards)
    assert arrangement is not None  # no violation means a legal run exists
    kind = MELD
    if len(cards) >= CANASTRA_MINIMUM:
        kind = CLEAN_CANASTRA if arrangement.clean else DIRTY_CANASTRA
    return MeldVerdict(True, kind, points, (), arrangement)


def _meld_rule_violations(cards: tuple[Card, ...]) -> list[Violation]:
    found: list[Violation] = []
    if len(cards) < MELD_MINIMUM:
        found.append(
            Violation(
                "canastra.meld.too-few-cards", {"cards": len(cards), "minimum": MELD_MINIMUM}
            )
        )
    if not cards:
        return found
    suits = sorted({card.suit for card in cards if not is_wild(card)}, key=SUITS.index)
    if len(suits) > 1:
        found.append(Violation("canastra.meld.one-suit", {"suits": suits}))
        return found
    if len(cards) > MAX_RUN:
        found.append(
            Violation("canastra.meld.too-long", {"cards": len(cards), "maximum": MAX_RUN})
        )
        return found
    best = _best_run(cards)
    layouts = _layouts(cards)
    if best is not None:
        wilds = len(best.wilds)
    elif not layouts:  # jokers only: no suit, every card wild
        wilds = len(cards)
    else:
        # No run at all; the cards that can only be wild still say whether there are two.
        wilds = min(len(layout.wilds) for layout in layouts)
        suit = layouts[0].suit
        if any(layout.wraps() for layout in layouts):
            found.append(Violation("canastra.meld.no-wrap", {"suit": suit}))
        else:
            found.append(
                Violation("canastra.meld.consecutive", {"suit": suit, "ranks": _ranks(cards)})
            )
    if wilds > MAX_WILDS:
        found.append(Violation("canastra.meld.two-wilds", {"wilds": wilds, "maximum": MAX_WILDS}))
    return found


def _ranks(cards: Iterable[Card]) -> list[str]:
    """The natural-looking ranks, in order A 2 … K, for a message."""
    return sorted((card.rank for card in cards if not card.is_joker), key=_PLACE_OF.__getitem__)


def _meld_violations(
    melds: Sequence[Sequence[Card]], **where: Any
) -> tuple[list[MeldVerdict], list[Violation]]:
    verdicts = [check_meld(meld) for meld in melds]
    return verdicts, meld_violations(verdicts, **where)


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class PairTally:
    """A pair's hand as counts: what the quick entry asks, and what cards reduce to."""

    clean_canastras: int = 0
    dirty_canastras: int = 0
    meld_points: int = 0  # card values of all its melds, canastras included
    hand_points: int = 0  # card values left in its two players' hands (a positive number)
    took_morto: bool = False
    went_out: bool = False  # the final going out (batida final), which ends the hand

    @property
    def canastras(self) -> int:
        return self.clean_canastras + self.dirty_canastras


@dataclass(frozen=True)
class PairCards:
    """A pair's hand as cards: its melds and every card left in its two players' hands."""

    melds: Sequence[Sequence[Card]] = ()
    hand: Sequence[Card] = ()
    took_morto: bool = False
    went_out: bool = False


def score_tallies(
    tallies: Sequence[PairTally], options: CanastraOptions = DEFAULT_OPTIONS
) -> list[Breakdown]:
    """Both pairs' hand results, line by line, in the order given. It does not validate
    (see ``score_quick``); each pair needs the other's cards in hand, hence the pair."""
    first, second = tallies
    return [_score_pair(first, second, options), _score_pair(second, first, options)]


def _score_pair(own: PairTally, opponents: PairTally, options: CanastraOptions) -> Breakdown:
    """Lines with a zero count are left out, except the melds' card values."""
    if options.hand_to_opponents:
        hand = _points("canastra.score.opponents-hand-cards", opponents.hand_points)
    else:
        hand = _points("canastra.score.own-hand-cards", -own.hand_points)
    untaken = options.untaken_morto_penalty and not own.took_morto
    return Breakdown.of(
        [
            ScoreLine("canastra.score.meld-cards", 1, own.meld_points),
            *each("canastra.bonus.clean-canastra", own.clean_canastras, CLEAN_CANASTRA_BONUS),
            *each("canastra.bonus.dirty-canastra", own.dirty_canastras, DIRTY_CANASTRA_BONUS),
            *each("canastra.bonus.morto", int(own.took_morto), MORTO_BONUS),
            *each("canastra.bonus.final-going-out", int(own.went_out), FINAL_GOING_OUT_BONUS),
            *hand,
            *each("canastra.penalty.untaken-morto", int(untaken), UNTAKEN_MORTO_PENALTY),
        ]
    )


def _points(rule: str, points: int) -> list[ScoreLine]:
    return [ScoreLine(rule, 1, points)] if points else []


def tally_from_cards(pair: PairCards) -> PairTally:
    """Reduce one pair's cards to the counts ``score_tallies`` scores.

    Raises RuleError if a meld is invalid (each violation names the meld's index).
    """
    _, found = _meld_violations(pair.melds)
    if found:
        raise RuleError(found)
    return _tally(pair)


def _tally(pair: PairCards) -> PairTally:
    verdicts = [check_meld(meld) for meld in pair.melds]
    kinds = [verdict.kind for verdict in verdicts if verdict.valid]
    return PairTally(
        clean_canastras=kinds.count(CLEAN_CANASTRA),
        dirty_canastras=kinds.count(DIRTY_CANASTRA),
        meld_points=sum(verdict.points for verdict in verdicts),
        hand_points=cards_points(pair.hand),
        took_morto=pair.took_morto,
        went_out=pair.went_out,
    )


def score_hand(
    pairs: Sequence[PairCards],
    options: CanastraOptions = DEFAULT_OPTIONS,
    players: Sequence[int | None] | None = None,
) -> list[Breakdown]:
    """Score a hand entered card by card: one breakdown per pair, in the order given.
    ``players``: how many play each side, 2 (a pair) or 1 (the game for two,
    ``canastra.ruling.two-players``); None when unknown.

    Raises RuleError with every violation found: invalid melds (with pair and meld
    indexes), the two-deck limit across all melds and hands of both pairs, taking the
    morto without a canastra, the final going out without a clean one (or, by a player
    alone, with cards left in hand), both pairs going out, not two pairs, bad values.
    """
    found: list[Violation] = []
    for index, pair in enumerate(pairs):
        found += _meld_violations(pair.melds, pair=index)[1]
    found += DECK.violations(
        card for pair in pairs for cards in (*pair.melds, pair.hand) for card in cards
    )
    tallies = [_tally(pair) for pair in pairs]
    found += _tally_violations(tallies, from_cards=True, players=players)
    if found:
        raise RuleError(found)
    return score_tallies(tallies, options)


def score_quick(
    tallies: Sequence[PairTally],
    options: CanastraOptions = DEFAULT_OPTIONS,
    players: Sequence[int | None] | None = None,
) -> list[Breakdown]:
    """Score a hand entered as counts, one breakdown per pair; RuleError if inconsistent.
    ``players`` as for ``score_hand``."""
    found = _tally_violations(tallies, from_cards=False, players=players)
    if found:
        raise RuleError(found)
    return score_tallies(tallies, options)


_COUNTS = ("clean_canastras", "dirty_canastras", "meld_points", "hand_points")
_FLAGS = ("took_morto", "went_out")


def _tally_violations(
    tallies: Sequence[PairTally],
    *,
    from_cards: bool,
    players: Sequence[int | None] | None = None,
) -> list[Violation]:
    """Checks both entry modes share, so that they refuse the same hands. Those that
    cards always pass (sums by fives, the deck's bounds) cost nothing to run on them."""
    found: list[Violation] = []
    if len(tallies) != PAIRS:
        found.append(Violation("canastra.hand.pairs", {"pairs": len(tallies), "required": PAIRS}))
    sizes = players_per_side(players, len(tallies))

    def pair(index: int, tally: PairTally) -> list[Violation]:
        alone = sizes[index] == 1
        return _pair_violations(index, tally) + (_alone_violations(index, tally) if alone else [])

    checked, sound = sound_tallies(tallies, _entry_violations, pair)
    found += checked
    went_out = [index for index, tally in sound if tally.went_out]
    if len(went_out) > 1:
        found.append(Violation("canastra.going-out.one-pair", {"pairs": went_out}))
    found += _deck_bounds([tally for _, tally in sound])
    if len(sound) == PAIRS and not found:
        found += _together_minimum([tally for _, tally in sound])
    return found


def _entry_violations(index: int, tally: PairTally) -> list[Violation]:
    found = [
        _bad_entry(name, getattr(tally, name), pair=index)
        for name in _COUNTS
        if not (is_whole(getattr(tally, name)) and getattr(tally, name) >= 0)
    ]
    found += [
        _bad_entry(name, getattr(tally, name), pair=index)
        for name in _FLAGS
        if not isinstance(getattr(tally, name), bool)
    ]
    return found + off_step(
        "canastra.entry.not-multiple-of-five",
        tally,
        ("meld_points", "hand_points"),
        CARD_POINTS_STEP,
        pair=index,
    )


def _bad_entry(name: str, value: Any, **where: Any) -> Violation:
    return Violation("canastra.entry.invalid", {**where, "field": name, "value": _shown(value)})


def _pair_violations(index: int, tally: PairTally) -> list[Violation]:
    found: list[Violation] = []
    # The clean and the dirty canastras share no card, so their cheapest sum is a bound.
    minimum = (
        cheapest_clean_canastras(tally.clean_canastras)
        + tally.dirty_canastras * CHEAPEST_DIRTY_CANASTRA
    )
    if tally.meld_points < minimum:
        found.append(
            Violation(
                "canastra.hand.meld-points-too-low",
                {
                    "pair": index,
                    "meld_points": tally.meld_points,
                    "minimum": minimum,
                    "clean_canastras": tally.clean_canastras,
                    "dirty_canastras": tally.dirty_canastras,
                },
            )
        )
    if tally.went_out:
        verdict = _final_going_out(tally.clean_canastras)
    elif tally.took_morto:
        verdict = _taking_morto(tally.canastras)
    else:
        return found
    if not verdict.allowed:
        found.append(Violation(verdict.rule, {"pair": index, **verdict.params}))
    return found


def _alone_violations(index: int, tally: PairTally) -> list[Violation]:
    """A player alone goes out by emptying the hand: nothing is left in it to count.
    (A pair that went out still holds the partner's cards.)"""
    if tally.went_out and tally.hand_points:
        return [
            Violation(
                "canastra.going-out.cards-left-alone",
                {"pair": index, "hand_points": tally.hand_points},
            )
        ]
    return []


def _together_minimum(tallies: Sequence[PairTally]) -> list[Violation]:
    """The two pairs' canastras come from the same two decks, so the eight 3-to-9 runs
    serve both: six clean canastras a pair pass each pair's own check (270), yet twelve
    are three of every suit, 720 card points at least."""
    clean = sum(tally.clean_canastras for tally in tallies)
    dirty = sum(tally.dirty_canastras for tally in tallies)
    meld_points = sum(tally.meld_points for tally in tallies)
    minimum = cheapest_clean_canastras(clean) + dirty * CHEAPEST_DIRTY_CANASTRA
    if meld_points >= minimum:
        return []
    return [
        Violation(
            "canastra.hand.meld-points-too-low-together",
            {
                "meld_points": meld_points,
                "minimum": minimum,
                "clean_canastras": clean,
                "dirty_canastras": dirty,
            },
        )
    ]


def cheapest_clean_canastras(count: int) -> int:
    """The fewest card points ``count`` clean canastras hold: 45 each while there are
    3-to-9 runs to spare (two of a suit), 90 for each one beyond."""
    beyond = max(0, count - CHEAP_CLEAN_CANASTRAS)
    return (count - beyond) * CHEAPEST_CLEAN_CANASTRA + beyond * THIRD_CLEAN_CANASTRA_OF_A_SUIT


def _deck_bounds(tallies: Sequence[PairTally]) -> list[Violation]:
    """What the two decks cannot hold between the pairs, each against its limit."""
    bounds = (
        (
            "canastra.hand.too-many-canastras",
            "canastras",
            sum(tally.canastras for tally in tallies),
            MOST_CANASTRAS,
        ),
        (
            "canastra.hand.too-many-clean-canastras",
            "clean_canastras",
            sum(tally.clean_canastras for tally in tallies),
            MOST_CLEAN_CANASTRAS,
        ),
        (
            "canastra.hand.too-many-dirty-canastras",
            "dirty_canastras",
            sum(tally.dirty_canastras for tally in tallies),
            MOST_DIRTY_CANASTRAS,
        ),
        (
            "canastra.hand.too-many-points",
            "points",
            sum(tally.meld_points + tally.hand_points for tally in tallies),
            MOST_CARD_POINTS,
        ),
    )
    return [
        Violation(rule, {name: held, "limit": limit})
        for rule, name, held, limit in bounds
        if held > limit
    ]


# --------------------------------------------------------------------------- reading JSON

_PAIR_CARD_KEYS = ("melds", "hand", "took_morto", "went_out")


def read_pairs(pairs: Sequence[Mapping[str, Any]]) -> list[PairCards]:
    """Read the API's pairs (``{"melds": [[tokens]…], "hand": [tokens], "took_morto",
    "went_out"}``) into ``PairCards``. Raises RuleError naming every unreadable card and
    bad value, each located by pair (and meld) index."""
    found: list[Violation] = []
    read: list[PairCards] = []
    for index, data in enumerate(pairs):
        found += [
            _bad_entry(name, data[name], pair=index)
            for name in data
            if name not in _PAIR_CARD_KEYS
        ]
        melds = []
        given = data.get("melds", ())
        if isinstance(given, str) or not isinstance(given, Sequence):
            found.append(_bad_entry("melds", given, pair=index))
            given = ()
        for meld_index, meld in enumerate(given):
            melds.append(tuple(_read_cards(meld, found, pair=index, meld=meld_index)))
        hand = _read_cards(data.get("hand", ()), found, pair=index, field="hand")
        read.append(
            PairCards(
                melds=tuple(melds),
                hand=tuple(hand),
                took_morto=data.get("took_morto", False),
                went_out=data.get("went_out", False),
            )
        )
    if found:
        raise RuleError(found)
    return read


def _read_cards(tokens: Any, found: list[Violation], **where: Any) -> list[Card]:
    if isinstance(tokens, str) or not isinstance(tokens, Sequence):
        found.append(_bad_entry(where.pop("field", "melds"), tokens, **where))
        return []
    try:
        return parse_cards(tokens)
    except CardError as error:
        found += [located(violation, **where) for violation in error.violations]
        return []


def read_tallies(pairs: Sequence[Mapping[str, Any]]) -> list[PairTally]:
    """Read the quick entry's pairs (``PairTally``'s fields by name); unknown names are
    refused. Values are checked when scored (``score_quick``)."""
    known = {f.name for f in fields(PairTally)}
    found = [
        _bad_entry(name, data[name], pair=index)
        for index, data in enumerate(pairs)
        for name in data
        if name not in known
    ]
    if found:
        raise RuleError(found)
    return [PairTally(**data) for data in pairs]


# --------------------------------------------------------------------------- the buraco rule


def opening_requirement(total: int, failed: int = 0) -> int:
    """Card points a pair's first laying-down of the hand must reach: 0 below 1,500;
    then 75, 90 after a failed attempt, and 30 more for each further failure."""
    _check_opening_entry(total, failed)
    if total < BURACO_FROM:
        return 0
    if failed == 0:
        return FIRST_OPENING
    return AFTER_FAILURE + FAILURE_STEP * (failed - 1)


def _check_opening_entry(total: Any, failed: Any) -> None:
    found = []
    if not is_whole(total):
        found.append(_bad_entry("total", total))
    if not (is_whole(failed) and failed >= 0):
        found.append(_bad_entry("failed", failed))
    if found:
        raise RuleError(found)


@dataclass(frozen=True)
class OpeningVerdict(Checked):
    """Whether a pair's first laying-down stands: its card values against the buraco
    requirement (0 below 1,500), and every rule it breaks."""

    required: int
    value: int
    meets: bool
    violations: tuple[Violation, ...] = ()


def check_opening(melds: Sequence[Sequence[Card]], total: int, failed: int = 0) -> OpeningVerdict:
    """Check a pair's opening: the melds laid in that play (with the pile's top card if
    the pile was taken to open), its running total and its failed attempts this hand.

    The value is the melds' card points, no canastra bonus. Raises RuleError if
    ``total`` or ``failed`` is not a whole number (``failed`` 0 or more).
    """
    required = opening_requirement(total, failed)
    _, found = _meld_violations(melds)
    found += DECK.violations(card for meld in melds for card in meld)
    if not melds:
        found.append(Violation("canastra.opening.no-melds", {}))
    value = sum(cards_points(meld) for meld in melds)
    if value < required:
        found.append(
            Violation(
                "canastra.opening.minimum",
                {"value": value, "required": required, "total": total, "failed": failed},
            )
        )
    return OpeningVerdict(required, value, not found, tuple(found))


# --------------------------------------------------------------------------- referee answers


def _valid_melds(melds: Sequence[Sequence[Card]]) -> list[MeldVerdict]:
    verdicts, found = _meld_violations(melds)
    if found:
        raise RuleError(found)
    return verdicts


def may_take_pile(
    top: Card,
    hand: Sequence[Card],
    pair_melds: Sequence[Sequence[Card]] = (),
    *,
    locked: bool = False,
) -> Verdict:
    """May the player whose turn it is take the discard pile (lixo)?

    ``top`` is the pile's top card, ``hand`` the player's cards (before taking),
    ``pair_melds`` the pair's melds on the table, ``locked`` whether the previous player
    melded a wild that locks it (see ``may_next_player_take_pile``). A wild on top was
    the previous player's discard, so it locks the pile too. The top card must be used at
    once: straight onto one of the pair's melds, or in a new meld with at least two cards
    from hand. Raises RuleError if a pair meld is invalid.
    """
    _valid_melds(pair_melds)
    params: dict[str, Any] = {"top": str(top)}
    if locked or is_wild(top):
        return Verdict(False, "canastra.pile.locked-by-wild", params)
    if len(hand) == 1:
        return Verdict(False, "canastra.pile.single-card", {**params, "cards": 1})
    for index, meld in enumerate(pair_melds):
        if check_meld((*meld, top)).valid:
            return Verdict(True, "canastra.pile.onto-meld", {**params, "meld": index})
    # Any longer new meld holds a three-card run through the top card, so pairs suffice;
    # the answer names a pair that needs no wild when there is one.
    new_melds = [
        (len(verdict.arrangement.wilds), cards)
        for cards in combinations(hand, 2)
        if (verdict := check_meld((top, *cards))).arrangement is not None
    ]
    if new_melds:
        _, cards = min(new_melds, key=lambda found: found[0])
        return Verdict(
            True, "canastra.pile.new-meld", {**params, "cards": [str(card) for card in cards]}
        )
    return Verdict(False, "canastra.pile.top-unused", params)


def may_next_player_take_pile(
    played: Card,
    meld: Sequence[Card] | None = None,
    meld_before: Sequence[Card] = (),
) -> Verdict:
    """Does a card just played leave the pile open for the next player?

    A wild played locks it (trancar), whether melded or discarded (a ruling), unless it
    stands as the natural 2 of its meld's suit. ``meld`` is the meld it went into, as it
    stands after the play (None: it was discarded); ``meld_before`` the same meld before
    the play (empty for a new meld), so that of two equal 2s the one just played is told
    apart. Raises RuleError if a meld is invalid or does not hold the card.
    """
    params = {"card": str(played)}
    if not is_wild(played):
        return Verdict(True, "canastra.pile.not-wild", params)
    if meld is None or played.is_joker:
        return Verdict(False, "canastra.pile.locked-by-wild", params)
    verdicts = _valid_melds([meld, meld_before] if meld_before else [meld])
    if list(meld).count(played) <= list(meld_before).count(played):
        raise RuleError(_bad_entry("played", str(played)))
    after = verdicts[0].arrangement
    before = verdicts[1].arrangement if meld_before else None
    natural_now = after is not None and after.natural_copies(played)
    natural_before = before is not None and before.natural_copies(played)
    if natural_now and not natural_before:
        return Verdict(True, "canastra.pile.natural-two", params)
    return Verdict(False, "canastra.pile.locked-by-wild", params)


def _taking_morto(canastras: int) -> Verdict:
    return Verdict(
        canastras >= 1, "canastra.morto.needs-canastra", {"canastras": canastras, "required": 1}
    )


def _final_going_out(clean: int) -> Verdict:
    return Verdict(
        clean >= 1,
        "canastra.going-out.needs-clean-canastra",
        {"clean_canastras": clean, "required": 1},
    )


def may_go_out(
    melds: Sequence[Sequence[Card]], *, took_morto: bool, morto_available: bool = True
) -> Verdict:
    """May a player go out (bater), given the pair's melds on the table (those laid in
    that play included)? A pair that has not taken its morto goes out to take it and
    needs a canastra, clean or dirty; a pair that took it (or whose morto became the
    stock: ``morto_available`` False) ends the hand and needs a clean canastra.
    Raises RuleError on an invalid meld."""
    kinds = [verdict.kind for verdict in _valid_melds(melds)]
    return may_go_out_counted(
        kinds.count(CLEAN_CANASTRA),
        kinds.count(DIRTY_CANASTRA),
        took_morto=took_morto,
        morto_available=morto_available,
    )


def may_go_out_counted(
    clean_canastras: int,
    dirty_canastras: int,
    *,
    took_morto: bool,
    morto_available: bool = True,
) -> Verdict:
    """``may_go_out`` from counts of the pair's canastras."""
    found = [
        _bad_entry(name, value)
        for name, value in (
            ("clean_canastras", clean_canastras),
            ("dirty_canastras", dirty_canastras),
        )
        if not (is_whole(value) and value >= 0)
    ]
    if found:
        raise RuleError(found)
    if took_morto or not morto_available:
        return _final_going_out(clean_canastras)
    return _taking_morto(clean_canastras + dirty_canastras)


def may_refuse_first_card(*, first_card_of_hand: bool, mixed_into_hand: bool) -> Verdict:
    """May the player refuse the card just drawn and draw another? Only the mão (the
    dealer's first player) with the first card drawn in the hand, and only if that card
    was not yet mixed into the hand."""
    if not first_card_of_hand:
        return Verdict(False, "canastra.draw.refuse-first-card")
    if mixed_into_hand:
        return Verdict(False, "canastra.draw.refuse-mixed")
    return Verdict(True, "canastra.draw.refuse-first-card")


# --------------------------------------------------------------------------- match end


def standing(totals: Sequence[int], options: CanastraOptions = DEFAULT_OPTIONS) -> Standing:
    """A pair reaching the target (3,000 or more) wins; if both reach it, the higher
    total wins; if those are equal, another hand is played."""
    return Standing.of(totals, lambda total: total >= options.target)


def winner(totals: Sequence[int], options: CanastraOptions = DEFAULT_OPTIONS) -> int | None:
    """The index of the winning pair, or None: nobody reached the target, or both reached
    it level, and another hand is played."""
    return standing(totals, options).winner
