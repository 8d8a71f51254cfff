"""Samba on the ledger: scoring stored entries, the winner, the opening minimums shown
under each side, the house rules."""

from __future__ import annotations

import pytest
from django.utils import translation

from referee.rulings import RuleError
from referee.samba import SambaOptions
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game

game = get_game("samba")

PAGE_CARDS = {
    "mode": "cards",
    "sides": [
        {
            "melds": [
                ["4S", "5S", "6S", "7S", "8S", "9S", "10S"],
                ["KH", "KS", "KD", "KC", "KH", "KS", "KD"],
                ["AH", "AS", "AD"],
            ],
            "red_threes": 2,
            "hand": [],
            "went_out": True,
        },
        {
            "melds": [["10H", "10S", "10D", "10C", "10H", "10S", "JK"], ["7H", "7S", "2C"]],
            "red_threes": 1,
            "hand": ["QS", "5H", "JK"],
            "went_out": False,
        },
    ],
}
PAGE_QUICK = {
    "mode": "quick",
    "sides": [
        {
            "clean_canastras": 1,
            "sambas": 1,
            "red_threes": 2,
            "table_points": 180,
            "went_out": True,
        },
        {"dirty_canastras": 1, "red_threes": 1, "table_points": 140, "hand_points": 65},
    ],
}
DEFAULT_OPTIONS = {"top_minimum": 150, "cumulative_canastra_bonus": False}


def view(totals=(0, 0), *, target=10_000, options=None, hands=1) -> MatchView:
    return MatchView(
        options=DEFAULT_OPTIONS if options is None else options,
        target=target,
        sides=tuple(SideView(i, f"side {i}", (), t) for i, t in enumerate(totals)),
        hands_played=hands,
    )


def test_page_hand_entered_card_by_card_scores_2580_and_275():
    a, b = game.score_hand(view(), PAGE_CARDS)
    assert (a.total, b.total) == (2580, 275)


def test_page_hand_entered_as_counts_gives_the_same_breakdowns():
    assert game.score_hand(view(), PAGE_QUICK) == game.score_hand(view(), PAGE_CARDS)


def test_an_impossible_hand_raises_the_rules_it_breaks():
    entry = {"mode": "cards", "sides": [{"melds": [["7H", "8H", "2H"]]}, {"went_out": True}]}
    with pytest.raises(RuleError) as error:
        game.score_hand(view(), entry)
    assert set(error.value.rules) == {
        "samba.meld.sequence-no-wilds",
        "samba.going-out.two-combinations",
    }


def alone(*names: str, totals=None) -> MatchView:
    """A match of players each on their own (1 v 1, 1 v 1 v 1)."""
    return MatchView(
        options=DEFAULT_OPTIONS,
        target=10_000,
        sides=tuple(SideView(i, name, (name,), 0) for i, name in enumerate(names)),
        hands_played=0,
    )


LEFT_IN_HAND = [
    PAGE_QUICK | {"sides": [PAGE_QUICK["sides"][0] | {"hand_points": 20}, PAGE_QUICK["sides"][1]]},
    PAGE_CARDS
    | {"sides": [PAGE_CARDS["sides"][0] | {"hand": ["QH", "JS"]}, PAGE_CARDS["sides"][1]]},
]


@pytest.mark.parametrize("entry", LEFT_IN_HAND, ids=["quick", "cards"])
def test_a_player_alone_who_went_out_with_cards_left_is_refused(entry):
    with pytest.raises(RuleError) as error:
        game.score_hand(alone("Ana", "Caio"), entry)
    assert error.value.rules == ["samba.going-out.cards-left-alone"]
    assert error.value.violations[0].params["side"] == 0


@pytest.mark.parametrize("entry", LEFT_IN_HAND, ids=["quick", "cards"])
def test_a_pair_that_went_out_counts_the_partners_cards(entry):
    pairs = MatchView(
        options=DEFAULT_OPTIONS,
        target=10_000,
        sides=(SideView(0, "A", ("Ana", "Bia"), 0), SideView(1, "C", ("Caio", "Davi"), 0)),
        hands_played=0,
    )
    assert [b.total for b in game.score_hand(pairs, entry)] == [2560, 275]
    # a side with no seats (older data) is not known to be of one player
    assert [b.total for b in game.score_hand(view(), entry)] == [2560, 275]


