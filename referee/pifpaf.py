"""Pif-Paf (Cacheta): the meld and going-out checks, discard claims, the chip ledger of a
hand and the money settlement at the end of a session.

Vocabulary: a *meld* (jogo) is a *sequence* (sequência, 3+ consecutive cards of one suit)
or a *group* (trinca, 3+ cards of one rank). To *go out* (bater) is to arrange all nine
cards into melds. The *ante* (pingo) is what each player pays to be dealt in; to *raise*
is repicar, to *call* acompanhar, to *fold* abandonar; a player who cannot cover a bet
goes *all-in* with the chips they have, as in poker, and the pot splits into a *main pot*
everyone contested and *side pots* among those who put in more. A player short of the
ante antes what they have and is all-in from the start; only a player with no chips left
sits a hand out, or, when the match allows *rebuys* (recompra), buys in again for the
buy-in. A player flagged *stock only* may draw only from the stock (maço) for the rest of
the hand, never take a discard (lixo).

Turn order is clockwise, which the engine writes as increasing seat index modulo the
number of players: the player after seat ``i`` is seat ``i + 1``, and the player after
the last seat is seat 0. ``Table.players`` lists the players in that order, so the
dealer's left is the next name in it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cache
from itertools import combinations, product
from types import MappingProxyType
from typing import Any, ClassVar

from referee.cards import DECKS, SUITS, Card
from referee.entries import is_whole, per_player_violations
from referee.options import HouseRules
from referee.rulings import RuleError, ScoreLine, Violation

RULE_IDS: tuple[str, ...] = (
    # house rules
    "pifpaf.options.invalid",  # a house-rule option has an unknown name or value
    # the deck (shared ids raised through referee.cards)
    "cards.deck.not-in-deck",  # Pif-Paf plays two 52-card decks without jokers
    "cards.deck.too-many",  # the two decks hold each card twice, no more
    # melds
    "pifpaf.meld.too-short",  # a meld has three cards or more
    "pifpaf.meld.mixed",  # a meld is all one suit (sequence) or all one rank (group)
    "pifpaf.sequence.repeated-rank",  # a sequence holds each rank once
    "pifpaf.sequence.gap",  # a sequence's ranks are consecutive
    "pifpaf.sequence.wrap",  # a sequence never turns the corner (K A 2 is not one)
    "pifpaf.sequence.ace-both-ends",  # the ace stands below the 2 or above the K, not both
    "pifpaf.sequence.ace-high",  # option aces low: the ace stands only below the 2
    "pifpaf.group.three-suits",  # a group holds exactly three suits (Q♠ Q♥ Q♦ Q♦ is one)
    "pifpaf.group.trinca",  # option trinca: a group is exactly three cards of three suits
    # going out
    "pifpaf.hand.card-count",  # the going-out check takes nine cards, or ten with a discard
    # claims on a discard
    "pifpaf.claim.no-claimant",  # somebody must claim the discard
    "pifpaf.claim.no-such-player",  # seats run from 0 to players - 1
    "pifpaf.claim.own-discard",  # nobody goes out with the card they just discarded
    # the table and its chip settings
    "pifpaf.table.players",  # three to eight players
    "pifpaf.table.duplicate-player",  # every player at the table has a distinct name
    "pifpaf.table.unknown-player",  # a dealer or an action names somebody not at the table
    "pifpaf.table.balances",  # the balances name exactly the players at the table
    "pifpaf.chips.ante-positive",  # the ante (pingo) is at least one chip
    "pifpaf.chips.min-bet",  # the minimum bet is at least one chip and at most the maximum
    "pifpaf.chips.max-bet-limit",  # the maximum bet is at most ante × number of players
    "pifpaf.chips.negative",  # a balance is never below zero
    "pifpaf.chips.too-few-dealt",  # a hand needs two players with chips
    # the betting round
    "pifpaf.bet.unknown-action",  # an action is fold, call, raise or a mistake
    "pifpaf.bet.out-of-turn",  # players speak in turn from the dealer's left
    "pifpaf.bet.below-min",  # a raise adds at least the minimum bet
    "pifpaf.bet.above-max",  # nobody's bet in a hand exceeds the maximum
    "pifpaf.bet.short-of-chips",  # nobody bets more chips than they have
    "pifpaf.bet.all-in-covered",  # all-in calls for less: a player who can cover the bet calls
    "pifpaf.bet.round-over",  # no bet after everybody has called or folded
    "pifpaf.bet.round-unfinished",  # the hand is played only once the betting is over
    # the play of the hand
    "pifpaf.play.during-betting",  # the cards are played only after the betting
    "pifpaf.play.hand-not-played",  # all but one folded: the hand is not played
    "pifpaf.play.not-in-hand",  # a player who folded or threw their cards away is out
    "pifpaf.play.nobody-left",  # somebody must stay in the hand to take the pot
    "pifpaf.hand.no-winner",  # a played hand ends when somebody goes out
    "pifpaf.hand.winner-not-in-hand",  # only a player still in the hand takes the pot
    "pifpaf.mistake.stock-only",  # a flagged player goes out only with a card from the stock
    # lines of a hand's chip ledger
    "pifpaf.chips.ante",  # the ante paid to be dealt in
    "pifpaf.chips.bet",  # the chips bet on top of the ante
    "pifpaf.chips.sits-out",  # no chips left (and no rebuys): not dealt in this hand
    "pifpaf.chips.rebuy",  # no chips left, rebuys allowed: bought in again, dealt in
    "pifpaf.chips.all-in",  # all their chips are in the pot: they speak no more this hand
    "pifpaf.pot.won",  # the first player to go out takes every pot they contested
    "pifpaf.pot.uncontested",  # the last player left in the hand takes the pots they contested
    "pifpaf.pot.split",  # a side pot the taker did not contest: shared by those who did
    "pifpaf.pot.returned",  # a side pot nobody still in the hand contested: back to its payers
    "pifpaf.mistake.false-out",  # a false going out: stock only for the rest of the hand
    "pifpaf.mistake.rebate",  # a rebate (threatened to go out by mistake): stock only
    "pifpaf.mistake.threw-away",  # threw their cards away: out of the hand, bet lost
    # the money settlement
    "pifpaf.settle.not-conserved",  # the balances add up to the buy-ins
    "pifpaf.settle.buy-in",  # the buy-in is a positive number of chips, at most MAX_CHIPS
    "pifpaf.settle.balance-limit",  # a balance is at most MAX_CHIPS chips
    "pifpaf.settle.chip-value",  # a chip is worth more than 0 and at most 1,000,000, in cents
    "pifpaf.settle.rebuys",  # rebuys are whole counts, 0 or more, of players at the table
)

DECK = DECKS["pifpaf"]
HAND_SIZE = 9
MIN_PLAYERS, MAX_PLAYERS = 3, 8


def _invalid_option(name: str, value: Any) -> Violation:
    return Violation("pifpaf.options.invalid", {"option": name, "value": value})


def _fields_from_dict(cls: type, data: Mapping[str, Any]) -> dict[str, Any]:
    unknown = [name for name in data if name not in cls.__dataclass_fields__]
    if unknown:
        raise RuleError(_invalid_option(name, data[name]) for name in unknown)
    return dict(data)


# --- house rules -------------------------------------------------------------------------


@dataclass(frozen=True)
class PifPafOptions(HouseRules):
    """A session's house rules, with the page's defaults.

    The melds': ``aces``: "both" (below the 2 or above the K, seed 000) or "low" (seed
    004). ``groups``: "three-suits" (3+ cards, exactly three suits, seed 004) or "trinca"
    (exactly three cards of three suits, seed 000).

    The chips': ``buy_in`` and ``chip_value`` (money per chip, an exact Decimal; a
    decimal string in plain data) as ``settle`` takes them; ``ante``, ``min_bet`` and
    ``max_bet`` as ``Table`` takes them (None: the table's default). ``players``: how
    many sit at the table, whose ceiling the maximum bet may not pass (ante × players);
    None, with no table in view, allows the largest table's. ``rebuy``: a player with no
    chips left buys in again for ``buy_in`` when a hand starts, instead of sitting out
    (the page's *option*, off by default).
    """

    INVALID = "pifpaf.options.invalid"

    aces: str = "both"
    groups: str = "three-suits"
    buy_in: int = 50
    chip_value: Decimal = Decimal("0.50")
    ante: int = 1
    min_bet: int | None = None
    max_bet: int | None = None
    players: int | None = None
    rebuy: bool = False

    CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType(
        {"aces": ("both", "low"), "groups": ("three-suits", "trinca")}
    )
    # The option a chip setting's refusal by ``Table`` names.
    TABLE_RULES: ClassVar[Mapping[str, str]] = MappingProxyType(
        {
            "pifpaf.chips.ante-positive": "ante",
            "pifpaf.chips.min-bet": "min_bet",
            "pifpaf.chips.max-bet-limit": "max_bet",
        }
    )

    def __post_init__(self) -> None:
        players_ok = self.players is None or (
            is_whole(self.players) and MIN_PLAYERS <= self.players <= MAX_PLAYERS
        )
        refused = self._refused_by_table(self.players if players_ok else None)
        self.refuse_unless(
            aces=self.aces in self.CHOICES["aces"],
            groups=self.groups in self.CHOICES["groups"],
            buy_in=is_whole(self.buy_in) and 1 <= self.buy_in <= MAX_CHIPS,
            chip_value=isinstance(self.chip_value, Decimal)
            and _chip_value(self.chip_value) is not None,
            ante="ante" not in refused,
            min_bet="min_bet" not in refused,
            max_bet="max_bet" not in refused,
            players=players_ok,
            rebuy=isinstance(self.rebuy, bool),
        )

    def _refused_by_table(self, players: int | None) -> set[str]:
        """The chip settings a table of ``players`` (None: the largest) refuses."""
        seats = tuple(str(seat) for seat in range(players or MAX_PLAYERS))
        try:
            Table(seats, self.ante, self.min_bet, self.max_bet)
        except RuleError as error:
            return {
                self.TABLE_RULES[v.rule] for v in error.violations if v.rule in self.TABLE_RULES
            }
        return set()

    @classmethod
    def read(cls, name: str, value: Any) -> Any:
        """The chip value comes as a decimal string (or a whole number): read exactly."""
        if name != "chip_value" or isinstance(value, Decimal):
            return value
        chip_value = _chip_value(value)
        if chip_value is None:
            raise RuleError(cls.invalid(name, value))
        return chip_value

    @classmethod
    def shown(cls, value: Any) -> Any:
        return str(value) if isinstance(value, Decimal) else value

    def as_dict(self) -> dict[str, Any]:
        return super().as_dict() | {"chip_value": str(self.chip_value)}

    def table(self, players: Sequence[str]) -> Table:
        """The table these chip settings make for ``players``, in turn order."""
        rebuy = self.buy_in if self.rebuy else None
        return Table(tuple(players), self.ante, self.min_bet, self.max_bet, rebuy)


# --- melds -------------------------------------------------------------------------------

HIGH_ACE = 14  # the ace's place above the king
# rank at each place of a sequence: 1 is the ace below the 2, 14 the ace above the king
_RANK_AT = dict(enumerate(("A", *map(str, range(2, 11)), "J", "Q", "K", "A"), 1))


def card_order(card: Card) -> tuple[int, int]:
    """Rank (ace first), then suit in S H D C order: the engine's "lowest card"."""
    return card.rank_index, SUITS.index(card.suit or SUITS[0])


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_order))


