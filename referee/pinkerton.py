"""Pinkerton: a Polish game for 2 to 6 players around a running stack value.

The game's own words, used as names below:

- *centre*: the card the dealer turns face up in phase I; from phase II on the cards in
  the centre are the *stack* (stos), and its *value* is the sum of its cards.
- *throw* (wyrzucić): lay ``k`` cards from hand on the side pile; the throw *meets* the
  value ``v`` when its sum reaches ``v`` (at least ``v`` when positive, at most ``v`` when
  negative; at 0 every throw meets) and is *exact* when the sum is ``v``.
- *add* (dorzucić): put one card from hand onto the stack (phase III only).
- *pass* (pas): the player lays a card face down, out of play; passes count against the
  limit (2), and a player who reaches it is *out* of the round. An exact throw takes one
  pass back. The *free pass* is rule 1's pass without consequence: nothing is counted,
  laid down or added. It replaces only the add, after a throw (or the opening, or a
  throw skipped at 0); a player who cannot meet the value takes the counted pass.
- *skip*: rule 2, at a stack of 0 the player need not throw (phases II and III).
- the *dealer* deals, and counts the stack on request (rule 4); a house rule says
  whether the dealer also plays. A dealer who does not play has no turn in the round.
- *licytacja*: phase III, where each turn is a throw followed by an add.

The app keeps the round at a real table and never sees a hand: a ``Round`` records what
the table does, as ``Event`` s, and refuses what the rules forbid, each refusal a
``Violation`` naming a rule id from ``RULE_IDS``. Seats run in turn order: the player
after seat ``i`` (to the left) is seat ``i + 1``, the last seat is followed by seat 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from types import MappingProxyType
from typing import Any

from referee.cards import DECKS, DEFAULT_NOTATION, Card, Deck, parse_cards
from referee.entries import is_whole, per_player_violations
from referee.options import HouseRules
from referee.rulings import Breakdown, Checked, RuleError, ScoreLine, Violation

RULE_IDS: tuple[str, ...] = (
    # the table and the house rules
    "pinkerton.options.invalid",  # a house rule has an unknown name or a value it cannot take
    "pinkerton.table.players",  # two to six players
    "pinkerton.table.dealer-sits-out",  # a dealer who does not play leaves two players or more
    "pinkerton.table.duplicate-player",  # every player at the table has a distinct name
    "pinkerton.table.scores",  # the match scores name exactly the players at the table
    "pinkerton.score.invalid",  # a match score is a whole number of points, 0 or more
    "pinkerton.player.unknown",  # an event or the dealer names somebody not at the table
    "pinkerton.player.out",  # a player out of the round (passes at the limit) does nothing more
    # cards (shared ids, raised through the Pinkerton deck)
    "cards.unreadable",  # a token that is not a card
    "cards.deck.not-in-deck",  # two 52-card decks: no joker
    "cards.deck.too-many",  # rule 5: the stack never holds a card more often than the decks
    # meeting the value
    "pinkerton.meet.card-count",  # a throw has exactly k cards (2; 3 from ±80, 4 from ±120 …)
    "pinkerton.meet.positive",  # the value is positive: the throw's sum is that value or more
    "pinkerton.meet.negative",  # the value is negative: the sum is that value or less
    "pinkerton.meet.not-met",  # the same, said without the value while it is not shown (rule 4)
    # the events of a round
    "pinkerton.event.unknown",  # events are turn, throw, add, pass, free-pass, skip and ask
    "pinkerton.event.player-required",  # every event but the dealer's turn names its player
    "pinkerton.event.card-required",  # a turn and an add name exactly one card
    "pinkerton.round.over",  # nothing happens in a round once one player is left
    "pinkerton.round.unfinished",  # a round is scored only once one player is left
    "pinkerton.centre.turn-first",  # phases I and II start with the dealer turning a card
    "pinkerton.centre.turned",  # the dealer turns one card in phase I and one in phase II
    "pinkerton.turn.out-of-turn",  # players act in turn, to the left
    "pinkerton.throw.opening",  # the first player of phase III opens by adding, no throw
    "pinkerton.throw.already-thrown",  # one throw a turn; after it the player adds a card
    "pinkerton.add.not-in-phase",  # in phases I and II nothing is added to the centre
    "pinkerton.add.throw-first",  # in phase III a player throws before adding (rule 2: not at 0)
    "pinkerton.pass.opening",  # the opening asks for no throw, so it is never a counted pass
    "pinkerton.pass.after-throw",  # a player who has thrown adds (or passes free), not pass
    "pinkerton.dealer.not-playing",  # a dealer who does not play deals and counts only
    "pinkerton.rule1.face-card",  # rule 1: no J, Q or K added while -20 < stack < 20
    "pinkerton.rule1.free-pass-phase",  # a free pass replaces an add: only in phase III
    "pinkerton.rule1.free-pass-every-card",  # at 20 or more (-20 or less) every card may go
    "pinkerton.rule2.no-pass",  # rule 2: at 0 every throw meets and a card goes at once
    "pinkerton.rule2.skip-not-zero",  # rule 2: a throw is skipped only at a stack of 0
    "pinkerton.rule4.dealer-asks",  # rule 4: the dealer may not have the stack counted
    # the score
    "pinkerton.points.card-count",  # a stack holds 0 up to all the decks' cards
    "pinkerton.points.cards",  # one point for each card in the stack
    "pinkerton.points.bonus",  # ten more points for every full ten cards
    "pinkerton.match.over",  # no round is played once the match has a winner
    "pinkerton.match.wrong-round",  # a match records its own round: same table, same dealer
)

DECK = DECKS["pinkerton"]
# Rule 5 option: an extra deck when the dealer runs out, so three of each card.
EXTRA_DECK = Deck("pinkerton", copies=3)
MIN_PLAYERS, MAX_PLAYERS = 2, 6

FACE_VALUES = MappingProxyType({"A": 1, "J": 20, "Q": 30, "K": 40})
FACE_CARDS = frozenset({"J", "Q", "K"})
RULE1_LIMIT = 20  # rule 1: J, Q, K are added only at 20 or more, or -20 or less
BASE_CARDS = 2  # a throw has two cards …
GROWTH_FROM = 80  # … until |v| reaches 80 (rule 3),
GROWTH_STEP = 40  # then one more at every 40: 3 at 80, 4 at 120, 5 at 160 …
FIRST_DEAL = 5  # phase I: five cards each
BONUS_EVERY = 10  # ten points more for every full ten cards in the stack

# House rules: their limits and choices.
DEFAULT_PASS_LIMIT, MAX_PASS_LIMIT = 2, 10
SHOW_VALUE: tuple[str, ...] = ("on-request", "always")
DEFAULT_TARGET = 100
MAX_TARGET = 10_000
MAX_TIME_LIMIT = 24 * 60  # minutes

# Events, as the API and the stored drafts name them.
TURN = "turn"  # the dealer turns a centre card (phase I: the first, phase II: the second)
THROW = "throw"  # a player throws k cards meeting the value
ADD = "add"  # a player adds one card to the stack (phase III)
PASS = "pass"  # a counted pass: a card laid face down
FREE_PASS = "free-pass"  # rule 1's pass without consequence
SKIP = "skip"  # rule 2: at 0 the player skips the throw (phase II: the turn; III: then adds)
ASK = "ask"  # a player asks the dealer for the stack's value (rule 4)
EVENT_TYPES: tuple[str, ...] = (TURN, THROW, ADD, PASS, FREE_PASS, SKIP, ASK)

# Where a round stands: what the table waits for.
STEP_TURN = "turn"  # the dealer turns a centre card
STEP_THROW = "throw"  # ``to_play`` throws or passes (at 0: may skip; phase III: add at once)
STEP_OPEN = "open"  # the first player of phase III adds a card, no throw
STEP_ADD = "add"  # ``to_play`` has thrown and now adds a card
STEP_OVER = "over"  # one player is left: the round is won
STEPS: tuple[str, ...] = (STEP_TURN, STEP_THROW, STEP_OPEN, STEP_ADD, STEP_OVER)


def _unset_or_within(value: Any, most: int) -> bool:
    """An optional limit: None (not set), or a whole number from 1 to ``most``."""
    return value is None or (is_whole(value) and 1 <= value <= most)


# --- house rules ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PinkertonOptions(HouseRules):
    """House rules for a match.

    ``pass_limit``: passes that put a player out of the round (2, or more by agreement).
    ``show_value``: "on-request" (rule 4: the value only when a player asks) or "always".
    ``extra_deck``: rule 5's extra deck, so the stack may hold three of a card.
    ``dealer_plays``: the dealer plays too (the default), or deals and counts only
    (rule 4: "even if the dealer is a player").
    ``target``: the points that win the match; ``time_limit``: minutes after which the
    most points win. At least one of the two is set; with both, whichever comes first.
    """

    INVALID = "pinkerton.options.invalid"

    pass_limit: int = DEFAULT_PASS_LIMIT
    show_value: str = "on-request"
    extra_deck: bool = False
    target: int | None = DEFAULT_TARGET
    time_limit: int | None = None
    dealer_plays: bool = True

    def __post_init__(self) -> None:
        self.refuse_unless(
            pass_limit=is_whole(self.pass_limit) and 2 <= self.pass_limit <= MAX_PASS_LIMIT,
            show_value=self.show_value in SHOW_VALUE,
            extra_deck=isinstance(self.extra_deck, bool),
            # A match needs a way to end: the page offers a score or a time.
            target=_unset_or_within(self.target, MAX_TARGET)
            and (self.target is not None or self.time_limit is not None),
            time_limit=_unset_or_within(self.time_limit, MAX_TIME_LIMIT),
            dealer_plays=isinstance(self.dealer_plays, bool),
        )

    @property
    def deck(self) -> Deck:
        return EXTRA_DECK if self.extra_deck else DECK


DEFAULT_OPTIONS = PinkertonOptions()


def _options(options: PinkertonOptions | None) -> PinkertonOptions:
    return DEFAULT_OPTIONS if options is None else options


# --- values ----------------------------------------------------------------------------------


def card_value(card: Card) -> int:
    """A 1, 2-10 at face value, J 20, Q 30, K 40; red (♥ ♦) positive, black (♠ ♣) negative.

    The joker is not in Pinkerton's decks: RuleError ``cards.deck.not-in-deck``.
    """
    if card.is_joker:
        raise RuleError(DECK.violations([card]))
    size = FACE_VALUES.get(card.rank) or int(card.rank)
    return size if card.is_red else -size


def stack_value(cards: Iterable[Card]) -> int:
    """The value of a stack (or of a throw): the sum of its cards."""
    return sum(card_value(card) for card in cards)


def required_cards(value: int) -> int:
    """*k*, the cards a throw needs: 2 while |v| < 80, then 1 + ⌊|v| / 40⌋ (rule 3)."""
    size = abs(value)
    return BASE_CARDS if size < GROWTH_FROM else 1 + size // GROWTH_STEP


def deal_size(value: int) -> int:
    """Cards the dealer gives each player at a stack of ``value``: 3, or k + 1 when k > 2.

    Phase I's deal (five cards) comes before any value and is ``FIRST_DEAL``.
    """
    return required_cards(value) + 1


def meets(value: int, cards: Sequence[Card]) -> bool:
    """Does this throw meet ``value``: k cards whose sum reaches it (any k cards at 0)?
    A joker among k cards raises RuleError, as in ``card_value``."""
    if len(cards) != required_cards(value):
        return False
    total = stack_value(cards)
    return total >= value if value > 0 else total <= value if value < 0 else True


def is_exact(value: int, cards: Sequence[Card]) -> bool:
    """A throw of k cards whose sum is exactly ``value``: it takes back one pass."""
    return len(cards) == required_cards(value) and stack_value(cards) == value


def may_add(value: int, card: Card) -> bool:
    """Rule 1: while -20 < stack < 20 no J, Q or K may be added; otherwise any card."""
    return card.rank not in FACE_CARDS or abs(value) >= RULE1_LIMIT


def free_pass_possible(value: int) -> bool:
    """Rule 1's pass without consequence exists only while a card can be forbidden."""
    return abs(value) < RULE1_LIMIT


