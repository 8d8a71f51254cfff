"""Samba's rules engine: melds, hand scores, opening, the discard pile, game end.

Every worked example of shared/games/samba.md is a test here (marked "page:").
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee import samba
from referee.cards import DECKS, JOKER, Card, parse_card, parse_cards
from referee.rulings import RuleError, Violation
from referee.samba import (
    RULE_IDS,
    Concealed,
    Penalties,
    SambaOptions,
    SideCards,
    SideTally,
    card_points,
    check_meld,
    check_opening,
    may_go_out,
    may_take_pile,
    opening_minimum,
    score_hand,
    score_quick,
    score_tally,
    tally_from_cards,
    winner,
)
from tests.referee.rulewatch import RuleWatch

# Each rule id a test meets is checked against RULE_IDS as it is seen.
seen, rules_of, raised, lines, answer = RuleWatch(RULE_IDS).helpers()


def c(text: str) -> list[Card]:
    return parse_cards(text)


def meld(text: str, *, going_out: bool = False) -> samba.MeldVerdict:
    verdict = check_meld(c(text), going_out=going_out)
    seen(v.rule for v in verdict.violations)
    return verdict


# ---------------------------------------------------------------- card points


# The page's table, row by row: the cards of a row, and what each of them is worth.
PAGE_CARD_POINTS = {
    "JK": 50,
    "2C AH": 20,
    "KS QD JC 10H 9S 8D": 10,
    "7C 6H 5S 4D 3S 3C": 5,
    "3H 3D": 0,
}


@pytest.mark.parametrize(
    ("card", "points"),
    [(card, points) for cards, points in PAGE_CARD_POINTS.items() for card in cards.split()],
)
def test_card_points_follow_the_page_table(card, points):
    assert card_points(parse_card(card)) == points


# ---------------------------------------------------------------- melds: page examples


@pytest.mark.parametrize(
    ("cards", "kind", "points"),
    [
        pytest.param("7H 8H 9H", "sequence", 25, id="a-short-sequence"),
        pytest.param("QH KH AH", "sequence", 40, id="a-sequence-ending-on-the-ace"),
        pytest.param("4S 5S 6S 7S 8S 9S 10S", "samba", 50, id="seven-in-sequence-a-samba"),
        pytest.param("8S 8S JK", "group", 70, id="two-eights-and-a-joker-a-group"),
        pytest.param(
            "KH KS KD KC KH KS KD", "canastra-clean", 70, id="seven-kings-a-clean-canastra"
        ),
        # 5 kings + joker + 2 = 50 + 50 + 20 = 120, as the page prices it.
        pytest.param(
            "KH KS KD KC KH JK 2D", "canastra-dirty", 120, id="the-second-wild-as-the-seventh"
        ),
        pytest.param("JK JK 2H", "wild-group", 120, id="three-wilds-a-wild-group"),
        pytest.param("JK JK JK 2H 2S 2D 2C", "wild-canastra", 230, id="a-canastra-de-curingas"),
    ],
)
def test_page_a_valid_meld_and_its_card_points(cards, kind, points):
    verdict = meld(cards)
    assert (verdict.valid, verdict.kind, verdict.points) == (True, kind, points)


# Invalid melds: their kind, their card points and the rules they break (samba.meld.…).
INVALID_MELDS = {
    "KH AH 2H": ("sequence", 50, "sequence-no-wilds sequence-no-wrap"),  # page: K A 2 is no run
    "3H 4H 5H": ("sequence", 10, "red-threes-never sequence-no-threes"),  # page: no three
    "4S 5S 6S 7S 8S 9S 10S JS": ("samba", 60, "samba-closed"),  # page: no eighth card
    "8S JK 2C": ("group", 80, "group-one-wild-below-seven group-two-naturals"),  # page: 1 natural
    "KH KS KD KC KH KS KD JK 2C 2D": ("canastra-dirty", 160, "group-at-most-two-wilds"),  # page
    "4S 5S 6S JK 8S 9S 10S": ("samba", 95, "sequence-no-wilds"),  # a samba with a wild
    "8S 8H": ("group", 20, "too-few-cards"),
    "9S 9H 9D 9C JK 2S": ("group", 110, "group-one-wild-below-seven"),  # two wilds in six
    "9S 9H 3S": ("group", 25, "group-no-threes"),  # a black three in a group
    "5D 6D 8D": ("sequence", 20, "sequence-consecutive"),  # a gap
    "AD 4D 5D": ("sequence", 30, "sequence-consecutive sequence-no-wrap"),  # ace low
    "8S 9H 10D": (None, 30, "no-combination"),  # several ranks and suits
}


@pytest.mark.parametrize(
    ("cards", "kind", "points", "broken"),
    [(cards, *verdict) for cards, verdict in INVALID_MELDS.items()],
    ids=list(INVALID_MELDS),
)
def test_an_invalid_meld_names_every_rule_it_breaks(cards, kind, points, broken):
    verdict = meld(cards)
    assert (verdict.valid, verdict.kind, verdict.points) == (False, kind, points)
    assert sorted(rules_of(verdict)) == [f"samba.meld.{rule}" for rule in broken.split()]


def test_it_rejects_an_empty_meld_without_guessing_a_kind():
    verdict = meld("")
    assert (verdict.kind, verdict.points) == (None, 0)
    assert rules_of(verdict) == ["samba.meld.too-few-cards"]


def test_page_black_threes_are_melded_only_when_going_out():
    during_play = meld("3S 3C 3S")
    assert not during_play.valid
    assert during_play.kind == "black-threes"
    assert rules_of(during_play) == ["samba.meld.black-threes-only-going-out"]
    going_out = meld("3S 3C 3S", going_out=True)
    assert (going_out.valid, going_out.kind, going_out.points) == (True, "black-threes", 15)


@pytest.mark.parametrize("going_out", [False, True])
def test_page_red_threes_are_never_melded(going_out):
    verdict = meld("3H 3D 3H", going_out=going_out)
    assert not verdict.valid
    assert rules_of(verdict) == ["samba.meld.red-threes-never"]


@pytest.mark.parametrize("going_out", [False, True])
def test_page_black_threes_never_take_a_wild(going_out):
    verdict = meld("3S 3C JK", going_out=going_out)
    assert not verdict.valid
    assert "samba.meld.black-threes-no-wilds" in rules_of(verdict)


# ---------------------------------------------------------------- melds: more rules


def test_a_canastra_may_grow_past_seven_and_keeps_its_wilds():
    verdict = meld("9S 9H 9D 9C 9S JK 2S 9H 9D")
    assert (verdict.valid, verdict.kind) == (True, "canastra-dirty")


def test_a_group_of_twos_is_a_wild_group():
    assert meld("2S 2H 2D").kind == "wild-group"


def test_the_order_in_which_a_sequence_is_entered_does_not_matter():
    assert meld("9H 7H 8H").valid


# ---------------------------------------------------------------- melds: properties

ALL_CARDS = sorted(set(DECKS["samba"].cards()))
NOT_RED_THREES = [card for card in ALL_CARDS if not samba.is_red_three(card)]
cards_st = st.lists(st.sampled_from(ALL_CARDS), max_size=12)


@settings(max_examples=300)
@given(cards_st, st.booleans())
def test_a_meld_verdict_is_consistent_for_any_cards(cards, going_out):
    verdict = check_meld(cards, going_out=going_out)
    assert verdict.points == sum(card_points(card) for card in cards)
    assert verdict.valid == (not verdict.violations)
    assert verdict.kind in (*samba.KINDS, None)
    assert {v.rule for v in verdict.violations} <= set(RULE_IDS)
    if verdict.valid:
        assert len(cards) >= 3


@st.composite
def sequences(draw, min_size=3, max_size=7):
    suit = draw(st.sampled_from("SHDC"))
    size = draw(st.integers(min_size, max_size))
    start = draw(st.integers(0, len(samba.SEQUENCE_ORDER) - size))
    return [Card(rank, suit) for rank in samba.SEQUENCE_ORDER[start : start + size]]


NATURAL_RANKS = ("A", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
WILDS = (JOKER, *(Card("2", suit) for suit in "SHDC"))


@st.composite
def groups(draw, min_size=3, max_size=9):
    rank = draw(st.sampled_from(NATURAL_RANKS))
    size = draw(st.integers(min_size, max_size))
    wilds = draw(st.integers(0, 2 if size >= 7 else 1))
    naturals = [Card(rank, draw(st.sampled_from("SHDC"))) for _ in range(size - wilds)]
    return naturals + [draw(st.sampled_from(WILDS)) for _ in range(wilds)]


@given(sequences())
def test_any_run_of_three_to_seven_in_one_suit_is_a_sequence_or_samba(cards):
    verdict = check_meld(cards)
    assert verdict.valid
    assert verdict.kind == ("samba" if len(cards) == 7 else "sequence")


@given(sequences(min_size=7, max_size=7))
def test_every_samba_holds_the_8_9_and_10(cards):
    assert {"8", "9", "10"} <= {card.rank for card in cards}


@st.composite
def spread_groups(draw, min_size=3, max_size=8):
    """Groups whose suits take turns, so that no card is used beyond the three decks."""
    cards = draw(groups(min_size, max_size))
    first = draw(st.integers(0, 3))
    return [
        card if samba.is_wild(card) else Card(card.rank, "SHDC"[(first + i) % 4])
        for i, card in enumerate(cards)
    ]


@given(spread_groups(max_size=9))
def test_any_group_within_the_wild_limits_is_valid(cards):
    verdict = check_meld(cards)
    assert verdict.valid
    wild = any(samba.is_wild(card) for card in cards)
    expected = "group" if len(cards) < 7 else ("canastra-dirty" if wild else "canastra-clean")
    assert verdict.kind == expected


# ---------------------------------------------------------------- the page's hand

SIDE_A = SideCards(
    melds=[c("4S 5S 6S 7S 8S 9S 10S"), c("KH KS KD KC KH KS KD"), c("AH AS AD")],
    red_threes=2,
    hand=[],
    went_out=True,
)
SIDE_B = SideCards(
    melds=[c("10H 10S 10D 10C 10H 10S JK"), c("7H 7S 2C")],
    red_threes=1,
    hand=c("QS 5H JK"),
)


@pytest.mark.parametrize(
    ("side", "total", "breakdown"),
    [
        pytest.param(
            0,
            2580,
            {
                "samba.score.table-cards": 180,
                "samba.bonus.clean-canastra": 500,
                "samba.bonus.samba": 1500,
                "samba.honours.red-three": 200,
                "samba.bonus.going-out": 200,
            },
            id="side-a-scores-2580",
        ),
        pytest.param(
            1,
            275,
            {
                "samba.score.table-cards": 140,
                "samba.bonus.dirty-canastra": 300,
                "samba.honours.red-three-without-combinations": -100,
                "samba.score.hand-cards": -65,
            },
            id="side-b-scores-275",
        ),
    ],
)
def test_page_hand_scores_each_side_line_by_line(side, total, breakdown):
    scored = score_hand([SIDE_A, SIDE_B])[side]
    assert scored.total == total
    assert lines(scored) == breakdown


def test_page_hand_gives_the_same_breakdowns_entered_as_counts():
    quick = score_quick(
        [
            SideTally(clean_canastras=1, sambas=1, red_threes=2, table_points=180, went_out=True),
            SideTally(dirty_canastras=1, red_threes=1, table_points=140, hand_points=65),
        ]
    )
    assert quick == score_hand([SIDE_A, SIDE_B])


def test_tally_from_cards_reduces_the_page_hand_to_counts():
    assert tally_from_cards(SIDE_B) == SideTally(
        dirty_canastras=1, red_threes=1, table_points=140, hand_points=65
    )


# ---------------------------------------------------------------- scoring rules


def score(**counts) -> dict[str, int]:
    return lines(score_tally(SideTally(**counts)))


def test_all_six_red_threes_with_two_combinations_earn_1000_in_all():
    assert score(red_threes=6, sambas=2)["samba.honours.all-red-threes"] == 1000


def test_all_six_red_threes_without_two_combinations_cost_1000_in_all():
    got = score(red_threes=6, clean_canastras=1)
    assert got["samba.honours.all-red-threes-without-combinations"] == -1000


def test_a_canastra_de_curingas_earns_2000_and_counts_as_a_combination():
    got = score(wild_canastras=1, clean_canastras=1, red_threes=1, table_points=300)
    assert got["samba.bonus.wild-canastra"] == 2000
    assert got["samba.honours.red-three"] == 100


def test_sambas_do_not_count_toward_canastrao():
    assert "samba.bonus.canastrao" not in score(clean_canastras=4, sambas=3)


@pytest.mark.parametrize("held", [5, 6])
def test_five_or_six_canastras_earn_canastrao(held):
    got = score(clean_canastras=held - 1, wild_canastras=1)
    assert got["samba.bonus.canastrao"] == 500
    assert "samba.bonus.canastra-de-canastras" not in got


def test_seven_canastras_earn_2000_not_2500_by_default():
    got = score(dirty_canastras=7)
    assert got["samba.bonus.canastra-de-canastras"] == 2000
    assert "samba.bonus.canastrao" not in got


def test_seven_canastras_earn_2500_with_the_cumulative_option():
    options = SambaOptions(cumulative_canastra_bonus=True)
    breakdown = score_tally(SideTally(dirty_canastras=7), options)
    got = lines(breakdown)
    assert got["samba.bonus.canastrao"] + got["samba.bonus.canastra-de-canastras"] == 2500


def test_concealed_canastra_premiums_are_scored_by_count():
    got = score(
        went_out=True,
        clean_canastras=4,
        concealed=Concealed(deal_solo=1, deal_with_partner=1, play_solo=1, play_with_partner=1),
    )
    assert got["samba.bonus.concealed-deal-solo"] == 1000
    assert got["samba.bonus.concealed-deal-with-partner"] == 500
    assert got["samba.bonus.concealed-play-solo"] == 500
    assert got["samba.bonus.concealed-play-with-partner"] == 200


def test_page_a_concealed_canastra_laid_down_earns_its_premium_without_going_out():
    # page: the premium is for laying down (baixar) the concealed canastra, whether or
    # not that side goes out; an earlier page made it go with going out.
    side = SideTally(
        clean_canastras=1, sambas=1, table_points=85, concealed=Concealed(deal_solo=1)
    )
    breakdowns = score_quick([side, SideTally(sambas=2, table_points=100, went_out=True)])
    got = lines(breakdowns[0])
    assert got["samba.bonus.concealed-deal-solo"] == 1000
    assert "samba.bonus.going-out" not in got


def test_each_fault_costs_100_in_the_sides_own_column():
    faults = Penalties(*([2] * len(dataclasses.fields(Penalties))))
    got = score(penalties=faults)
    assert [got[rule] for _, rule in samba.PENALTY_RULES] == [-200] * 6


def test_a_red_three_left_in_hand_costs_500_and_no_card_value():
    side = SideCards(melds=[c("8S 8H 8D")], hand=c("3H 9S"))
    _, breakdown = score_hand([SideCards(), side])
    got = lines(breakdown)
    assert got["samba.penalty.red-three-in-hand"] == -500
    assert got["samba.score.hand-cards"] == -10


def test_a_hand_result_may_be_negative():
    assert score_tally(SideTally(hand_points=300, red_threes=2)).total == -500


def test_when_the_stock_runs_out_nobody_earns_the_going_out_bonus():
    a = dataclasses.replace(SIDE_A, went_out=False, melds=SIDE_A.melds)
    breakdowns = score_hand([a, SIDE_B])
    assert all("samba.bonus.going-out" not in lines(b) for b in breakdowns)
    assert breakdowns[0].total == 2380


# ---------------------------------------------------------------- hand validation


def test_it_refuses_going_out_without_two_combinations():
    side = SideCards(melds=[c("KH KS KD KC KH KS KD")], went_out=True)
    violations = raised(score_hand, [side, SideCards()])
    assert [v.rule for v in violations] == ["samba.going-out.two-combinations"]
    assert violations[0].params["side"] == 0


def test_it_names_side_and_meld_of_every_invalid_meld():
    bad_b = dataclasses.replace(SIDE_B, melds=[*SIDE_B.melds, c("3S 3C 3S")])
    violations = raised(score_hand, [SIDE_A, bad_b])
    assert [(v.rule, v.params["side"], v.params["meld"]) for v in violations] == [
        ("samba.meld.black-threes-only-going-out", 1, 2)
    ]


def test_black_threes_are_scored_for_the_side_that_went_out():
    a = dataclasses.replace(SIDE_A, melds=[*SIDE_A.melds, c("3S 3C 3S")])
    assert score_hand([a, SIDE_B])[0].total == 2580 + 15


def test_it_applies_the_three_deck_limit_across_sides_and_hands():
    a = dataclasses.replace(SIDE_A, hand=c("KH"))  # A already melds KH twice; B none
    b = dataclasses.replace(SIDE_B, hand=c("KH QS"))
    violations = raised(score_hand, [a, b])
    assert [(v.rule, v.params["card"]) for v in violations] == [("cards.deck.too-many", "KH")]


def test_it_refuses_two_sides_going_out_and_reports_everything_at_once():
    b = dataclasses.replace(SIDE_B, went_out=True, red_threes=5)
    rules = [v.rule for v in raised(score_hand, [SIDE_A, b])]
    assert sorted(rules) == [
        "samba.going-out.one-side",
        "samba.going-out.two-combinations",
        "samba.hand.too-many-red-threes",
    ]


def test_red_threes_in_hand_count_toward_the_six():
    b = dataclasses.replace(SIDE_B, red_threes=3, hand=c("3H 3D"))
    assert [v.rule for v in raised(score_hand, [SIDE_A, b])] == ["samba.hand.too-many-red-threes"]


def test_a_hand_has_two_or_three_sides():
    assert [v.rule for v in raised(score_hand, [SIDE_B])] == ["samba.hand.sides"]
    assert [v.rule for v in raised(score_quick, [SideTally()] * 4)] == ["samba.hand.sides"]


def test_tally_from_cards_refuses_an_invalid_meld():
    side = SideCards(melds=[c("8S 9H 10D")])
    violations = raised(tally_from_cards, side)
    assert [(v.rule, v.params["meld"]) for v in violations] == [("samba.meld.no-combination", 0)]


def test_quick_entry_refuses_negative_and_non_integer_counts():
    bad = SideTally(
        sambas=-1,
        table_points=True,
        went_out="yes",
        penalties=Penalties(stock_out_of_turn=-2),
    )
    violations = raised(score_quick, [bad, SideTally()])
    assert {(v.rule, v.params["field"]) for v in violations} == {
        ("samba.hand.invalid-entry", "sambas"),
        ("samba.hand.invalid-entry", "table_points"),
        ("samba.hand.invalid-entry", "went_out"),
        ("samba.hand.invalid-entry", "penalties.stock_out_of_turn"),
    }


def test_quick_entry_refuses_points_that_are_not_multiples_of_five():
    violations = raised(score_quick, [SideTally(table_points=182), SideTally(hand_points=3)])
    assert [(v.params["side"], v.params["field"]) for v in violations] == [
        (0, "table_points"),
        (1, "hand_points"),
    ]


def test_quick_entry_refuses_going_out_without_two_combinations():
    side = SideTally(sambas=1, table_points=50, went_out=True)
    violations = raised(score_quick, [side, SideTally()])
    assert [v.rule for v in violations] == ["samba.going-out.two-combinations"]


def test_quick_entry_refuses_two_sides_going_out_and_more_than_six_red_threes():
    side = SideTally(sambas=2, table_points=100, went_out=True, red_threes=4)
    rules = [v.rule for v in raised(score_quick, [side, side])]
    assert rules == ["samba.going-out.one-side", "samba.hand.too-many-red-threes"]


def test_concealed_premiums_need_their_canastras_on_the_table():
    side = SideTally(clean_canastras=1, table_points=35, concealed=Concealed(play_solo=2))
    violations = raised(score_quick, [side, SideTally()])
    assert [v.rule for v in violations] == ["samba.concealed.more-than-combinations"]
    assert violations[0].params == {"side": 0, "concealed": 2, "canastras": 1, "combinations": 1}
    one = SideTally(clean_canastras=1, table_points=35, concealed=Concealed(play_solo=1))
    assert score_quick([one, SideTally()])[0].points_for("samba.bonus.concealed-play-solo") == 500


def test_a_samba_earns_no_concealed_canastra_premium():
    # The page pays a concealed *canastra*; it keeps sambas apart from canastras.
    two_sambas = SideTally(sambas=2, table_points=100, concealed=Concealed(deal_solo=2))
    violations = raised(score_quick, [two_sambas, SideTally()])
    assert [(v.rule, v.params["canastras"]) for v in violations] == [
        ("samba.concealed.more-than-combinations", 0)
    ]
    # By the cards too: two sambas on the table, and no canastra.
    sambas = SideCards(
        melds=[c("4S 5S 6S 7S 8S 9S 10S"), c("4H 5H 6H 7H 8H 9H 10H")],
        concealed=Concealed(deal_solo=2),
    )
    assert [v.rule for v in raised(score_hand, [sambas, SideCards()])] == [
        "samba.concealed.more-than-combinations"
    ]
    # A samba beside a canastra leaves one premium to the canastra.
    mixed = SideTally(
        sambas=1, clean_canastras=1, table_points=85, concealed=Concealed(deal_solo=1)
    )
    assert (
        score_quick([mixed, SideTally()])[0].points_for("samba.bonus.concealed-deal-solo") == 1_000
    )


# ---------------------------------------------------------------- sides of one player

# Samba is played by two or three players alone or by teams (pairs, teams of three); the
# entry points take the players of each side, when known, to refuse what a side of one
# player cannot do. A side that went out, with cards left: its partners' (page: "cards
# left in its players' hands").
WENT_OUT = SideTally(sambas=2, table_points=100, went_out=True)


@pytest.mark.parametrize(
    "left",
    [{"hand_points": 15}, {"red_threes_in_hand": 1}, {"hand_points": 40, "red_threes_in_hand": 2}],
)
def test_a_player_alone_who_went_out_has_no_card_left_in_hand(left):
    # seed: a player goes out by combining all their cards and laying them down
    alone = dataclasses.replace(WENT_OUT, **left)
    violations = raised(score_quick, [alone, SideTally()], players=[1, 1])
    assert [(v.rule, dict(v.params)) for v in violations] == [
        (
            "samba.going-out.cards-left-alone",
            {"side": 0, "hand_points": 0, "red_threes_in_hand": 0} | left,
        )
    ]


@pytest.mark.parametrize("players", [[2, 2], [3, 3], [2, 2, 2], None, [None, 1]])
def test_a_team_that_went_out_still_holds_the_partners_cards(players):
    side = dataclasses.replace(WENT_OUT, hand_points=15, red_threes_in_hand=1)
    others = [SideTally()] * (len(players) - 1 if players else 1)
    got = lines(score_quick([side, *others], players=players)[0])
    assert (got["samba.score.hand-cards"], got["samba.penalty.red-three-in-hand"]) == (-15, -500)


def test_a_player_alone_keeps_cards_in_hand_when_someone_else_goes_out():
    holding = SideTally(sambas=1, table_points=50, hand_points=65, red_threes_in_hand=1)
    breakdowns = score_quick([WENT_OUT, holding], players=[1, 1])
    assert breakdowns[1].points_for("samba.score.hand-cards") == -65


def test_both_entry_modes_refuse_a_player_alone_who_went_out_holding_cards():
    alone = dataclasses.replace(SIDE_A, hand=c("QS 3H"))
    violations = raised(score_hand, [SIDE_B, alone], players=[1, 1])
    assert [(v.rule, dict(v.params)) for v in violations] == [
        (
            "samba.going-out.cards-left-alone",
            {"side": 1, "hand_points": 10, "red_threes_in_hand": 1},
        )
    ]
    # the same hand for two pairs: the partner of the one who went out holds Q♠ 3♥
    assert score_hand([SIDE_B, alone], players=[2, 2])[1].total == 2580 - 10 - 500
    assert score_hand([SIDE_B, SIDE_A], players=[1, 1])[1].total == 2580


@pytest.mark.parametrize(
    "premiums",
    [
        Concealed(deal_with_partner=1),
        Concealed(play_with_partner=2),
        Concealed(deal_solo=1, deal_with_partner=1, play_with_partner=1),
    ],
)
def test_a_player_alone_earns_no_premium_using_the_partners_melds(premiums):
    side = SideTally(clean_canastras=3, table_points=105, concealed=premiums)
    violations = raised(score_quick, [SideTally(), side], players=[1, 1])
    partner = premiums.deal_with_partner + premiums.play_with_partner
    assert [(v.rule, dict(v.params)) for v in violations] == [
        (
            "samba.concealed.no-partner",
            {
                "side": 1,
                "premiums": partner,
                "deal_with_partner": premiums.deal_with_partner,
                "play_with_partner": premiums.play_with_partner,
            },
        )
    ]


def test_a_pair_earns_the_premiums_using_the_partners_melds():
    premiums = Concealed(deal_with_partner=1, play_with_partner=1)
    side = SideTally(clean_canastras=2, table_points=70, concealed=premiums)
    got = lines(score_quick([SideTally(), side], players=[2, 2])[1])
    assert got["samba.bonus.concealed-deal-with-partner"] == 500
    assert got["samba.bonus.concealed-play-with-partner"] == 200


def test_a_player_alone_earns_the_premiums_without_a_partner():
    premiums = Concealed(deal_solo=1, play_solo=1)
    side = SideTally(clean_canastras=2, table_points=70, concealed=premiums)
    got = lines(score_quick([side, SideTally()], players=[1, 1])[0])
    assert got["samba.bonus.concealed-deal-solo"] == 1000
    assert got["samba.bonus.concealed-play-solo"] == 500


@pytest.mark.parametrize(
    "faults",
    [
        Penalties(went_out_after_refusal=1),
        Penalties(permission_unable=2),
        Penalties(went_out_after_refusal=1, permission_unable=1, stock_out_of_turn=1),
    ],
)
def test_a_player_alone_cannot_be_refused_or_ask_a_partner_to_go_out(faults):
    # seed: permission to go out is asked of the partner ("pedir permissão a seu parceiro")
    violations = raised(score_quick, [SideTally(), SideTally(penalties=faults)], players=[1, 1])
    partner = faults.went_out_after_refusal + faults.permission_unable
    assert [(v.rule, dict(v.params)) for v in violations] == [
        (
            "samba.penalty.no-partner",
            {
                "side": 1,
                "faults": partner,
                "went_out_after_refusal": faults.went_out_after_refusal,
                "permission_unable": faults.permission_unable,
            },
        )
    ]


@pytest.mark.parametrize("players", [[2, 2], [3, 3], [2, 2, 2]])
def test_a_team_pays_the_faults_of_asking_the_partner(players):
    faults = Penalties(went_out_after_refusal=1, permission_unable=1)
    sides = [SideTally(penalties=faults)] + [SideTally()] * (len(players) - 1)
    assert score_quick(sides, players=players)[0].total == -200


def test_a_player_alone_pays_the_faults_that_need_no_partner():
    faults = Penalties(stock_out_of_turn=1, pile_out_of_turn=1, meld_out_of_turn=1)
    three = [SideTally(penalties=faults), SideTally(), SideTally()]
    assert score_quick(three, players=[1, 1, 1])[0].total == -300


def test_everything_a_player_alone_cannot_do_is_reported_at_once():
    alone = dataclasses.replace(
        WENT_OUT,
        sambas=1,
        clean_canastras=1,  # the concealed premium's canastra
        table_points=85,
        hand_points=5,
        concealed=Concealed(play_with_partner=1),
        penalties=Penalties(permission_unable=1),
    )
    rules = [v.rule for v in raised(score_quick, [alone, SideTally()], players=[1, 1])]
    assert rules == [
        "samba.going-out.cards-left-alone",
        "samba.concealed.no-partner",
        "samba.penalty.no-partner",
    ]


@pytest.mark.parametrize("players", [[1], [1, 1, 1], [0, 1], [1, -1], [1, "2"], [1, True]])
def test_the_players_are_one_whole_count_of_one_or_more_per_side(players):
    with pytest.raises(ValueError, match="players"):
        score_quick([SideTally(), SideTally()], players=players)
    with pytest.raises(ValueError, match="players"):
        score_hand([SideCards(), SideCards()], players=players)


# ---------------------------------------------------------------- quick entry: the three decks


def refusals(*tallies: SideTally) -> list[tuple[str, dict]]:
    return [(v.rule, dict(v.params)) for v in raised(score_quick, list(tallies))]


@pytest.mark.parametrize(
    ("cards", "kind", "points"),
    [
        ("4S 4H 4D 4C 4S 4H 4D", "canastra-clean", 35),  # seven 4s (or 5s, 6s, 7s)
        ("4S 4H 4D 4C 4S 4H 2D", "canastra-dirty", 50),  # six 4s and a 2 (five and two: 65)
        ("4S 5S 6S 7S 8S 9S 10S", "samba", 50),  # the samba of the lowest cards
        ("2S 2H 2D 2C 2S 2H 2D", "wild-canastra", 140),  # seven 2s
    ],
)
def test_the_cheapest_seven_card_combination_of_each_kind(cards, kind, points):
    verdict = meld(cards)
    assert (verdict.valid, verdict.kind, verdict.points) == (True, kind, points)
    assert samba.CHEAPEST_COMBINATIONS[kind] == points


def test_quick_entry_refuses_table_points_below_the_combinations_laid():
    assert refusals(SideTally(clean_canastras=3), SideTally()) == [
        (
            "samba.hand.table-points-too-low",
            {
                "side": 0,
                "table_points": 0,
                "minimum": 105,
                "clean_canastras": 3,
                "dirty_canastras": 0,
                "sambas": 0,
                "wild_canastras": 0,
            },
        )
    ]
    # 35 + 50 + 50 + 140: one of each kind at its cheapest
    at = SideTally(clean_canastras=1, dirty_canastras=1, sambas=1, wild_canastras=1)
    score_quick([SideTally(), dataclasses.replace(at, table_points=275)])
    below = refusals(SideTally(), dataclasses.replace(at, table_points=270))
    assert [(rule, p["side"], p["minimum"]) for rule, p in below] == [
        ("samba.hand.table-points-too-low", 1, 275)
    ]


def test_quick_entry_refuses_more_wilds_than_the_three_decks_hold():
    # page: six jokers and twelve 2s; a canastra de curingas holds seven wilds or more,
    # a dirty canastra one or two
    each_side = SideTally(wild_canastras=2, table_points=280)
    assert refusals(each_side, each_side) == [
        (
            "samba.hand.too-many-wilds",
            {"wilds": 28, "limit": 18, "wild_canastras": 4, "dirty_canastras": 0},
        )
    ]
    at = SideTally(wild_canastras=1, dirty_canastras=2, table_points=240)  # 7 + 2 wilds
    score_quick([at, at])  # 18
    past = dataclasses.replace(at, dirty_canastras=3, table_points=290)
    assert [(rule, p["wilds"]) for rule, p in refusals(at, past)] == [
        ("samba.hand.too-many-wilds", 19)
    ]


def test_quick_entry_refuses_more_sambas_than_there_are_eights():
    # page: every samba holds the 8, 9 and 10 of its suit; three decks hold three 8s a suit
    at = SideTally(sambas=6, table_points=300)
    score_quick([at, at])
    past = SideTally(sambas=7, table_points=350)
    assert refusals(at, past) == [("samba.hand.too-many-sambas", {"sambas": 13, "limit": 12})]
    thirty = {rule for rule, _ in refusals(SideTally(sambas=30, table_points=1500), SideTally())}
    assert thirty == {"samba.hand.too-many-sambas", "samba.hand.too-many-combinations"}


def test_quick_entry_refuses_two_clean_canastras_of_one_rank():
    # eleven natural ranks of twelve cards each: a second clean canastra would need 14
    at = [
        SideTally(clean_canastras=6, table_points=210),
        SideTally(clean_canastras=5, table_points=175),
    ]
    score_quick(at)
    past = dataclasses.replace(at[1], clean_canastras=6, table_points=210)
    assert refusals(at[0], past) == [
        ("samba.hand.too-many-clean-canastras", {"clean_canastras": 12, "limit": 11})
    ]


def test_quick_entry_refuses_more_combinations_than_the_cards_besides_threes_make():
    # 21, and a real hand: twelve sambas 4 to 10; J, Q, K and A each in two dirty
    # canastras of six naturals and a 2; a canastra de curingas of four 2s and three jokers
    sambas = SideTally(sambas=12, table_points=600)
    canastras = SideTally(dirty_canastras=8, wild_canastras=1, table_points=990)
    score_quick([sambas, canastras])
    past = dataclasses.replace(canastras, dirty_canastras=9, table_points=1040)
    assert refusals(sambas, past) == [
        ("samba.hand.too-many-combinations", {"combinations": 22, "limit": 21})
    ]


def test_quick_entry_refuses_more_card_points_than_the_three_decks_hold():
    score_quick([SideTally(table_points=1000), SideTally(hand_points=770)])  # 1,770
    whole_deck = SideTally(table_points=1770)
    assert refusals(whole_deck, whole_deck) == [
        ("samba.hand.too-many-points", {"points": 3540, "limit": 1770})
    ]
    assert refusals(SideTally(table_points=1000), SideTally(hand_points=775)) == [
        ("samba.hand.too-many-points", {"points": 1775, "limit": 1770})
    ]


# ---------------------------------------------------------------- scoring properties

counts = st.integers(0, 8)


@st.composite
def tallies(draw):
    return SideTally(
        clean_canastras=draw(counts),
        dirty_canastras=draw(counts),
        sambas=draw(counts),
        wild_canastras=draw(st.integers(0, 2)),
        red_threes=draw(st.integers(0, 6)),
        table_points=5 * draw(st.integers(0, 400)),
        hand_points=5 * draw(st.integers(0, 100)),
        red_threes_in_hand=draw(st.integers(0, 2)),
        went_out=draw(st.booleans()),
        concealed=Concealed(*(draw(st.integers(0, 2)) for _ in range(4))),
        penalties=Penalties(*(draw(st.integers(0, 3)) for _ in range(6))),
    )


def expected_total(t: SideTally, cumulative: bool) -> int:
    """The page's scoring, written out a second way."""
    canastras = t.clean_canastras + t.dirty_canastras + t.wild_canastras
    red = 1000 if t.red_threes == 6 else 100 * t.red_threes
    if t.clean_canastras + t.dirty_canastras + t.wild_canastras + t.sambas < 2:
        red = -red
    canastrao = 0
    if canastras >= 7:
        canastrao = 2500 if cumulative else 2000
    elif canastras >= 5:
        canastrao = 500
    c_ = t.concealed
    return (
        t.table_points
        + 500 * t.clean_canastras
        + 300 * t.dirty_canastras
        + 1500 * t.sambas
        + 2000 * t.wild_canastras
        + canastrao
        + red
        + 200 * t.went_out
        + 1000 * c_.deal_solo
        + 500 * c_.deal_with_partner
        + 500 * c_.play_solo
        + 200 * c_.play_with_partner
        - t.hand_points
        - 500 * t.red_threes_in_hand
        - 100 * sum(dataclasses.astuple(t.penalties))
    )


