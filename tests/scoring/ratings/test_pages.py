"""The ratings pages: a club's list (minimum matches, seasons), a player's "why my rating
moved", the club's rules; members only; constant queries however long the history."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.clubs.models import Membership, Role
from scoring.ledger.models import Player
from scoring.ratings.models import ClubRatings, Season
from scoring.ratings.recompute import rebuild
from tests.helpers import page
from tests.scoring.ratings.conftest import at, finished


@pytest.fixture
def member(client, club):
    user = get_user_model().objects.create_user("socio", password="x")
    Membership.objects.create(club=club, user=user, role=Role.ADMIN)
    client.force_login(user)
    return client


def play_nights(club, nights: int) -> None:
    """ana & bia against caio & duda every night; ana & bia win two nights in three.
    eva plays once."""
    for night in range(nights):
        totals = [100, 60] if night % 3 else [40, 90]
        finished(
            club,
            [["ana", "bia"], ["caio", "duda"]],
            totals,
            when=at(1, 8) + dt.timedelta(hours=night),
        )
    finished(club, [["eva"], ["ana"]], [10, 5], when=at(20))
    rebuild()


def rows(html: str, attribute: str = "data-player") -> list[str]:
    return re.findall(rf'<tr {attribute}="([^"]+)"', html)


def test_the_list_shows_who_played_the_minimum(member, club):
    play_nights(club, 6)
    html = page(member, reverse("ratings:club", args=[club.code]))
    # ana played 7, bia, caio, duda 6: listed; eva played one: waiting.
    assert rows(html)[:2] == ["ana", "bia"] or rows(html)[:2] == ["bia", "ana"]
    assert set(rows(html)) == {"ana", "bia", "caio", "duda"}
    assert 'id="waiting"' in html and 'data-player="eva" data-played="1"' in html


def test_the_minimum_is_the_clubs_setting(member, club):
    play_nights(club, 3)
    html = page(member, reverse("ratings:club", args=[club.code]))
    assert rows(html) == []
    ClubRatings.objects.filter(club=club).update(minimum_matches=1)
    html = page(member, reverse("ratings:club", args=[club.code]))
    assert set(rows(html)) == {"ana", "bia", "caio", "duda", "eva"}


def test_a_past_season_stays_readable(member, club):
    first = Season.objects.create(
        club=club, name="Março", start=dt.date(2026, 3, 1), end=dt.date(2026, 3, 10)
    )
    Season.objects.create(
        club=club, name="Depois", start=dt.date(2026, 3, 11), end=dt.date(2026, 12, 31)
    )
    ClubRatings.objects.create(club=club, minimum_matches=1)
    play_nights(club, 3)
    url = reverse("ratings:club", args=[club.code])
    latest = page(member, url)  # the current season: eva's night only
    assert set(rows(latest)) == {"ana", "eva"}
    past = page(member, f"{url}?season={first.pk}")
    assert set(rows(past)) == {"ana", "bia", "caio", "duda"}


def test_why_my_rating_moved(member, club):
    play_nights(club, 3)
    ana = Player.named("ana")
    html = page(member, reverse("ratings:player", args=[club.code, ana.pk]))
    assert html.count('class="rating-change"') == 4
    assert "<small>With</small> bia" in html and "caio &amp; duda" in html
    # Newest first: the night eva beat ana, before → after, and what the model expected.
    last = html[html.index('class="rating-change"') :]
    assert "<small>Against</small> eva" in last[: last.index("</li>")]
    assert "Finished 2 of 2; the model expected place 1" in last[: last.index("</li>")]
    assert '<svg viewBox="0 0 320 160"' in html and "<polyline" in html
    # Months away since: today's figure has eased off the last match's.
    last = re.search(r'data-after="(\d+)"', html).group(1)
    today = re.search(r'class="rating-today" data-rating="(\d+)"', html).group(1)
    assert int(today) < int(last)


def test_only_the_clubs_own_players_have_a_page_there(member, club):
    play_nights(club, 1)
    from scoring.clubs.models import Club

    elsewhere = Club.objects.create(name="Outro")
    finished(elsewhere, [["zeca"], ["ana"]], [10, 5], when=at(2))
    rebuild()
    zeca = Player.named("zeca")
    assert member.get(reverse("ratings:player", args=[club.code, zeca.pk])).status_code == 404


def test_strangers_see_nothing(client, club):
    play_nights(club, 1)
    assert client.get(reverse("ratings:club", args=[club.code])).status_code == 404
    ana = Player.named("ana")
    assert client.get(reverse("ratings:player", args=[club.code, ana.pk])).status_code == 404


def test_an_admin_names_a_season(member, club, django_capture_on_commit_callbacks):
    play_nights(club, 1)
    with django_capture_on_commit_callbacks(execute=True):
        response = member.post(
            reverse("ratings:rules", args=[club.code]),
            {"name": "Março", "start": "2026-03-01", "end": "2026-03-31"},
        )
    assert response.status_code == 302
    season = Season.objects.get(club=club)
    html = page(member, reverse("ratings:club", args=[club.code]) + "?season=none")
    assert "Março" in html
    from scoring.ratings.models import Rating

    assert set(Rating.objects.values_list("season", flat=True)) == {season.pk}


def test_overlapping_seasons_are_refused(member, club):
    Season.objects.create(
        club=club, name="Março", start=dt.date(2026, 3, 1), end=dt.date(2026, 3, 31)
    )
    response = member.post(
        reverse("ratings:rules", args=[club.code]),
        {"name": "Outra", "start": "2026-03-20", "end": "2026-04-30"},
    )
    assert response.status_code == 200 and Season.objects.count() == 1


def count_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_pages_answer_in_constant_queries(member, club, django_assert_num_queries):
    play_nights(club, 1)
    ana = Player.named("ana")
    urls = [
        reverse("ratings:club", args=[club.code]),
        reverse("ratings:player", args=[club.code, ana.pk]),
    ]
    few = [count_queries(member, url) for url in urls]
    play_nights(club, 60)
    for url, expected in zip(urls, few, strict=True):
        with django_assert_num_queries(expected):
            member.get(url)
