"""What the ratings pages, the API and the exports read: a club's rating list for a game
and season, and one player's changes. Each is one query, however long the history."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from scoring.kit.registry import GAMES
from scoring.ledger.models import Player
from scoring.ratings import model
from scoring.ratings.models import ClubRatings, Rating, RatingChange, Season

# ``?season=none``: the matches outside every season the club named.
NO_SEASON = "none"


@dataclass
class Line:
    """A player's line in the rating list. ``figure``: the rating as of today (an idle
    player less certain, ``model.idle``); ``listed`` once they played the minimum."""

    player_id: int
    name: str
    figure: int
    mu: float
    sigma: float
    played: int
    last_played_at: dt.datetime
    listed: bool
    rank: int = 0


def rules_of(club_id: int) -> ClubRatings:
    return ClubRatings.objects.filter(club_id=club_id).first() or ClubRatings(club_id=club_id)


def games_rated(club_id: int) -> list[str]:
    """The games the club has ratings in, in the registry's order."""
    found = set(Rating.objects.filter(club_id=club_id).values_list("game", flat=True).distinct())
    return [slug for slug in GAMES if slug in found]


def current_season(seasons: Sequence[Season], today: dt.date) -> Season | None:
    """The season under way, else the latest one started; None before any."""
    started = [season for season in seasons if season.start <= today]
    return started[-1] if started else None


def chosen_season(seasons: Sequence[Season], asked: str | None) -> Season | None:
    """The season ``?season=`` names (an id, or ``none``), else the current one."""
    if asked == NO_SEASON:
        return None
    for season in seasons:
        if asked and str(season.pk) == asked:
            return season
    return current_season(seasons, timezone.localdate())


def rating_list(
    club_id: int, game: str, season_id: int | None, minimum: int, now: dt.datetime
) -> list[Line]:
    """Everyone rated in ``game`` at the club in the season, best first; the listed
    (``minimum`` matches played) ranked, players level sharing a place."""
    rows = Rating.objects.filter(club_id=club_id, game=game, season_id=season_id).values_list(
        "player_id", "player__name", "mu", "sigma", "played", "last_played_at"
    )
    lines = []
    for player_id, name, mu, sigma, played, last in rows:
        today = model.idle_since(model.rating(mu, sigma), last, now)
        lines.append(
            Line(
                player_id=player_id,
                name=name,
                figure=model.figure(today.mu, today.sigma),
                mu=mu,
                sigma=today.sigma,
                played=played,
                last_played_at=last,
                listed=played >= minimum,
            )
        )
    lines.sort(key=lambda line: (not line.listed, -line.figure, line.name.lower()))
    previous: Line | None = None
    for place, line in enumerate((line for line in lines if line.listed), start=1):
        line.rank = previous.rank if previous and previous.figure == line.figure else place
        previous = line
    return lines


def figures(
    club_id: int, game: str, season_id: int | None, player_ids: Iterable[int]
) -> dict[int, Line]:
    """The lines of these players (the standings' rating column), listed or not."""
    wanted = set(player_ids)
    minimum = rules_of(club_id).minimum_matches
    return {
        line.player_id: line
        for line in rating_list(club_id, game, season_id, minimum, timezone.now())
        if line.player_id in wanted
    }


def eased_off(change: RatingChange, now: dt.datetime) -> tuple[int, int] | None:
    """The player's figure today and the whole days since ``change`` (their last
    match), when staying away has eased it off (``model.idle``); else None."""
    today = model.idle_since(model.rating(change.mu, change.sigma), change.finished_at, now)
    figure = model.figure(today.mu, today.sigma)
    if figure == change.figure:
        return None
    return figure, (now - change.finished_at).days


def rated_players(club_id: int):
    """The players the club has rated (in any game or season)."""
    rated = RatingChange.objects.filter(club_id=club_id).values("player_id")
    return Player.objects.filter(pk__in=rated)


def changes(player_id: int, club_id: int, game: str, season_id: int | None):
    """The player's rating changes in the season, oldest first, each with its match's
    address (one query)."""
    return list(
        RatingChange.objects.filter(
            player_id=player_id, club_id=club_id, game=game, season_id=season_id
        )
        .select_related("match")
        .only(*CHANGE_FIELDS)
        .order_by("finished_at", "match_id")
    )


CHANGE_FIELDS = (
    "match__code",
    "finished_at",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
    "played",
    "place",
    "sides",
    "expected_win",
    "expected_place",
    "partners",
    "opponents",
    "season_id",
    "game",
    "player_id",
    "club_id",
)


def beside_standings(table: Sequence[Any], club_id: int | None, game: str) -> bool:
    """Give each standings line (``records.stats.Standing``) its ``rating``: the
    player's line in the club's current season of ``game``, when listed (None
    otherwise). False, and nothing given, unless one club and one game are chosen."""
    if not club_id or not game:
        return False
    season = current_season(list(Season.objects.filter(club_id=club_id)), timezone.localdate())
    found = figures(club_id, game, season.pk if season else None, [s.player_id for s in table])
    for standing in table:
        line = found.get(standing.player_id)
        standing.rating = line.figure if line is not None and line.listed else None
    return True
