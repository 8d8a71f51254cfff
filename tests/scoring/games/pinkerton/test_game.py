"""Pinkerton on the ledger: a recorded round scored from its events, the running state the
next round starts from, the match won at the target or when the time is up."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from referee.pinkerton import Event, PinkertonOptions
from referee.rulings import RuleError
from scoring.games.pinkerton import table
from scoring.kit.handforms import MAX_DRAFT_BYTES
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game
from scoring.ledger.models import Match
from tests.conftest import make_match, record, totals
from tests.scoring.games.pinkerton.conftest import PLAYERS, ROUND_EVENTS

pinkerton = get_game("pinkerton")


def view(options: dict[str, Any] | None = None, target: int | None = 100) -> MatchView:
    return MatchView(
        options=options or {},
        target=target,
        sides=tuple(SideView(i, name, (name,), 0) for i, (name,) in enumerate(PLAYERS)),
        hands_played=0,
    )


def quick_round(match: Match | MatchView, winner: int, *, dealer: int = 0) -> dict[str, Any]:
    """The next round of ``match``, short: ``winner`` (a seat) wins it with the two centre
    cards, everybody else passing in phases I and II and so out. ``dealer``: the first
    round's, which the table chooses."""
    state = table.standing(match.view() if isinstance(match, Match) else match)
    seat = state.dealer if state.dealer is not None else dealer
    names = state.names
    round_ = state.start(seat)
    events = []

    def do(event: Event) -> None:
        nonlocal round_
        round_ = round_.apply(event)
        events.append(table.to_stored(event, names))

    do(Event("turn", None, ["3H"]))
    while round_.phase == 1:
        player = round_.to_play
        do(
            Event("throw", player, ["10D", "JD"])
            if player == names[winner]
            else Event("pass", player)
        )
    do(Event("turn", None, ["5S"]))
    while not round_.over:
        player = round_.to_play
        do(
            Event("throw", player, ["QS", "10S"])
            if player == names[winner]
            else Event("pass", player)
        )
    entry: dict[str, Any] = {"events": events}
    if state.dealer is None:
        entry["dealer"] = seat
    return entry


# --- scoring a round -----------------------------------------------------------------------


def test_a_dealer_who_does_not_play_is_noted_so_and_scores_nothing():
    match = view({"dealer_plays": False})
    assert pinkerton.side_notes(match) == {0: ["Deals, does not play"]}
    entry = quick_round(match, winner=2)
    round_ = table.round_of(match, entry)
    assert round_.sitting_out == ("Ana",) and round_.winner == "Cid"
    assert [b.total for b in pinkerton.score_hand(match, entry)] == [0, 0, round_.points]


def test_the_rounds_winner_scores_the_stack_and_everyone_else_nothing():
    breakdowns = pinkerton.score_hand(view(), {"events": ROUND_EVENTS, "dealer": 0})
    assert [b.total for b in breakdowns] == [0, 4, 0]
    assert [line.rule for line in breakdowns[1].lines] == ["pinkerton.points.cards"]
    assert breakdowns[0].lines == () and breakdowns[2].lines == ()


def test_an_unfinished_round_is_not_scored():
    with pytest.raises(RuleError) as error:
        pinkerton.score_hand(view(), {"events": ROUND_EVENTS[:-1]})
    assert error.value.rules == ["pinkerton.round.unfinished"]


def test_a_round_with_an_event_that_cannot_happen_is_refused_naming_it():
    events = [*ROUND_EVENTS[:2], "1 pass", *ROUND_EVENTS[2:]]
    with pytest.raises(RuleError) as error:
        pinkerton.score_hand(view(), {"events": events})
    violation = error.value.violations[0]
    assert violation.rule == "pinkerton.turn.out-of-turn"
    assert violation.params == {"player": "Bea", "expected": "Cid", "event": 2}


def test_a_seat_not_at_the_table_is_an_unknown_player():
    events = [ROUND_EVENTS[0], "7 pass"]
    with pytest.raises(RuleError) as error:
        pinkerton.score_hand(view(), {"events": events})
    assert error.value.violations[0].rule == "pinkerton.player.unknown"


