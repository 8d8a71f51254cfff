"""A Pinkerton match on the ledger, in the engine's terms.

The ledger hands the game a ``MatchView``: one side per player, in seat order (play goes
to the left, from side 0 to side 1 …). This module turns it into what
``referee.pinkerton`` takes — the players, the house rules, the match points and whose
deal it is — and a stored round into the engine's ``Round``. It decides no rule.

A round is one ledger hand. Its entry (and, while it is played, the shared draft)::

    {"dealer": 0,                     # first round only: who deals (a seat)
     "events": ["turn 9S", "1 throw 10S AH", "2 pass", "0 throw QC JD", "turn KH",
                ..., "0 add 4C", "1 ask", ...],   # the round, as the table played it
     "time_up": false}                # entry only, with a time limit

Each event is the seat of its player (the side's position: never a name, so that a
stored round still reads after a player is renamed), the move as the engine names it
(``referee.pinkerton.EVENT_TYPES``) and its cards; the dealer's ``turn`` has no seat. Text
rather than the engine's ``Event.as_dict``, which is read too, because the draft rides in
every form and the longest round must stay well inside the ledger's draft limit. The
running state stored with each round::

    {"scores": [7, 0, 43],   # match points by seat, after the round
     "dealer": 1,            # who deals the next round
     "rounds": 2,
     "winner": null,         # the seat that has won the match, once one has
     "time_up": false}       # the agreed time has been declared up
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee import pinkerton
from referee.pinkerton import TURN, Event, PinkertonOptions, Round
from referee.rulings import RuleError, Violation
from scoring.kit.fields import read_whole_number
from scoring.kit.match import MatchView, engine_options

# The most events a round may hold in a draft or an entry: far beyond a real round (each
# turn of the table is a few events per player; two decks run out long before).
MAX_EVENTS = 1_000


def house_rules(view: MatchView) -> PinkertonOptions:
    """The match's house rules; the target is the ledger's (empty: a time limit instead),
    under the ledger's one policy for old or refused options."""

    def work(v: MatchView) -> PinkertonOptions:
        stored = {key: value for key, value in v.options.items() if key != "target"}
        # The target goes last: without a target the time limit must already be in.
        return engine_options(PinkertonOptions, {**stored, "target": v.target})

    return view.derived("pinkerton.options", work)


def seat_of(value: Any, seats: int) -> int | None:
    """A stored seat, if it is one of this table's."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats:
        return value
    return None


@dataclass(frozen=True)
class Standing:
    """The match before its next round: the points by seat, who deals it (None before
    the first round, whose dealer the table chooses), and the match's winner."""

    options: PinkertonOptions
    names: tuple[str, ...]
    scores: tuple[int, ...]
    dealer: int | None
    rounds: int = 0
    winner: int | None = None
    time_up: bool = False

    @property
    def first_round(self) -> bool:
        return self.dealer is None

    def points(self) -> dict[str, int]:
        return dict(zip(self.names, self.scores, strict=True))

    def dealer_for(self, data: Mapping[str, Any]) -> int:
        """The dealer of the round in ``data`` (a draft or an entry): the running state's,
        or in the first round the one the table chose (the first seat by default)."""
        if self.dealer is not None:
            return self.dealer
        return seat_of(data.get("dealer"), len(self.names)) or 0

    def start(self, dealer: int) -> Round:
        return Round.start(self.names, self.names[dealer], self.points(), self.options)

    def engine_match(self, dealer: int) -> pinkerton.Match:
        return pinkerton.Match(
            self.names, self.names[dealer], self.options, self.points(), self.rounds
        )


def standing(view: MatchView) -> Standing:
    """Where the match stands, from the state stored with the last round (the side
    totals and no dealer before the first)."""
    return view.derived("pinkerton.standing", _from_state)