@given(tallies(), st.booleans())
def test_a_breakdown_adds_up_to_the_pages_formula(tally, cumulative):
    options = SambaOptions(cumulative_canastra_bonus=cumulative)
    breakdown = score_tally(tally, options)
    assert breakdown.total == expected_total(tally, cumulative)
    assert breakdown.total == sum(line.points for line in breakdown.lines)
    assert {line.rule for line in breakdown.lines} <= set(RULE_IDS)
    assert all(line.count for line in breakdown.lines)


@st.composite
def sides(draw, may_go_out=False):
    melds = draw(
        st.lists(st.one_of(sequences(), spread_groups(), spread_groups(7, 8)), max_size=4)
    )
    combinations = sum(check_meld(m).kind in samba.SEVEN_CARD_KINDS for m in melds)
    return SideCards(
        melds=melds,
        red_threes=draw(st.integers(0, 2)),
        # at most one red three in hand, so that six are never exceeded (2 + 2 + 1 + 1)
        hand=draw(st.lists(st.sampled_from(NOT_RED_THREES), max_size=5))
        + draw(st.lists(st.sampled_from(c("3H 3D")), max_size=1)),
        went_out=may_go_out and combinations >= 2 and draw(st.booleans()),
        penalties=Penalties(meld_out_of_turn=draw(st.integers(0, 1))),
    )