@dataclass(frozen=True)
class MeldVerdict:
    valid: bool
    kind: str | None  # "sequence" or "group" when valid
    violations: tuple[Violation, ...] = ()


def check_meld(cards: Iterable[Card], options: PifPafOptions | None = None) -> MeldVerdict:
    """Is this a sequence or a group under these house rules? Raises ``RuleError`` for
    cards the two decks cannot supply."""
    options = options or PifPafOptions()
    cards = list(cards)
    DECK.check(cards)
    kind: str | None = None
    if len(cards) < 3:
        return MeldVerdict(
            False, None, (Violation("pifpaf.meld.too-short", {"cards": len(cards)}),)
        )
    if len({card.rank for card in cards}) == 1:
        found = _group_violation(cards, options)
        kind = "group"
    elif len({card.suit for card in cards}) == 1:
        found = _sequence_violation([card.rank_index for card in cards], options)
        kind = "sequence"
    else:
        found = Violation("pifpaf.meld.mixed", {"cards": [str(card) for card in cards]})
    if found is None:
        return MeldVerdict(True, kind, ())
    return MeldVerdict(False, None, (found,))


def _group_violation(cards: list[Card], options: PifPafOptions) -> Violation | None:
    suits = len({card.suit for card in cards})
    if options.groups == "trinca":
        if len(cards) != 3 or suits != 3:
            return Violation("pifpaf.group.trinca", {"cards": len(cards), "suits": suits})
    elif suits != 3:
        return Violation("pifpaf.group.three-suits", {"suits": suits})
    return None