def throw_violations(
    value: int, cards: Sequence[Card], *, show_value: bool = True
) -> list[Violation]:
    """Why a throw of these cards does not meet ``value`` (the deck is checked apart).

    A throw of the wrong number of cards never meets and says only that. While the
    value is hidden (rule 4) the refusal does not give it away: ``pinkerton.meet.not-met``.
    """
    required = required_cards(value)
    if len(cards) != required:
        return [
            Violation("pinkerton.meet.card-count", {"count": len(cards), "required": required})
        ]
    if any(card.is_joker for card in cards):
        return []  # the deck check refuses it; a joker has no value to add up
    total = stack_value(cards)
    if meets(value, cards):
        return []
    if not show_value:
        return [Violation("pinkerton.meet.not-met", {"sum": total})]
    rule = "pinkerton.meet.positive" if value > 0 else "pinkerton.meet.negative"
    return [Violation(rule, {"sum": total, "value": value})]


def add_violations(value: int, card: Card) -> list[Violation]:
    """Rule 1 for one card added to a stack of ``value``."""
    if card.is_joker or may_add(value, card):
        return []
    return [Violation("pinkerton.rule1.face-card", {"card": str(card)})]


def round_points(cards_in_stack: int, options: PinkertonOptions | None = None) -> int:
    """What the round's winner scores for a stack of ``n`` cards: n + 10 × ⌊n / 10⌋."""
    return round_breakdown(cards_in_stack, options).total