@settings(max_examples=60)
@given(sides(may_go_out=True), sides())
def test_cards_and_counts_give_the_same_breakdowns(a, b):
    try:
        by_cards = score_hand([a, b])
    except RuleError as error:  # only the three-deck limit can bite (same rank in two melds)
        assert set(error.rules) == {"cards.deck.too-many"}
        return
    assert score_quick([tally_from_cards(a), tally_from_cards(b)]) == by_cards


# ---------------------------------------------------------------- opening (saída)


@pytest.mark.parametrize(
    ("running_total", "minimum"),
    [
        *((-2000, 15), (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90)),
        *((3000, 120), (6995, 120), (7000, 150), (12000, 150)),
    ],
)
def test_the_opening_minimum_follows_the_running_total(running_total, minimum):
    assert opening_minimum(running_total) == minimum


def test_the_top_opening_minimum_may_be_160():
    assert opening_minimum(7000, SambaOptions(top_minimum=160)) == 160
    assert opening_minimum(6995, SambaOptions(top_minimum=160)) == 120


@given(st.integers(-10_000, 20_000), st.integers(-10_000, 20_000))
def test_a_higher_running_total_never_needs_a_lower_opening(low, high):
    assume(low <= high)
    assert opening_minimum(low) <= opening_minimum(high)


