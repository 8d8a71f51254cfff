"""The records: standings, a player's figures, head-to-head and running totals.

Every figure here is an aggregate query over what the ledger already stores (each side's
``total`` and ``won`` per match, each hand's ``HandScore``), so a page costs the same few
queries however many years of matches lie behind it. Only finished matches count in
standings, a player's record and head-to-head: a match in progress has no result yet.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Count, F, Max, Q, QuerySet, Sum
from django.utils import timezone

from scoring.clubs.models import Membership
from scoring.kit.registry import get_game
from scoring.ledger.models import HandScore, Match, Player, Seat, Side
from scoring.records import charts
from scoring.records.models import StandingGeneration

# How many matches a player's page lists, and its form chart draws.
RECENT = 10


@dataclass(frozen=True)
class Period:
    """A date range of finished matches (both ends included); a season is a year."""

    start: dt.date | None = None
    end: dt.date | None = None

    @classmethod
    def season(cls, year: int) -> Period:
        return cls(dt.date(year, 1, 1), dt.date(year, 12, 31))

    def filter(self, matches: QuerySet[Match], prefix: str = "") -> QuerySet[Match]:
        """``matches`` (or rows reaching a match through ``prefix``) finished within."""
        if self.start is not None:
            matches = matches.filter(**{f"{prefix}finished_at__gte": _midnight(self.start)})
        if self.end is not None:
            end = _midnight(self.end + dt.timedelta(days=1))
            matches = matches.filter(**{f"{prefix}finished_at__lt": end})
        return matches


ALL_TIME = Period()


def _midnight(day: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time()))


def finished(matches: QuerySet[Match], game: str | None, period: Period) -> QuerySet[Match]:
    matches = period.filter(matches.finished())
    return matches.filter(game=game) if game else matches


def generation() -> str:
    """What changes whenever the records may have: the newest match and the latest
    change to any match (every hand recorded, corrected or undone saves its match),
    and the clubs' memberships (``_memberships``). The matches' are read from an index
    end, in microseconds whatever the history. A deleted match (the admin's doing)
    shows once the cached pages expire. The player's page is kept under it (it counts
    every hand, finished match or not)."""
    table = Match._meta.db_table
    return _read(f"(SELECT MAX(id) FROM {table}), (SELECT MAX(updated_at) FROM {table})")


def standing_generation() -> str:
    """What changes whenever a standing may have (``StandingGeneration``: a match
    finishing, a change to a finished one, its deletion) and the memberships: the
    standings and the records API are kept under it, through every hand of the
    matches still going on."""
    return _read(f"(SELECT value FROM {StandingGeneration._meta.db_table} WHERE id = 1)")


def _read(matches: str) -> str:
    """``matches`` and the clubs' memberships (joining or leaving a club changes what an
    account may see at once: the newest membership and how many there are; ids are
    never reused), in one statement."""
    # Plain SQL: read on every records page, it should cost the database's time only.
    members = Membership._meta.db_table
    with connection.cursor() as cursor:
        # Subqueries: SQLite reads a MAX from its index only when it is alone.
        cursor.execute(
            f"SELECT {matches}, (SELECT MAX(id) FROM {members}), (SELECT COUNT(*) FROM {members})"
        )
        return ".".join(map(str, cursor.fetchone()))


# --- standings -------------------------------------------------------------------------


@dataclass
class Standing:
    """One player's line in the standings. ``points_for``: their side's totals;
    ``points_against``: every opposing side's totals, over the same matches."""

    player_id: int
    name: str
    played: int
    won: int
    points_for: int
    points_against: int
    rank: int = 0

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def sort_key(self) -> tuple[int, int, str]:
        return (-self.won, -self.difference, self.name.lower())