def round_breakdown(cards_in_stack: int, options: PinkertonOptions | None = None) -> Breakdown:
    """The winner's points as lines: one per card, ten more per full ten cards."""
    most = len(_options(options).deck)
    n = cards_in_stack
    if not is_whole(n) or not 0 <= n <= most:
        params = {"cards": n, "min": 0, "max": most}
        raise RuleError(Violation("pinkerton.points.card-count", params))
    tens = n // BONUS_EVERY
    lines = [ScoreLine("pinkerton.points.cards", n, n, {"cards": n})]
    if tens:
        lines.append(ScoreLine("pinkerton.points.bonus", tens, BONUS_EVERY * tens, {"cards": n}))
    return Breakdown.of(lines)


# --- the referee's questions, without a round (the API's stateless checks) -----------------


def _cards(
    cards: Iterable[Card | str] | str, notation: str = DEFAULT_NOTATION
) -> tuple[Card, ...]:
    """Cards from Card objects or tokens written in ``notation`` (Card objects stay as
    they are); unreadable tokens raise ``cards.unreadable``."""
    if isinstance(cards, str):
        return tuple(parse_cards(cards, notation))
    items = list(cards)
    if all(isinstance(card, Card) for card in items):
        return tuple(items)
    return tuple(
        parse_cards([card if isinstance(card, str) else str(card) for card in items], notation)
    )


def _stack(
    cards: Iterable[Card | str] | str, options: PinkertonOptions, notation: str
) -> tuple[Card, ...]:
    """A stack given to a check: it must be one the decks can make (rule 5), or RuleError."""
    stack = _cards(cards, notation)
    options.deck.check(stack)
    return stack


