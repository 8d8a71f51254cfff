"""Truco: Brazilian truco for two teams (A and B), to 12: four players in two
partnerships as the seed plays it, or two players (one a team) or six (three a team).

Vocabulary, used as the game uses it:
- *tento*: a point of the game score; a game is won at ``target`` tentos (12).
- *mão*: the player to the dealer's right, who receives the first three cards and leads
  the first trick; also a hand of play ("mão de onze": the hand played at eleven).
- *manilha*: one of the four cards that beat every other card; *vira* (Paulista): the
  card turned up whose next rank names the manilhas.
- *truco*: the call that raises the stake of the hand (to 3); the raises after it are
  six, nine and twelve (*queda*). *Run* (correr): refuse a call and give the hand away.
- *empate* (canga): a trick whose highest card is held by both teams; it is no one's.
- *mão de onze* / *mão de dez* (Mineiro): the hand played while one team is one hand
  from the game; *mão de ferro*: the blind hand played when both are.

Seats are numbered in the order of play from 0; the teams alternate round the table,
so seat ``i`` is team A's when ``i`` is even (A1, B1, A2, B2, A3, B3).

Everything here is pure: frozen dataclasses and functions. A verdict is a ``Violation``
naming a rule id from ``RULE_IDS``; a score is a ``Breakdown`` of ``ScoreLine`` s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from referee.cards import DECKS, DEFAULT_NOTATION, Card, CardError, parse_card
from referee.entries import is_whole
from referee.options import HouseRules
from referee.rulings import Breakdown, RuleError, ScoreLine, Violation

RULE_IDS: tuple[str, ...] = (
    # options
    "truco.options.invalid",  # a house-rule option has a value the game does not offer
    "truco.paulista.vira-required",  # Paulista cards can be ranked only once a vira is turned
    "truco.paulista.vira-in-play",  # the vira is turned up, out of play: no one can play it
    # cards (shared with every game, emitted through the truco deck)
    "cards.unreadable",  # a token that is not a card
    "cards.deck.not-in-deck",  # the truco deck has no 8, 9, 10 and no joker
    "cards.deck.too-many",  # one deck: each card exists once
    # tricks
    "truco.team.unknown",  # teams are A and B
    "truco.trick.number",  # a hand has tricks 1, 2 and 3
    "truco.trick.players",  # truco is played by 2, 4 or 6 players: a trick has that many cards
    "truco.trick.player-count",  # every player of the match plays one card to the trick
    "truco.trick.seat-order",  # partners sit opposite, so the teams play in turn
    "truco.trick.face-down-first",  # no card may be played face down in the first trick
    # what decides a trick (the referee's answers)
    "truco.trick.highest",  # the highest card takes the trick, whatever its suit
    "truco.trick.partners-tie",  # partners tied for highest: their team takes it
    "truco.trick.empate",  # the highest rank held by both teams: the trick is no one's
    "truco.trick.all-covered",  # only face-down cards: no one's, led next by its leader
    # the hand's tricks
    "truco.hand.trick-result",  # a trick is won by A, by B, or tied (T)
    "truco.hand.too-many-tricks",  # a hand has at most three tricks
    "truco.hand.mao",  # the mão sits at one of the match's seats
    # what decides a hand (the referee's answers)
    "truco.hand.two-tricks",  # a team that takes two tricks wins the hand
    "truco.hand.first-trick-decides",  # a tie after a won first trick: the first trick's team
    "truco.hand.tied-first-trick",  # a tied first trick: the next trick won decides
    "truco.hand.no-winner",  # three tied tricks: nobody wins the hand
    "truco.hand.accepted-trick-decides",  # option: after an accepted call the next trick won
    # score and game
    "truco.score.invalid",  # a score is a whole number of tentos, 0 up to the target
    "truco.game.over",  # no hand is dealt once a team has reached the target
    "truco.hand.won",  # the winner of the hand scores the stake agreed
    "truco.hand.unfinished",  # a hand is scored only once it has been won, run from or tied
    "truco.hand.ended",  # nothing more happens in a hand that has been won or run from
    "truco.event.unknown",  # events are raise, accept, run, penalty and win
    "truco.event.team-required",  # every event but a win with no winner names its team
    # stakes
    "truco.raise.alternate",  # raises alternate: the team that raised last cannot raise
    "truco.raise.no-higher-stake",  # twelve (queda) can only be accepted or run from
    "truco.raise.beyond-win",  # raise only while score + the stake on the table < target
    "truco.raise.refused",  # the team that runs gives the caller the stake before the call
    "truco.answer.nothing-to-answer",  # accept and run answer a call; there is none
    "truco.answer.own-raise",  # the other team answers a call, never the caller's own
    "truco.answer.pending",  # a call must be answered before the hand goes on
    # one team one hand from the game (seed and Paulista: at 11)
    "truco.mao-de-onze.no-truco",  # no one may call truco in the mão de onze
    "truco.mao-de-onze.leader-decides",  # only the team at eleven chooses to run or play
    "truco.mao-de-onze.decided",  # the team at eleven chose to play: it can no longer run
    "truco.mao-de-onze.run",  # the team at eleven ran: the opponents score the base stake
    "truco.mao-de-onze.won",  # the mão de onze is played for 3
    # the same in Mineiro (at 10, worth 4)
    "truco.mao-de-dez.no-truco",  # no one may call truco in the mão de dez
    "truco.mao-de-dez.leader-decides",  # only the team at ten chooses to run or play
    "truco.mao-de-dez.decided",  # the team at ten chose to play: it can no longer run
    "truco.mao-de-dez.run",  # the team at ten ran: the opponents score the base stake (2)
    "truco.mao-de-dez.won",  # the mão de dez is played for 4
    # both teams one hand from the game
    "truco.mao-de-ferro.no-truco",  # the mão de ferro is played blind, for the game: no calls
    "truco.mao-de-ferro.won",  # the winner of the mão de ferro wins the game
    # penalties: the opponents of the team that broke the rule gain 1 tento
    "truco.penalty.deal-procedure",  # shuffling, cutting or dealing against the procedure
    "truco.penalty.rejected-cards",  # the mão rejected cards when not allowed to
    "truco.penalty.disclosed-cards",  # a player disclosed their cards (signals are allowed)
    "truco.penalty.raise-beyond-win",  # a team raised beyond what would win it the game
    "truco.penalty.fault",  # a penalty given without naming the fault: the opponents gain 1
    "truco.penalty.no-winning-tento",  # a penalty never gives the winning tento: -1 instead
    "truco.penalty.unknown-reason",  # a penalty's reason, when given, is one of the four
    # dealing the mão's cards
    "truco.deal.unknown-choice",  # the mão keeps, passes or rejects the three cards
    "truco.deal.kept",  # the deal goes on once the mão keeps: no more choices
    "truco.deal.plain-at-eleven",  # at eleven the deal is plain: no pass, no reject
    "truco.deal.pass-once",  # the mão may pass cards to the partner once per deal
    "truco.deal.no-partner",  # in a match of two players the mão has no partner to pass to
    "truco.deal.reject-limit",  # the mão may reject at most three hands per deal
    "truco.deal.cut-count",  # the cutter makes one to three cuts
    "truco.deal.cut-stacks",  # each cut makes exactly two stacks
    # match
    "truco.match.over",  # no game is added to a match that has a winner
)

TEAMS: tuple[str, ...] = ("A", "B")
TIE = "T"
VARIANTS: tuple[str, ...] = ("seed", "paulista", "mineiro")
TARGETS: tuple[int, ...] = (12, 15, 24)
BEST_OF: tuple[int, ...] = (1, 3)
DECK = DECKS["truco"]
PLAYERS = 4  # the seed's table: two partnerships
PLAYER_COUNTS: tuple[int, ...] = (2, 4, 6)  # one, two or three players a team
TRICKS = 3

# Plain ranks, low to high; it is also the circle in which the vira names the manilhas.
RANK_ORDER: tuple[str, ...] = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")
# The seed's (and Mineiro's) fixed manilhas, low to high: 7♦, A♠, 7♥, 4♣ (zap).
FIXED_MANILHAS: tuple[Card, ...] = (Card("7", "D"), Card("A", "S"), Card("7", "H"), Card("4", "C"))
# Paulista manilhas rank by suit, low to high: ♦ < ♠ < ♥ < ♣.
MANILHA_SUITS: tuple[str, ...] = ("D", "S", "H", "C")

# The stake ladder: the hand's base worth, truco, and the raises after it.
LADDERS: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {"seed": (1, 3, 6, 9, 12), "paulista": (1, 3, 6, 9, 12), "mineiro": (2, 4, 6, 10, 12)}
)

EVENT_TYPES: tuple[str, ...] = ("raise", "accept", "run", "penalty", "win")
PENALTY_REASONS: tuple[str, ...] = (
    "truco.penalty.deal-procedure",
    "truco.penalty.rejected-cards",
    "truco.penalty.disclosed-cards",
    "truco.penalty.raise-beyond-win",
)
DEAL_CHOICES: tuple[str, ...] = ("keep", "pass", "reject")
MAX_REJECTIONS = 3

# Kinds of hand.
NORMAL = "normal"
MAO_DE_ONZE = "mao-de-onze"
MAO_DE_DEZ = "mao-de-dez"
MAO_DE_FERRO = "mao-de-ferro"


def other(team: str) -> str:
    return "B" if team == "A" else "A"


def _frozen(mapping: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping))


# --- options -------------------------------------------------------------------------


@dataclass(frozen=True)
class TrucoOptions(HouseRules):
    """House rules for a match. ``vira`` is the Paulista card turned up for the hand.

    ``accepted_truco_trick_decides`` (the page's option ``accepted-truco-trick-decides``,
    the seed's literal "whichever team wins the trick wins the hand at the stake agreed
    upon"): after an accepted call, the next trick won decides the hand. Off, the hand is
    won as always, by two tricks of three.
    """

    INVALID = "truco.options.invalid"

    variant: str = "seed"
    vira: Card | None = None
    target: int = 12
    best_of: int = 1
    accepted_truco_trick_decides: bool = False

    def __post_init__(self) -> None:
        vira_ok = self.vira is None or (isinstance(self.vira, Card) and DECK.holds(self.vira))
        self.refuse_unless(
            variant=self.variant in VARIANTS,
            # A vira only means something in Paulista, where it names the manilhas.
            vira=vira_ok and (self.vira is None or self.variant == "paulista"),
            target=is_whole(self.target) and self.target in TARGETS,
            best_of=is_whole(self.best_of) and self.best_of in BEST_OF,
            accepted_truco_trick_decides=isinstance(self.accepted_truco_trick_decides, bool),
        )

    @classmethod
    def shown(cls, value: Any) -> Any:
        return str(value) if isinstance(value, Card) else value

    @classmethod
    def read(cls, name: str, value: Any) -> Any:
        """The vira comes as a card token (RuleError when it reads as no card)."""
        return parse_card(value) if name == "vira" and isinstance(value, str) else value

    def as_dict(self) -> dict[str, Any]:
        return super().as_dict() | {"vira": None if self.vira is None else str(self.vira)}

    @property
    def stakes(self) -> tuple[int, ...]:
        return LADDERS[self.variant]

    @property
    def base_stake(self) -> int:
        """What a hand is worth when no one calls truco (1; Mineiro 2)."""
        return self.stakes[0]

    @property
    def eleven(self) -> int:
        """The score one plain hand from the game: 11 (Mineiro 10; target minus base)."""
        return self.target - self.base_stake


# The keys ``TrucoOptions.from_dict`` takes; any other is reported as an invalid option.
OPTION_KEYS: frozenset[str] = frozenset(f.name for f in fields(TrucoOptions))


# --- card order ------------------------------------------------------------------------


def manilhas(options: TrucoOptions) -> tuple[Card, ...]:
    """The four manilhas, low to high."""
    if options.variant != "paulista":
        return FIXED_MANILHAS
    if options.vira is None:
        raise RuleError(Violation("truco.paulista.vira-required", {}))
    # After 3 comes 4: the circle closes.
    rank = RANK_ORDER[(RANK_ORDER.index(options.vira.rank) + 1) % len(RANK_ORDER)]
    return tuple(Card(rank, suit) for suit in MANILHA_SUITS)


def card_strength(card: Card, options: TrucoOptions) -> int:
    """How high the card ranks: 1 (a plain 4) to 10 (a 3), manilhas 11 to 14.

    Below the manilhas suits do not count, so equal strengths tie.
    """
    DECK.check([card])
    top = manilhas(options)
    if card in top:
        return len(RANK_ORDER) + 1 + top.index(card)
    return RANK_ORDER.index(card.rank) + 1


# --- tricks ----------------------------------------------------------------------------


def seat_team(seat: int) -> str:
    """The team of a seat: the teams alternate round the table, A first."""
    return TEAMS[seat % 2]


def seat_name(seat: int) -> str:
    """A1, B1, A2, B2, A3, B3: team and place within the team, in the order of play."""
    return f"{seat_team(seat)}{seat // 2 + 1}"


@dataclass(frozen=True)
class Play:
    """One card played to a trick by a player of ``team``; ``face_down``: coberta."""

    team: str
    card: Card
    face_down: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.card, str):
            object.__setattr__(self, "card", parse_card(self.card))


@dataclass(frozen=True)
class TrickResult:
    """``winner`` None is an empate; ``next_leader`` indexes the play whose player leads.

    ``rule`` is what decided the trick (``truco.trick.highest``, ``partners-tie``,
    ``empate`` or ``all-covered``); ``best`` indexes the plays holding the highest card
    played face up (both partners on a partners' tie, both teams' players on an empate).
    """

    winner: str | None
    winning_play: int | None
    next_leader: int
    rule: str = "truco.trick.highest"
    best: tuple[int, ...] = ()


def _players_violations(count: int, players: int | None) -> list[Violation]:
    allowed = list(PLAYER_COUNTS)
    if players is not None and (not is_whole(players) or players not in PLAYER_COUNTS):
        return [Violation("truco.trick.players", {"count": players, "allowed": allowed})]
    if players is None and count not in PLAYER_COUNTS:
        return [Violation("truco.trick.players", {"count": count, "allowed": allowed})]
    if players is not None and count != players:
        return [Violation("truco.trick.player-count", {"count": count, "expected": players})]
    return []


def _trick_violations(
    plays: Sequence[Play], options: TrucoOptions, trick_number: int, players: int | None
) -> list[Violation]:
    found: list[Violation] = []
    if not is_whole(trick_number) or not 1 <= trick_number <= TRICKS:
        found.append(Violation("truco.trick.number", {"number": trick_number}))
    found.extend(_players_violations(len(plays), players))
    for index, play in enumerate(plays):
        if play.team not in TEAMS:
            found.append(Violation("truco.team.unknown", {"team": play.team, "play": index}))
        elif index and play.team == plays[index - 1].team:
            found.append(Violation("truco.trick.seat-order", {"play": index}))
        if play.face_down and trick_number == 1:
            found.append(
                Violation("truco.trick.face-down-first", {"play": index, "card": str(play.card)})
            )
    # A face-down card is still a card of the one deck: it counts against duplicates.
    found.extend(DECK.violations(play.card for play in plays))
    vira = options.vira if options.variant == "paulista" else None
    if vira is not None and any(play.card == vira for play in plays):
        found.append(Violation("truco.paulista.vira-in-play", {"card": str(vira)}))
    return found


def resolve_trick(
    plays: Sequence[Play],
    options: TrucoOptions | None = None,
    *,
    trick_number: int = 1,
    players: int | None = None,
) -> TrickResult:
    """Who takes the trick, and which play's player leads the next one.

    ``plays`` are in the order played (to the right), one per player: 2, 4 or 6 of them,
    the teams in turn. ``players``, when given, is the match's number of players, and the
    trick must have exactly that many cards. Partners tied for highest take the trick;
    teams tied for highest make it no one's; either way the tied player who played first
    leads next. A trick of face-down cards only has no highest card: it is no one's, led
    next by whoever led it.
    """
    options = options or TrucoOptions()
    found = _trick_violations(plays, options, trick_number, players)
    if found:
        raise RuleError(found)
    return _judge_trick(plays, options)


def _judge_trick(plays: Sequence[Play], options: TrucoOptions) -> TrickResult:
    strengths = [None if play.face_down else card_strength(play.card, options) for play in plays]
    face_up = [s for s in strengths if s is not None]
    if not face_up:
        return TrickResult(None, None, 0, "truco.trick.all-covered")
    top = max(face_up)
    best = tuple(index for index, strength in enumerate(strengths) if strength == top)
    teams = {plays[index].team for index in best}
    if len(teams) > 1:
        return TrickResult(None, None, best[0], "truco.trick.empate", best)
    rule = "truco.trick.partners-tie" if len(best) > 1 else "truco.trick.highest"
    return TrickResult(teams.pop(), best[0], best[0], rule, best)


# --- the hand's tricks -------------------------------------------------------------------


@dataclass(frozen=True)
class HandResult:
    """``decided_after``: how many tricks settled the hand (None: not settled yet);
    ``rule``: what settled it (None while it is not settled).

    A hand of three tied tricks is settled after 3 with no winner.
    """

    winner: str | None
    decided_after: int | None
    rule: str | None = None

    @property
    def decided(self) -> bool:
        return self.decided_after is not None


def _verdict(results: Sequence[str]) -> tuple[str | None, str | None]:
    """(rule, winner) once the tricks so far settle the hand; (None, None) before."""
    wins = Counter(result for result in results if result != TIE)
    for team in TEAMS:
        if wins[team] >= 2:
            return "truco.hand.two-tricks", team
    first = results[0]
    # A tie after a won first trick: the first trick decides.
    if first != TIE and TIE in results[1:]:
        return "truco.hand.first-trick-decides", first
    # A tied first trick: the next trick that is won decides.
    if first == TIE:
        won = [result for result in results[1:] if result != TIE]
        if won:
            return "truco.hand.tied-first-trick", won[0]
    if len(results) == TRICKS:
        return "truco.hand.no-winner", None
    return None, None


def _accepted_in_violations(truco_accepted_in: Any) -> list[Violation]:
    """``truco_accepted_in``, when given, is the number of a trick: 1 to 3."""
    if truco_accepted_in is None or (
        is_whole(truco_accepted_in) and 1 <= truco_accepted_in <= TRICKS
    ):
        return []
    return [Violation("truco.trick.number", {"number": truco_accepted_in})]


def resolve_hand(
    tricks: Sequence[str],
    *,
    truco_accepted_in: int | None = None,
    options: TrucoOptions | None = None,
) -> HandResult:
    """Who wins the hand from its tricks in order ("A", "B" or "T" for a tie).

    Tricks after the one that decided the hand are ignored (they are not played).
    ``truco_accepted_in``: the trick (1–3) played once a call was accepted, if one was;
    with the option ``accepted_truco_trick_decides`` that trick decides the hand if it is
    won (a tied trick leaves the hand to the usual rules).
    """
    options = options or TrucoOptions()
    found = [
        Violation("truco.hand.trick-result", {"trick": number, "value": result})
        for number, result in enumerate(tricks, start=1)
        if result not in (*TEAMS, TIE)
    ]
    if len(tricks) > TRICKS:
        found.append(Violation("truco.hand.too-many-tricks", {"count": len(tricks)}))
    found += _accepted_in_violations(truco_accepted_in)
    if found:
        raise RuleError(found)
    deciding = truco_accepted_in if options.accepted_truco_trick_decides else None
    for played in range(1, len(tricks) + 1):
        if played == deciding and tricks[played - 1] != TIE:
            return HandResult(tricks[played - 1], played, "truco.hand.accepted-trick-decides")
        rule, winner = _verdict(tricks[:played])
        if rule is not None:
            return HandResult(winner=winner, decided_after=played, rule=rule)
    return HandResult(winner=None, decided_after=None)


# --- the trick referee: a whole hand, card by card ---------------------------------------


@dataclass(frozen=True)
class TrickJudgement:
    """One trick of a hand as the referee walked it.

    ``seats``: the seat of each card, in play order (``seats[0]`` led). ``played`` is
    False for a trick entered after the hand was already decided: it is not judged, and
    ``result``, ``winning_seat``, ``next_leader`` and ``rule`` are None.
    ``winning_seats``: the seats whose card takes the trick (both partners on a tie).
    """

    number: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    face_down: tuple[bool, ...]
    played: bool
    result: TrickResult | None = None
    winner: str | None = None
    winning_seat: int | None = None
    winning_seats: tuple[int, ...] = ()
    next_leader: int | None = None
    rule: str | None = None
    decides_hand: bool = False

    @property
    def leader(self) -> int:
        return self.seats[0]


@dataclass(frozen=True)
class HandJudgement:
    """A hand's tricks judged in order, and the hand's result with its deciding rule
    (``rule`` None while the tricks entered do not settle the hand)."""

    tricks: tuple[TrickJudgement, ...]
    result: HandResult
    players: int
    mao: int
    options: TrucoOptions

    @property
    def winner(self) -> str | None:
        return self.result.winner

    @property
    def decided(self) -> bool:
        return self.result.decided

    @property
    def rule(self) -> str | None:
        return self.result.rule


type EnteredCard = tuple[str | Card, bool]


def judge_hand(
    tricks: Sequence[Sequence[EnteredCard]],
    *,
    players: int = PLAYERS,
    mao: int = 0,
    options: TrucoOptions | None = None,
    truco_accepted_in: int | None = None,
    notation: str = DEFAULT_NOTATION,
) -> HandJudgement:
    """Walk a hand trick by trick, as the referee at the table would.

    ``tricks``: each trick's cards in the order played, as ``(card, face_down)`` (a card
    token in ``notation`` or a ``Card``); the mão (seat ``mao``) leads the first trick
    and each trick's ``next_leader`` the one after. ``players``: 2, 4 or 6.
    ``truco_accepted_in``: see ``resolve_hand``.

    The cards are checked first, all at once: unreadable tokens, the one deck across the
    whole hand (a card twice in different tricks too), the vira, the number of players,
    the mão's seat. Then each trick that is played is checked (its size, covered cards
    in the first trick); those violations name their ``trick``, and every trick that may
    still be played is checked, not only the first that fails. Tricks entered after the
    hand was decided are returned unjudged. Raises RuleError with what it found.
    """
    options = options or TrucoOptions()
    found, parsed = _read_hand(tricks, notation)
    if not is_whole(players) or players not in PLAYER_COUNTS:
        found.append(
            Violation("truco.trick.players", {"count": players, "allowed": list(PLAYER_COUNTS)})
        )
    elif not is_whole(mao) or not 0 <= mao < players:
        found.append(Violation("truco.hand.mao", {"mao": mao, "players": players}))
    if len(parsed) > TRICKS:
        found.append(Violation("truco.hand.too-many-tricks", {"count": len(parsed)}))
    found.extend(DECK.violations(card for trick in parsed for card, _down in trick))
    vira = options.vira if options.variant == "paulista" else None
    if vira is not None and any(card == vira for trick in parsed for card, _down in trick):
        found.append(Violation("truco.paulista.vira-in-play", {"card": str(vira)}))
    found += _accepted_in_violations(truco_accepted_in)
    if found:
        raise RuleError(found)
    return _walk(parsed, players, mao, options, truco_accepted_in)


def _read_hand(
    tricks: Sequence[Sequence[EnteredCard]], notation: str
) -> tuple[list[Violation], list[list[tuple[Card, bool]]]]:
    found: list[Violation] = []
    parsed: list[list[tuple[Card, bool]]] = []
    for trick in tricks:
        cards: list[tuple[Card, bool]] = []
        for card, down in trick:
            try:
                read = card if isinstance(card, Card) else parse_card(card, notation)
            except CardError as error:
                found.extend(error.violations)
            else:
                cards.append((read, bool(down)))
        parsed.append(cards)
    return found, parsed


def _walk(
    tricks: list[list[tuple[Card, bool]]],
    players: int,
    mao: int,
    options: TrucoOptions,
    truco_accepted_in: int | None,
) -> HandJudgement:
    leader = mao
    results: list[str] = []
    hand = HandResult(None, None)
    judged: list[TrickJudgement] = []
    found: list[Violation] = []
    for number, trick in enumerate(tricks, start=1):
        seats = tuple((leader + i) % players for i in range(len(trick)))
        cards = tuple(card for card, _down in trick)
        downs = tuple(down for _card, down in trick)
        if hand.decided:
            judged.append(TrickJudgement(number, seats, cards, downs, played=False))
            continue
        plays = [
            Play(seat_team(seat), card, down)
            for seat, (card, down) in zip(seats, trick, strict=True)
        ]
        # The deck and the vira were checked across the hand; the rest is the trick's own.
        wrong = [
            Violation(v.rule, {**v.params, "trick": number})
            for v in _trick_violations(plays, options, number, players)
        ]
        if wrong or found:
            # Without this trick's winner the next leader is unknown: check the tricks
            # that may still be played, judge none.
            found.extend(wrong)
            continue
        result = _judge_trick(plays, options)
        results.append(result.winner or TIE)
        hand = resolve_hand(results, truco_accepted_in=truco_accepted_in, options=options)
        leader = seats[result.next_leader]
        judged.append(
            TrickJudgement(
                number,
                seats,
                cards,
                downs,
                played=True,
                result=result,
                winner=result.winner,
                winning_seat=None if result.winning_play is None else seats[result.winning_play],
                winning_seats=tuple(seats[i] for i in result.best) if result.winner else (),
                next_leader=leader,
                rule=result.rule,
                decides_hand=hand.decided,
            )
        )
    if found:
        raise RuleError(found)
    return HandJudgement(tuple(judged), hand, players, mao, options)


# --- score and game ----------------------------------------------------------------------


def score_violations(score: Mapping[str, int], options: TrucoOptions) -> list[Violation]:
    """A game score: tentos of A and B, each 0 up to the target, at most one at it."""
    if not isinstance(score, Mapping) or set(score) != set(TEAMS):
        return [Violation("truco.score.invalid", {"team": None, "value": repr(score)})]
    found = [
        Violation("truco.score.invalid", {"team": team, "value": score[team]})
        for team in TEAMS
        if not is_whole(score[team]) or not 0 <= score[team] <= options.target
    ]
    if not found and all(score[team] == options.target for team in TEAMS):
        found.append(Violation("truco.score.invalid", {"team": None, "value": dict(score)}))
    return found


def game_winner(score: Mapping[str, int], options: TrucoOptions | None = None) -> str | None:
    """The team that has reached the target, if one has."""
    options = options or TrucoOptions()
    found = score_violations(score, options)
    if found:
        raise RuleError(found)
    return next((team for team in TEAMS if score[team] >= options.target), None)


@dataclass(frozen=True)
class MatchScore:
    """Games won by each team in a match of one game or best of three."""

    best_of: int = 1
    games: Mapping[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})

    def __post_init__(self) -> None:
        object.__setattr__(self, "games", _frozen(self.games))

    @classmethod
    def start(cls, options: TrucoOptions | None = None) -> MatchScore:
        return cls(best_of=(options or TrucoOptions()).best_of)

    @property
    def needed(self) -> int:
        """Games it takes to win the match: 1, or 2 of 3."""
        return self.best_of // 2 + 1

    @property
    def winner(self) -> str | None:
        return next((team for team in TEAMS if self.games[team] >= self.needed), None)

    def record(self, winner: str) -> MatchScore:
        """The match after a game won by ``winner``."""
        if winner not in TEAMS:
            raise RuleError(Violation("truco.team.unknown", {"team": winner}))
        if self.winner is not None:
            raise RuleError(Violation("truco.match.over", {"winner": self.winner}))
        games = dict(self.games)
        games[winner] += 1
        return replace(self, games=games)


# --- dealing the mão's cards -------------------------------------------------------------


def deal_violations(
    choices: Sequence[str], *, plain: bool = False, players: int = PLAYERS
) -> list[Violation]:
    """What is wrong with the mão's choices over one deal ("keep", "pass", "reject").

    ``plain``: a deal at eleven (``HandState.plain_deal``), where the mão only keeps.
    ``players``: in a match of two the mão has no partner to pass the cards to.
    Each violation names, in ``penalty``, the penalty it costs the mão's team.
    """
    found: list[Violation] = []
    passed = kept = False
    rejections = 0
    for step, choice in enumerate(choices, start=1):
        penalty = (
            "truco.penalty.rejected-cards"
            if choice == "reject"
            else "truco.penalty.deal-procedure"
        )
        params = {"step": step, "choice": choice, "penalty": penalty}
        if choice not in DEAL_CHOICES:
            found.append(Violation("truco.deal.unknown-choice", {"step": step, "choice": choice}))
        elif kept:
            found.append(Violation("truco.deal.kept", params))
        elif choice != "keep" and plain:
            found.append(Violation("truco.deal.plain-at-eleven", params))
        elif choice == "pass" and players == min(PLAYER_COUNTS):
            found.append(Violation("truco.deal.no-partner", params))
        elif choice == "pass" and passed:
            found.append(Violation("truco.deal.pass-once", params))
        elif choice == "reject" and rejections >= MAX_REJECTIONS:
            found.append(Violation("truco.deal.reject-limit", {**params, "limit": MAX_REJECTIONS}))
        passed = passed or choice == "pass"
        rejections += choice == "reject"
        kept = kept or choice == "keep"
    return found


def cut_violations(cuts: int, stacks: int = 2) -> list[Violation]:
    """The cutter makes one to three cuts, each into exactly two stacks."""
    penalty = {"penalty": "truco.penalty.deal-procedure"}
    found = []
    if not is_whole(cuts) or not 1 <= cuts <= 3:
        found.append(Violation("truco.deal.cut-count", {"cuts": cuts, **penalty}))
    if stacks != 2:
        found.append(Violation("truco.deal.cut-stacks", {"stacks": stacks, **penalty}))
    return found


# --- the stake of a hand: events and state -------------------------------------------


@dataclass(frozen=True)
class Event:
    """Something said at the table during a hand.

    - ``raise``: ``team`` calls truco, or raises the stake on the table;
    - ``accept`` / ``run``: ``team`` answers the call (in the mão de onze: the team at
      eleven plays for the special stake or runs);
    - ``penalty``: ``team`` broke a rule; ``reason``, if given, names it (one of
      PENALTY_REASONS); without it the fault is recorded as ``truco.penalty.fault``;
    - ``win``: ``team`` won the hand; None: no one did (three tied tricks).
    """

    type: str
    team: str | None = None
    reason: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        return cls(type=data.get("type", ""), team=data.get("team"), reason=data.get("reason"))

    def as_dict(self) -> dict[str, Any]:
        data = {"type": self.type, "team": self.team}
        if self.reason is not None:
            data["reason"] = self.reason
        return data


def _kind_of(score: Mapping[str, int], options: TrucoOptions) -> str:
    at_eleven = [team for team in TEAMS if score[team] >= options.eleven]
    if len(at_eleven) == 2:
        return MAO_DE_FERRO
    if at_eleven:
        return MAO_DE_DEZ if options.variant == "mineiro" else MAO_DE_ONZE
    return NORMAL


@dataclass(frozen=True)
class HandState:
    """Where a hand stands: the stake, a call waiting for its answer, the score so far.

    ``stake`` is what the hand is worth as agreed so far (in the mão de ferro: the whole
    game, shown as the target); ``offer`` is a raise not yet answered. The kind of hand
    (normal, mão de onze/dez, mão de ferro) is fixed by the score at the deal.
    """

    options: TrucoOptions
    start_score: Mapping[str, int]
    score: Mapping[str, int]
    kind: str
    stake: int
    offer: int | None = None
    last_raiser: str | None = None
    # Mão de onze: the team at eleven has chosen to play.
    decided: bool = False
    ended: bool = False
    # Who took the hand: its winner, or the team that was run from.
    winner: str | None = None
    lines: tuple[tuple[str, ScoreLine], ...] = ()
    events: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "start_score", _frozen(self.start_score))
        object.__setattr__(self, "score", _frozen(self.score))

    @classmethod
    def start(cls, score: Mapping[str, int], options: TrucoOptions | None = None) -> HandState:
        """A new hand dealt at ``score``."""
        options = options or TrucoOptions()
        found = score_violations(score, options)
        if found:
            raise RuleError(found)
        winner = game_winner(score, options)
        if winner is not None:
            raise RuleError(Violation("truco.game.over", {"winner": winner}))
        kind = _kind_of(score, options)
        stake = {
            NORMAL: options.base_stake,
            MAO_DE_ONZE: options.stakes[1],
            MAO_DE_DEZ: options.stakes[1],
            MAO_DE_FERRO: options.target,
        }[kind]
        return cls(options=options, start_score=score, score=score, kind=kind, stake=stake)

    # -- what the table sees

    @property
    def leader(self) -> str | None:
        """In the mão de onze/dez, the team at eleven (ten), who chooses to run or play."""
        if self.kind not in (MAO_DE_ONZE, MAO_DE_DEZ):
            return None
        return next(team for team in TEAMS if self.start_score[team] >= self.options.eleven)

    @property
    def plain_deal(self) -> bool:
        """At eleven the mão may neither pass nor reject cards."""
        return self.kind != NORMAL

    @property
    def on_table(self) -> int:
        """The stake a team would play for by accepting now."""
        return self.offer if self.offer is not None else self.stake

    @property
    def next_stake(self) -> int | None:
        """What the next raise would call (None: nothing above; no raise in this hand)."""
        if self.kind != NORMAL:
            return None
        higher = [stake for stake in self.options.stakes if stake > self.on_table]
        return higher[0] if higher else None

    @property
    def call_stake(self) -> int:
        """The stake a raise now would call, allowed or not: the next raise; in a hand with
        no calls (at eleven, the mão de ferro), the truco it forbids; at the top, the top."""
        if self.next_stake is not None:
            return self.next_stake
        return self.on_table if self.kind == NORMAL else self.options.stakes[1]

    @property
    def run_stake(self) -> int:
        """What the other team scores if a team runs now: the stake agreed before the call
        waiting; from the mão de onze (dez), the hand's plain worth."""
        return self.stake if self.kind == NORMAL else self.options.base_stake

    @property
    def game_winner(self) -> str | None:
        return game_winner(self.score, self.options)

    @property
    def replay(self) -> bool:
        """A mão de ferro with no winner is dealt again."""
        return self.kind == MAO_DE_FERRO and self.ended and self.winner is None

    def breakdown(self, team: str) -> Breakdown:
        return Breakdown.of(line for owner, line in self.lines if owner == team)

    @property
    def breakdowns(self) -> dict[str, Breakdown]:
        return {team: self.breakdown(team) for team in TEAMS}

    # -- what may happen next

    def check(self, event: Event) -> Violation | None:
        """Why ``event`` cannot happen now, or None if it can."""
        if event.type not in EVENT_TYPES:
            return Violation("truco.event.unknown", {"type": event.type})
        if event.team is None and event.type != "win":
            return Violation("truco.event.team-required", {"type": event.type})
        if event.team is not None and event.team not in TEAMS:
            return Violation("truco.team.unknown", {"team": event.team})
        if self.ended:
            return Violation("truco.hand.ended", {"type": event.type})
        return _CHECKS[event.type](self, event)

    def allowed(self, team: str) -> dict[str, Violation | None]:
        """Each action ``team`` might take now: None if allowed, else the rule against it."""
        return {
            # Any penalty reason will do: whether a penalty can be given does not depend on it.
            action: self.check(Event(action, team, PENALTY_REASONS[0]))
            for action in EVENT_TYPES
        }

    def apply(self, event: Event) -> HandState:
        """The state after ``event``; raises RuleError if it cannot happen now."""
        found = self.check(event)
        if found is not None:
            raise RuleError(found)
        after = _APPLY[event.type](self, event)
        return replace(after, events=(*self.events, event))

    # -- checks, one per event type

    def _check_raise(self, event: Event) -> Violation | None:
        team = event.team
        if self.kind != NORMAL:
            return Violation(f"truco.{self.kind}.no-truco", {"team": team})
        if team == self.last_raiser:
            return Violation("truco.raise.alternate", {"team": team})
        call = self.next_stake
        if call is None:
            return Violation("truco.raise.no-higher-stake", {"team": team, "stake": self.on_table})
        if self.score[team] + self.on_table >= self.options.target:
            return Violation(
                "truco.raise.beyond-win",
                {
                    "team": team,
                    "score": self.score[team],
                    "stake": self.on_table,
                    "call": call,
                    "target": self.options.target,
                },
            )
        return None

    def _check_answer(self, event: Event) -> Violation | None:
        team = event.team
        if self.kind in (MAO_DE_ONZE, MAO_DE_DEZ):
            if team != self.leader:
                return Violation(f"truco.{self.kind}.leader-decides", {"team": team})
            if self.decided:
                return Violation(f"truco.{self.kind}.decided", {"team": team})
            return None
        if self.offer is None:
            return Violation("truco.answer.nothing-to-answer", {"team": team})
        if team == self.last_raiser:
            return Violation("truco.answer.own-raise", {"team": team})
        return None

    def _check_win(self, event: Event) -> Violation | None:
        if self.offer is not None:
            return Violation(
                "truco.answer.pending", {"team": self.last_raiser, "stake": self.offer}
            )
        return None

    def _check_penalty(self, event: Event) -> Violation | None:
        # The fault may go unnamed (the table saw it; the scorer need not say which);
        # named, it must be one of the four.
        if event.reason is not None and event.reason not in PENALTY_REASONS:
            return Violation("truco.penalty.unknown-reason", {"reason": event.reason})
        return None

    # -- effects, one per event type

    def _score(self, team: str, line: ScoreLine) -> HandState:
        score = dict(self.score)
        score[team] += line.points
        return replace(self, score=score, lines=(*self.lines, (team, line)))

    def _gain(self, team: str, stake: int) -> int:
        """Tentos a team actually scores: the game stops at the target."""
        return min(stake, self.options.target - self.score[team])

    def _raise(self, event: Event) -> HandState:
        # Raising over a call accepts it: if the raise is run from, the call stands.
        return replace(self, stake=self.on_table, offer=self.next_stake, last_raiser=event.team)

    def _accept(self, event: Event) -> HandState:
        if self.kind != NORMAL:
            return replace(self, decided=True)
        return replace(self, stake=self.on_table, offer=None)

    def _run(self, event: Event) -> HandState:
        stake = self.run_stake
        if self.kind != NORMAL:
            taker = other(event.team)
            rule = f"truco.{self.kind}.run"
            params: dict[str, Any] = {"stake": stake}
        else:
            taker = self.last_raiser
            rule = "truco.raise.refused"
            params = {"stake": stake, "call": self.offer}
        line = ScoreLine(rule, 1, self._gain(taker, stake), params)
        return replace(self._score(taker, line), offer=None, ended=True, winner=taker)

    def _win(self, event: Event) -> HandState:
        team = event.team
        if team is None:
            return replace(self, ended=True, winner=None)
        if self.kind == MAO_DE_FERRO:
            line = ScoreLine(
                "truco.mao-de-ferro.won",
                1,
                self.options.target - self.score[team],
                {"target": self.options.target},
            )
        else:
            rule = "truco.hand.won" if self.kind == NORMAL else f"truco.{self.kind}.won"
            line = ScoreLine(rule, 1, self._gain(team, self.stake), {"stake": self.stake})
        return replace(self._score(team, line), ended=True, winner=team)

    def _penalty(self, event: Event) -> HandState:
        offender = event.team
        innocent = other(offender)
        if self.score[innocent] + 1 < self.options.target:
            rule = event.reason or "truco.penalty.fault"
            return self._score(innocent, ScoreLine(rule, 1, 1, {"team": offender}))
        # The winning tento never comes from a penalty: the offender pays it instead.
        loss = min(1, self.score[offender])
        line = ScoreLine("truco.penalty.no-winning-tento", 1, -loss, {"reason": event.reason})
        return self._score(offender, line)