def standings(matches: QuerySet[Match], game: str | None, period: Period) -> list[Standing]:
    """The ranking: most wins first, then the best points difference; players level on
    both share a rank (listed by name). Two aggregate queries."""
    pool = finished(matches, game, period)
    seats = Seat.objects.filter(side__match__in=pool.values("pk"))
    own = seats.values("player_id", "player__name").annotate(
        played=Count("pk"),
        won=Count("pk", filter=Q(side__won=True)),
        points=Sum("side__total"),
    )
    # Every side's total in the matches each player sat in, theirs included.
    everyone = dict(
        seats.values("player_id")
        .annotate(points=Sum("side__match__sides__total"))
        .values_list("player_id", "points")
    )
    table = [
        Standing(
            player_id=row["player_id"],
            name=row["player__name"],
            played=row["played"],
            won=row["won"],
            points_for=row["points"] or 0,
            points_against=(everyone.get(row["player_id"]) or 0) - (row["points"] or 0),
        )
        for row in own
    ]
    table.sort(key=Standing.sort_key)
    previous: Standing | None = None
    for place, line in enumerate(table, start=1):
        same = previous is not None and previous.sort_key()[:2] == line.sort_key()[:2]
        line.rank = previous.rank if same and previous else place
        previous = line
    return table


# --- a player ----------------------------------------------------------------------------


@dataclass
class GameRecord:
    game: str
    played: int
    won: int
    hands: int
    hand_points: int

    @property
    def name(self) -> str:
        return str(get_game(self.game).name)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average_hand(self) -> float | None:
        return self.hand_points / self.hands if self.hands else None


def player_record(player: Player, matches: QuerySet[Match]) -> list[GameRecord]:
    """Per game: finished matches played and won, and the average score of the player's
    side per hand (every live hand, finished match or not). Two aggregate queries."""
    visible = matches.values("pk")
    results = {
        row["side__match__game"]: row
        for row in Seat.objects.filter(
            player=player, side__match__in=visible, side__match__status=Match.Status.FINISHED
        )
        .values("side__match__game")
        .annotate(played=Count("pk"), won=Count("pk", filter=Q(side__won=True)))
    }
    hands = {
        row["side__match__game"]: row
        for row in HandScore.objects.filter(
            side__seats__player=player, side__match__in=visible, hand__undone_at__isnull=True
        )
        .values("side__match__game")
        .annotate(hands=Count("pk"), points=Sum("total"))
    }
    games = sorted(set(results) | set(hands))
    return [
        GameRecord(
            game=game,
            played=results.get(game, {}).get("played", 0),
            won=results.get(game, {}).get("won", 0),
            hands=hands.get(game, {}).get("hands", 0),
            hand_points=hands.get(game, {}).get("points") or 0,
        )
        for game in games
    ]


def recent_matches(player: Player, matches: QuerySet[Match], count: int = RECENT):
    """The player's latest matches, newest first (their items are drawn by
    ``standing.listed_items``, which reads the sides of those it has not drawn yet)."""
    return list(matches.filter(sides__seats__player=player).order_by("-updated_at")[:count])


@dataclass(frozen=True)
class FormPoint:
    """One finished match in a player's form: won or not, and the margin over the best
    opposing side (negative when behind it)."""

    code: str
    game: str
    won: bool
    margin: int
    finished_at: dt.datetime | None


def player_form(player: Player, matches: QuerySet[Match], count: int = RECENT) -> list[FormPoint]:
    """The player's last ``count`` finished matches, oldest first (one query)."""
    sides = (
        Side.objects.filter(
            seats__player=player,
            match__in=matches.finished().values("pk"),
        )
        .annotate(best_other=Max("match__sides__total", filter=~Q(match__sides__pk=F("pk"))))
        .values("match__code", "match__game", "won", "total", "best_other", "match__finished_at")
        .order_by("-match__finished_at", "-match__pk")[:count]
    )
    return [
        FormPoint(
            code=row["match__code"],
            game=row["match__game"],
            won=row["won"],
            margin=row["total"] - (row["best_other"] or 0),
            finished_at=row["match__finished_at"],
        )
        for row in reversed(list(sides))
    ]


# --- head-to-head --------------------------------------------------------------------------


