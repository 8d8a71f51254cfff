"""What a game may know of a match: its players, one name per side in seat order."""

from __future__ import annotations

from scoring.kit.match import MatchView, SideView


def test_it_names_each_side_by_its_player_in_seat_order():
    view = MatchView(
        options={},
        target=None,
        sides=(
            SideView(0, "Ana", ("Ana",), 0),
            SideView(1, "Bia", ("Bia",), 0),
            SideView(2, "Caio", ("Caio",), 0),
        ),
        hands_played=0,
    )
    assert view.player_names == ("Ana", "Bia", "Caio")


def test_a_side_without_seats_is_named_by_its_own_name():
    view = MatchView(
        options={},
        target=None,
        sides=(SideView(0, "Mesa 1", (), 0), SideView(1, "Duda", ("Duda", "Edu"), 0)),
        hands_played=0,
    )
    assert view.player_names == ("Mesa 1", "Duda")
