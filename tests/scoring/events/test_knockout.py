"""A knockout carried through to its final: the winners of the bracket's pairs meet in
its order, a bye advances, and a groups-knockout draws its knockout from the groups'
standings and plays it to the end."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from scoring.events.models import Round
from scoring.events.standing import board_of
from tests.scoring.events.conftest import make_event, phone, play_round

FIVE = ["A & B", "C & D", "E & F", "G & H", "I & J"]


def seated(event) -> list[list[str]]:
    return [[e.name for e in table.entrants] for table in board_of(event).current_tables()]


def test_a_knockout_runs_to_its_final_in_bracket_order_and_a_bye_advances(club):
    event = make_event(club, FIVE, format="knockout", rounds=1, scale="win-draw-loss")
    event.draw_round(1, seed=1)
    # seeds 1–5 in the order of entry: 4 v 5, and 1, 2, 3 have byes
    assert seated(event) == [["G & H", "I & J"]]
    assert Round.objects.get(number=1).bracket is not None
    play_round(event, {"G & H": 0, "I & J": 50})  # seed 5 wins through
    event.draw_round(2, seed=2)
    # 1 meets the winner of 4–5, 2 meets 3: the bracket's order, not the standing's
    assert seated(event) == [["A & B", "I & J"], ["C & D", "E & F"]]
    play_round(event, {"I & J": 80, "A & B": 10})
    event.draw_round(3, seed=3)
    assert seated(event) == [["I & J", "C & D"]]
    play_round(event, {"I & J": 30, "C & D": 20})
    board = board_of(event)
    assert board.champion().name == "I & J" and board.over()
    with translation.override("en"), pytest.raises(ValidationError, match="winner"):
        event.draw_round(4, seed=4)
    page = phone("alice").get(f"/events/{event.code}/desk/")
    assert "The knockout has its winner: I &amp; J." in page.text


def test_a_groups_knockout_plays_its_groups_then_its_knockout_to_a_final(club):
    names = [f"P{n} & Q{n}" for n in range(1, 9)]
    event = make_event(club, names, format="groups-knockout", rounds=1, scale="win-draw-loss")
    # two groups of four by snake seeding: 1 4 5 8 and 2 3 6 7; three rounds each
    for number in (1, 2, 3):
        event.draw_round(number, seed=number)
        assert len(board_of(event).current_tables()) == 4
        play_round(event)  # the one entered first wins
    event.draw_round(4, seed=4)
    # the group winners P1 and P2 are seeds 1 and 2, the runners-up P4 and P3 seeds 3
    # and 4 (level on points: the standing's tiebreaks order them): 1 v 4, 2 v 3
    semis = seated(event)
    assert [{table[0][:2], table[1][:2]} for table in semis] in (
        [{"P1", "P3"}, {"P2", "P4"}],
        [{"P1", "P4"}, {"P2", "P3"}],
        [{"P2", "P3"}, {"P1", "P4"}],
        [{"P2", "P4"}, {"P1", "P3"}],
    )
    winners = {table[1] for table in semis}  # the runners-up win through
    play_round(event, {name: 9 if name in winners else 1 for table in semis for name in table})
    event.draw_round(5, seed=5)
    (final,) = seated(event)
    assert set(final) == winners
    play_round(event, {final[0]: 1, final[1]: 9})
    assert board_of(event).champion().name == final[1]
    with pytest.raises(ValidationError):
        event.draw_round(6, seed=6)