def test_page_a_clean_canastra_of_kings_cannot_open_at_90():
    verdict = check_opening([c("KH KS KD KC KH KS KD")], running_total=1500)
    assert (verdict.valid, verdict.points, verdict.minimum) == (False, 70, 90)
    assert rules_of(verdict) == ["samba.opening.minimum"]


def test_page_a_clean_canastra_of_aces_opens_at_90():
    verdict = check_opening([c("AH AS AD AC AH AS AD")], running_total=1500)
    assert (verdict.valid, verdict.points, verdict.minimum) == (True, 140, 90)


def test_an_opening_counts_the_pile_top_taken_with_it():
    melds = [c("QS QH QD"), c("8H 9H 10H")]
    assert not check_opening(melds[1:], running_total=0).valid
    verdict = check_opening(melds, running_total=0, pile_top=Card("Q", "D"))
    assert (verdict.valid, verdict.points) == (True, 60)


def test_an_opening_with_the_pile_needs_its_top_card_in_a_meld():
    verdict = check_opening([c("QS QH QD"), c("AS AH AD")], 0, pile_top=Card("K", "D"))
    assert rules_of(verdict) == ["samba.opening.pile-top-not-melded"]


def test_an_opening_with_the_pile_needs_two_naturals_from_hand():
    verdict = check_opening([c("QS QH JK"), c("AS AH AD")], 0, pile_top=Card("Q", "H"))
    assert rules_of(verdict) == ["samba.pile.first-take-two-naturals"]