def _from_state(view: MatchView) -> Standing:
    names = view.player_names
    state = view.state
    scores = state.get("scores")
    if not (
        isinstance(scores, list)
        and len(scores) == len(names)
        and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in scores)
    ):
        scores = [max(side.total, 0) for side in view.sides]
    rounds = state.get("rounds")
    return Standing(
        options=house_rules(view),
        names=names,
        scores=tuple(scores),
        dealer=seat_of(state.get("dealer"), len(names)),
        rounds=rounds if isinstance(rounds, int) else view.hands_played,
        winner=seat_of(state.get("winner"), len(names)),
        time_up=bool(state.get("time_up")),
    )


# --- events: seats in storage, names in the engine ------------------------------------------


def stored_events(data: Mapping[str, Any]) -> list[Any]:
    """The events of a draft or an entry, as stored (see ``event_text``); anything that
    is not an event's shape is left out (then the engine says what the round lacks)."""
    events = data.get("events")
    if not isinstance(events, list):
        return []
    return [event for event in events[:MAX_EVENTS] if isinstance(event, str | Mapping)]


def to_engine(event: str | Mapping[str, Any], names: Sequence[str]) -> Event:
    """A stored event for the engine: its seat becomes the player's name. A seat that is
    not at the table stays as written, and the engine refuses it as an unknown player.
    Unreadable cards raise ``cards.unreadable``."""
    if isinstance(event, str):
        words = event.split()
        if words[:1] == [TURN]:
            return Event(TURN, None, words[1:])
        seat, kind, cards = (words[:1] or [""])[0], (words[1:2] or [""])[0], words[2:]
        return Event(kind, _player(read_whole_number(seat), seat, names), cards)
    data = dict(event)  # the engine's own ``Event.as_dict``, with a seat for the player
    if data.get("player") is not None:
        data["player"] = _player(data["player"], str(data["player"]), names)
    return Event.from_dict(data)


def to_stored(event: Event, names: Sequence[str]) -> str:
    """An event as the draft and the entry keep it, short enough for the longest round
    to ride in a form: ``"turn 3H"``, ``"1 throw 10D JD"``, ``"2 add 8D"``, ``"0 pass"``,
    ``"2 ask"`` — the seat, the move, the cards (canonical codes)."""
    cards = [str(card) for card in event.cards]
    if event.player is None:
        return " ".join([event.type, *cards])
    return " ".join([str(names.index(event.player)), event.type, *cards])


def _player(seat: Any, written: str, names: Sequence[str]) -> str:
    found = seat_of(seat, len(names))
    return names[found] if found is not None else written


def play(start: Round, events: Sequence[str | Mapping[str, Any]]) -> Round:
    """The round after its stored events; RuleError naming the first one refused."""
    names = start.players
    return Round.replay(
        start.players,
        start.dealer,
        [to_engine(event, names) for event in events],
        start.scores,
        start.options,
    )


def round_of(view: MatchView, entry: Mapping[str, Any]) -> Round:
    """A stored round, played again from the match before it; RuleError if the match is
    already won or a stored event cannot happen."""
    state = standing(view)
    if state.winner is not None:
        raise RuleError(Violation("pinkerton.match.over", {"winner": state.names[state.winner]}))
    return play(state.start(state.dealer_for(entry)), stored_events(entry))


def state_after(view: MatchView, entry: Mapping[str, Any]) -> dict[str, Any]:
    """The running state after a finished round (``round_of`` has accepted it)."""
    state = standing(view)
    round_ = round_of(view, entry)
    time_up = state.time_up or bool(entry.get("time_up"))
    dealer = state.dealer_for(entry)
    match = state.engine_match(dealer).record(round_, time_up=time_up)
    names = state.names
    return {
        "scores": [match.scores[name] for name in names],
        "dealer": names.index(match.dealer),
        "rounds": match.rounds,
        "winner": names.index(match.winner) if match.winner is not None else None,
        "time_up": time_up,
    }


def sole_leader(state: Standing) -> int | None:
    """The seat with the most points, if nobody shares the top."""
    best = max(state.scores)
    leaders = [seat for seat, points in enumerate(state.scores) if points == best]
    return leaders[0] if len(leaders) == 1 else None