def sides_of(players: Sequence[Player]) -> QuerySet[Side]:
    """Sides on which every one of ``players`` sat (a pair is two players)."""
    sides = Side.objects.all()
    for player in players:
        sides = sides.filter(pk__in=Seat.objects.filter(player=player).values("side_id"))
    return sides


@dataclass
class Meeting:
    code: str
    game: str
    finished_at: dt.datetime | None
    totals: tuple[int, int]
    winner: int | None  # 0: the first, 1: the second, None: neither (or both)
    # The club event it was played at, with its round and table (None: on its own).
    event: str | None = None
    round: int | None = None
    table: int | None = None


@dataclass
class HeadToHead:
    first: Sequence[Player]
    second: Sequence[Player]
    played: int = 0
    wins: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)
    meetings: list[Meeting] = field(default_factory=list)

    @property
    def draws(self) -> int:
        return self.played - sum(self.wins)


def head_to_head(
    first: Sequence[Player],
    second: Sequence[Player],
    matches: QuerySet[Match],
    game: str | None = None,
    period: Period = ALL_TIME,
    recent: int = 20,
) -> HeadToHead:
    """Finished matches in which ``first`` and ``second`` sat on opposing sides: the
    wins and points of each, and the latest meetings (three queries)."""
    pool = finished(matches, game, period)
    ours = sides_of(first).filter(match__in=pool.values("pk"))
    # Another side of the same match: partners on one side never met across the table.
    theirs = sides_of(second).filter(match__in=ours.values("match_id"))
    theirs = theirs.exclude(pk__in=ours.values("pk"))
    ours = ours.filter(match__in=theirs.values("match_id"))
    won = Count("pk", filter=Q(won=True))
    mine = ours.aggregate(played=Count("pk"), won=won, pts=Sum("total"))
    other = theirs.aggregate(won=won, pts=Sum("total"))
    result = HeadToHead(
        first=first,
        second=second,
        played=mine["played"],
        wins=(mine["won"], other["won"]),
        points=(mine["pts"] or 0, other["pts"] or 0),
    )
    latest = list(
        ours.values(
            "match_id",
            "match__code",
            "match__game",
            "match__finished_at",
            "total",
            "won",
            "match__event_table__round__event__name",
            "match__event_table__round__number",
            "match__event_table__number",
        ).order_by("-match__finished_at", "-match_id")[:recent]
    )
    opposing = {
        row["match_id"]: row
        for row in theirs.filter(match_id__in=[row["match_id"] for row in latest]).values(
            "match_id", "total", "won"
        )
    }
    for row in latest:
        them = opposing.get(row["match_id"], {"total": 0, "won": False})
        winner = None  # neither won, or both (a shared win)
        if row["won"] != them["won"]:
            winner = 0 if row["won"] else 1
        result.meetings.append(
            Meeting(
                code=row["match__code"],
                game=row["match__game"],
                finished_at=row["match__finished_at"],
                totals=(row["total"], them["total"]),
                winner=winner,
                event=row["match__event_table__round__event__name"],
                round=row["match__event_table__round__number"],
                table=row["match__event_table__number"],
            )
        )
    return result


# --- a match ---------------------------------------------------------------------------------


def running_totals(match: Match) -> tuple[list[Side], list[list[int]]]:
    """The match's sides and, for each, its total after every live hand, starting from 0
    before the first hand (two queries)."""
    sides = list(match.sides.all())
    index = {side.pk: i for i, side in enumerate(sides)}
    series = [[0] for _ in sides]
    rows = (
        HandScore.objects.filter(hand__match=match, hand__undone_at__isnull=True)
        .order_by("hand__number", "side__position")
        .values_list("hand__number", "side_id", "total")
    )
    current: int | None = None
    for number, side_id, total in rows:
        if number != current:
            for line in series:
                line.append(line[-1])
            current = number
        series[index[side_id]][-1] += total
    return sides, series


def running_chart(match: Match) -> charts.LineChart:
    """The chart of ``running_totals``: one line per side, named by the side."""
    sides, series = running_totals(match)
    return charts.line_chart([side.name for side in sides], series)
