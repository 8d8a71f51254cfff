"""A knockout tie played best of three (Truco duplas): a new match at the table after
each game until one side has won two; the games scale counts the games won, and the
table's result is the series."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scoring.events.models import Table
from scoring.events.standing import board_of
from tests.conftest import record
from tests.scoring.events.conftest import accept_hands, make_event, person, phone

FOUR = ["A & B", "C & D", "E & F", "G & H"]


def play_game(match, points: list[int]) -> None:
    record(match, {"points": points})
    accept_hands(match)  # the event's tables require the other side's acceptance
    match.finish()


@pytest.fixture
def series(club):
    event = make_event(club, FOUR, format="knockout", best_of=3, scale="games")
    event.draw_round(1, seed=1)
    return event


def test_a_tie_is_played_until_one_side_has_won_two_games(series):
    table = board_of(series).current_tables()[0]
    first, second = table.entrants
    play_game(table.match, [10, 0])
    state = board_of(series).current_tables()[0]
    assert state.series and state.scores == [1, 0] and state.state == "playing"
    assert state.needs_next_game
    assert (
        f'data-next-game="{table.number}"'
        in phone("alice").get(f"/events/{series.code}/desk/").text
    )
    with pytest.raises(ValidationError):
        series.draw_round(2, seed=2)
    # the table's phone (its scorer link, no director) starts game 2 and is taken there
    carol = phone("carol")
    carol.get(f"/score/{table.match.edit_token}/")
    answer = carol.post(f"/events/{series.code}/tables/{table.row.pk}/next-game/")
    game2 = Table.objects.get(pk=table.row.pk).series.get(number=2).match
    assert answer.status_code == 302 and answer.url == f"/score/{game2.edit_token}/"
    assert [s.name for s in game2.sides.order_by("position")] == [first.name, second.name]
    # a phone with no link to the table may not
    dave = phone("dave")
    assert dave.post(f"/events/{series.code}/tables/{table.row.pk}/next-game/").status_code == 404
    play_game(game2, [0, 7])
    state = board_of(series).current_tables()[0]
    assert state.scores == [1, 1] and state.state == "playing" and state.hands == 2
    game3 = Table.objects.get(pk=table.row.pk).next_game().match
    play_game(game3, [12, 3])
    state = board_of(series).current_tables()[0]
    assert state.scores == [2, 1] and state.won == [True, False] and state.finished
    assert state.points == [2, 1]  # the games scale: the games each side won
    assert state.games == [[10, 0], [0, 7], [12, 3]]
    with pytest.raises(ValidationError):
        Table.objects.get(pk=table.row.pk).next_game()
    page = phone("carol").get(series.get_absolute_url()).text
    assert "Game 3: 12–3" in page


def test_the_series_winners_meet_in_the_next_round(series):
    for table in board_of(series).current_tables():
        play_game(table.match, [5, 1])
        play_game(Table.objects.get(pk=table.row.pk).next_game().match, [6, 2])
    winners = {t.entrants[0].pk for t in board_of(series).current_tables()}
    desk = phone("alice").get(f"/events/{series.code}/desk/").text
    assert "data-next-game" not in desk
    series.draw_round(2, seed=2)
    (final,) = board_of(series).current_tables()
    assert {e.pk for e in final.entrants} == winners and final.series


def test_a_single_game_table_has_no_next_game(club):
    event = make_event(club, FOUR, format="knockout", scale="win-draw-loss")
    event.draw_round(1, seed=1)
    table = event.round_set.get().tables.first()
    play_game(table.match, [3, 1])
    with pytest.raises(ValidationError):
        table.next_game()


def test_a_series_later_game_is_placed_at_its_table_in_the_records(series):
    from scoring.records.models import ApiToken

    table = board_of(series).current_tables()[1]
    play_game(table.match, [5, 1])
    game2 = Table.objects.get(pk=table.row.pk).next_game().match
    _token, clear = ApiToken.issue(person("alice"))
    found = phone("alice").get(
        f"/api/v1/records/matches/{game2.code}", headers={"Authorization": f"Bearer {clear}"}
    )
    assert found.json()["event"] == {
        "code": series.code,
        "name": series.name,
        "round": 1,
        "table": 2,
    }