def test_three_players_alone_earn_no_premium_and_pay_no_fault_that_needs_a_partner():
    sides = [
        {"clean_canastras": 1, "table_points": 35, "concealed": {"play_with_partner": 1}},
        {"penalties": {"went_out_after_refusal": 1, "stock_out_of_turn": 1}},
        {},
    ]
    with pytest.raises(RuleError) as error:
        game.score_hand(alone("Ana", "Bia", "Caio"), {"mode": "quick", "sides": sides})
    assert [(v.rule, v.params["side"]) for v in error.value.violations] == [
        ("samba.concealed.no-partner", 0),
        ("samba.penalty.no-partner", 1),
    ]


def test_the_page_hand_scores_the_same_for_players_alone():
    assert game.score_hand(alone("Ana", "Caio"), PAGE_CARDS) == game.score_hand(view(), PAGE_CARDS)


def test_the_house_rule_for_cumulative_canastra_bonuses_is_applied():
    entry = {"mode": "quick", "sides": [{"clean_canastras": 7, "table_points": 350}, {}]}
    plain = game.score_hand(view(), entry)[0].total
    cumulative = game.score_hand(
        view(options={"top_minimum": 150, "cumulative_canastra_bonus": True}), entry
    )[0].total
    assert cumulative - plain == 500


@pytest.mark.parametrize(
    ("totals", "winners"),
    [
        ((9_000, 10_000), []),  # passing means more than 10,000
        ((9_000, 10_005), [1]),
        ((10_500, 11_000, 3_000), [1]),
        ((11_000, 11_000), []),  # a tie at the top plays another hand
    ],
)
def test_the_side_that_passes_the_target_wins(totals, winners):
    assert game.winners(view(totals)) == winners


def test_another_target_may_be_set_for_the_match():
    assert game.winners(view((5_100, 100), target=5_000)) == [0]


def test_without_a_target_the_leaders_win_when_the_match_is_ended():
    assert game.winners(view((5_100, 100), target=None)) == []
    assert game.winners(view((5_100, 100), target=None), closing=True) == [0]
    assert game.winners(view((0, 0), hands=0), closing=True) == []


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-100, 15), (0, 50), (1_495, 50), (1_500, 90), (3_000, 120), (7_000, 150)],
)
def test_each_side_shows_its_opening_minimum_for_the_next_hand(total, minimum):
    with translation.override("en"):
        notes = game.side_notes(view((total, 0)))
    assert notes[0] == [f"Opening minimum: {minimum}"]
    assert notes[1] == ["Opening minimum: 50"]


def test_the_top_opening_minimum_may_be_160():
    with translation.override("pt-br"):
        notes = game.side_notes(
            view((7_000, 0), options={"top_minimum": 160, "cumulative_canastra_bonus": False})
        )
    assert notes[0] == ["Saída mínima: 160"]


def test_a_tie_at_the_top_is_noted_under_the_tied_sides():
    with translation.override("en"):
        notes = game.side_notes(view((10_100, 10_100, 200)))
    assert "Tied at the top: another hand is played" in notes[0]
    assert "Tied at the top: another hand is played" in notes[1]
    assert len(notes[2]) == 1


def test_the_options_form_keeps_the_house_rules():
    form = game.options_form(
        {"options-top_minimum": "160", "options-cumulative_canastra_bonus": "on"}
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data == {"top_minimum": 160, "cumulative_canastra_bonus": True}
    assert not game.options_form({"options-top_minimum": "155"}).is_valid()


def test_the_game_is_for_two_or_three_sides_of_up_to_three_players():
    assert (game.min_sides, game.max_sides, game.max_players_per_side) == (2, 3, 3)
    assert game.default_target == 10_000


def test_a_stored_option_the_engine_refuses_gives_way_to_its_default():
    stored = {"top_minimum": 170, "cumulative_canastra_bonus": True}
    assert game.match_options(view(options=stored, target=5_000)) == SambaOptions(
        target=5_000, top_minimum=150, cumulative_canastra_bonus=True
    )
    odd = {"cumulative_canastra_bonus": "yes", "top_minimum": 160, "withdrawn": 1}
    assert game.match_options(view(options=odd, target=None)) == SambaOptions(top_minimum=160)
    broken = view((7_000, 10_100), options=stored)
    with translation.override("en"):
        assert game.side_notes(broken)[0] == ["Opening minimum: 150"]
    assert game.winners(broken) == [1]


def test_a_tie_below_the_target_is_not_noted():
    with translation.override("en"):
        notes = game.side_notes(view((9_000, 9_000)))
    assert notes == {0: ["Opening minimum: 150"], 1: ["Opening minimum: 150"]}