def test_an_opening_with_a_pile_already_taken_this_hand_needs_no_pair():
    melds = [c("QS QH JK")]
    verdict = check_opening(melds, 0, pile_top=Card("Q", "H"), pile_taken_this_hand=True)
    assert (verdict.valid, verdict.points) == (True, 70)


def test_an_opening_with_a_premiado_pile_needs_two_naturals_from_hand():
    verdict = check_opening(
        [c("QS QH JK")], 0, pile_top=Card("Q", "H"), pile_taken_this_hand=True, pile_frozen=True
    )
    assert rules_of(verdict) == ["samba.pile.premiado-two-naturals"]
    assert verdict.violations[0].params["naturals_in_hand"] == 1


def test_an_opening_never_takes_the_pile_to_start_a_sequence():
    verdict = check_opening([c("AS KS QS"), c("AH AD AC")], 0, pile_top=Card("Q", "S"))
    assert rules_of(verdict) == ["samba.pile.never-start-sequence"]


def test_an_opening_reports_invalid_melds_by_index():
    verdict = check_opening([c("AS AH AD"), c("3S 3C 3S")], 0)
    assert [(v.rule, v.params["meld"]) for v in verdict.violations] == [
        ("samba.meld.black-threes-only-going-out", 1)
    ]
    seen(rules_of(verdict))
    # going out, the black threes are a meld, but two 7-card combinations are missing
    going_out = check_opening([c("AS AH AD"), c("3S 3C 3S")], 0, going_out=True)
    assert rules_of(going_out) == ["samba.going-out.two-combinations"]


