"""Ratings in the records API, the club's CSV and JSON exports and beside the
standings."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.clubs.models import Membership, Role
from scoring.ledger.models import Player
from scoring.ratings import model
from scoring.ratings.models import ClubRatings, Rating
from scoring.ratings.recompute import rebuild
from scoring.records.models import ApiToken
from tests.scoring.ratings.conftest import at, finished


@pytest.fixture
def rated(club):
    """ana & bia beat caio & duda twice and lose once; listed after two matches."""
    ClubRatings.objects.create(club=club, minimum_matches=2)
    for day, totals in enumerate([[100, 60], [100, 90], [10, 90]], start=1):
        finished(club, [["ana", "bia"], ["caio", "duda"]], totals, when=at(day))
    finished(club, [["eva"], ["ana"]], [10, 5], when=at(5))
    rebuild()
    return club


@pytest.fixture
def member(rated):
    user = get_user_model().objects.create_user("socio", password="x")
    Membership.objects.create(club=rated, user=user, role=Role.MEMBER)
    return user


def shown(name: str) -> int:
    """A player's figure on the lists: as of today, eased off for the days since their
    last match (openskill's tau per idle day)."""
    row = Rating.objects.get(player__name=name)
    today = model.idle_since(model.rating(row.mu, row.sigma), row.last_played_at, timezone.now())
    return model.figure(today.mu, today.sigma)


def api(user, path: str, **params):
    token = ApiToken.issue(user, "script")[1]
    return Client().get(f"/api/v1/records{path}", params, HTTP_AUTHORIZATION=f"Bearer {token}")


def test_the_api_lists_a_clubs_ratings(rated, member):
    body = api(member, "/ratings", club=rated.pk, game="free").json()
    stored = {r.player.name: r for r in Rating.objects.select_related("player")}
    assert body["minimum_matches"] == 2 and body["season"] is None
    listed = [line for line in body["lines"] if line["listed"]]
    rank = {line["player"]: line["rank"] for line in listed}
    assert set(rank) == {"ana", "bia", "caio", "duda"}
    # Partners who always played together share a place; ana lost to eva since.
    assert rank["caio"] == rank["duda"] and rank["bia"] < rank["ana"]
    assert sorted(rank.values()) == [1, 2, 2, 4]
    eva = next(line for line in body["lines"] if line["player"] == "eva")
    assert eva == eva | {"rank": None, "listed": False, "played": 1}
    ana = next(line for line in body["lines"] if line["player"] == "ana")
    assert ana["mu"] == pytest.approx(stored["ana"].mu) and ana["played"] == 4


def test_the_api_says_why_a_rating_moved(rated, member):
    ana = Player.named("ana")
    body = api(member, f"/ratings/players/{ana.pk}", club=rated.pk).json()
    assert [c["place"] for c in body["changes"]] == [1, 1, 2, 2]
    first = body["changes"][0]
    assert first["before"] == 1000 and first["expected_win"] == pytest.approx(0.5)
    assert first["partners"] == ["bia"] and first["opponents"] == [["caio", "duda"]]
    assert body["changes"][1]["before"] == first["after"]


def test_the_api_hides_other_clubs(rated, db):
    stranger = get_user_model().objects.create_user("outro", password="x")
    assert api(stranger, "/ratings", club=rated.pk).status_code == 404


def test_the_standings_api_gains_the_rating(rated, member):
    lines = api(member, "/standings", club=rated.pk, game="free").json()["lines"]
    by_name = {line["player"]: line for line in lines}
    assert by_name["ana"]["rating"] == shown("ana") < Rating.objects.get(player__name="ana").figure
    assert by_name["eva"]["rating"] is None  # one match: not listed yet
    everything = api(member, "/standings", club=rated.pk).json()["lines"]
    assert {line["rating"] for line in everything} == {None}  # no game chosen


def test_the_standings_page_keeps_its_ranking_and_gains_the_rating(rated, member, client):
    client.force_login(member)
    html = client.get(reverse("records:standings"), {"club": rated.code, "game": "free"})
    html = html.content.decode()
    ana = shown("ana")
    assert 'data-player="ana" data-played="4" data-won="2"' in html
    assert f'data-rating="{ana}"' in html and '<th scope="col">Rating</th>' in html


def test_the_clubs_exports(rated, member, client):
    client.force_login(member)
    response = client.get(reverse("ratings:export-csv", args=[rated.code]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [row["rank"] for row in rows] == ["1", "2", "2", "4", ""]
    assert rows[0]["player"] == "bia" and {rows[1]["player"], rows[2]["player"]} == {
        "caio",
        "duda",
    }
    assert rows[-1]["player"] == "eva" and rows[-1]["listed"] == "False"
    assert rows[0]["rating"] == str(shown(rows[0]["player"]))
    response = client.get(reverse("ratings:export-json", args=[rated.code]))
    data = json.loads(b"".join([response.content]))
    assert data["format"] == "tento-ratings" and data["game"] == "free"
    assert len(data["ratings"]) == 5
