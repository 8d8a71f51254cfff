"""The tables a game is played by (``Game.tables``): a match is started only for sides a
real table of that game has. Samba: two or three players alone, two pairs, or six as two
teams of three or three pairs; Truco: one against one, two against two, three against
three; Canastra: two pairs (or two players alone). Nothing is created for any other."""

from __future__ import annotations

import pytest

from scoring.kit.registry import get_game
from scoring.ledger.models import Match
from tests.helpers import EN, new_match_data

pytestmark = pytest.mark.django_db

FIELDS = {
    "samba": {"target": 10000, "options-top_minimum": 150},
    "truco": {"target": 12, "options-variant": "paulista", "options-best_of": 1},
    "canastra": {"target": 3000, "options-hand_to_opponents": "opponents"},
}
NAMES = iter(f"P{i}" for i in range(10_000))


def sides(*sizes: int) -> list[str]:
    return [", ".join(next(NAMES) for _ in range(size)) for size in sizes]


def start(client, game: str, *sizes: int):
    return client.post(f"/matches/new/{game}/", new_match_data(sides(*sizes), FIELDS[game]), **EN)


@pytest.mark.parametrize(
    ("game", "sizes"),
    [
        ("samba", (1, 1)),
        ("samba", (1, 1, 1)),
        ("samba", (2, 2)),
        ("samba", (3, 3)),
        ("samba", (2, 2, 2)),
        ("truco", (1, 1)),
        ("truco", (2, 2)),
        ("truco", (3, 3)),
        ("canastra", (2, 2)),
        ("canastra", (1, 1)),
    ],
)
def test_a_match_starts_for_a_table_the_game_is_played_by(client, game, sizes):
    response = start(client, game, *sizes)
    assert response.status_code == 302
    match = Match.objects.get()
    assert sorted(side.seats.count() for side in match.sides.all()) == sorted(sizes)


@pytest.mark.parametrize(
    ("game", "sizes", "said"),
    [
        ("samba", (3, 1), "3 v 1"),
        ("samba", (2, 1), "2 v 1"),
        ("samba", (3, 3, 3), "3 v 3 v 3"),
        ("samba", (2, 2, 1), "2 v 2 v 1"),
        ("samba", (1, 2, 1), "1 v 2 v 1"),
        ("truco", (1, 3), "1 v 3"),
        ("truco", (2, 1), "2 v 1"),
        ("canastra", (2, 1), "2 v 1"),
    ],
)
def test_sides_no_table_of_the_game_has_are_refused_saying_which_it_has(client, game, sizes, said):
    response = start(client, game, *sizes)
    html = response.content.decode()
    assert response.status_code == 200
    assert not Match.objects.exists()
    assert f"not a table of {get_game(game).name}: {said}" in html
    assert "It is played " in html


def test_the_refusal_lists_every_table_the_game_has(client):
    html = start(client, "truco", 1, 2).content.decode()
    assert "It is played 1 v 1, 2 v 2 or 3 v 3." in html


def test_a_game_without_tables_takes_any_sides_within_its_limits(client):
    response = client.post("/matches/new/free/", new_match_data(sides(3, 1, 2)), **EN)
    assert response.status_code == 302


def test_the_start_page_says_which_tables_the_game_is_played_by(client):
    html = client.get("/matches/new/samba/", **EN).content.decode()
    assert "Played 1 v 1, 2 v 2, 3 v 3, 1 v 1 v 1 or 2 v 2 v 2, counted in players" in html
    free = client.get("/matches/new/free/", **EN).content.decode()
    assert "counted in players on each side" not in free
