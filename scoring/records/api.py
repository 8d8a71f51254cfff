"""The records in JSON: /api/v1/records/. Every call carries a bearer token (``manage.py
api_token <user>``) and sees what the pages would show that user: matches listed and
read as their pages allow (``scoring.ledger.access``), hands recorded only where the
token's user may change the match; any other match answers 404, as the pages do.
Recording a hand is idempotent by ``request_id``."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Annotated, Any, Literal

from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Field, Query, Router, Schema, Status
from ninja.security import HttpBearer
from pydantic import BeforeValidator, Strict

from referee.rulings import RuleError, Violation
from scoring.acceptance.trail import HandStatus, TrailStepOut, hand_acceptance
from scoring.api.schemas import BreakdownOut, ObjectIn, Violations, breakdown_out
from scoring.clubs.models import Membership
from scoring.events.placement import PLACED, placement
from scoring.kit.fields import read_whole_number
from scoring.kit.registry import GAMES
from scoring.ledger import standing
from scoring.ledger.models import Match, Player
from scoring.ratings import lists
from scoring.ratings.models import Season
from scoring.records import stats
from scoring.records.models import ApiToken
from scoring.records.visibility import match_for, viewer_key, visible_matches

GameSlug = Literal[tuple(GAMES)]  # type: ignore[valid-type]


class TokenAuth(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> Any:
        user = ApiToken.user_for(token)
        if user is not None:
            request.user = user
        return user


router = Router(tags=["records"], auth=TokenAuth())


def _digits(value: Any) -> Any:
    # A query's text read as the forms read a number: pydantic also takes "1_000".
    if isinstance(value, str) and read_whole_number(value) is None:
        raise ValueError("is not a whole number written in digits")
    return value


# A whole number in a query string.
QueryInt = Annotated[int, BeforeValidator(_digits)]


class Problem(Schema):
    detail: str


class SideOut(Schema):
    position: int
    name: str
    players: list[str]
    total: int
    won: bool


class EventPlaceOut(Schema):
    code: str = Field(description="The event's address: /events/<code>/")
    name: str
    round: int
    table: int


class MatchSummaryOut(Schema):
    code: str
    game: str
    status: Literal["in_progress", "finished"]
    created_at: dt.datetime
    finished_at: dt.datetime | None
    url: str = Field(description="The match page")
    sides: list[SideOut]
    event: EventPlaceOut | None = Field(
        None, description="The club event, round and table the match was played at"
    )


class MatchList(Schema):
    count: int = Field(description="Matches that fit the filters, before paging")
    items: list[MatchSummaryOut]


class RecordsHandOut(Schema):
    number: int
    revision: int = Field(description="1, then one more for each correction")
    undone: bool
    request_id: uuid.UUID
    entry: dict[str, Any] = Field(description="What was entered, in the game's own shape")
    scores: list[BreakdownOut] = Field(description="One breakdown per side, in side order")
    problem: list[dict[str, Any]] | None = Field(
        None, description="Rules a later correction left this hand breaking"
    )
    status: HandStatus = Field(
        "accepted",
        description="accepted, or pending, disputed, ruled where the match asks "
        "the other side to accept each hand",
    )
    trail: list[TrailStepOut] = Field(
        default_factory=list, description="Who recorded, accepted, disputed, ruled, corrected"
    )


class MatchOut(MatchSummaryOut):
    target: int | None
    options: dict[str, Any]
    version: int
    hands: list[RecordsHandOut]


class StandingOut(Schema):
    rank: int
    player: str
    played: int
    won: int
    lost: int
    points_for: int
    points_against: int
    difference: int
    rating: int | None = Field(
        None,
        description="With one club and one game: the player's rating in the club's current "
        "season (null until the club's minimum of matches)",
    )


class StandingsOut(Schema):
    rules: str = Field(description="How the ranking is made")
    lines: list[StandingOut]


class MatchFilters(Schema):
    club: QueryInt | None = Field(None, description="A club's id")
    game: GameSlug | None = None
    player: str | None = Field(None, max_length=60, description="A player's name")
    start: dt.date | None = Field(None, description="Finished on or after")
    end: dt.date | None = Field(None, description="Finished on or before")
    limit: QueryInt = Field(50, ge=1, le=200)
    offset: QueryInt = Field(0, ge=0, le=10_000_000)


class StandingsFilters(Schema):
    club: QueryInt | None = None
    game: GameSlug | None = None
    season: QueryInt | None = Field(None, ge=2000, le=2999)
    start: dt.date | None = None
    end: dt.date | None = None

    def period(self) -> stats.Period:
        if self.season:
            return stats.Period.season(self.season)
        return stats.Period(self.start, self.end)


class RecordsHandIn(ObjectIn):
    # A UUID is written in JSON as a string: read from one, strict as the rest is.
    request_id: Annotated[uuid.UUID, Strict(False)] = Field(
        description="Made by the client once per hand; sending it again returns the hand "
        "already recorded instead of recording it twice"
    )
    entry: dict[str, Any] = Field(
        max_length=40,
        description="The hand in the game's own shape (as GET answers it), checked as the "
        "match page's hand form checks a hand: its bounds and rules, and no key it would "
        "not record",
    )
    expected_number: int | None = Field(
        None, ge=1, le=100_000, description="The hand the client thinks comes next"
    )


RULES = (
    "Finished matches only. Ranked by wins, then by points difference (the points of the "
    "player's side minus those of the sides against it); players level on both share a rank."
)


def _matches(request: HttpRequest, club: int | None = None):
    matches = visible_matches(request)
    return matches.filter(club_id=club) if club is not None else matches


def _sides(match: Match) -> list[dict[str, Any]]:
    return [
        {
            "position": side.position,
            "name": side.name,
            "players": [seat.player.name for seat in side.seats.all()],
            "total": side.total,
            "won": side.won,
        }
        for side in match.sides.all()
    ]


def _summary(request: HttpRequest, match: Match) -> dict[str, Any]:
    return {
        "code": match.code,
        "game": match.game,
        "status": match.status,
        "created_at": match.created_at,
        "finished_at": match.finished_at,
        "url": request.build_absolute_uri(match.get_absolute_url()),
        "sides": _sides(match),
        "event": placement(match),
    }


@router.get(
    "/matches",
    response={200: MatchList, 401: Problem, 422: Violations},
    summary="List matches",
)
def list_matches(request: HttpRequest, filters: Query[MatchFilters]) -> dict[str, Any]:
    """Newest first. Dates filter on when a match finished."""
    # The totals of the matches going on are listed too: kept under any change.
    where = _kept_key("api-matches", request, stats.generation())
    return standing.kept(where, lambda: _listed(request, filters))


def _listed(request: HttpRequest, filters: MatchFilters) -> dict[str, Any]:
    matches = _matches(request, filters.club)
    if filters.game:
        matches = matches.filter(game=filters.game)
    if filters.start or filters.end:
        matches = stats.Period(filters.start, filters.end).filter(matches)
    if filters.player:
        player = Player.objects.filter(name__iexact=" ".join(filters.player.split())).first()
        matches = matches.filter(sides__seats__player=player) if player else matches.none()
    page = matches.order_by("-created_at", "-pk").select_related(*PLACED)
    page = page.prefetch_related("sides__seats__player")
    window = page[filters.offset : filters.offset + filters.limit]
    return {"count": matches.count(), "items": [_summary(request, m) for m in window]}


def _match_or_404(request: HttpRequest, code: str, *, change: bool = False) -> Match | None:
    """The match as its page would allow it (``change``: to record in it), else None."""
    try:
        match_for(request, code, change=change)
    except Http404:
        return None
    found = Match.objects.filter(code=code).select_related(*PLACED)
    return found.prefetch_related("sides__seats__player").first()


def _hand(hand) -> dict[str, Any]:
    return {
        "number": hand.number,
        "revision": hand.revision,
        "undone": hand.is_undone,
        "request_id": hand.request_id,
        "entry": hand.entry,
        "scores": [breakdown_out(score.breakdown) for score in hand.scores.all()],
        "problem": hand.problem,
    } | hand_acceptance(hand)


@router.get(
    "/matches/{code}",
    response={200: MatchOut, 401: Problem, 404: Problem},
    summary="A match and its hands",
)
def get_match(request: HttpRequest, code: str) -> Any:
    """Every hand, undone ones included (``undone``), each with one breakdown per side."""
    match = _match_or_404(request, code)
    if match is None:
        return Status(404, {"detail": "no such match"})
    hands = match.hands.order_by("number", "pk").prefetch_related("scores")
    hands = hands.select_related("acceptance_check").prefetch_related("trail__side", "trail__user")
    return _summary(request, match) | {
        "target": match.target,
        "options": match.options,
        "version": match.version,
        "hands": [_hand(hand) for hand in hands],
    }


@router.get(
    "/standings",
    response={200: StandingsOut, 401: Problem, 422: Violations},
    summary="Standings",
)
def standings(request: HttpRequest, filters: Query[StandingsFilters]) -> dict[str, Any]:
    """Kept as the standings page is, through every hand of the matches still going on."""
    where = _kept_key("api-standings", request, stats.standing_generation())
    return standing.kept(where, lambda: _standings(request, filters))


def _kept_key(name: str, request: HttpRequest, generation: str) -> str:
    """An answer's key: its generation, the token's user and the whole query (its host
    too: the answer writes absolute addresses)."""
    return standing.page_key(
        name, generation, viewer_key(request), request.get_full_path(), request.get_host()
    )


def _standings(request: HttpRequest, filters: StandingsFilters) -> dict[str, Any]:
    table = stats.standings(_matches(request, filters.club), filters.game, filters.period())
    member = filters.club if filters.club and _member_of(request, filters.club) else None
    rated = lists.beside_standings(table, member, filters.game or "")
    return {
        "rules": RULES,
        "lines": [
            {
                "rank": line.rank,
                "player": line.name,
                "played": line.played,
                "won": line.won,
                "lost": line.lost,
                "points_for": line.points_for,
                "points_against": line.points_against,
                "difference": line.difference,
                "rating": line.rating if rated else None,
            }
            for line in table
        ],
    }


@router.post(
    "/matches/{code}/hands",
    response={
        200: RecordsHandOut,
        201: RecordsHandOut,
        401: Problem,
        404: Problem,
        422: Violations,
    },
    summary="Record a hand",
)
def record_hand(request: HttpRequest, code: str, body: RecordsHandIn) -> Any:
    """201 with the new hand; 200 with the hand already recorded under this
    ``request_id``; 422 naming every rule the hand breaks (a finished match, a hand
    another client recorded first, a hand the game's form would refuse or the game cannot
    score). A refused hand stores nothing."""
    # Like the match page: a match this token may not change is, to it, no match at all.
    match = _match_or_404(request, code, change=True)
    if match is None:
        return Status(404, {"detail": "no such match"})
    already = match.hands.filter(request_id=body.request_id).exists()
    try:
        # Checked by the game's hand form, as a phone's hand is: the same bounds and
        # rules, nothing the form would not record.
        hand = match.record_hand(
            body.entry,
            request_id=body.request_id,
            expected_number=body.expected_number,
            check_entry=True,
        ).hand
    except (KeyError, TypeError, ValueError, IndexError) as error:
        # An entry not in the game's shape: the game could not read it.
        problem = {
            "field": "entry",
            "problem": _("is not a hand this game can read"),
            "detail": f"{type(error).__name__}: {error}",
        }
        raise RuleError(Violation("api.body.invalid", problem)) from error
    return Status(200 if already else 201, _hand(hand))


# --- ratings (``scoring.ratings``) ------------------------------------------------------------


class RatingOut(Schema):
    rank: int | None = Field(description="Null for a player not yet listed")
    player: str
    player_id: int
    rating: int = Field(description="40 × openskill's ordinal (μ − 3σ) + 1000, as of today")
    mu: float
    sigma: float
    played: int = Field(description="Matches of the season rated")
    listed: bool = Field(description="Played the club's minimum of matches")
    last_played_at: dt.datetime


class SeasonOut(Schema):
    id: int
    name: str
    start: dt.date
    end: dt.date


class RatingsOut(Schema):
    club: int
    game: GameSlug | None
    season: SeasonOut | None = Field(description="Null: the matches outside every season")
    minimum_matches: int
    lines: list[RatingOut]


class RatingsFilters(Schema):
    club: QueryInt = Field(description="A club's id (one the token's user belongs to)")
    game: GameSlug | None = Field(None, description="Else the first game the club has rated")
    season: str | None = Field(
        None, max_length=12, description="A season's id, or 'none'; else the current season"
    )


class RatingChangeOut(Schema):
    match: str = Field(description="The match's code")
    finished_at: dt.datetime
    before: int
    after: int
    played: int
    place: int
    sides: int
    expected_place: int = Field(description="openskill's predict_rank for the player's side")
    expected_win: float = Field(description="openskill's predict_win for the player's side")
    partners: list[str]
    opponents: list[list[str]]


class PlayerRatingOut(Schema):
    player: str
    game: GameSlug | None
    season: SeasonOut | None
    changes: list[RatingChangeOut] = Field(description="Oldest first")


def _member_of(request: HttpRequest, club: int) -> bool:
    return Membership.objects.filter(club_id=club, user=request.user).exists()


def _rated(request: HttpRequest, filters: RatingsFilters):
    """The game and season asked for at a club the token's user belongs to (else None)."""
    if not _member_of(request, filters.club):
        return None
    seasons = list(Season.objects.filter(club_id=filters.club))
    season = lists.chosen_season(seasons, filters.season)
    games = lists.games_rated(filters.club)
    game = filters.game or (games[0] if games else None)
    return game, season


