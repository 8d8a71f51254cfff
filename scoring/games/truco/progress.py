"""Where a Truco match stands, replayed from the hands the ledger keeps.

The ledger adds up every hand of a match into each side's total; in a best of three those
totals run across games. The game in play, the games won and whose turn it is to deal are
found by replaying the stored hands through the engine, oldest first. Side position 0 is
team A, position 1 team B.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.rulings import RuleError
from referee.truco import (
    OPTION_KEYS,
    TEAMS,
    Event,
    HandState,
    MatchScore,
    TrucoOptions,
    game_winner,
    score_events,
)
from scoring.ledger.registry import MatchView

NEW_GAME: Mapping[str, int] = {"A": 0, "B": 0}


def team_of(position: int) -> str:
    return TEAMS[position]


def match_options(view: MatchView) -> TrucoOptions:
    """The match's house rules; the game's target is the ledger's target (else the
    engine's). Only the options the engine knows are read: a key stored by an older
    version of the app cannot break a match."""
    data = {key: value for key, value in view.options.items() if key in OPTION_KEYS}
    data.pop("target", None)
    if view.target is not None:
        data["target"] = view.target
    return TrucoOptions.from_dict(data)


@dataclass(frozen=True)
class Seat:
    team: str
    name: str


def seats(view: MatchView) -> tuple[Seat, ...]:
    """The players around the table in the order of play (to the right): A1, B1, A2, B2.

    Partners sit opposite, so the teams alternate. A side with fewer players than the
    other plays its seats in turn again, so every seat of the longer side has a neighbour.
    """
    teams = [
        [Seat(team_of(side.position), name) for name in side.players or (side.name,)]
        for side in view.sides[:2]
    ]
    count = max(len(players) for players in teams)
    return tuple(players[i % len(players)] for i in range(count) for players in teams)


def beans(tentos: int, target: int, group: int = 3) -> tuple[tuple[bool, ...], ...]:
    """The tentos as beans (feijões) in little heaps of three: True for a bean won."""
    marks = [i < tentos for i in range(target)]
    return tuple(tuple(marks[i : i + group]) for i in range(0, target, group))


@dataclass(frozen=True)
class FinishedGame:
    winner: str
    score: Mapping[str, int]


@dataclass(frozen=True)
class Progress:
    """The match after its hands: the score of the game in play (once the match is won,
    of its last game), the games won, and the seats for the next deal."""

    options: TrucoOptions
    score: Mapping[str, int]
    match: MatchScore
    games: tuple[FinishedGame, ...] = ()
    hands_played: int = 0
    seats: tuple[Seat, ...] = field(default=())

    @property
    def winner(self) -> str | None:
        return self.match.winner

    @property
    def game_number(self) -> int:
        """The game in play, counting from 1 (the last one once the match is won)."""
        return len(self.games) + (0 if self.winner else 1)

    def next_hand(self) -> HandState | None:
        """The next hand as dealt at the current score; None once the match is won."""
        if self.winner is not None:
            return None
        return HandState.start(self.score, self.options)

    @property
    def mao(self) -> Seat | None:
        """Who is the mão of the next hand: the first seat for the first hand, then the
        deal passes to the right after every hand."""
        if not self.seats:
            return None
        return self.seats[self.hands_played % len(self.seats)]

    @property
    def dealer(self) -> Seat | None:
        """The dealer sits to the mão's left: the seat before the mão in the play order."""
        if not self.seats:
            return None
        return self.seats[(self.hands_played - 1) % len(self.seats)]

    def leaders(self) -> list[str]:
        """The team ahead: the match winner, else more games won, else more tentos."""
        if self.winner is not None:
            return [self.winner]
        key = {team: (self.match.games[team], self.score[team]) for team in TEAMS}
        best = max(key.values())
        ahead = [team for team in TEAMS if key[team] == best]
        return ahead if len(ahead) == 1 else []


def replay_hand(
    score: Mapping[str, int], events: Sequence[Mapping[str, Any]], options: TrucoOptions
) -> dict[str, int]:
    """The score after a stored hand.

    A stored hand was valid when it was recorded, but correcting an earlier hand can leave
    a later one impossible at its new score (a raise now beyond the game, say): then what
    can still happen is counted and the rest is left out, rather than the match breaking.
    """
    try:
        return score_events(score, events, options).score
    except RuleError:
        state = HandState.start(score, options)
        for data in events:
            event = Event.from_dict(data)
            if state.check(event) is None:
                state = state.apply(event)
        return dict(state.score)


def progress(view: MatchView) -> Progress:
    """The match so far, replayed once per view however many questions a page asks."""
    return view.derived("truco.progress", _replay)


def _replay(view: MatchView) -> Progress:
    options = match_options(view)
    score: Mapping[str, int] = NEW_GAME
    match = MatchScore.start(options)
    games: list[FinishedGame] = []
    for entry in view.entries:
        if match.winner is not None:
            break
        score = replay_hand(score, entry.get("events", []), options)
        winner = game_winner(score, options)
        if winner is not None:
            match = match.record(winner)
            games.append(FinishedGame(winner, dict(score)))
            if match.winner is None:
                score = NEW_GAME
    return Progress(
        options=options,
        score=dict(score),
        match=match,
        games=tuple(games),
        hands_played=view.hands_played,
        seats=seats(view),
    )