_CHECKS = {
    "raise": HandState._check_raise,
    "accept": HandState._check_answer,
    "run": HandState._check_answer,
    "penalty": HandState._check_penalty,
    "win": HandState._check_win,
}
_APPLY = {
    "raise": HandState._raise,
    "accept": HandState._accept,
    "run": HandState._run,
    "penalty": HandState._penalty,
    "win": HandState._win,
}


@dataclass(frozen=True)
class HandOutcome:
    """A hand scored from its events: the new game score and each team's breakdown."""

    score: dict[str, int]
    stake: int
    winner: str | None
    game_winner: str | None
    breakdowns: dict[str, Breakdown]
    state: HandState

    @property
    def finished(self) -> bool:
        return self.state.ended

    @property
    def replay(self) -> bool:
        return self.state.replay


def _event(data: Event | Mapping[str, Any]) -> Event:
    return data if isinstance(data, Event) else Event.from_dict(data)


def score_events(
    score: Mapping[str, int],
    events: Sequence[Event | Mapping[str, Any]],
    options: TrucoOptions | None = None,
    *,
    allow_unfinished: bool = False,
) -> HandOutcome:
    """Score one hand from what was said at the table, in order.

    A rejected event raises RuleError whose violation carries ``event``, its index. A
    hand that has not ended (no win, no run) is an error unless ``allow_unfinished``.
    """
    state = HandState.start(score, options)
    for index, data in enumerate(events):
        event = _event(data)
        found = state.check(event)
        if found is not None:
            raise RuleError(Violation(found.rule, {**found.params, "event": index}))
        state = state.apply(event)
    if not state.ended and not allow_unfinished:
        raise RuleError(Violation("truco.hand.unfinished", {"events": len(events)}))
    return HandOutcome(
        score=dict(state.score),
        stake=state.stake,
        winner=state.winner,
        game_winner=state.game_winner,
        breakdowns=state.breakdowns,
        state=state,
    )