# page: black threes are melded only when going out, and going out needs two 7-card
# combinations on the table. An opening is the side's first laying-down: its melds are
# all the side has there.
@pytest.mark.parametrize(
    ("melds", "running_total", "points"),
    [
        pytest.param(["3S 3C 3S", "KH KS KD KC"], 0, 55, id="black-threes-and-four-kings"),
        pytest.param(["3S 3C 3S"], -100, 15, id="black-threes-alone"),
    ],
)
def test_an_opening_that_goes_out_needs_two_seven_card_combinations(melds, running_total, points):
    verdict = check_opening([c(meld) for meld in melds], running_total, going_out=True)
    assert (verdict.valid, verdict.points) == (False, points)
    assert rules_of(verdict) == ["samba.going-out.two-combinations"]
    assert verdict.violations[0].params == {"combinations": 0, "required": 2}


def test_an_opening_may_go_out_with_two_canastras_laid_in_it():
    melds = [c("KH KS KD KC KH KS KD"), c("AH AS AD AC AH AS AD 2C"), c("3S 3C 3S")]
    verdict = check_opening(melds, 0, going_out=True)
    assert (verdict.valid, verdict.points, verdict.violations) == (True, 245, ())
    one = check_opening(melds[1:], 0, going_out=True)
    assert rules_of(one) == ["samba.going-out.two-combinations"]
    assert one.violations[0].params == {"combinations": 1, "required": 2}


# ---------------------------------------------------------------- the discard pile


def take(top: str, hand: str = "", melds=(), **kwargs) -> tuple[bool, str]:
    questions = {"side_has_opened": True, "pile_taken_this_hand": True, "pile_frozen": False}
    questions.update(kwargs)
    verdict = may_take_pile(
        parse_card(top), hand=c(hand), side_melds=[c(m) for m in melds], **questions
    )
    return answer(verdict)