def _consecutive(places: Iterable[int]) -> bool:
    places = sorted(places)
    return places == list(range(places[0], places[0] + len(places)))


def _sequence_violation(ranks: list[int], options: PifPafOptions) -> Violation | None:
    """``ranks`` are rank indices (ace 1) of cards of one suit."""
    counts = Counter(ranks)
    if sorted(counts) == list(range(1, 14)) and counts[1] == 2 and len(ranks) == 14:
        # A 2 … K A: every other card once, the ace at both ends
        if options.aces == "low":
            return Violation("pifpaf.sequence.ace-high", {})
        return Violation("pifpaf.sequence.ace-both-ends", {})
    repeated = sorted(rank for rank, count in counts.items() if count > 1)
    if repeated:
        return Violation("pifpaf.sequence.repeated-rank", {"ranks": repeated})
    if _consecutive(ranks):
        return None
    if 1 in counts and _consecutive(HIGH_ACE if rank == 1 else rank for rank in ranks):
        if options.aces == "low":
            return Violation("pifpaf.sequence.ace-high", {})
        return None
    if _wraps(ranks):
        return Violation("pifpaf.sequence.wrap", {})
    return Violation("pifpaf.sequence.gap", {})


def _wraps(ranks: list[int]) -> bool:
    """Would these ranks be consecutive if the king were followed by the 2 via the ace?"""
    present = set(ranks)
    return any(
        {(start + step - 1) % 13 + 1 for step in range(len(ranks))} == present
        for start in range(1, 14)
    )


# --- going out ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HandVerdict:
    """The best arrangement of a hand (the one leaving the fewest cards over): its melds,
    the discard (ten cards that go out) and the cards it cannot place."""

    goes_out: bool
    melds: tuple[tuple[Card, ...], ...]
    discard: Card | None
    leftover: tuple[Card, ...]


def check_hand(cards: Iterable[Card], options: PifPafOptions | None = None) -> HandVerdict:
    """Does this hand go out? Nine cards: all must be melded. Ten cards: all but one, which
    is the discard. When it does not go out, ``melds`` is the arrangement that leaves the
    fewest cards over and ``leftover`` those cards (``discard`` is then None)."""
    options = options or PifPafOptions()
    cards = list(cards)
    found = DECK.violations(cards)
    if len(cards) not in (HAND_SIZE, HAND_SIZE + 1):
        found.insert(
            0,
            Violation(
                "pifpaf.hand.card-count",
                {"count": len(cards), "expected": [HAND_SIZE, HAND_SIZE + 1]},
            ),
        )
    if found:
        raise RuleError(found)
    solver = _Arranger(cards, options)
    left, melds, leftover = solver.best(solver.full)
    if len(cards) == HAND_SIZE or left > 1:
        return HandVerdict(left == 0, melds, None, leftover)
    if left == 1:
        return HandVerdict(True, melds, leftover[0], ())
    # All ten meld: a meld of four or more can spare a card; choose the highest that goes.
    for index in reversed(range(len(solver.cards))):
        rest = solver.without(solver.full, (index,))
        if solver.best(rest)[0] == 0:
            return HandVerdict(True, solver.best(rest)[1], solver.cards[index], ())
    raise AssertionError("ten melded cards always spare one")  # pragma: no cover


type _State = tuple[int, ...]  # how many of each distinct card are still to be placed
type _Best = tuple[int, tuple[tuple[Card, ...], ...], tuple[Card, ...]]