def _season(season: Season | None) -> dict[str, Any] | None:
    if season is None:
        return None
    return {"id": season.pk, "name": season.name, "start": season.start, "end": season.end}


@router.get(
    "/ratings",
    response={200: RatingsOut, 401: Problem, 404: Problem, 422: Violations},
    summary="A club's ratings",
)
def ratings(request: HttpRequest, filters: Query[RatingsFilters]) -> Any:
    """Everyone rated in a game at the club in a season, the listed first, best first."""
    rated = _rated(request, filters)
    if rated is None:
        return Status(404, {"detail": "no such club"})
    game, season = rated
    minimum = lists.rules_of(filters.club).minimum_matches
    lines = []
    if game:
        lines = lists.rating_list(
            filters.club, game, season.pk if season else None, minimum, timezone.now()
        )
    return {
        "club": filters.club,
        "game": game,
        "season": _season(season),
        "minimum_matches": minimum,
        "lines": [
            {
                "rank": line.rank or None,
                "player": line.name,
                "player_id": line.player_id,
                "rating": line.figure,
                "mu": line.mu,
                "sigma": line.sigma,
                "played": line.played,
                "listed": line.listed,
                "last_played_at": line.last_played_at,
            }
            for line in lines
        ],
    }


@router.get(
    "/ratings/players/{player_id}",
    response={200: PlayerRatingOut, 401: Problem, 404: Problem, 422: Violations},
    summary="Why a player's rating moved",
)
def player_rating(request: HttpRequest, player_id: int, filters: Query[RatingsFilters]) -> Any:
    """Every rated match of the player in the season: before and after, with whom and
    against whom, and what the model expected."""
    rated = _rated(request, filters)
    player = lists.rated_players(filters.club).filter(pk=player_id).first()
    if rated is None or player is None:
        return Status(404, {"detail": "no such club or player"})
    game, season = rated
    changes = []
    if game:
        changes = lists.changes(player.pk, filters.club, game, season.pk if season else None)
    return {
        "player": player.name,
        "game": game,
        "season": _season(season),
        "changes": [
            {
                "match": change.match.code,
                "finished_at": change.finished_at,
                "before": change.figure_before,
                "after": change.figure,
                "played": change.played,
                "place": change.place,
                "sides": change.sides,
                "expected_place": change.expected_place,
                "expected_win": change.expected_win,
                "partners": change.partners,
                "opponents": change.opponents,
            }
            for change in changes
        ],
    }
