from __future__ import annotations

import datetime as dt

import pytest

from scoring.ledger.models import Match, Player
from scoring.records import charts, stats
from scoring.records.stats import Period
from tests.conftest import make_match, record


def table(game: str | None = None, period: Period = stats.ALL_TIME) -> list[tuple]:
    return [
        (line.rank, line.name, line.played, line.won, line.difference)
        for line in stats.standings(Match.objects.all(), game, period)
    ]


def test_standings_rank_by_wins_then_points_difference(club_night):
    assert table() == [
        (1, "bob", 3, 2, 5),
        (2, "dave", 1, 1, 5),
        (3, "alice", 3, 1, -5),
        (4, "carol", 1, 0, -5),
    ]


def test_players_level_on_wins_and_difference_share_a_place(club_night):
    assert table(period=Period.season(2026)) == [(1, "alice", 2, 1, 0), (1, "bob", 2, 1, 0)]


def test_standings_count_only_the_chosen_game_and_dates(club_night):
    assert table("truco") == []
    assert table(period=Period(dt.date(2026, 3, 2), dt.date(2026, 3, 8))) == [
        (1, "bob", 1, 1, 20),
        (2, "alice", 1, 0, -20),
    ]


def test_points_against_are_every_opposing_side_in_a_three_side_match(db):
    match = make_match()  # alice, bob, carol
    record(match, {"points": [10, 4, 1]})
    match.finish()
    lines = {line.name: line for line in stats.standings(Match.objects.all(), None, Period())}
    assert (lines["alice"].points_for, lines["alice"].points_against) == (10, 5)
    assert lines["bob"].difference == 4 - 11


def test_a_players_record_per_game(club_night):
    alice = Player.objects.get(name="alice")
    [free] = stats.player_record(alice, Match.objects.all())
    assert (free.game, free.played, free.won) == ("free", 3, 1)
    # every live hand counts, the match in progress too: 30 + 5 + 40 + 7 over 7 hands
    assert (free.hands, free.hand_points) == (7, 82)
    assert free.average_hand == pytest.approx(82 / 7)
    assert free.win_rate == pytest.approx(1 / 3)


def test_an_undone_hand_leaves_the_average(db):
    match = make_match("free", (("alice",), ("bob",)))
    record(match, {"points": [10, 0]})
    record(match, {"points": [90, 0]})
    match.undo_hand()
    [free] = stats.player_record(Player.objects.get(name="alice"), Match.objects.all())
    assert (free.hands, free.hand_points) == (1, 10)


def test_form_is_the_margin_over_the_best_opponent_oldest_first(club_night):
    alice = Player.objects.get(name="alice")
    form = stats.player_form(alice, Match.objects.all())
    assert [(p.won, p.margin) for p in form] == [(True, 20), (False, -20), (False, -5)]


def test_head_to_head_between_two_players_counts_their_pairs_too(club_night):
    alice, bob = Player.objects.filter(name__in=["alice", "bob"]).order_by("name")
    result = stats.head_to_head([alice], [bob], Match.objects.all())
    assert (result.played, result.wins, result.points) == (3, (1, 2), (75, 80))
    assert [(m.totals, m.winner) for m in result.meetings] == [
        ((40, 45), 1),
        ((5, 25), 1),
        ((30, 10), 0),
    ]


def test_head_to_head_never_counts_partners_as_a_meeting(club_night):
    alice, bob = Player.objects.filter(name__in=["alice", "bob"]).order_by("name")
    partners = make_match("free", (("alice", "bob"), ("carol", "dave")))
    record(partners, {"points": [50, 10]})
    partners.finish()
    result = stats.head_to_head([alice], [bob], Match.objects.all())
    assert (result.played, result.wins, result.points) == (3, (1, 2), (75, 80))
    assert partners.code not in [meeting.code for meeting in result.meetings]
    assert stats.head_to_head([alice], [alice], Match.objects.all()).played == 0


def test_head_to_head_between_pairs(club_night):
    alice, bob, carol, dave = Player.objects.order_by("name")
    result = stats.head_to_head([alice, carol], [bob, dave], Match.objects.all())
    assert (result.played, result.wins, result.points) == (1, (0, 1), (40, 45))
    assert stats.head_to_head([alice, bob], [carol], Match.objects.all()).played == 0


def test_running_totals_start_at_zero_and_follow_each_hand(club_night):
    sides, series = stats.running_totals(club_night[1])
    assert [side.name for side in sides] == ["alice", "bob"]
    assert series == [[0, 5, 5, 5], [0, 5, 15, 25]]


def test_the_line_chart_puts_the_start_left_and_the_leader_higher(club_night):
    sides, series = stats.running_totals(club_night[1])
    chart = charts.line_chart([s.name for s in sides], series)
    alice, bob = chart.series
    assert alice.points.split()[0] == bob.points.split()[0]  # both start at 0
    assert bob.last_y < alice.last_y  # SVG y grows downwards
    assert chart.hands == 3 and (chart.bottom, chart.top) == (0, 25)


def test_a_form_bar_goes_up_for_a_lead_and_down_for_a_deficit():
    chart = charts.form_chart([("a", True, 20), ("b", False, -10)])
    up, down = chart.bars
    assert up.y + up.height == pytest.approx(chart.zero_y)
    assert down.y == pytest.approx(chart.zero_y)