class _Arranger:
    """Exact search for the arrangement that leaves the fewest cards over.

    The lowest card still to place is either left over or in some meld with cards still
    to place; trying both over every such meld covers every arrangement, and a cache on
    the remaining cards keeps it to at most 2^10 states.
    """

    def __init__(self, cards: list[Card], options: PifPafOptions) -> None:
        counts = Counter(cards)
        self.cards = _sorted(counts)
        self.full: _State = tuple(counts[card] for card in self.cards)
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.options = options
        self.best = cache(self._best)

    def without(self, state: _State, indices: Iterable[int]) -> _State:
        rest = list(state)
        for i in indices:
            rest[i] -= 1
        return tuple(rest)

    def _best(self, state: _State) -> _Best:
        lowest = next((i for i, count in enumerate(state) if count), None)
        if lowest is None:
            return 0, (), ()
        card = self.cards[lowest]
        result: _Best | None = None
        # melds first, so that on a tie the lowest card is placed and a later one left over
        for meld in self._melds_with(card, state):
            left, melds, leftover = self.best(self.without(state, (self.index[c] for c in meld)))
            if result is None or left < result[0]:
                result = (left, (meld, *melds), leftover)
                if left == 0:
                    return result
        left, melds, leftover = self.best(self.without(state, (lowest,)))
        if result is None or left + 1 < result[0]:
            result = (left + 1, melds, (card, *leftover))
        return result

    def _available(self, state: _State, card: Card) -> int:
        i = self.index.get(card)
        return 0 if i is None else state[i]

    def _melds_with(self, card: Card, state: _State) -> Iterator[tuple[Card, ...]]:
        yield from self._groups_with(card, state)
        yield from self._sequences_with(card, state)

    def _groups_with(self, card: Card, state: _State) -> Iterator[tuple[Card, ...]]:
        # default: one or two copies of each of exactly three suits; trinca: one of each
        most = 1 if self.options.groups == "trinca" else 2
        held = {s: self._available(state, Card(card.rank, s)) for s in SUITS}
        for suits in combinations([s for s in SUITS if held[s]], 3):
            if card.suit not in suits:
                continue
            for takes in product(*(range(1, min(most, held[s]) + 1) for s in suits)):
                yield tuple(
                    Card(card.rank, s)
                    for s, take in zip(suits, takes, strict=True)
                    for _ in range(take)
                )

    def _sequences_with(self, card: Card, state: _State) -> Iterator[tuple[Card, ...]]:
        # places run 1 (ace low) … 13 (king), 14 (ace high); no run holds both 1 and 14
        top = HIGH_ACE if self.options.aces == "both" else 13
        places = [card.rank_index] + ([HIGH_ACE] if card.rank == "A" and top == HIGH_ACE else [])

        def held(place: int) -> bool:
            return self._available(state, Card(_RANK_AT[place], card.suit)) > 0

        for place in places:
            low = place
            while low > 1 and held(low - 1):
                low -= 1
            high = place
            while high < top and held(high + 1):
                high += 1
            for start in range(low, place + 1):
                for end in range(max(place, start + 2), high + 1):
                    if not (start == 1 and end == HIGH_ACE):
                        yield tuple(Card(_RANK_AT[p], card.suit) for p in range(start, end + 1))


# --- claims on a discard -----------------------------------------------------------------


def claim_discard(
    discarder: int,
    claimants: Sequence[int],
    players: int,
    *,
    stock_only: Collection[int] = (),
) -> int:
    """Who gets a discard that several players can go out with: the first claimant in turn
    order after the discarder (seat ``discarder + 1``, then ``+ 2``, … modulo
    ``players``). Claimants flagged stock only cannot take it."""
    found: list[Violation] = []
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(Violation("pifpaf.table.players", {"players": players}))
    for seat in (discarder, *claimants, *stock_only):
        if not 0 <= seat < players:
            found.append(Violation("pifpaf.claim.no-such-player", {"seat": seat}))
    if discarder in claimants:
        found.append(Violation("pifpaf.claim.own-discard", {"seat": discarder}))
    if not claimants:
        found.append(Violation("pifpaf.claim.no-claimant", {}))
    eligible = [seat for seat in claimants if seat not in stock_only]
    if claimants and not eligible:
        found.extend(Violation("pifpaf.mistake.stock-only", {"seat": seat}) for seat in claimants)
    if found:
        raise RuleError(found)
    return min(eligible, key=lambda seat: (seat - discarder) % players)


# --- the table and one hand's chips ------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """The players in turn order and the chip settings of a match. ``min_bet`` defaults to
    the ante, ``max_bet`` to ante × number of players (its ceiling). ``rebuy``: the chips
    a player with none left buys in again for when a hand starts (the match's buy-in),
    None when the match allows no rebuys and such a player sits out."""

    players: tuple[str, ...]
    ante: int = 1
    min_bet: int | None = None
    max_bet: int | None = None
    rebuy: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        found: list[Violation] = []
        if self.rebuy is not None and not (is_whole(self.rebuy) and 1 <= self.rebuy <= MAX_CHIPS):
            found.append(
                Violation("pifpaf.settle.buy-in", {"buy_in": self.rebuy, "limit": MAX_CHIPS})
            )
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            found.append(Violation("pifpaf.table.players", {"players": len(self.players)}))
        found.extend(
            Violation("pifpaf.table.duplicate-player", {"player": name})
            for name, count in Counter(self.players).items()
            if count > 1
        )
        if not is_whole(self.ante) or self.ante < 1:
            raise RuleError([*found, Violation("pifpaf.chips.ante-positive", {"ante": self.ante})])
        limit = self.ante * len(self.players)
        if self.max_bet is None:
            object.__setattr__(self, "max_bet", limit)
        if not is_whole(self.max_bet) or not 1 <= self.max_bet <= limit:
            found.append(
                Violation("pifpaf.chips.max-bet-limit", {"max_bet": self.max_bet, "limit": limit})
            )
            raise RuleError(found)
        if self.min_bet is None:
            object.__setattr__(self, "min_bet", min(self.ante, self.max_bet))
        if not is_whole(self.min_bet) or not 1 <= self.min_bet <= self.max_bet:
            found.append(
                Violation("pifpaf.chips.min-bet", {"min_bet": self.min_bet, "max": self.max_bet})
            )
        if found:
            raise RuleError(found)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Table:
        fields = _fields_from_dict(cls, data)
        if "players" not in fields:
            raise RuleError(_invalid_option("players", None))
        return cls(**fields)

    def after(self, player: str, seats: int = 1) -> str:
        """The player ``seats`` places after ``player`` in turn order."""
        return self.players[(self.players.index(player) + seats) % len(self.players)]


BETS = ("fold", "call", "raise", "all-in")
MISTAKES = ("false-out", "rebate", "threw-away")


@dataclass(frozen=True)
class Action:
    """One thing a player does in a hand, in the order done.

    Betting, in turn from the dealer's left: ``fold`` (abandonar), ``call`` (acompanhar:
    match the current bet; with no bet yet, play for the ante alone) and ``raise``
    (repicar) with ``to`` = the player's whole bet after raising, ante not counted ("P1
    bets 3" is ``Action("P1", "raise", 3)``), and ``all-in``: a player who cannot cover
    the bet calls with every chip they have left. Then the mistakes made while the hand
    is played: ``false-out``, ``rebate``, ``threw-away``.
    """

    player: str
    kind: str
    to: int = 0


@dataclass(frozen=True)
class Pot:
    """One pot of a hand: the main pot (index 0) or a side pot above an all-in.

    ``contributions``: what each player (folded ones too) put into this pot;
    ``eligible``: the players still in the hand who put in all of it, and so contest it;
    ``taken``: who took how many of its chips (the taker if eligible; otherwise shared
    by the eligible; with nobody eligible, back to each contributor).
    """

    amount: int
    contributions: Mapping[str, int]
    eligible: tuple[str, ...]
    taken: Mapping[str, int]
    rule: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "contributions", MappingProxyType(dict(self.contributions)))
        object.__setattr__(self, "taken", MappingProxyType(dict(self.taken)))


@dataclass(frozen=True)
class HandResult:
    """A hand's chips: new balances, the pot, who took it, who deals next, who is flagged
    stock only and who left the hand, and the ledger lines (they add up to zero; each
    player's lines add up to their change in chips)."""

    balances: Mapping[str, int]
    pot: int
    winner: str
    played: bool  # False when all but one folded
    next_dealer: str
    stock_only: frozenset[str]
    folded: frozenset[str]
    threw_away: frozenset[str]
    sat_out: frozenset[str]
    lines: tuple[ScoreLine, ...] = field(default=())
    # Players with no chips left once the betting was over, and the pots, main first.
    all_in: frozenset[str] = frozenset()
    pots: tuple[Pot, ...] = ()
    # The chips each player who had none left bought in again for as the hand started
    # (rebuys). They are bought, not won: their lines count 0, so a player's balance
    # moves by ``bought`` plus ``change``.
    bought: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "balances", MappingProxyType(dict(self.balances)))
        object.__setattr__(self, "bought", MappingProxyType(dict(self.bought)))

    def change(self, player: str) -> int:
        """The chips ``player`` won or lost in the hand (a rebuy is neither)."""
        return sum(line.points for line in self.lines if line.params.get("player") == player)