@dataclass(frozen=True)
class ThrowCheck(Checked):
    """Does a throw meet the stack? ``violations`` say why not (deck, count, sum)."""

    stack_value: int
    required_cards: int
    sum: int
    meets: bool
    exact: bool
    violations: tuple[Violation, ...] = ()


def check_throw(
    stack: Iterable[Card | str] | str,
    throw: Iterable[Card | str] | str,
    options: PinkertonOptions | None = None,
    *,
    notation: str = DEFAULT_NOTATION,
) -> ThrowCheck:
    """Judge a throw against a stack (``POST /throws/check``).

    A stack the decks cannot make (a joker, a third K♥) raises RuleError: the question
    itself is wrong. A thrown joker, or a thrown card that with the stack's own copies
    exceeds the decks, is a violation of the throw, which then does not meet. Tokens are
    read in ``notation`` (``referee.cards.NOTATIONS``); Card objects are taken as they are.
    """
    options = _options(options)
    stack = _stack(stack, options, notation)
    cards = _cards(throw, notation)
    value = stack_value(stack)
    found = _throw_deck_violations(stack, cards, options.deck)
    found.extend(throw_violations(value, cards))
    total = sum(card_value(card) for card in cards if not card.is_joker)
    return ThrowCheck(
        stack_value=value,
        required_cards=required_cards(value),
        sum=total,
        meets=not found,
        exact=not found and is_exact(value, cards),
        violations=tuple(found),
    )


def _throw_deck_violations(
    stack: Sequence[Card], cards: Sequence[Card], deck: Deck
) -> list[Violation]:
    """The deck limit for a throw, counted with the stack (which keeps it by itself).

    The thrown cards are in a hand while the stack's cards lie in the centre, so together
    they cannot use a card more often than the decks hold; earlier throws went to the side
    pile and may be dealt again, so they do not count (ruling throw-deck).
    """
    return deck.violations([*stack, *cards])


@dataclass(frozen=True)
class AddCheck(Checked):
    """May this card go onto the stack? ``stack_value`` is the stack's value after the
    request: with the card when allowed, unchanged when not."""

    allowed: bool
    stack_value: int
    violations: tuple[Violation, ...] = ()


def check_add(
    stack: Iterable[Card | str] | str,
    card: Card | str,
    options: PinkertonOptions | None = None,
    *,
    notation: str = DEFAULT_NOTATION,
) -> AddCheck:
    """Judge one card added to a stack (``POST /stack/add``): rule 1 and rule 5.

    A stack the decks cannot make raises RuleError, as in ``check_throw``.
    """
    options = _options(options)
    stack = _stack(stack, options, notation)
    (added,) = _cards([card], notation)
    value = stack_value(stack)
    found = add_violations(value, added)
    found.extend(options.deck.violations([*stack, added]))
    if found:
        return AddCheck(False, value, tuple(found))
    return AddCheck(True, value + card_value(added), ())


# --- events at the table -------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """One thing that happens at the table, in order.

    - ``turn``: the dealer turns ``card`` onto the centre (phase I: the centre card;
      phase II: the second card, making the stack);
    - ``throw``: ``player`` throws ``cards`` (k cards meeting the value) to the side pile;
      an exact throw takes back one of the player's passes by itself;
    - ``add``: ``player`` adds ``card`` to the stack (phase III);
    - ``pass``: ``player`` passes and lays a card face down (counted);
    - ``free-pass``: ``player`` has no card that may be added (rule 1): in place of the
      add (after a throw, at the opening, or at 0 with the throw skipped) nothing happens
      but the turn moving on;
    - ``skip``: at a stack of 0 ``player`` skips the throw (rule 2): in phase II that is
      the turn, in phase III a card is added (or a free pass taken) next;
    - ``ask``: ``player`` asks the dealer for the stack's value (rule 4), at any time.

    ``cards`` may be given as tokens (``"10S AH"``); a turn or an add has one card.
    """

    type: str
    player: str | None = None
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards(self.cards))

    @property
    def card(self) -> Card | None:
        return self.cards[0] if len(self.cards) == 1 else None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """From ``{"type", "player", "cards"}``, or ``"card"`` for a turn or an add."""
        cards = data.get("cards")
        if cards is None:
            cards = [] if data.get("card") is None else [data["card"]]
        return cls(type=str(data.get("type", "")), player=data.get("player"), cards=cards)

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        if self.player is not None:
            data["player"] = self.player
        if self.type in (TURN, ADD) and len(self.cards) == 1:
            data["card"] = str(self.cards[0])
        elif self.cards or self.type == THROW:
            data["cards"] = [str(card) for card in self.cards]
        return data


def _event(data: Event | Mapping[str, Any]) -> Event:
    return data if isinstance(data, Event) else Event.from_dict(data)


@dataclass(frozen=True)
class ValueRequest:
    """Rule 4: ``player`` asked, and the dealer counted ``value`` over ``cards`` cards;
    ``event`` is the request's place in the round's events."""

    player: str
    value: int
    cards: int
    event: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# --- seats -----------------------------------------------------------------------------------


def _seats_from(players: Sequence[str], first: str) -> list[str]:
    """Every player in turn order, starting with ``first``."""
    start = players.index(first)
    return [players[(start + step) % len(players)] for step in range(len(players))]


def next_dealer(players: Sequence[str], dealer: str) -> str:
    """The deal passes to the left after each round (ruling dealer)."""
    return _seats_from(players, dealer)[1]


def first_player(
    players: Sequence[str],
    dealer: str,
    scores: Mapping[str, int],
    out: Iterable[str] = (),
) -> str:
    """Who opens phase III: of the players still in the round, the one with the most
    points in the match; a tie (the first round: everyone at 0) goes to the first of them
    in turn order starting with the dealer (ruling first-player); a dealer who does not
    play is given in ``out``, so the player on the dealer's left opens the first round."""
    gone = set(out)
    order = [player for player in _seats_from(players, dealer) if player not in gone]
    best = max(scores.get(player, 0) for player in order)
    return next(player for player in order if scores.get(player, 0) == best)


