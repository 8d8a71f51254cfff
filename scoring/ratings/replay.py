"""Working ratings out: a club's finished matches of one game, in the order they
finished, each rated by the model (``model.rate``) from the ratings the matches before
it left. Plain data in and out; ``recompute`` reads and writes the tables."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuceRating

from scoring.ratings import model


@dataclass(frozen=True)
class Seated:
    player_id: int
    name: str


@dataclass(frozen=True)
class Result:
    """A finished match as the ratings see it: its sides (players in seat order),
    whether each won and its total."""

    match_id: int
    finished_at: dt.datetime
    sides: Sequence[Sequence[Seated]]
    won: Sequence[bool]
    totals: Sequence[int]

    @property
    def rated(self) -> bool:
        """Two sides or more, each with a player, nobody on two sides: a result."""
        ids = [seat.player_id for side in self.sides for seat in side]
        return len(self.sides) >= 2 and all(self.sides) and len(ids) == len(set(ids))


@dataclass
class Standing:
    """Where a player's rating stands: as their last match left it, when that was, in
    which season, and how many matches of that season it counts."""

    rating: PlackettLuceRating
    at: dt.datetime
    season_id: int | None
    played: int


@dataclass(frozen=True)
class Change:
    match_id: int
    player_id: int
    season_id: int | None
    finished_at: dt.datetime
    before: PlackettLuceRating
    after: PlackettLuceRating
    played: int
    place: int
    sides: int
    expected_win: float
    expected_place: int
    partners: list[str]
    opponents: list[list[str]]


def replay(
    results: Iterable[Result],
    standings: dict[int, Standing],
    season_of: Callable[[dt.datetime], int | None],
    *,
    fresh_seasons: bool,
) -> Iterator[Change]:
    """Rate ``results`` (in the order they finished) from ``standings`` (updated in
    place), yielding every player's change. A player starts fresh on their first match
    ever, and on their first match of a new season when the club's seasons start fresh;
    a player idle since their last match is less certain by then (``model.idle``)."""
    for result in results:
        if not result.rated:
            continue
        season = season_of(result.finished_at)
        before: list[list[PlackettLuceRating]] = []
        for side in result.sides:
            team = []
            for seat in side:
                known = standings.get(seat.player_id)
                if known is None or (
                    fresh_seasons and season is not None and known.season_id != season
                ):
                    team.append(model.fresh())
                else:
                    team.append(model.idle_since(known.rating, known.at, result.finished_at))
            before.append(team)
        places = model.places(result.won, result.totals)
        after, wins, expected = model.rate(before, places)
        names = [[seat.name for seat in side] for side in result.sides]
        for s, side in enumerate(result.sides):
            for p, seat in enumerate(side):
                known = standings.get(seat.player_id)
                same = known is not None and known.season_id == season
                played = known.played + 1 if same else 1
                standings[seat.player_id] = Standing(
                    after[s][p], result.finished_at, season, played
                )
                yield Change(
                    match_id=result.match_id,
                    player_id=seat.player_id,
                    season_id=season,
                    finished_at=result.finished_at,
                    before=before[s][p],
                    after=after[s][p],
                    played=played,
                    place=places[s],
                    sides=len(result.sides),
                    expected_win=wins[s],
                    expected_place=expected[s],
                    partners=[name for q, name in enumerate(names[s]) if q != p],
                    opponents=[other for o, other in enumerate(names) if o != s],
                )


def season_finder(seasons: Sequence[tuple[int, dt.date, dt.date]], zone) -> Callable:
    """``season_of(when)``: the id of the season whose days include ``when``'s day (in
    the site's time zone), or None."""

    def season_of(when: dt.datetime) -> int | None:
        day = when.astimezone(zone).date()
        for pk, start, end in seasons:
            if start <= day <= end:
                return pk
        return None

    return season_of