def settle_hand(
    balances: Mapping[str, int],
    table: Table,
    dealer: str,
    actions: Sequence[Action],
    winner: str | None,
    *,
    with_discard: bool = False,
) -> HandResult:
    """Apply one hand to the chip balances.

    A player with no chips left buys in again for ``table.rebuy`` if the table allows
    rebuys, and otherwise sits the hand out. Everybody else pays the ante, or all their
    chips if they have fewer (they are then all-in), and is dealt in. The betting round
    follows the ``actions``, then the mistakes. If one player is left in the hand they
    take the pot (``winner`` may be None); otherwise ``winner``, the first to go out,
    takes it (``with_discard``: they went out with a discard, which a stock-only player
    may not). The pot taker deals next.
    """
    _check_seating(balances, table, dealer)
    hand = _Hand(table, dealer, balances)
    for action in actions:
        hand.act(action)
    return hand.finish(winner, with_discard)


@dataclass(frozen=True)
class BettingOptions:
    """What the player to speak in a betting round may do.

    ``call_to``: the bet a call matches, ante not counted (0: playing for the ante
    alone); ``may_call``: they have the chips for it. A raise goes from ``min_raise_to``
    to ``max_raise_to``, the whole bet after raising (both None when they cannot raise:
    the limit is reached or their chips fall short). Folding is always open. A player
    who cannot call may go all-in (``may_all_in``) to ``all_in_to``, their whole bet
    with every chip they have left.
    """

    player: str
    call_to: int
    may_call: bool
    min_raise_to: int | None
    max_raise_to: int | None
    may_fold: bool = True
    may_all_in: bool = False
    all_in_to: int | None = None

    @property
    def may_raise(self) -> bool:
        return self.min_raise_to is not None


def betting_options(
    balances: Mapping[str, int], table: Table, dealer: str, actions: Sequence[Action]
) -> BettingOptions | None:
    """Who speaks next in the betting round after ``actions``, and what they may do;
    None once the betting is over. Raises ``RuleError`` for the actions ``settle_hand``
    would refuse on the way (out of turn, above the maximum, …)."""
    _check_seating(balances, table, dealer)
    hand = _Hand(table, dealer, balances)
    for action in actions:
        hand.act(action)
    return hand.options()


def rebuying(balances: Mapping[str, int], table: Table) -> dict[str, int]:
    """Who buys in again as a hand starts, and for how many chips: every player with no
    chips left, for the table's ``rebuy``, when the table allows rebuys ({} otherwise)."""
    if table.rebuy is None:
        return {}
    return {name: table.rebuy for name in table.players if balances.get(name) == 0}


def sitting_out(balances: Mapping[str, int], table: Table) -> list[str]:
    """Who sits the next hand out, in seating order: the players with no chips left, when
    the table allows no rebuys. The page sits out nobody else: a player short of the ante
    antes what they have, all-in as in poker (ruling ``pifpaf.ruling.short-ante``)."""
    if table.rebuy is not None:
        return []
    return [name for name in table.players if balances.get(name) == 0]


def _check_seating(balances: Mapping[str, int], table: Table, dealer: str) -> None:
    found = per_player_violations(
        table.players,
        balances,
        unmatched="pifpaf.table.balances",
        invalid="pifpaf.chips.negative",
        unit="chips",
    )
    if dealer not in table.players:
        found.append(Violation("pifpaf.table.unknown-player", {"player": dealer}))
    if found:
        raise RuleError(found)


