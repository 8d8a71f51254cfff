"""Ratings follow the ledger's changes (a finish, a correction, an undo, a deletion) and
the rebuild gives exactly what those changes gave."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command

from scoring.ledger.models import Match, Player
from scoring.ratings.models import ClubRatings, Rating, RatingChange, Season
from scoring.ratings.recompute import rebuild, recompute
from tests.conftest import make_match, record
from tests.scoring.ratings.conftest import at, finished


def snapshot() -> tuple[list, list]:
    changes = list(
        RatingChange.objects.order_by("finished_at", "match_id", "player_id").values_list(
            "match_id",
            "player_id",
            "season_id",
            "mu_before",
            "sigma_before",
            "mu",
            "sigma",
            "played",
            "place",
            "expected_win",
            "partners",
            "opponents",
        )
    )
    ratings = sorted(
        Rating.objects.values_list(
            "player_id", "club_id", "game", "season_id", "mu", "sigma", "played"
        )
    )
    return changes, ratings


def play(club, sides, hands, capture, target=None) -> Match:
    """A free-scoring club match played through the ledger and finished, its changes
    committed (so the ratings' hooks run)."""
    with capture(execute=True):
        match = make_match("free", sides, target=target)
        Match.objects.filter(pk=match.pk).update(club=club)
        match.refresh_from_db()
        for points in hands:
            record(match, {"points": list(points)})
        if not match.is_finished:
            match.finish()
    return match


@pytest.fixture
def evening(club, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    return [
        play(club, [["ana", "bia"], ["caio", "duda"]], [(10, 5), (20, 5)], capture, 30),
        play(club, [["ana", "caio"], ["bia", "duda"]], [(5, 30)], capture),
        play(club, [["ana"], ["bia"], ["caio"]], [(5, 9, 1)], capture),
        play(club, [["ana", "bia"], ["caio", "duda"]], [(3, 8)], capture),
    ]


def test_every_finish_rates_the_match_at_once(evening):
    assert RatingChange.objects.count() == 4 + 4 + 3 + 4
    assert Rating.objects.get(player__name="duda").played == 3


def test_the_rebuild_equals_the_changes_as_they_came(evening):
    incremental = snapshot()
    out = io.StringIO()
    call_command("rebuild_ratings", stdout=out)
    assert "15 rating changes" in out.getvalue()
    assert snapshot() == incremental


def test_a_correction_rates_again_from_its_match_on(evening, django_capture_on_commit_callbacks):
    first = evening[0]
    before = snapshot()
    with django_capture_on_commit_callbacks(execute=True):
        # ana & bia lose the first match now (played to 30): 10–5 becomes 0–50.
        first.correct_hand(1, {"points": [0, 50]}, by=None)
    after = snapshot()
    assert after != before
    assert Match.objects.get(pk=first.pk).is_finished
    moved = RatingChange.objects.get(match=first, player__name="ana")
    assert moved.place == 2 and moved.mu < moved.mu_before
    rebuild()
    assert snapshot() == after


def test_an_undo_that_reopens_the_match_takes_it_out(evening, django_capture_on_commit_callbacks):
    last = evening[-1]
    with django_capture_on_commit_callbacks(execute=True):
        last.undo_hand()
    assert last.status == Match.Status.IN_PROGRESS
    assert not RatingChange.objects.filter(match=last).exists()
    assert Rating.objects.get(player__name="duda").played == 2
    after = snapshot()
    rebuild()
    assert snapshot() == after


def test_a_deleted_match_is_rated_away(evening, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        evening[1].delete()
    assert Rating.objects.get(player__name="ana").played == 3
    after = snapshot()
    rebuild()
    assert snapshot() == after


def test_a_renewed_link_rates_nothing_again(evening, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        evening[0].renew_links(scorer=True)
    assert [c for c in callbacks if getattr(c, "func", None) is recompute] == []


# --- seasons -------------------------------------------------------------------------


@pytest.fixture
def two_seasons(club):
    autumn = Season.objects.create(
        club=club, name="Outono", start=dt.date(2026, 3, 1), end=dt.date(2026, 3, 10)
    )
    winter = Season.objects.create(
        club=club, name="Inverno", start=dt.date(2026, 3, 11), end=dt.date(2026, 3, 31)
    )
    finished(club, [["ana"], ["bia"]], [10, 5], when=at(2))
    finished(club, [["ana"], ["bia"]], [10, 5], when=at(3))
    finished(club, [["ana"], ["bia"]], [1, 5], when=at(12))
    return autumn, winter


def test_a_season_starts_from_the_last_one_by_default(club, two_seasons):
    autumn, winter = two_seasons
    rebuild()
    first_of_winter = RatingChange.objects.get(player__name="ana", finished_at=at(12))
    end_of_autumn = Rating.objects.get(player__name="ana", season=autumn)
    assert first_of_winter.season == winter and first_of_winter.played == 1
    assert first_of_winter.mu_before == pytest.approx(end_of_autumn.mu)
    # The past season stays readable as it ended.
    assert end_of_autumn.played == 2
    assert Rating.objects.get(player__name="ana", season=winter).played == 1


def test_a_club_may_start_every_season_fresh(
    club, two_seasons, django_capture_on_commit_callbacks
):
    autumn, winter = two_seasons
    rebuild()
    carried = Rating.objects.get(player__name="ana", season=winter).mu
    with django_capture_on_commit_callbacks(execute=True):
        ClubRatings.objects.filter(club=club).update(fresh_seasons=True)
        ClubRatings.objects.get(club=club).save()  # the rules' page saves the row
    fresh = RatingChange.objects.get(player__name="ana", finished_at=at(12))
    assert (fresh.mu_before, fresh.sigma_before) == (25.0, pytest.approx(25 / 3))
    assert Rating.objects.get(player__name="ana", season=winter).mu != pytest.approx(carried)
    assert Rating.objects.get(player__name="ana", season=autumn).played == 2


def test_naming_a_season_rates_the_club_again(club, django_capture_on_commit_callbacks):
    finished(club, [["ana"], ["bia"]], [10, 5], when=at(2))
    rebuild()
    assert Rating.objects.get(player=Player.named("ana")).season is None
    with django_capture_on_commit_callbacks(execute=True):
        spring = Season.objects.create(
            club=club, name="Primavera", start=dt.date(2026, 3, 1), end=dt.date(2026, 3, 5)
        )
    assert Rating.objects.get(player=Player.named("ana")).season == spring


def by_name() -> dict[str, tuple]:
    return {
        name: (mu, sigma, played)
        for name, mu, sigma, played in Rating.objects.values_list(
            "player__name", "mu", "sigma", "played"
        )
    }


def test_an_imported_export_is_rated_as_it_was(club, tmp_path, django_capture_on_commit_callbacks):
    finished(club, [["ana", "bia"], ["caio", "duda"]], [100, 60], when=at(1))
    finished(club, [["ana"], ["caio"], ["eva"]], [5, 40, 12], when=at(2))
    rebuild()
    rated = by_name()
    path = tmp_path / "tento.json"
    call_command("export_records", str(path))
    Match.objects.all().delete()
    club.delete()
    assert not Rating.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_records", str(path), stdout=io.StringIO())
    assert by_name() == rated and len(rated) == 5


def test_a_recompute_moves_the_records_generation(club, django_capture_on_commit_callbacks):
    """A records page kept under the generation is drawn again once ratings change: a
    season named after the page was drawn does not leave its old ratings on it."""
    from scoring.records.stats import generation, standing_generation

    finished(club, [["ana"], ["bia"]], [10, 5], when=at(2))
    rebuild()
    before, standings_before = generation(), standing_generation()
    with django_capture_on_commit_callbacks(execute=True):
        Season.objects.create(
            club=club, name="Primavera", start=dt.date(2026, 3, 1), end=dt.date(2026, 3, 5)
        )
    assert generation() != before
    # the standings, kept through unfinished hands, show the rating beside each line
    assert standing_generation() != standings_before
    moved, standings_moved = generation(), standing_generation()
    recompute(club.pk, "free")
    assert generation() != moved and standing_generation() != standings_moved