def test_a_wild_on_top_blocks_the_pile():
    assert take("JK", "QS QH") == (False, "samba.pile.blocked-by-wild")
    assert take("2H", "2S 2D") == (False, "samba.pile.blocked-by-wild")


def test_a_black_three_on_top_blocks_the_pile():
    assert take("3C", "3S 3S") == (False, "samba.pile.blocked-by-black-three")


def test_seed_a_player_with_one_card_left_draws_from_the_stock():
    # seed: "só lhe resta uma carta … está bum ou pumba … deve comprar cartas do maço"
    assert take("8S", "KH", ["8D 8C 8S"]) == (False, "samba.pile.pumba")
    assert take("8S", "KH 4C", ["8D 8C 8S"]) == (True, "samba.pile.onto-group")


def test_the_hands_first_take_needs_two_naturals_from_hand():
    assert take("QD", "QS JK", ["QH QC QS"], pile_taken_this_hand=False) == (
        False,
        "samba.pile.first-take-two-naturals",
    )
    assert take("QD", "QS QH", pile_taken_this_hand=False) == (
        True,
        "samba.pile.first-take-two-naturals",
    )


def test_page_once_anyone_has_taken_the_pile_a_sides_own_first_take_needs_no_pair():
    # page: the first take is the hand's, not each side's ("esta condição não vigora
    # depois da primeira compra"); an earlier page made it each side's.
    assert take("QD", "QS JK", ["QH QC QS"], pile_taken_this_hand=True) == (
        True,
        "samba.pile.onto-group",
    )
    assert take("9D", "9S JK", pile_taken_this_hand=True) == (True, "samba.pile.with-hand-cards")


@pytest.mark.parametrize(
    ("top", "hand", "pile_taken_this_hand", "running_total", "minimum"),
    [
        pytest.param("QD", "QS QH", False, 1500, 90, id="the-hands-first-take"),
        pytest.param("9D", "9S JK 4C", True, 3000, 120, id="a-pile-already-taken"),
    ],
)
def test_a_side_yet_to_open_takes_the_pile_only_opening_in_the_same_play(
    top, hand, pile_taken_this_hand, running_total, minimum
):
    verdict = may_take_pile(
        parse_card(top),
        hand=c(hand),
        side_has_opened=False,
        pile_taken_this_hand=pile_taken_this_hand,
        pile_frozen=False,
        running_total=running_total,
    )
    assert answer(verdict) == (True, "samba.pile.open-same-play")
    assert verdict.params["minimum"] == minimum


def test_the_older_first_take_keyword_still_means_the_hands_first_take():
    old = {"pile_taken_this_hand": None}
    assert take("QD", "QS JK", ["QH QC QS"], first_take_this_hand=True, **old) == (
        False,
        "samba.pile.first-take-two-naturals",
    )
    assert take("QD", "QS JK", ["QH QC QS"], first_take_this_hand=False, **old) == (
        True,
        "samba.pile.onto-group",
    )
    with pytest.raises(TypeError):
        take("QD", "QS QH", first_take_this_hand=True, pile_taken_this_hand=True)
    with pytest.raises(TypeError):
        take("QD", "QS QH", pile_taken_this_hand=None)


def test_a_premiado_pile_needs_two_naturals_even_onto_a_canastra():
    assert take("QD", "QS 2C", ["QH QC QS QS QH QC QD"], pile_frozen=True) == (
        False,
        "samba.pile.premiado-two-naturals",
    )
    assert take("QD", "QS QC", pile_frozen=True) == (True, "samba.pile.premiado-two-naturals")


def test_after_the_first_take_the_top_may_go_onto_a_group_or_canastra():
    assert take("9D", "", ["9H 9C JK"]) == (True, "samba.pile.onto-group")


def test_the_top_may_extend_a_sequence_already_laid():
    assert take("JH", "", ["8H 9H 10H"]) == (True, "samba.pile.onto-sequence")
    assert take("7H", "", ["8H 9H 10H"]) == (True, "samba.pile.onto-sequence")


def test_the_top_may_not_go_onto_a_closed_samba():
    assert take("JH", "", ["4H 5H 6H 7H 8H 9H 10H"]) == (False, "samba.pile.no-combination")


def test_after_the_first_take_a_natural_and_a_wild_from_hand_will_do():
    assert take("9D", "9S JK") == (True, "samba.pile.with-hand-cards")


def test_the_pile_is_never_taken_to_start_a_sequence():
    assert take("9D", "10D JD") == (False, "samba.pile.never-start-sequence")
    # not even by a side yet to open, whose melds would open with it
    assert take("9D", "10D JD", side_has_opened=False) == (
        False,
        "samba.pile.never-start-sequence",
    )


def test_the_pile_is_never_taken_with_two_wilds():
    assert take("9D", "JK 2S") == (False, "samba.pile.never-two-wilds")


def test_the_pile_is_refused_when_nothing_combines():
    assert take("9D", "KS 4H") == (False, "samba.pile.no-combination")


def test_a_pile_question_refuses_invalid_side_melds():
    assert raised(take, "9D", "", ["9H 9C 9D 2S JK"])[0].params["meld"] == 0


# ---------------------------------------------------------------- going out


def test_a_side_may_go_out_with_two_seven_card_combinations():
    verdict = may_go_out([c("4S 5S 6S 7S 8S 9S 10S"), c("KH KS KD KC KH KS KD")])
    assert answer(verdict) == (True, "samba.going-out.two-combinations")


def test_a_side_may_not_go_out_with_one_combination():
    verdict = may_go_out([c("4S 5S 6S 7S 8S 9S 10S"), c("KH KS KD"), c("3S 3C 3S")])
    assert answer(verdict) == (False, "samba.going-out.two-combinations")
    assert verdict.params["combinations"] == 1


def test_going_out_may_be_asked_with_a_count():
    assert may_go_out(2).allowed
    assert not may_go_out(0).allowed
    assert raised(may_go_out, -1)[0].rule == "samba.hand.invalid-entry"
    assert raised(may_go_out, True)[0].rule == "samba.hand.invalid-entry"


# ---------------------------------------------------------------- game end


def test_nobody_wins_before_passing_the_target():
    assert winner([10_000, 9_995]) is None


def test_a_side_that_passes_the_target_wins():
    assert winner([8_000, 10_005]) == 1


def test_when_several_pass_the_highest_wins():
    assert winner([10_500, 11_000, 10_200]) == 1


def test_an_exact_tie_at_the_top_plays_another_hand():
    assert winner([11_000, 11_000, 10_500]) is None


def test_another_target_may_be_set():
    assert winner([5_005, 3_000], SambaOptions(target=5_000)) == 0


@given(st.lists(st.integers(-5_000, 20_000), min_size=2, max_size=3))
def test_a_winner_has_passed_the_target_and_leads_alone(totals):
    found = winner(totals)
    if found is not None:
        assert totals[found] > 10_000
        assert all(t < totals[found] for i, t in enumerate(totals) if i != found)


def test_the_standing_names_the_sides_tied_at_the_top_above_the_target():
    assert samba.standing([11_000, 11_000, 10_500]) == samba.Standing(None, (0, 1))
    assert samba.standing([10_500, 11_000, 11_000]).tied == (1, 2)
    assert samba.standing([11_000, 10_500]) == samba.Standing(0)