def match_winner(
    scores: Mapping[str, int], options: PinkertonOptions | None = None, *, time_up: bool = False
) -> str | None:
    """Who has won the match: the only player at or above the target or, once the agreed
    time is up (``time_up``, judged at the end of a round), the only player with the most
    points. Nobody on a tie at the top: the match goes on (ruling match-end)."""
    options = _options(options)
    if not scores:
        return None
    best = max(scores.values())
    leaders = [player for player, points in scores.items() if points == best]
    reached = options.target is not None and best >= options.target
    timed_out = time_up and options.time_limit is not None
    if (reached or timed_out) and len(leaders) == 1:
        return leaders[0]
    return None


def table_size_violations(
    players: int, options: PinkertonOptions | None = None
) -> list[Violation]:
    """Why ``players`` at the table cannot play under these house rules: two to six, and
    a dealer who deals and counts only leaves two or more to play the round."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return [Violation("pinkerton.table.players", {"players": players})]
    if not _options(options).dealer_plays and players - 1 < MIN_PLAYERS:
        return [Violation("pinkerton.table.dealer-sits-out", {"players": players})]
    return []


def _table_violations(
    players: Sequence[str],
    dealer: str,
    scores: Mapping[str, int],
    options: PinkertonOptions | None = None,
) -> list[Violation]:
    found = table_size_violations(len(players), options)
    seen: set[str] = set()
    for player in players:
        if player in seen:
            found.append(Violation("pinkerton.table.duplicate-player", {"player": player}))
        seen.add(player)
    if dealer not in players:
        found.append(Violation("pinkerton.player.unknown", {"player": dealer}))
    return found + per_player_violations(
        players,
        scores,
        unmatched="pinkerton.table.scores",
        invalid="pinkerton.score.invalid",
        unit="points",
    )


# --- the round -------------------------------------------------------------------------------


def _frozen(mapping: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Round:
    """Where a round stands at the table, built only from its events.

    ``players`` are in seat order; ``scores`` are the match points before the round (they
    choose phase III's first player). ``step`` says what the table waits for (``STEPS``)
    and ``to_play`` who (None while the dealer turns a card, or once the round is over).
    ``stack`` is the centre: the card turned in phase I, then the stack. ``passes`` counts
    each player's passes; ``out`` lists the players who reached the limit, in order.
    ``played`` are the players who have had their turn in this phase (phase III: in this
    turn of the table). ``deals`` are the cards each player was dealt at each deal so far.
    ``took_back`` are the indices of the exact throws that took a pass back.
    """

    players: tuple[str, ...]
    dealer: str
    scores: Mapping[str, int]
    options: PinkertonOptions = DEFAULT_OPTIONS
    phase: int = 1
    step: str = STEP_TURN
    to_play: str | None = None
    stack: tuple[Card, ...] = ()
    passes: Mapping[str, int] = field(default_factory=dict)
    out: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    opener: str | None = None
    deals: tuple[int, ...] = (FIRST_DEAL,)
    requests: tuple[ValueRequest, ...] = ()
    took_back: tuple[int, ...] = ()
    winner: str | None = None
    events: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "scores", _frozen(self.scores))
        object.__setattr__(self, "passes", _frozen(self.passes))

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        dealer: str,
        scores: Mapping[str, int] | None = None,
        options: PinkertonOptions | None = None,
    ) -> Round:
        """A new round: five cards dealt to each, the dealer about to turn the centre card."""
        players = tuple(players)
        scores = dict.fromkeys(players, 0) if scores is None else dict(scores)
        found = _table_violations(players, dealer, scores, options)
        if found:
            raise RuleError(found)
        return cls(
            players=players,
            dealer=dealer,
            scores=scores,
            options=_options(options),
            passes=dict.fromkeys(players, 0),
        )

    @classmethod
    def replay(
        cls,
        players: Sequence[str],
        dealer: str,
        events: Iterable[Event | Mapping[str, Any]],
        scores: Mapping[str, int] | None = None,
        options: PinkertonOptions | None = None,
    ) -> Round:
        """The round after ``events``, in order. A refused event raises RuleError whose
        violations carry ``event``, its index."""
        state = cls.start(players, dealer, scores, options)
        for index, data in enumerate(events):
            event = _event(data)
            found = state.violations(event)
            if found:
                raise RuleError(Violation(v.rule, {**v.params, "event": index}) for v in found)
            state = state.apply(event)
        return state

    # -- what the table sees

    @property
    def value(self) -> int:
        """The stack's value (the centre card's in phase I). Rule 4: show ``shown_value``."""
        return stack_value(self.stack)

    @property
    def required_cards(self) -> int:
        """k for the next throw (public: the dealer's deal gives it away anyway)."""
        return required_cards(self.value)

    @property
    def deal(self) -> int:
        """The cards each player got at the latest deal."""
        return self.deals[-1]

    @property
    def over(self) -> bool:
        return self.step == STEP_OVER

    @property
    def sitting_out(self) -> tuple[str, ...]:
        """The dealer, when the dealer deals and counts only (the house rule)."""
        return () if self.options.dealer_plays else (self.dealer,)

    @property
    def active(self) -> tuple[str, ...]:
        """The players still in the round, in seat order (never a dealer who does not
        play)."""
        gone = {*self.out, *self.sitting_out}
        return tuple(player for player in self.players if player not in gone)

    @property
    def shown_value(self) -> int | None:
        """The value the app may show (rule 4): always with that option, else the value a
        player asked for, until the stack changes; None when it is not to be shown."""
        if self.options.show_value == "always" or self.over:
            return self.value
        if self.requests and self.requests[-1].cards == len(self.stack):
            return self.requests[-1].value
        return None

    @property
    def value_shown(self) -> bool:
        return self.shown_value is not None

    @property
    def points(self) -> int | None:
        """What the winner scores, once the round is over."""
        return round_points(len(self.stack), self.options) if self.over else None

    def breakdown(self) -> Breakdown:
        """The winner's points as score lines; RuleError while the round goes on."""
        if not self.over:
            raise RuleError(Violation("pinkerton.round.unfinished", {"step": self.step}))
        return round_breakdown(len(self.stack), self.options)

    @property
    def scores_after(self) -> dict[str, int]:
        """The match points after this round (the winner's points added)."""
        scores = dict(self.scores)
        if self.winner is not None:
            scores[self.winner] += self.points or 0
        return scores

    @property
    def next_dealer(self) -> str:
        return next_dealer(self.players, self.dealer)

    @property
    def next_first_player(self) -> str:
        """Who opens the next licytacja if nobody is out by then (the match's leader)."""
        dealer = self.next_dealer
        sitting_out = () if self.options.dealer_plays else (dealer,)
        return first_player(self.players, dealer, self.scores_after, sitting_out)

    def _next_active(self, after: str) -> str:
        """The next player to the left of ``after`` still in the round."""
        active = set(self.active)
        seats = [*_seats_from(self.players, after)[1:], after]
        return next(player for player in seats if player in active)

    # -- what may happen next

    def check(self, event: Event | Mapping[str, Any]) -> Violation | None:
        """Why ``event`` cannot happen now (the first reason), or None if it can."""
        found = self.violations(event)
        return found[0] if found else None

    def violations(self, event: Event | Mapping[str, Any]) -> list[Violation]:
        """Every reason ``event`` cannot happen now; empty if it can."""
        event = _event(event)
        if event.type not in EVENT_TYPES:
            return [Violation("pinkerton.event.unknown", {"type": event.type})]
        found = self._step_violation(event.type, event.player)
        if found is not None:
            return [found]
        return self._card_violations(event)

    def allowed(self, player: str) -> dict[str, Violation | None]:
        """Each event ``player`` might record now: None if it may happen, else the rule
        against it (cards aside: a throw or an add is still checked when its cards come).
        ``turn`` is the dealer's, whoever records it."""
        return {kind: self._step_violation(kind, player) for kind in EVENT_TYPES}

    def apply(self, event: Event | Mapping[str, Any]) -> Round:
        """The round after ``event``; raises RuleError if it cannot happen now."""
        event = _event(event)
        found = self.violations(event)
        if found:
            raise RuleError(found)
        after = _APPLY[event.type](self, event)
        return replace(after, events=(*self.events, event))

    # -- checks

    def _step_violation(self, kind: str, player: str | None) -> Violation | None:
        """Whether an event of ``kind`` by ``player`` fits where the round stands."""
        if self.over:
            return Violation("pinkerton.round.over", {"winner": self.winner})
        if kind == TURN:
            if self.step != STEP_TURN:
                return Violation("pinkerton.centre.turned", {"phase": self.phase})
            return None
        if player is None:
            return Violation("pinkerton.event.player-required", {"type": kind})
        if player not in self.players:
            return Violation("pinkerton.player.unknown", {"player": player})
        if player in self.out:
            return Violation("pinkerton.player.out", {"player": player})
        if kind == ASK:
            if not self.stack:
                return Violation("pinkerton.centre.turn-first", {"phase": self.phase})
            if player == self.dealer:
                return Violation("pinkerton.rule4.dealer-asks", {"player": player})
            return None
        if player in self.sitting_out:
            return Violation("pinkerton.dealer.not-playing", {"player": player})
        if self.step == STEP_TURN:
            return Violation("pinkerton.centre.turn-first", {"phase": self.phase})
        if player != self.to_play:
            return Violation(
                "pinkerton.turn.out-of-turn", {"player": player, "expected": self.to_play}
            )
        return _STEP_CHECKS[kind](self, player)

    def _check_throw(self, player: str) -> Violation | None:
        if self.step == STEP_OPEN:
            return Violation("pinkerton.throw.opening", {"player": player})
        if self.step == STEP_ADD:
            return Violation("pinkerton.throw.already-thrown", {"player": player})
        return None

    def _check_add(
        self, player: str, too_early: str = "pinkerton.add.not-in-phase"
    ) -> Violation | None:
        """An add comes in phase III (else the rule ``too_early``), after the player's
        throw; at 0 (rule 2) at once."""
        if self.phase < 3:
            return Violation(too_early, {"phase": self.phase})
        if self.step == STEP_THROW and self.value != 0:
            return Violation("pinkerton.add.throw-first", {"player": player})
        return None

    def _check_pass(self, player: str) -> Violation | None:
        if self.step == STEP_OPEN:
            return Violation("pinkerton.pass.opening", {"player": player})
        if self.step == STEP_ADD:
            return Violation("pinkerton.pass.after-throw", {"player": player})
        if self.value == 0:
            return Violation("pinkerton.rule2.no-pass", {"player": player})
        return None

    def _check_free_pass(self, player: str) -> Violation | None:
        # Rule 1: a player with no card that may be added passes without consequence. It
        # replaces the add only (ruling free-pass): it comes where an add could, after a
        # throw, at the opening or at 0 (rule 2); a player who cannot meet the value
        # takes the counted pass, whatever cards they could have added.
        refused = self._check_add(player, "pinkerton.rule1.free-pass-phase")
        if refused is None and not free_pass_possible(self.value):
            return Violation("pinkerton.rule1.free-pass-every-card", {"player": player})
        return refused

    def _check_skip(self, player: str) -> Violation | None:
        # Rule 2 holds from phase II on, where the centre is the stack: at 0 the player
        # need not throw. Phase I's single centre card is never 0.
        found = self._check_throw(player)
        if found is None and self.value != 0:
            return Violation("pinkerton.rule2.skip-not-zero", {"player": player})
        return found

    def _card_violations(self, event: Event) -> list[Violation]:
        deck = self.options.deck
        if event.type in (TURN, ADD):
            if len(event.cards) != 1:
                return [
                    Violation(
                        "pinkerton.event.card-required",
                        {"type": event.type, "count": len(event.cards)},
                    )
                ]
            card = event.cards[0]
            found = add_violations(self.value, card) if event.type == ADD else []
            # Rule 5: the stack is never dealt again, so it alone keeps the deck limit.
            found.extend(deck.violations([*self.stack, card]))
            return found
        if event.type == THROW:
            found = _throw_deck_violations(self.stack, event.cards, deck)
            found.extend(throw_violations(self.value, event.cards, show_value=self.value_shown))
            return found
        return []

    # -- effects

    def _turn(self, event: Event) -> Round:
        first = self._next_active(self.dealer)
        return replace(
            self, stack=(*self.stack, *event.cards), step=STEP_THROW, to_play=first, played=()
        )

    def _throw(self, event: Event) -> Round:
        state = self
        player = event.player
        if is_exact(self.value, event.cards) and self.passes[player] > 0:
            passes = dict(self.passes)
            passes[player] -= 1
            state = replace(self, passes=passes, took_back=(*self.took_back, len(self.events)))
        if self.phase == 3:
            return replace(state, step=STEP_ADD)
        return state._end_turn(player)

    def _add(self, event: Event) -> Round:
        return replace(self, stack=(*self.stack, *event.cards))._end_turn(event.player)

    def _pass(self, event: Event) -> Round:
        player = event.player
        passes = dict(self.passes)
        passes[player] += 1
        out = self.out
        if passes[player] >= self.options.pass_limit:
            out = (*out, player)
        return replace(self, passes=passes, out=out)._end_turn(player)

    def _free_pass(self, event: Event) -> Round:
        return self._end_turn(event.player)

    def _skip(self, event: Event) -> Round:
        if self.phase == 3:
            return replace(self, step=STEP_ADD)  # a card is added next, as after a throw
        return self._end_turn(event.player)

    def _ask(self, event: Event) -> Round:
        request = ValueRequest(event.player, self.value, len(self.stack), len(self.events))
        return replace(self, requests=(*self.requests, request))

    def _end_turn(self, player: str) -> Round:
        played = (*self.played, player)
        active = self.active
        if len(active) == 1:
            return replace(self, step=STEP_OVER, to_play=None, winner=active[0], played=played)
        following = self._next_active(player)
        if following not in played:
            return replace(self, step=STEP_THROW, to_play=following, played=played)
        # Everyone still in the round has had a turn: a phase, or a turn of the table, ends.
        deals = (*self.deals, deal_size(self.value))
        if self.phase == 1:
            return replace(self, phase=2, step=STEP_TURN, to_play=None, played=(), deals=deals)
        if self.phase == 2:
            gone = (*self.out, *self.sitting_out)
            opener = first_player(self.players, self.dealer, self.scores, gone)
            return replace(
                self,
                phase=3,
                step=STEP_OPEN,
                to_play=opener,
                opener=opener,
                played=(),
                deals=deals,
            )
        return replace(self, step=STEP_THROW, to_play=following, played=(), deals=deals)

    # -- plain data

    def as_dict(self) -> dict[str, Any]:
        """The round as plain JSON data. ``from_dict`` rebuilds it from the table
        (``players``, ``dealer``, ``scores``, ``options``) and ``events`` alone; the rest
        is there for readers. ``stack_value`` is the app's count: show ``shown_value``."""
        return {
            "players": list(self.players),
            "dealer": self.dealer,
            "scores": dict(self.scores),
            "options": self.options.as_dict(),
            "events": [event.as_dict() for event in self.events],
            "phase": self.phase,
            "step": self.step,
            "to_play": self.to_play,
            "stack": [str(card) for card in self.stack],
            "stack_value": self.value,
            "shown_value": self.shown_value,
            "required_cards": self.required_cards,
            "passes": dict(self.passes),
            "out": list(self.out),
            "played": list(self.played),
            "opener": self.opener,
            "deals": list(self.deals),
            "requests": [request.as_dict() for request in self.requests],
            "took_back": list(self.took_back),
            "winner": self.winner,
            "points": self.points,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Round:
        """The round stored by ``as_dict``, replayed from its events."""
        return cls.replay(
            data["players"],
            data["dealer"],
            data.get("events") or [],
            data.get("scores"),
            PinkertonOptions.from_dict(data.get("options")),
        )


_STEP_CHECKS = {
    THROW: Round._check_throw,
    ADD: Round._check_add,
    PASS: Round._check_pass,
    FREE_PASS: Round._check_free_pass,
    SKIP: Round._check_skip,
}
_APPLY = {
    TURN: Round._turn,
    THROW: Round._throw,
    ADD: Round._add,
    PASS: Round._pass,
    FREE_PASS: Round._free_pass,
    SKIP: Round._skip,
    ASK: Round._ask,
}


# --- the match -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    """A match's points and whose deal it is. Only a round's winner scores, so at most one
    player reaches the target at a time; a tie at the top when time is up plays on."""

    players: tuple[str, ...]
    dealer: str
    options: PinkertonOptions = DEFAULT_OPTIONS
    scores: Mapping[str, int] = field(default_factory=dict)
    rounds: int = 0
    winner: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "scores", _frozen(self.scores))

    @classmethod
    def start(
        cls, players: Sequence[str], dealer: str, options: PinkertonOptions | None = None
    ) -> Match:
        players = tuple(players)
        scores = dict.fromkeys(players, 0)
        found = _table_violations(players, dealer, scores, options)
        if found:
            raise RuleError(found)
        return cls(players, dealer, _options(options), scores)

    def new_round(self) -> Round:
        if self.winner is not None:
            raise RuleError(Violation("pinkerton.match.over", {"winner": self.winner}))
        return Round.start(self.players, self.dealer, self.scores, self.options)

    def record(self, round_: Round, *, time_up: bool = False) -> Match:
        """The match after a finished round: the winner's points, the deal to the left,
        and the match's winner if the target is reached (or the time is ``time_up``)."""
        if self.winner is not None:
            raise RuleError(Violation("pinkerton.match.over", {"winner": self.winner}))
        if (
            round_.players != self.players
            or round_.dealer != self.dealer
            or dict(round_.scores) != dict(self.scores)
        ):
            raise RuleError(
                Violation(
                    "pinkerton.match.wrong-round",
                    {"dealer": round_.dealer, "expected": self.dealer},
                )
            )
        if not round_.over:
            raise RuleError(Violation("pinkerton.round.unfinished", {"step": round_.step}))
        scores = round_.scores_after
        return replace(
            self,
            scores=scores,
            dealer=round_.next_dealer,
            rounds=self.rounds + 1,
            winner=match_winner(scores, self.options, time_up=time_up),
        )

    def finish(self) -> Match:
        """The agreed time is up between rounds: the leader, if alone at the top, wins."""
        return replace(self, winner=match_winner(self.scores, self.options, time_up=True))

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "dealer": self.dealer,
            "options": self.options.as_dict(),
            "scores": dict(self.scores),
            "rounds": self.rounds,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match:
        players = tuple(data["players"])
        scores = dict(data.get("scores") or dict.fromkeys(players, 0))
        options = PinkertonOptions.from_dict(data.get("options"))
        found = _table_violations(players, data["dealer"], scores, options)
        if found:
            raise RuleError(found)
        return cls(
            players=players,
            dealer=data["dealer"],
            options=options,
            scores=scores,
            rounds=int(data.get("rounds", 0)),
            winner=data.get("winner"),
        )