class _Hand:
    """The state of one hand while its actions are applied (private, mutable by design)."""

    def __init__(self, table: Table, dealer: str, balances: Mapping[str, int]) -> None:
        self.table = table
        self.dealer = dealer
        self.bought = rebuying(balances, table)
        # the chips each player has as the hand is dealt, rebuys included
        self.start = {name: chips + self.bought.get(name, 0) for name, chips in balances.items()}
        order = [table.after(dealer, step) for step in range(1, len(table.players) + 1)]
        out = set(sitting_out(balances, table))
        self.dealt = [name for name in order if name not in out]
        self.sat_out = [name for name in order if name in out]
        if len(self.dealt) < 2:
            raise RuleError(Violation("pifpaf.chips.too-few-dealt", {"players": len(self.dealt)}))
        self.anted = {name: min(table.ante, self.start[name]) for name in self.dealt}
        self.bet = dict.fromkeys(self.dealt, 0)  # chips bet on top of the ante
        self.level = 0  # the bet everybody still in must match
        self.folded: list[str] = []
        # Who must still speak, in turn order; a player whose ante was their last chip is
        # all-in from the start and never speaks.
        self.pending = [name for name in self.dealt if self.chips_left(name) > 0]
        self.threw_away: list[str] = []
        self.mistakes: list[Action] = []
        self.stock_only: set[str] = set()

    @property
    def in_hand(self) -> list[str]:
        out = set(self.folded) | set(self.threw_away)
        return [name for name in self.dealt if name not in out]

    @property
    def betting_over(self) -> bool:
        return not self.pending or len(self.in_hand) == 1

    def chips_left(self, player: str) -> int:
        return self.start[player] - self.anted[player] - self.bet[player]

    @property
    def least_raise(self) -> int:
        """The smallest bet a raise may go to: the current bet plus the minimum bet."""
        return self.level + self.table.min_bet

    def most_bet(self, player: str) -> int:
        """The largest bet ``player`` may make: the limit, or all their chips."""
        return min(self.table.max_bet, self.bet[player] + self.chips_left(player))

    def options(self) -> BettingOptions | None:
        if self.betting_over:
            return None
        player = self.pending[0]
        may_call = self.level - self.bet[player] <= self.chips_left(player)
        all_in = {} if may_call else {"may_all_in": True, "all_in_to": self.most_chips(player)}
        low, high = self.least_raise, self.most_bet(player)
        if low > high:
            return BettingOptions(player, self.level, may_call, None, None, **all_in)
        return BettingOptions(player, self.level, may_call, low, high, **all_in)

    def most_chips(self, player: str) -> int:
        """The whole bet ``player`` makes by putting every chip they have left in."""
        return self.bet[player] + self.chips_left(player)

    def act(self, action: Action) -> None:
        if action.player not in self.table.players:
            raise RuleError(Violation("pifpaf.table.unknown-player", {"player": action.player}))
        if action.kind in BETS:
            self._bet(action)
        elif action.kind in MISTAKES:
            self._mistake(action)
        else:
            raise RuleError(Violation("pifpaf.bet.unknown-action", {"kind": action.kind}))

    def _bet(self, action: Action) -> None:
        player = action.player
        if self.betting_over:
            raise RuleError(Violation("pifpaf.bet.round-over", {"player": player}))
        if player != self.pending[0]:
            raise RuleError(
                Violation(
                    "pifpaf.bet.out-of-turn", {"player": player, "expected": self.pending[0]}
                )
            )
        if action.kind == "fold":
            self.folded.append(player)
        elif action.kind == "call":
            self._pay(player, self.level)
        elif action.kind == "all-in":
            self._all_in(player)
        else:
            self._raise(player, action.to)
            seat = self.dealt.index(player)
            after = self.dealt[seat + 1 :] + self.dealt[:seat]
            # Everybody still in with chips left speaks again; the all-in do not.
            self.pending = [
                name for name in after if name in self.in_hand and self.chips_left(name) > 0
            ]
            return
        self.pending.pop(0)

    def _all_in(self, player: str) -> None:
        call = self.level - self.bet[player]
        chips = self.chips_left(player)
        if chips >= call:
            # Ruling: all-in is a call for less. A player who can cover the bet calls or
            # raises as usual (a raise still adds at least the minimum bet).
            raise RuleError(
                Violation(
                    "pifpaf.bet.all-in-covered", {"player": player, "chips": chips, "call": call}
                )
            )
        self.bet[player] += chips

    def _raise(self, player: str, to: Any) -> None:
        found: list[Violation] = []
        params = {"player": player, "bet": to}
        if not is_whole(to) or to < self.least_raise:
            found.append(Violation("pifpaf.bet.below-min", params | {"min": self.least_raise}))
        elif to > self.table.max_bet:
            found.append(Violation("pifpaf.bet.above-max", params | {"max": self.table.max_bet}))
        if found:
            raise RuleError(found)
        self._pay(player, to)
        self.level = to

    def _pay(self, player: str, to: int) -> None:
        cost = to - self.bet[player]
        if cost > self.chips_left(player):
            raise RuleError(
                Violation(
                    "pifpaf.bet.short-of-chips",
                    {"player": player, "bet": to, "chips": self.chips_left(player)},
                )
            )
        self.bet[player] = to

    def _mistake(self, action: Action) -> None:
        player = action.player
        if len(self.dealt) - len(self.folded) == 1:
            raise RuleError(Violation("pifpaf.play.hand-not-played", {"player": player}))
        if not self.betting_over:
            raise RuleError(Violation("pifpaf.play.during-betting", {"player": player}))
        if player not in self.in_hand:
            raise RuleError(Violation("pifpaf.play.not-in-hand", {"player": player}))
        self.mistakes.append(action)
        if action.kind == "threw-away":
            self.threw_away.append(player)
            if not self.in_hand:
                raise RuleError(Violation("pifpaf.play.nobody-left", {"player": player}))
        else:
            self.stock_only.add(player)

    def finish(self, winner: str | None, with_discard: bool) -> HandResult:
        in_hand = self.in_hand
        played = len(self.dealt) - len(self.folded) > 1
        if played and self.pending:
            raise RuleError(
                Violation("pifpaf.bet.round-unfinished", {"expected": self.pending[0]})
            )
        if len(in_hand) == 1 and winner in (None, in_hand[0]):
            taker, rule = in_hand[0], "pifpaf.pot.uncontested"
        elif winner is None:
            raise RuleError(Violation("pifpaf.hand.no-winner", {}))
        elif winner not in in_hand:
            raise RuleError(Violation("pifpaf.hand.winner-not-in-hand", {"player": winner}))
        elif with_discard and winner in self.stock_only:
            raise RuleError(Violation("pifpaf.mistake.stock-only", {"player": winner}))
        else:
            taker, rule = winner, "pifpaf.pot.won"
        pots = self._pots(taker, rule)
        lines = self._lines(pots)
        balances = dict(self.start)
        for line in lines:
            balances[line.params["player"]] += line.points
        return HandResult(
            balances=balances,
            pot=self.pot,
            winner=taker,
            played=played,
            next_dealer=taker,
            stock_only=frozenset(self.stock_only),
            folded=frozenset(self.folded),
            threw_away=frozenset(self.threw_away),
            sat_out=frozenset(self.sat_out),
            lines=tuple(lines),
            all_in=frozenset(self.all_in),
            pots=tuple(pots),
            bought=self.bought,
        )

    @property
    def pot(self) -> int:
        return sum(self.anted.values()) + sum(self.bet.values())

    @property
    def all_in(self) -> list[str]:
        """Players still in the hand with no chips left: they contest only the pots up to
        what they put in."""
        return [name for name in self.in_hand if self.chips_left(name) == 0]

    def _pots(self, taker: str, rule: str) -> list[Pot]:
        """The main pot and the side pots, and who takes each.

        Each pot is a layer of the players' contributions (ante and bets), cut at what
        each player still in the hand put in. The taker takes every pot they contested.
        Ruling (the page is silent): a side pot the taker did not contest is shared by the
        players still in the hand who did, as nobody won it between them, the odd chips
        one each in turn order from the dealer's left. A side pot nobody still in the
        hand contested goes back to the players who put it in (the page's ruling).
        """
        paid = {name: self.anted[name] + self.bet[name] for name in self.dealt}
        live = self.in_hand
        cuts = sorted({paid[name] for name in live} | {max(paid.values())})
        pots: list[Pot] = []
        below = 0
        for cut in cuts:
            layer = {
                name: min(chips, cut) - min(chips, below)
                for name, chips in paid.items()
                if min(chips, cut) > below
            }
            eligible = tuple(name for name in live if paid[name] >= cut)
            below = cut
            if pots and pots[-1].eligible == eligible:
                # the same players contest it: one pot, not two
                merged = Counter(pots[-1].contributions) + Counter(layer)
                layer, pots = dict(merged), pots[:-1]
            pots.append(self._pot(layer, eligible, taker, rule))
        return pots

    def _pot(
        self, layer: Mapping[str, int], eligible: tuple[str, ...], taker: str, rule: str
    ) -> Pot:
        amount = sum(layer.values())
        if taker in eligible:
            return Pot(amount, layer, eligible, {taker: amount}, rule)
        if not eligible:
            return Pot(amount, layer, eligible, layer, "pifpaf.pot.returned")
        share, odd = divmod(amount, len(eligible))
        taken = {name: share + (index < odd) for index, name in enumerate(eligible)}
        return Pot(amount, layer, eligible, taken, "pifpaf.pot.split")

    def _lines(self, pots: list[Pot]) -> list[ScoreLine]:
        # A rebuy's chips are bought, not won: the line shows them and counts 0, so that a
        # player's running total stays what they won or lost.
        lines = [
            ScoreLine("pifpaf.chips.rebuy", chips, 0, {"player": p, "chips": chips})
            for p, chips in self.bought.items()
        ]
        lines += [ScoreLine("pifpaf.chips.sits-out", 1, 0, {"player": p}) for p in self.sat_out]
        for player in self.dealt:
            ante = self.anted[player]
            lines.append(ScoreLine("pifpaf.chips.ante", 1, -ante, {"player": player}))
            if self.bet[player]:
                bet = self.bet[player]
                lines.append(ScoreLine("pifpaf.chips.bet", bet, -bet, {"player": player}))
        lines.extend(ScoreLine("pifpaf.chips.all-in", 1, 0, {"player": p}) for p in self.all_in)
        lines.extend(
            ScoreLine(f"pifpaf.mistake.{action.kind}", 1, 0, {"player": action.player})
            for action in self.mistakes
        )
        for index, pot in enumerate(pots):
            lines.extend(
                ScoreLine(pot.rule, 1, chips, {"player": name, "pot": index})
                for name, chips in pot.taken.items()
                if chips
            )
        return lines