def test_the_first_rounds_dealer_is_the_one_the_table_chose():
    # Cid deals: Ana plays first in phase I, where Ana's exact throw opened Ana's turn.
    with pytest.raises(RuleError) as error:
        pinkerton.score_hand(view(), {"events": ROUND_EVENTS, "dealer": 2})
    assert error.value.violations[0].params["expected"] == "Ana"


# --- the running state ---------------------------------------------------------------------


def test_a_recorded_round_keeps_the_points_and_passes_the_deal_to_the_left(match):
    record(match, {"events": ROUND_EVENTS, "dealer": 0})
    assert totals(match) == [0, 4, 0]
    hand = match.hands.get()
    assert hand.state == {
        "scores": [0, 4, 0],
        "dealer": 1,
        "rounds": 1,
        "winner": None,
        "time_up": False,
    }
    state = table.standing(match.view())
    assert state.dealer == 1 and not state.first_round
    assert pinkerton.side_notes(match.view()) == {1: ["Deals"]}


def test_the_second_rounds_licytacja_is_opened_by_the_leader_of_the_match(match):
    record(match, {"events": ROUND_EVENTS, "dealer": 0})
    state = table.standing(match.view())
    events = [
        "turn 3H",
        *(f"{seat} throw 10D JD" for seat in (2, 0, 1)),
        "turn 5S",
        *(f"{seat} throw QS 10S" for seat in (2, 0, 1)),
    ]
    round_ = table.play(state.start(state.dealer), events)
    assert round_.dealer == "Bea" and dict(round_.scores) == {"Ana": 0, "Bea": 4, "Cid": 0}
    assert (round_.phase, round_.step, round_.to_play) == (3, "open", "Bea")


def test_a_later_rounds_dealer_comes_from_the_state_not_the_entry(match):
    record(match, {"events": ROUND_EVENTS, "dealer": 0})
    entry = quick_round(match, winner=2)
    assert "dealer" not in entry
    record(match, entry | {"dealer": 0})  # a dealer in a later entry is not the table's
    assert totals(match) == [0, 4, 2]
    assert match.hands.get(number=2).state["dealer"] == 2


def test_the_match_is_won_by_the_round_that_reaches_the_target(db):
    match = make_match("pinkerton", PLAYERS, target=6)
    record(match, {"events": ROUND_EVENTS, "dealer": 0})
    assert not match.is_finished
    record(match, quick_round(match, winner=1))
    assert match.is_finished
    assert totals(match) == [0, 6, 0]
    assert list(match.sides.filter(won=True).values_list("position", flat=True)) == [1]
    with pytest.raises(RuleError) as error:
        pinkerton.score_hand(match.view(), {"events": ROUND_EVENTS})
    assert error.value.rules == ["pinkerton.match.over"]


def test_time_up_the_leader_wins_and_a_tie_plays_on(db):
    match = make_match("pinkerton", PLAYERS, target=None, options={"time_limit": 30})
    assert pinkerton.target(match.view()) is None
    assert pinkerton.closable(match.view())
    record(match, quick_round(match, winner=1))  # Bea 2
    record(match, quick_round(match, winner=2) | {"time_up": True})  # Bea 2, Cid 2
    assert not match.is_finished and totals(match) == [0, 2, 2]
    assert match.view().state["time_up"] is True
    record(match, quick_round(match, winner=2))  # the time is still up: Cid leads alone
    assert match.is_finished
    assert list(match.sides.filter(won=True).values_list("position", flat=True)) == [2]


def test_the_table_ends_a_timed_match_between_rounds_and_the_leader_wins(db):
    match = make_match("pinkerton", PLAYERS, target=None, options={"time_limit": 30})
    record(match, quick_round(match, winner=0))
    match.finish()
    assert match.is_finished
    assert list(match.sides.filter(won=True).values_list("position", flat=True)) == [0]


def test_a_match_with_a_target_is_not_ended_by_hand(match):
    assert not pinkerton.closable(match.view())
    assert pinkerton.target(match.view()) == 100