def test_a_tie_below_the_target_is_no_tie_at_the_top():
    assert samba.standing([9_000, 9_000]) == samba.Standing(None)
    assert samba.standing([9_000, 9_000, 10_005]) == samba.Standing(2)
    assert samba.standing([5_005, 5_005], SambaOptions(target=5_000)).tied == (0, 1)


@given(st.lists(st.integers(9_000, 11_000).map(lambda n: n - n % 500), min_size=2, max_size=3))
def test_the_standing_has_a_winner_or_a_tie_or_nobody_past_the_target(totals):
    found = samba.standing(totals)
    assert found.winner == winner(totals)
    assert not (found.winner is not None and found.tied)
    passed = [total for total in totals if total > 10_000]
    if passed and found.winner is None:
        assert len(found.tied) > 1
        assert {totals[i] for i in found.tied} == {max(totals)}
    if not passed:
        assert found == samba.Standing(None)


# ---------------------------------------------------------------- deck facts


def test_the_counts_a_hand_can_hold_come_from_the_three_decks():
    deck = DECKS["samba"].cards()
    assert len(deck) == 162
    assert samba.RED_THREES_IN_GAME == 6
    assert samba.WILDS_IN_GAME == 18  # 6 jokers, 12 twos
    assert samba.MOST_WILD_CANASTRAS == 2  # 18 wilds make two canastras de curingas
    assert samba.MOST_COMBINATIONS == 21  # (162 - 12 threes) // 7
    assert samba.MOST_SAMBAS == 12  # one for each 8
    assert samba.MOST_CLEAN_CANASTRAS == 11  # one for each natural rank
    assert samba.MOST_CARD_POINTS == 1_770 == sum(card_points(card) for card in deck)
    assert samba.CARD_POINTS_STEP == 5
    assert all(card_points(card) % samba.CARD_POINTS_STEP == 0 for card in deck)


# ---------------------------------------------------------------- deck limits in every answer


def deck_refusals(violations, card: Card) -> list[Violation]:
    return [
        v for v in violations if v.rule == "cards.deck.too-many" and v.params["card"] == str(card)
    ]


def test_seven_eights_of_hearts_are_no_clean_canastra():
    verdict = meld("8H 8H 8H 8H 8H 8H 8H")
    assert not verdict.valid
    (refusal,) = deck_refusals(verdict.violations, Card("8", "H"))
    assert refusal.params == {"card": "8H", "count": 7, "limit": 3, "deck": "samba"}


def test_seven_jokers_are_no_canastra_de_curingas():
    verdict = meld("JK JK JK JK JK JK JK")
    assert not verdict.valid
    assert deck_refusals(verdict.violations, JOKER)[0].params["limit"] == 6
    assert meld("JK JK JK JK JK JK 2H").valid  # six jokers are all three decks hold


def test_going_out_is_refused_with_a_king_of_hearts_four_times():
    melds = [c("KH KS KD KC KH KS KD"), c("KH KH 2C")]
    assert deck_refusals(raised(may_go_out, melds), Card("K", "H"))


def test_the_pile_is_refused_with_a_queen_of_spades_four_times():
    violations = raised(take, "QS", "QS QS", ["QS QH JK"])
    assert deck_refusals(violations, Card("Q", "S"))


def test_an_opening_and_a_tally_are_refused_beyond_the_deck():
    verdict = check_opening([c("AH AH AH AH")], 0)
    assert not verdict.valid and deck_refusals(verdict.violations, Card("A", "H"))
    side = SideCards(melds=[c("9C 9C 9C")], hand=c("9C"))
    assert deck_refusals(raised(tally_from_cards, side), Card("9", "C"))


SAMBA_CARDS = sorted(DECKS["samba"].limits)


@st.composite
def over_the_deck(draw):
    """Cards that use one card more often than the three decks hold, shuffled, and that
    card."""
    card = draw(st.sampled_from(SAMBA_CARDS))
    extra = draw(st.integers(1, 3))
    others = draw(st.lists(st.sampled_from(SAMBA_CARDS), max_size=8))
    return draw(st.permutations([card] * (DECKS["samba"].holds(card) + extra) + others)), card


def _answer(call, *args, **kwargs) -> list[Violation]:
    """The violations of a refusal, whether the answer raises or returns a verdict."""
    try:
        result = call(*args, **kwargs)
    except RuleError as error:
        return list(error.violations)
    assert not result.valid
    return list(result.violations)


def _pile(cards):
    return _answer(
        may_take_pile,
        cards[0],
        hand=cards[1::2],
        side_melds=[cards[2::2]],
        side_has_opened=True,
        pile_taken_this_hand=True,
        pile_frozen=False,
    )


SAMBA_QUESTIONS = {
    "meld": lambda cards: _answer(check_meld, cards),
    "meld going out": lambda cards: _answer(check_meld, cards, going_out=True),
    "opening": lambda cards: _answer(check_opening, [cards[::2], cards[1::2]], 0),
    "pile": _pile,
    "going out": lambda cards: _answer(may_go_out, [cards[::2], cards[1::2]]),
    "hand score": lambda cards: _answer(
        score_hand, [SideCards(melds=[cards[::2]], hand=cards[1::2]), SideCards()]
    ),
    "hand score across sides": lambda cards: _answer(
        score_hand, [SideCards(melds=[cards[::2]]), SideCards(hand=cards[1::2])]
    ),
    "tally": lambda cards: _answer(
        tally_from_cards, SideCards(melds=[cards[::2]], hand=cards[1::2])
    ),
}


@pytest.mark.parametrize("question", SAMBA_QUESTIONS)
@settings(max_examples=40)
@given(over_the_deck())
def test_every_question_refuses_cards_beyond_the_three_decks(question, drawn):
    cards, card = drawn
    violations = SAMBA_QUESTIONS[question](list(cards))
    seen(v.rule for v in violations)
    assert deck_refusals(violations, card)


# ---------------------------------------------------------------- options


def test_options_default_to_the_page():
    assert SambaOptions().as_dict() == {
        "target": 10_000,
        "top_minimum": 150,
        "cumulative_canastra_bonus": False,
    }


def test_options_round_trip_through_a_dict():
    options = SambaOptions(target=5_000, top_minimum=160, cumulative_canastra_bonus=True)
    assert SambaOptions.from_dict(options.as_dict()) == options


@pytest.mark.parametrize(
    ("data", "option"),
    [
        ({"target": 0}, "target"),
        ({"target": "10000"}, "target"),
        ({"top_minimum": 155}, "top_minimum"),
        ({"cumulative_canastra_bonus": "yes"}, "cumulative_canastra_bonus"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_options_refuse_bad_values_and_unknown_names(data, option):
    violations = raised(SambaOptions.from_dict, data)
    assert [(v.rule, v.params["option"]) for v in violations] == [
        ("samba.options.invalid", option)
    ]


# ---------------------------------------------------------------- rule ids


def test_the_corrected_pages_rule_is_not_listed():
    assert "samba.concealed.needs-going-out" not in RULE_IDS


def test_seeing_an_unlisted_rule_id_fails():
    with pytest.raises(AssertionError):
        seen(["samba.meld.made-up"])