# --- settling up in money ----------------------------------------------------------------

CENT = Decimal("0.01")
# Limits that keep every amount exact: chips × chip value stays within 8 × 10^12 ×
# 10^6 = 8 × 10^18 in cents, 21 digits, well inside the 28 digits of Decimal's context.
MAX_CHIPS = 10**12  # a balance or a buy-in
MAX_CHIP_VALUE = Decimal(1_000_000)  # money per chip
CHIP_VALUE_PLACES = 2  # whole cents


@dataclass(frozen=True)
class Payment:
    frm: str
    to: str
    amount: Decimal  # money, two decimal places
    chips: int


def settle(
    balances: Mapping[str, int],
    buy_in: int,
    chip_value: Decimal | int | str,
    rebuys: Mapping[str, int] | None = None,
) -> list[Payment]:
    """Who pays whom at the end of a session, in as few payments as possible.

    Every player bought in once, and again for each of their ``rebuys`` (how many times
    they bought in again; a player left out: none), so a player who rebought twice paid
    three buy-ins: each player's result is their balance less all they bought in for,
    and the balances add up to every buy-in made.

    Each zero-sum subgroup of players can settle among itself, and a group of ``m`` needs
    ``m - 1`` payments, so the fewest payments come from the most zero-sum subgroups,
    found by an exact search over the 3 to 8 players of a table.

    ``chip_value`` is money per chip: a Decimal, an int or a decimal string ("0.50"),
    more than 0 and at most ``MAX_CHIP_VALUE``, in whole cents (a float is refused: it
    cannot say 0.10 exactly). Balances and the buy-in are whole chips up to
    ``MAX_CHIPS``; rebuys are whole counts, 0 or more, of players in ``balances``.
    Anything else is a RuleError naming the limit; every amount paid is exact.
    """
    rebuys = {} if rebuys is None else rebuys
    value = _check_settlement(balances, buy_in, chip_value, rebuys)
    paid_in = {name: buy_in * (1 + rebuys.get(name, 0)) for name in balances}
    net = {
        name: chips - paid_in[name]
        for name, chips in sorted(balances.items(), key=lambda item: str(item[0]))
        if chips != paid_in[name]
    }
    payments: list[Payment] = []
    for group in _zero_sum_groups(net):
        for frm, to, chips in _settle_group({name: net[name] for name in group}):
            amount = (value * chips).quantize(CENT)
            payments.append(Payment(frm, to, amount, chips))
    return sorted(payments, key=lambda p: (str(p.frm), str(p.to)))


