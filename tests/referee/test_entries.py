"""The checks every engine makes alike of what it is given (``referee.entries``)."""

from __future__ import annotations

import pytest

from referee.entries import is_whole, per_player_violations


@pytest.mark.parametrize(("value", "whole"), [(0, True), (-3, True), (True, False), (2.0, False)])
def test_a_whole_number_is_an_int_and_never_a_bool(value, whole):
    assert is_whole(value) is whole


def check(players, numbers):
    violations = per_player_violations(
        players, numbers, unmatched="game.table.numbers", invalid="game.number.bad", unit="chips"
    )
    return [(v.rule, dict(v.params)) for v in violations]


def test_a_whole_number_for_each_player_passes():
    assert check(["ana", "bia"], {"bia": 0, "ana": 12}) == []


def test_players_missing_and_names_that_are_no_players_are_named_in_one_violation():
    assert check(["ana", "bia", "cai"], {"dan": 1, "ana": 1}) == [
        ("game.table.numbers", {"missing": ["bia", "cai"], "extra": ["dan"]})
    ]


def test_each_number_below_zero_or_not_whole_is_refused_after_the_names():
    assert check(["ana", "bia"], {"ana": -1, "bia": "5", "cai": 0}) == [
        ("game.table.numbers", {"missing": [], "extra": ["cai"]}),
        ("game.number.bad", {"player": "ana", "chips": -1}),
        ("game.number.bad", {"player": "bia", "chips": "5"}),
    ]