def test_a_corrected_round_scores_the_rounds_after_it_again(match):
    record(match, {"events": ROUND_EVENTS, "dealer": 0})
    record(match, quick_round(match, winner=2))
    assert totals(match) == [0, 4, 2]
    # Round 1 was really won by Ana: the same table, Ana deals, Bea and Cid pass twice.
    first = replace(match.view_before(1))
    match.correct_hand(1, quick_round(first, winner=0, dealer=0), by=None)
    assert totals(match) == [2, 0, 2]
    assert match.hands.get(number=2).state["scores"] == [2, 0, 2]
    assert match.hands.get(number=2).problem is None


# --- house rules -----------------------------------------------------------------------------


def test_the_house_rules_and_the_ledgers_target_make_the_engines_options():
    options = table.house_rules(
        view({"pass_limit": 3, "show_value": "always", "extra_deck": True}, target=250)
    )
    assert options == PinkertonOptions(
        pass_limit=3, show_value="always", extra_deck=True, target=250
    )


def test_no_target_with_a_time_limit_plays_to_the_time():
    options = table.house_rules(view({"time_limit": 45}, target=None))
    assert options.target is None and options.time_limit == 45


def test_a_stored_option_the_engine_refuses_gives_way_to_its_default():
    options = table.house_rules(view({"pass_limit": 99, "colour": "red"}))
    assert options.pass_limit == 2


@pytest.mark.parametrize(
    ("data", "valid"),
    [
        ({"target": "100", "options-pass_limit": "2", "options-show_value": "on-request"}, True),
        ({"target": "", "options-pass_limit": "2", "options-show_value": "always"}, False),
        (
            {
                "target": "",
                "options-pass_limit": "3",
                "options-show_value": "always",
                "options-time_limit": "30",
            },
            True,
        ),
        ({"target": "100", "options-pass_limit": "1", "options-show_value": "always"}, False),
    ],
)
def test_the_house_rules_form_wants_a_target_or_a_time_limit(data, valid):
    form = pinkerton.options_form(data)
    assert form.is_valid() == valid, form.errors


@pytest.mark.parametrize(
    ("players", "dealer_plays", "valid"),
    [
        (2, "False", False),
        (3, "False", True),
        (2, "True", True),
        (2, None, True),
    ],
)
def test_a_dealer_who_does_not_play_needs_two_players_besides(players, dealer_plays, valid):
    data = {"target": "100", "options-pass_limit": "2", "options-show_value": "always"}
    if dealer_plays is not None:
        data["options-dealer_plays"] = dealer_plays
    form = pinkerton.options_form(data, sides=players)
    assert form.is_valid() == valid, form.errors
    if valid:
        assert form.cleaned_data["dealer_plays"] == (dealer_plays != "False")
    else:
        assert "it takes three" in str(form.errors["dealer_plays"])


# --- the stored events -------------------------------------------------------------------------


def test_an_event_is_stored_as_seat_move_and_cards_and_read_back():
    names = ("Ana", "Bea", "Cid")
    for text, event in [
        ("turn 3H", Event("turn", None, ["3H"])),
        ("1 throw 10S AH", Event("throw", "Bea", ["10S", "AH"])),
        ("2 add 8D", Event("add", "Cid", ["8D"])),
        ("0 pass", Event("pass", "Ana")),
        ("2 free-pass", Event("free-pass", "Cid")),
        ("1 skip", Event("skip", "Bea")),
        ("1 ask", Event("ask", "Bea")),
    ]:
        assert table.to_stored(event, names) == text
        assert table.to_engine(text, names) == event
    # The engine's own plain data, with a seat for the player, reads too.
    data = {"type": "throw", "player": 1, "cards": ["10S", "AH"]}
    assert table.to_engine(data, names) == Event("throw", "Bea", ["10S", "AH"])


def test_the_draft_of_a_very_long_round_stays_well_inside_the_ledgers_limit():
    # Two decks' worth of cards added, each after a throw of six, a request for the value
    # after every card and every pass a limit of ten allows six players.
    long_round = {
        "dealer": 5,
        "events": ["turn 10H", "turn QS"]
        + ["4 throw KH KD QH QD JH JD", "4 add 10H", "3 ask"] * 104
        + ["5 pass"] * 60,
    }
    size = len(json.dumps(long_round, separators=(",", ":")))
    assert size < MAX_DRAFT_BYTES // 2, size