def check_terms(buy_in: int, chip_value: Decimal | int | str) -> Decimal:
    """Check a session's money terms before any chips move: the buy-in (whole chips, 1 to
    ``MAX_CHIPS``) and the chip value (more than 0, at most ``MAX_CHIP_VALUE``, whole
    cents). Returns the chip value as an exact Decimal; RuleError names every limit
    broken (``pifpaf.settle.buy-in``, ``pifpaf.settle.chip-value``)."""
    value, found = _terms(buy_in, chip_value)
    if found:
        raise RuleError(found)
    assert value is not None
    return value


def _terms(buy_in: Any, chip_value: Any) -> tuple[Decimal | None, list[Violation]]:
    found: list[Violation] = []
    if not is_whole(buy_in) or not 1 <= buy_in <= MAX_CHIPS:
        found.append(Violation("pifpaf.settle.buy-in", {"buy_in": buy_in, "limit": MAX_CHIPS}))
    value = _chip_value(chip_value)
    if value is None:
        found.append(
            Violation(
                "pifpaf.settle.chip-value",
                {
                    "chip_value": _shown(chip_value),
                    "limit": str(MAX_CHIP_VALUE),
                    "places": CHIP_VALUE_PLACES,
                },
            )
        )
    return value, found


def _check_settlement(
    balances: Mapping[str, int],
    buy_in: int,
    chip_value: Decimal | int | str,
    rebuys: Mapping[str, int],
) -> Decimal:
    found: list[Violation] = []
    players = len(balances) if isinstance(balances, Mapping) else 0
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        found.append(Violation("pifpaf.table.players", {"players": players}))
    for name, chips in balances.items() if isinstance(balances, Mapping) else ():
        if not is_whole(chips) or chips < 0:
            found.append(Violation("pifpaf.chips.negative", {"player": name, "chips": chips}))
        elif chips > MAX_CHIPS:
            found.append(
                Violation(
                    "pifpaf.settle.balance-limit",
                    {"player": name, "chips": chips, "limit": MAX_CHIPS},
                )
            )
    seated = balances if isinstance(balances, Mapping) else {}
    found.extend(
        Violation("pifpaf.settle.rebuys", {"player": name, "rebuys": count})
        for name, count in rebuys.items()
        if name not in seated or not is_whole(count) or count < 0
    )
    value, terms = _terms(buy_in, chip_value)
    if not found and not terms:
        # every buy-in made, each player's first and each rebuy, is on the table
        expected = buy_in * (players + sum(rebuys.values()))
        if sum(balances.values()) != expected:
            found.append(
                Violation(
                    "pifpaf.settle.not-conserved",
                    {"total": sum(balances.values()), "expected": expected},
                )
            )
    found += terms
    if found:
        raise RuleError(found)
    assert value is not None
    return value


def _chip_value(chip_value: Any) -> Decimal | None:
    """The chip value as an exact Decimal within the limits, or None."""
    if isinstance(chip_value, bool) or not isinstance(chip_value, Decimal | int | str):
        return None
    try:
        value = Decimal(chip_value.strip() if isinstance(chip_value, str) else chip_value)
    except (InvalidOperation, ValueError):
        return None
    # NaN (quiet or signalling) and the infinities fail here, before any comparison.
    if not value.is_finite() or value.is_zero() or value.is_signed():
        return None
    if value > MAX_CHIP_VALUE:
        return None
    # Below 10^6 the quantize is exact and cannot overflow; it must not round anything.
    cents = value.quantize(CENT)
    return cents if cents == value else None


def _shown(value: Any) -> str:
    """A refused value as text for the message, cut short if it is enormous."""
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _zero_sum_groups(net: Mapping[str, int]) -> list[list[str]]:
    names = list(net)
    values = [net[name] for name in names]
    full = (1 << len(names)) - 1
    total = [0] * (full + 1)
    most = [0] * (full + 1)  # the most zero-sum groups a chain of subsets can close
    last = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask ^ (1 << low)] + values[low]
        best = -1
        for i in range(len(names)):
            if mask >> i & 1 and most[mask ^ (1 << i)] > best:
                best, last[mask] = most[mask ^ (1 << i)], i
        most[mask] = best + (total[mask] == 0)
    groups: list[list[str]] = []
    group: list[str] = []
    mask = full
    while mask:
        # walking the chain back, a zero-sum mask closes the group gathered below it
        if total[mask] == 0 and group:
            groups.append(group)
            group = []
        group.append(names[last[mask]])
        mask ^= 1 << last[mask]
    if group:
        groups.append(group)
    return groups


def _settle_group(net: dict[str, int]) -> Iterator[tuple[str, str, int]]:
    """Largest debtor pays largest creditor; each payment clears at least one player."""
    net = dict(net)
    while any(net.values()):
        debtor = min(net, key=lambda name: (net[name], name))
        creditor = max(net, key=lambda name: (net[name], name))
        chips = min(-net[debtor], net[creditor])
        net[debtor] += chips
        net[creditor] -= chips
        yield debtor, creditor, chips
