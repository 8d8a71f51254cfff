from __future__ import annotations

import pytest

from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game

free = get_game("free")


def view(totals, *, target=None, lowest_wins=False, hands=1) -> MatchView:
    return MatchView(
        options={"lowest_wins": lowest_wins},
        target=target,
        sides=tuple(SideView(i, f"s{i}", (), t) for i, t in enumerate(totals)),
        hands_played=hands,
    )


def test_each_side_scores_the_number_entered():
    breakdowns = free.score_hand(view([0, 0]), {"points": [7, -3]})
    assert [b.total for b in breakdowns] == [7, -3]
    assert breakdowns[1].lines[0].rule == "free.points"


@pytest.mark.parametrize(
    ("totals", "target", "lowest", "winners"),
    [
        ([99, 50], 100, False, []),
        ([100, 50], 100, False, [0]),
        ([120, 130], 100, False, [1]),
        ([120, 120], 100, False, []),  # a tie for the win plays another hand
        ([101, 40, 60], 100, True, [1]),  # lowest wins once anyone reaches the target
        ([101, 40, 40], 100, True, []),
    ],
)
def test_the_target_decides_the_winner(totals, target, lowest, winners):
    assert free.winners(view(totals, target=target, lowest_wins=lowest)) == winners


def test_without_a_target_the_match_ends_when_the_players_close_it():
    assert free.winners(view([10, 20])) == []
    assert free.winners(view([10, 20]), closing=True) == [1]
    assert free.winners(view([10, 20], lowest_wins=True), closing=True) == [0]
    assert free.winners(view([20, 20]), closing=True) == [0, 1]


def test_the_hand_form_wants_a_whole_number_for_every_side():
    form = free.hand_form(view([0, 0]), {"side_0": "12", "side_1": "x"})
    assert not form.is_valid()
    assert "side_1" in form.errors
    form = free.hand_form(view([0, 0]), {"side_0": "12", "side_1": "-4"})
    assert form.is_valid()
    assert form.entry() == {"points": [12, -4]}
