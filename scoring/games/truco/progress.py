"""Where a Truco match stands: the running state the ledger keeps with every hand.

The ledger adds up every hand into each side's total; in a best of three those totals
run across games. The score of the game in play and the games won are the game's running
state, stored with each hand (``state_after``) so that no page replays the hands before
it. Side position 0 is team A, position 1 team B; the seats alternate A1, B1, A2, B2 …
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.rulings import RuleError
from referee.truco import (
    TEAMS,
    Event,
    HandState,
    MatchScore,
    TrucoOptions,
    game_winner,
    score_events,
)
from scoring.kit.match import MatchView, engine_options

NEW_GAME: Mapping[str, int] = {"A": 0, "B": 0}


def team_of(position: int) -> str:
    return TEAMS[position]


def match_options(view: MatchView) -> TrucoOptions:
    """The match's house rules; the game's target is the ledger's target (else the
    engine's), under the ledger's one policy for old or refused options."""
    return view.derived(
        "truco.options",
        lambda v: engine_options(TrucoOptions, v.options, target=v.target),
    )


@dataclass(frozen=True)
class Seat:
    team: str
    name: str


def seats(view: MatchView) -> tuple[Seat, ...]:
    """The players around the table in the order of play (to the right): A1, B1, A2, B2.

    Partners sit apart, so the teams alternate: two, four or six players. A side with
    fewer players than the other plays its seats in turn again.
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
        """The mão of the next hand: the first seat for the first hand, then the deal
        passes to the right after every hand, over all the players."""
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

    def after(self, events: Sequence[Mapping[str, Any]]) -> Progress:
        """The match after one more hand with these events."""
        score = replay_hand(self.score, events, self.options)
        match, games = self.match, list(self.games)
        winner = game_winner(score, self.options)
        if winner is not None:
            match = match.record(winner)
            games.append(FinishedGame(winner, dict(score)))
            if match.winner is None:
                score = dict(NEW_GAME)
        return Progress(
            self.options, dict(score), match, tuple(games), self.hands_played + 1, self.seats
        )

    def as_state(self) -> dict[str, Any]:
        return {
            "score": dict(self.score),
            "games": dict(self.match.games),
            "finished": [{"winner": g.winner, "score": dict(g.score)} for g in self.games],
        }


def replay_hand(
    score: Mapping[str, int], events: Sequence[Mapping[str, Any]], options: TrucoOptions
) -> dict[str, int]:
    """The score after a stored hand.

    A stored hand was valid when it was recorded; if it no longer is (old data), what can
    still happen is counted and the rest is left out, rather than the match breaking.
    """
    try:
        return score_events(score, events, options).score
    except RuleError:
        try:
            state = HandState.start(score, options)
        except RuleError:
            return dict(score)
        for data in events:
            event = Event.from_dict(data)
            if state.check(event) is None:
                state = state.apply(event)
        return dict(state.score)


def progress(view: MatchView) -> Progress:
    """The match before its next hand, from the state stored with the last hand."""
    return view.derived("truco.progress", _from_state)


def _from_state(view: MatchView) -> Progress:
    options = match_options(view)
    state = view.state
    score = _score(state.get("score")) or dict(NEW_GAME)
    games = _score(state.get("games")) or {"A": 0, "B": 0}
    finished = tuple(
        FinishedGame(game["winner"], _score(game.get("score")) or dict(NEW_GAME))
        for game in state.get("finished") or ()
        if isinstance(game, Mapping) and game.get("winner") in TEAMS
    )
    return Progress(
        options=options,
        score=score,
        match=MatchScore(best_of=options.best_of, games=games),
        games=finished,
        hands_played=view.hands_played,
        seats=seats(view),
    )


def _score(value: Any) -> dict[str, int] | None:
    if not isinstance(value, Mapping):
        return None
    if not all(isinstance(value.get(team), int) for team in TEAMS):
        return None
    return {team: value[team] for team in TEAMS}
