"""Ratings kept right: a club's stream of one game rated again from a match on (the
first one a change touched), or from the start (``rebuild``). Both go through
``recompute``, so a rebuild gives exactly what the changes one by one gave."""

from __future__ import annotations

import datetime as dt
from itertools import groupby

from django.db import transaction
from django.db.models import Max, Q, Subquery
from django.utils import timezone

from scoring.clubs.models import Club
from scoring.ledger import standing
from scoring.ledger.models import Match, Seat
from scoring.ratings import model
from scoring.ratings.models import ClubRatings, Rating, RatingChange, Season
from scoring.ratings.replay import Change, Result, Seated, Standing, replay, season_finder

# Where a recomputation starts: a match's finishing time and id (the stream's order).
Since = tuple[dt.datetime, int]
BATCH = 1000


def recompute(club_id: int, game: str, since: Since | None = None) -> int:
    """Rate the club's finished ``game`` matches again from ``since`` on (every one when
    None), in one transaction holding the club's ratings row; returns how many
    changes were written."""
    with transaction.atomic():
        # Made without signals (a row made here is not a change of the club's rules).
        ClubRatings.objects.bulk_create([ClubRatings(club_id=club_id)], ignore_conflicts=True)
        rules = ClubRatings.objects.select_for_update().get(club_id=club_id)
        seasons = Season.objects.filter(club_id=club_id).values_list("pk", "start", "end")
        season_of = season_finder(list(seasons), timezone.get_current_timezone())
        stream = RatingChange.objects.filter(club_id=club_id, game=game)
        if since is not None:
            stream.filter(after(since)).delete()
        else:
            stream.delete()
        changes = replay(
            results(club_id, game, since),
            standings(stream) if since is not None else {},
            season_of,
            fresh_seasons=rules.fresh_seasons,
        )
        written = 0
        batch: list[RatingChange] = []
        for change in changes:
            batch.append(_row(change, club_id, game))
            if len(batch) == BATCH:
                written += len(RatingChange.objects.bulk_create(batch))
                batch = []
        written += len(RatingChange.objects.bulk_create(batch))
        summarise(club_id, game)
        move_records_generation(club_id)
    return written


def move_records_generation(club_id: int) -> None:
    """The records pages (``records.views.cached_page``) are kept under the ledger's
    generation, which a match's ``updated_at`` moves; ratings are computed after the
    match's change commits (and again on a season or rules change), so a page drawn in
    between would keep the old ratings. Moving the club's newest match on, as the ledger
    does for a renewed link, draws those pages again; the standings, kept until a
    standing moves, are told so as a finished match tells them."""
    newest = Match.objects.filter(club_id=club_id).order_by("-pk").values("pk")[:1]
    Match.objects.filter(pk__in=Subquery(newest)).update(updated_at=timezone.now())
    standing.standing_changed.send(Match, match=None)


def rebuild(club_id: int | None = None) -> int:
    """Every stream (of one club, or of every club) rated from the start: those with
    finished matches and those with ratings left over from matches since gone."""
    matches = Match.objects.finished().filter(club__isnull=False)
    if club_id is not None:
        if not Club.objects.filter(pk=club_id).exists():
            return 0  # a club deleted (its seasons went with it)
        matches = matches.filter(club_id=club_id)
    streams = set(matches.values_list("club_id", "game").distinct())
    kept = RatingChange.objects.all()
    if club_id is not None:
        kept = kept.filter(club_id=club_id)
    streams |= set(kept.values_list("club_id", "game").distinct())
    return sum(recompute(club, game) for club, game in sorted(streams))


def after(since: Since) -> Q:
    """Changes from the match at ``since`` on, in the stream's order."""
    moment, match_id = since
    return Q(finished_at__gt=moment) | Q(finished_at=moment, match_id__gte=match_id)


def standings(stream) -> dict[int, Standing]:
    """Where every player of the stream stands after its last change kept (rows are
    written in the stream's order, so the highest id is the latest)."""
    last = stream.values("player_id").annotate(last=Max("pk")).values("last")
    return {
        row.player_id: Standing(
            model.rating(row.mu, row.sigma), row.finished_at, row.season_id, row.played
        )
        for row in RatingChange.objects.filter(pk__in=Subquery(last))
    }


def results(club_id: int, game: str, since: Since | None):
    """The club's finished ``game`` matches from ``since`` on, in the order they
    finished, read in one streamed query of their seats."""
    matches = Match.objects.finished().filter(club_id=club_id, game=game)
    if since is not None:
        moment, match_id = since
        matches = matches.filter(
            Q(finished_at__gt=moment) | Q(finished_at=moment, pk__gte=match_id)
        )
    seats = (
        Seat.objects.filter(side__match__in=matches.values("pk"))
        .order_by("side__match__finished_at", "side__match_id", "side__position", "order")
        .values_list(
            "side__match_id",
            "side__match__finished_at",
            "side__position",
            "side__won",
            "side__total",
            "player_id",
            "player__name",
        )
    )
    for (match_id, finished_at), rows in groupby(
        seats.iterator(chunk_size=4000), key=lambda row: (row[0], row[1])
    ):
        sides = [list(side) for _position, side in groupby(rows, key=lambda row: row[2])]
        yield Result(
            match_id=match_id,
            finished_at=finished_at,
            sides=[[Seated(row[5], row[6]) for row in side] for side in sides],
            won=[side[0][3] for side in sides],
            totals=[side[0][4] for side in sides],
        )


def _row(change: Change, club_id: int, game: str) -> RatingChange:
    return RatingChange(
        match_id=change.match_id,
        player_id=change.player_id,
        club_id=club_id,
        game=game,
        season_id=change.season_id,
        finished_at=change.finished_at,
        mu_before=change.before.mu,
        sigma_before=change.before.sigma,
        mu=change.after.mu,
        sigma=change.after.sigma,
        played=change.played,
        place=change.place,
        sides=change.sides,
        expected_win=change.expected_win,
        expected_place=change.expected_place,
        partners=change.partners,
        opponents=change.opponents,
    )


def summarise(club_id: int, game: str) -> None:
    """The rating rows of the stream: each player's last change in each season."""
    stream = RatingChange.objects.filter(club_id=club_id, game=game)
    last = stream.values("player_id", "season_id").annotate(last=Max("pk")).values("last")
    Rating.objects.filter(club_id=club_id, game=game).delete()
    Rating.objects.bulk_create(
        (
            Rating(
                player_id=row.player_id,
                club_id=club_id,
                game=game,
                season_id=row.season_id,
                mu=row.mu,
                sigma=row.sigma,
                played=row.played,
                last_played_at=row.finished_at,
            )
            for row in RatingChange.objects.filter(pk__in=Subquery(last))
        ),
        batch_size=BATCH,
    )
