"""Canastra (AACRT 2016): melds, hand scores in both entry modes, the buraco rule, the
discard pile, going out, the first draw and the match end.

Every worked example of shared/games/canastra.md is a test here (marked "page:").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations_with_replacement, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import canastra
from referee.canastra import (
    RULE_IDS,
    CanastraOptions,
    PairCards,
    PairTally,
    arrange,
    card_points,
    check_meld,
    check_opening,
    may_go_out,
    may_go_out_counted,
    may_next_player_take_pile,
    may_refuse_first_card,
    may_take_pile,
    opening_requirement,
    read_pairs,
    read_tallies,
    score_hand,
    score_quick,
    score_tallies,
    standing,
    tally_from_cards,
    winner,
)
from referee.cards import DECKS, JOKER, RANKS, SUITS, Card, parse_card, parse_cards
from referee.rulings import RuleError
from tests.referee.rulewatch import RuleWatch

DECK = DECKS["canastra"]
CLASSIC = CanastraOptions(hand_to_opponents=False)


# Each rule id a test meets is checked against RULE_IDS as it is seen.
seen, rules_of, raised, lines, answer = RuleWatch(RULE_IDS).helpers()


def c(text: str) -> list[Card]:
    return parse_cards(text)


def meld(text: str) -> canastra.MeldVerdict:
    verdict = check_meld(c(text))
    seen(v.rule for v in verdict.violations)
    return verdict


def pair(melds=(), hand="", *, took_morto=False, went_out=False) -> PairCards:
    return PairCards(
        melds=[c(m) for m in melds], hand=c(hand), took_morto=took_morto, went_out=went_out
    )


def played(arrangement: canastra.Arrangement) -> list[tuple[str, str, bool]]:
    return [(str(slot.card), slot.rank, slot.wild) for slot in arrangement.slots]


# ---------------------------------------------------------------- card points


# The page's table, row by row: the cards of a row, and what each of them is worth.
PAGE_CARD_POINTS = {"JK": 50, "2C 2H": 20, "AS": 15, "KS QD JC 10H 9S 8D": 10, "7C 6H 5S 4D 3H": 5}


@pytest.mark.parametrize(
    ("card", "points"),
    [(card, points) for cards, points in PAGE_CARD_POINTS.items() for card in cards.split()],
)
def test_card_points_follow_the_page_table(card, points):
    assert card_points(parse_card(card)) == points


def test_the_two_decks_hold_1160_card_points_and_twelve_wilds():
    assert (canastra.MOST_CARD_POINTS, canastra.WILDS_IN_GAME) == (1_160, 12)
    assert canastra.MOST_CANASTRAS == 15
    assert len(DECK) == 108


def test_the_two_decks_make_twelve_clean_canastras_three_of_each_suit():
    # Two 52-card decks and four jokers: 26 cards of each suit, 2s included.
    assert Counter(card.suit for card in DECK.cards() if not card.is_joker) == dict.fromkeys(
        SUITS, 26
    )
    assert (canastra.CLEAN_CANASTRAS_OF_A_SUIT, canastra.MOST_CLEAN_CANASTRAS) == (3, 12)


# Three clean canastras of one suit, as cheap as three can be (the 2 natural in the first).
CHEAPEST_THREE_CLEAN = (
    "A{s} 2{s} 3{s} 4{s} 5{s} 6{s} 7{s}",
    "3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s}",
    "8{s} 9{s} 10{s} J{s} Q{s} K{s} A{s}",
)


# ---------------------------------------------------------------- melds: page examples


def test_page_a_natural_2_in_its_place_makes_2h_3h_4h_clean():
    verdict = meld("2H 3H 4H")
    assert (verdict.valid, verdict.kind, verdict.points) == (True, "meld", 30)
    assert verdict.arrangement.clean and verdict.wild is None
    assert played(verdict.arrangement) == [
        ("2H", "2", False),
        ("3H", "3", False),
        ("4H", "4", False),
    ]


def test_page_2h_4h_5h_is_a_dirty_run_with_the_2h_standing_for_the_3h():
    verdict = meld("2H 4H 5H")
    assert (verdict.valid, verdict.kind) == (True, "meld")
    assert (str(verdict.wild.card), verdict.wild.rank) == ("2H", "3")


def test_page_2h_2s_3h_4h_is_valid_with_the_2h_natural_and_the_2s_wild():
    verdict = meld("2S 3H 2H 4H")
    assert verdict.valid
    natural = [str(s.card) for s in verdict.arrangement.slots if not s.wild]
    assert natural == ["2H", "3H", "4H"]
    assert str(verdict.wild.card) == "2S"


def test_page_2s_2c_5h_6h_is_invalid_two_wilds():
    verdict = meld("2S 2C 5H 6H")
    assert not verdict.valid
    assert rules_of(verdict) == ["canastra.meld.two-wilds"]
    assert dict(verdict.violations[0].params) == {"wilds": 2, "maximum": 1}


# ---------------------------------------------------------------- melds: runs


def test_the_ace_stands_below_the_2():
    assert meld("AS 2S 3S").valid
    assert meld("AS 3S 4S").valid is False


def test_the_ace_stands_above_the_king():
    verdict = meld("QS KS AS")
    assert verdict.valid and played(verdict.arrangement)[-1] == ("AS", "A", False)


def test_a_run_never_turns_the_corner():
    verdict = meld("KH AH 2H 3H")
    assert rules_of(verdict) == ["canastra.meld.no-wrap"]
    assert dict(verdict.violations[0].params) == {"suit": "H"}


def test_k_a_2_is_a_run_only_with_the_2_as_a_wild_for_the_queen():
    verdict = meld("KH AH 2H")
    assert verdict.valid
    assert (str(verdict.wild.card), verdict.wild.rank) == ("2H", "Q")


def test_ruling_a_run_may_hold_an_ace_at_each_end():
    verdict = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert (verdict.valid, verdict.kind, verdict.points) == (True, "canastra-clean", 135)
    assert [s.place for s in verdict.arrangement.slots] == list(range(1, 15))


def test_two_aces_of_a_suit_need_the_whole_run():
    assert rules_of(meld("AH 2H 3H AH")) == ["canastra.meld.consecutive"]


def test_no_run_is_longer_than_ace_to_ace():
    verdict = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK")
    assert rules_of(verdict) == ["canastra.meld.too-long"]
    assert dict(verdict.violations[0].params) == {"cards": 15, "maximum": 14}


def test_a_meld_has_three_cards():
    verdict = meld("5H 6H")
    assert rules_of(verdict) == ["canastra.meld.too-few-cards"]
    assert dict(verdict.violations[0].params) == {"cards": 2, "minimum": 3}
    assert rules_of(meld("")) == ["canastra.meld.too-few-cards"]


def test_groups_of_one_rank_are_not_melds_in_canastra():
    verdict = meld("7H 7S 7D")
    assert rules_of(verdict) == ["canastra.meld.one-suit"]
    assert dict(verdict.violations[0].params) == {"suits": ["S", "H", "D"]}


def test_a_gap_needs_the_wild_and_only_one_gap_can_be_filled():
    assert meld("5H JK 7H").valid
    assert meld("5H 7H 9H JK").valid is False
    verdict = meld("5H 8H 9H")
    assert rules_of(verdict) == ["canastra.meld.consecutive"]
    assert dict(verdict.violations[0].params) == {"suit": "H", "ranks": ["5", "8", "9"]}


def test_a_rank_twice_is_no_run():
    assert rules_of(meld("5H 5H 6H 7H")) == ["canastra.meld.consecutive"]


def test_at_most_one_wild_even_with_two_jokers():
    assert rules_of(meld("5H 6H JK JK")) == ["canastra.meld.two-wilds"]
    assert rules_of(meld("JK JK JK")) == ["canastra.meld.two-wilds"]
    assert rules_of(meld("2S 2C 2D")) == ["canastra.meld.two-wilds"]


def test_a_joker_is_never_a_natural_card():
    verdict = meld("JK 3H 4H")
    assert verdict.valid and verdict.wild.card == JOKER
    assert rules_of(meld("JK 2S 3H 4H")) == ["canastra.meld.two-wilds"]


def test_a_natural_2_lets_the_meld_hold_one_more_wild():
    verdict = meld("2H JK 3H 4H")
    assert verdict.valid and verdict.wild.card == JOKER


def test_of_two_equal_2s_only_one_stands_in_its_place():
    verdict = meld("2H 2H 3H")
    assert verdict.valid
    assert [s.wild for s in verdict.arrangement.slots if s.card.rank == "2"] == [True, False]
    assert rules_of(meld("2H 2H 2H 3H")) == ["canastra.meld.two-wilds"]


def test_a_2_of_the_suit_out_of_its_place_is_a_wild():
    verdict = meld("2H 5H 6H")
    assert verdict.valid and verdict.wild.rank == "4"


def test_a_wild_at_one_end_stands_below_the_lowest_natural_when_there_is_room():
    assert meld("QH KH JK").wild.rank == "J"
    assert meld("AH 2H JK").wild.rank == "3"  # nothing below the low ace


def test_seven_cards_make_a_clean_canastra():
    verdict = meld("3H 4H 5H 6H 7H 8H 9H")
    assert (verdict.valid, verdict.kind, verdict.is_canastra) == (True, "canastra-clean", True)


def test_seven_cards_with_a_wild_make_a_dirty_canastra():
    verdict = meld("5C 6C JK 8C 9C 10C JC")
    assert (verdict.valid, verdict.kind, verdict.points) == (True, "canastra-dirty", 100)


def test_a_canastra_becomes_clean_when_its_2_stands_in_its_place():
    # As 3H…8H with the 2H for the 9H it would be dirty; read as A-less 2…8 it is clean.
    assert meld("3H 4H 5H 6H 7H 8H 2H").kind == "canastra-clean"
    assert meld("3H 4H 5H 6H 7H 8H 2S").kind == "canastra-dirty"


def test_an_invalid_meld_is_no_canastra_and_still_counts_its_points():
    verdict = meld("3H 4H 5H 6H 7H 8H 10S")
    assert (verdict.valid, verdict.kind, verdict.points) == (False, "meld", 45)
    assert verdict.arrangement is None and verdict.wild is None


def test_the_meld_check_answers_in_the_api_shape():
    assert meld("2S 2C 5H 6H").as_dict() == {
        "valid": False,
        "kind": "meld",
        "points": 50,
        "violations": [{"rule": "canastra.meld.two-wilds", "params": {"wilds": 2, "maximum": 1}}],
    }
    assert meld("QS KS AS").as_dict() == {
        "valid": True,
        "kind": "meld",
        "points": 35,
        "violations": [],
    }


def test_arrange_refuses_what_check_meld_refuses():
    assert arrange(c("2S 2C 5H 6H")) is None
    assert arrange(c("5H 6H")) is None
    assert arrange(c("5H 6H 7H")).suit == "H"


# ---------------------------------------------------------------- the page's worked example

PAGE_A = pair(["3H 4H 5H 6H 7H 8H 9H", "QS KS AS"], hand="7D 8D", took_morto=True, went_out=True)
PAGE_B = pair(["5C 6C JK 8C 9C 10C JC", "2D 3D 4D"], hand="KH AS 2C", took_morto=True)


# The page's breakdown of its worked example (the ledger's hand entry scores it too).
PAGE_A_LINES = {
    "canastra.score.meld-cards": 80,
    "canastra.bonus.clean-canastra": 200,
    "canastra.bonus.morto": 100,
    "canastra.bonus.final-going-out": 100,
    "canastra.score.opponents-hand-cards": 45,
}
PAGE_B_LINES = {
    "canastra.score.meld-cards": 130,
    "canastra.bonus.dirty-canastra": 100,
    "canastra.bonus.morto": 100,
    "canastra.score.opponents-hand-cards": 15,
}


def test_page_worked_example_a_scores_525_and_b_345():
    a, b = score_hand([PAGE_A, PAGE_B])
    assert (a.total, b.total) == (525, 345)
    assert lines(a) == PAGE_A_LINES
    assert lines(b) == PAGE_B_LINES


def test_page_worked_example_with_the_classic_option_scores_465_and_285():
    a, b = score_hand([PAGE_A, PAGE_B], CLASSIC)
    assert (a.total, b.total) == (465, 285)
    assert lines(a)["canastra.score.own-hand-cards"] == -15
    assert lines(b)["canastra.score.own-hand-cards"] == -45
    assert "canastra.score.opponents-hand-cards" not in lines(a) | lines(b)


def test_page_worked_example_as_quick_counts_gives_the_same_breakdowns():
    quick = [
        PairTally(1, 0, 80, 15, took_morto=True, went_out=True),
        PairTally(0, 1, 130, 45, took_morto=True),
    ]
    for options in (CanastraOptions(), CLASSIC):
        assert score_quick(quick, options) == score_hand([PAGE_A, PAGE_B], options)
    assert [tally_from_cards(p) for p in (PAGE_A, PAGE_B)] == quick


def test_a_breakdown_line_says_how_many_and_how_much_each():
    a, _ = score_hand([PAGE_A, PAGE_B])
    bonus = next(line for line in a.lines if line.rule == "canastra.bonus.clean-canastra")
    assert (bonus.count, bonus.points, dict(bonus.params)) == (1, 200, {"each": 200})


# ---------------------------------------------------------------- scoring rules


def test_the_untaken_morto_costs_nothing_by_default_and_100_as_an_option():
    pairs = [pair(["3H 4H 5H"]), pair(["3S 4S 5S"])]
    assert [b.total for b in score_hand(pairs)] == [15, 15]
    options = CanastraOptions(untaken_morto_penalty=True)
    first, second = score_hand(pairs, options)
    assert lines(first)["canastra.penalty.untaken-morto"] == -100
    assert (first.total, second.total) == (-85, -85)


def test_the_untaken_morto_penalty_spares_the_pair_that_took_it():
    pairs = [PAGE_A, pair(["3S 4S 5S"])]
    a, b = score_hand(pairs, CanastraOptions(untaken_morto_penalty=True))
    assert "canastra.penalty.untaken-morto" not in lines(a)
    assert lines(b)["canastra.penalty.untaken-morto"] == -100


def test_a_pair_scores_its_melds_even_when_it_did_not_go_out():
    _, b = score_hand([PAGE_A, PAGE_B])
    assert lines(b)["canastra.score.meld-cards"] == 130


def test_several_canastras_are_one_line_each_kind():
    melds = ["3H 4H 5H 6H 7H 8H 9H", "3S 4S 5S 6S 7S 8S 9S", "3D 4D JK 6D 7D 8D 9D"]
    a, _ = score_hand([pair(melds, took_morto=True), pair()])
    assert lines(a)["canastra.bonus.clean-canastra"] == 400
    assert lines(a)["canastra.bonus.dirty-canastra"] == 100
    assert a.total == 45 + 45 + 90 + 400 + 100 + 100


def test_empty_hands_leave_out_the_hand_line():
    a, b = score_hand([pair(["3H 4H 5H"]), pair()])
    assert set(lines(a)) == {"canastra.score.meld-cards"}
    assert lines(b) == {"canastra.score.meld-cards": 0}


# ---------------------------------------------------------------- refusing a hand


def test_an_invalid_meld_is_refused_with_its_pair_and_meld():
    violations = raised(score_hand, [pair(["3H 4H 5H"]), pair(["3S 4S 5S", "2S 2C 5H 6H"])])
    assert [(v.rule, v.params["pair"], v.params["meld"]) for v in violations] == [
        ("canastra.meld.two-wilds", 1, 1)
    ]


def test_the_deck_limit_holds_across_both_pairs_and_hands():
    pairs = [pair(["5C 6C JK", "JK 8H 9H"], hand="JK"), pair(["JK 3D 4D"], hand="JK")]
    violations = raised(score_hand, pairs)
    assert [(v.rule, dict(v.params)) for v in violations] == [
        ("cards.deck.too-many", {"card": "JK", "count": 5, "limit": 4, "deck": "canastra"})
    ]


def test_two_copies_of_a_card_are_within_the_deck():
    pairs = [pair(["5C 6C 7C"], hand="5C"), pair(["3D 4D 5D"])]
    assert [b.total for b in score_hand(pairs)] == [15, 15 + 5]


def test_taking_the_morto_needs_a_canastra():
    violations = raised(score_hand, [pair(["3H 4H 5H"], took_morto=True), pair()])
    assert [(v.rule, dict(v.params)) for v in violations] == [
        ("canastra.morto.needs-canastra", {"pair": 0, "canastras": 0, "required": 1})
    ]


def test_a_dirty_canastra_is_enough_to_take_the_morto():
    melds = ["5C 6C JK 8C 9C 10C JC"]
    assert score_hand([pair(melds, took_morto=True), pair()])[0].total == 300


def test_the_final_going_out_needs_a_clean_canastra():
    melds = ["5C 6C JK 8C 9C 10C JC"]
    violations = raised(score_hand, [pair(), pair(melds, took_morto=True, went_out=True)])
    assert [(v.rule, dict(v.params)) for v in violations] == [
        (
            "canastra.going-out.needs-clean-canastra",
            {"pair": 1, "clean_canastras": 0, "required": 1},
        )
    ]


def test_only_one_pair_goes_out():
    clean = ["3H 4H 5H 6H 7H 8H 9H"]
    pairs = [pair(clean, took_morto=True, went_out=True), pair(clean, went_out=True)]
    violations = raised(score_hand, pairs)
    assert [(v.rule, dict(v.params)) for v in violations] == [
        ("canastra.going-out.one-pair", {"pairs": [0, 1]})
    ]


def test_ruling_a_pair_whose_morto_became_the_stock_ends_the_hand_by_going_out():
    clean = ["3H 4H 5H 6H 7H 8H 9H"]
    a, _ = score_hand([pair(clean, went_out=True), pair()])
    assert lines(a) == {
        "canastra.score.meld-cards": 45,
        "canastra.bonus.clean-canastra": 200,
        "canastra.bonus.final-going-out": 100,
    }


def test_a_hand_has_two_pairs():
    violations = raised(score_hand, [pair()])
    assert [(v.rule, dict(v.params)) for v in violations] == [
        ("canastra.hand.pairs", {"pairs": 1, "required": 2})
    ]
    assert raised(score_quick, [PairTally()] * 3)[0].rule == "canastra.hand.pairs"


def test_every_fault_is_reported_at_once():
    pairs = [
        pair(["3H 4H", "5S 6S 7S"], took_morto=True, went_out=True),
        pair(["JK JK 3D", "JK JK 9D 10D"], hand="JK", went_out=True),
    ]
    rules = [v.rule for v in raised(score_hand, pairs)]
    assert rules == [
        "canastra.meld.too-few-cards",
        "canastra.meld.two-wilds",
        "canastra.meld.two-wilds",
        "cards.deck.too-many",
        "canastra.going-out.needs-clean-canastra",
        "canastra.going-out.needs-clean-canastra",
        "canastra.going-out.one-pair",
    ]


# ---------------------------------------------------------------- quick entry


def test_quick_entry_refuses_what_is_not_a_count_or_a_yes_no():
    tallies = [PairTally(clean_canastras=-1, meld_points=True), PairTally(went_out="yes")]
    violations = raised(score_quick, tallies)
    assert [(v.rule, v.params["pair"], v.params["field"]) for v in violations] == [
        ("canastra.entry.invalid", 0, "clean_canastras"),
        ("canastra.entry.invalid", 0, "meld_points"),
        ("canastra.entry.invalid", 1, "went_out"),
    ]


def test_quick_entry_points_go_by_fives():
    violations = raised(score_quick, [PairTally(meld_points=42), PairTally(hand_points=3)])
    assert [(v.rule, dict(v.params)) for v in violations] == [
        ("canastra.entry.not-multiple-of-five", {"pair": 0, "field": "meld_points", "value": 42}),
        ("canastra.entry.not-multiple-of-five", {"pair": 1, "field": "hand_points", "value": 3}),
    ]


def test_quick_entry_canastras_need_their_card_points():
    violations = raised(
        score_quick, [PairTally(clean_canastras=1, dirty_canastras=1, meld_points=95), PairTally()]
    )
    assert [(v.rule, dict(v.params)) for v in violations] == [
        (
            "canastra.hand.meld-points-too-low",
            {
                "pair": 0,
                "meld_points": 95,
                "minimum": 100,
                "clean_canastras": 1,
                "dirty_canastras": 1,
            },
        )
    ]
    # the cheapest of each kind are real melds
    assert meld("3H 4H 5H 6H 7H 8H 9H").points == canastra.CHEAPEST_CLEAN_CANASTRA
    assert meld("3H 4H 5H 6H 7H 8H 2S").points == canastra.CHEAPEST_DIRTY_CANASTRA


def test_quick_entry_clean_canastras_beyond_eight_cost_90_each():
    # Only eight 3-to-9 runs exist (two of each suit): the ninth clean canastra costs 90.
    assert [canastra.cheapest_clean_canastras(n) for n in (1, 8, 9, 12)] == [45, 360, 450, 720]
    violations = raised(score_quick, [PairTally(clean_canastras=9, meld_points=445), PairTally()])
    assert [(v.rule, v.params["minimum"]) for v in violations] == [
        ("canastra.hand.meld-points-too-low", 450)
    ]
    # clean and dirty canastras share no card: their cheapest sums add up
    violations = raised(
        score_quick,
        [PairTally(clean_canastras=9, dirty_canastras=1, meld_points=500), PairTally()],
    )
    assert [(v.rule, v.params["minimum"]) for v in violations] == [
        ("canastra.hand.meld-points-too-low", 505)
    ]
    score_quick([PairTally(clean_canastras=9, meld_points=450), PairTally()])


def test_quick_entry_both_pairs_share_the_eight_cheap_clean_canastras():
    # Six clean canastras each pass each pair's own check (270), but twelve clean
    # canastras are three of every suit: 720 at least between the pairs.
    six = PairTally(clean_canastras=6, meld_points=270)
    violations = raised(score_quick, [six, six])
    assert [(v.rule, dict(v.params)) for v in violations] == [
        (
            "canastra.hand.meld-points-too-low-together",
            {"meld_points": 540, "minimum": 720, "clean_canastras": 12, "dirty_canastras": 0},
        )
    ]
    # dirty canastras add their 55 each to the shared bound
    violations = raised(
        score_quick, [six, PairTally(clean_canastras=3, dirty_canastras=2, meld_points=245)]
    )
    assert [(v.rule, v.params["minimum"]) for v in violations] == [
        ("canastra.hand.meld-points-too-low-together", 8 * 45 + 90 + 2 * 55)
    ]
    # what the cards allow passes: 720 split as the pairs please
    score_quick([PairTally(clean_canastras=6, meld_points=450), six])
    # a pair short on its own is told so once, for its own pair
    violations = raised(score_quick, [PairTally(clean_canastras=6, meld_points=265), six])
    assert [v.rule for v in violations] == ["canastra.hand.meld-points-too-low"]


def test_a_player_alone_goes_out_with_no_card_left():
    # canastra.ruling.two-players: each player is a side; going out empties the hand.
    out = pair(["3H 4H 5H 6H 7H 8H 9H"], hand="KS KD AS", took_morto=True, went_out=True)
    violations = raised(score_hand, [out, pair(hand="5C")], players=[1, 1])
    assert [(v.rule, dict(v.params)) for v in violations] == [
        ("canastra.going-out.cards-left-alone", {"pair": 0, "hand_points": 35})
    ]
    tally = PairTally(clean_canastras=1, meld_points=45, hand_points=60, went_out=True)
    assert [v.rule for v in raised(score_quick, [tally, PairTally()], players=[1, 1])] == [
        "canastra.going-out.cards-left-alone"
    ]
    # A pair that went out still holds the partner's cards; an unknown table is not judged.
    assert score_hand([out, pair(hand="5C")], players=[2, 2])[1].total == 35  # A's hand
    assert score_quick([tally, PairTally()])[1].total == 60
    # The player who did not go out keeps their cards, alone or not.
    empty = pair(["3H 4H 5H 6H 7H 8H 9H"], took_morto=True, went_out=True)
    assert score_hand([empty, pair(hand="5C")], players=[1, 1])[0].total > 0
    with pytest.raises(ValueError, match="players"):
        score_quick([tally, PairTally()], players=[1])


def test_the_cheapest_three_clean_canastras_of_a_suit_are_worth_180():
    verdicts = [meld(text.format(s="H")) for text in CHEAPEST_THREE_CLEAN]
    assert [verdict.kind for verdict in verdicts] == ["canastra-clean"] * 3
    assert sum(verdict.points for verdict in verdicts) == 180 == 2 * 45 + 90


def test_no_three_clean_canastras_of_a_suit_are_worth_less_than_180():
    # Every run of 7 to 14 places (1 the low ace … 14 the high ace), every three of them
    # the 26 cards of one suit can make at once: the cheapest three cost 180, two 90.
    runs = [range(low, low + n) for n in range(7, 15) for low in range(1, 16 - n)]
    ranks = [*RANKS, "A"]  # place p holds ranks[p - 1]

    def cheapest(count: int) -> int:
        costs = []
        for chosen in combinations_with_replacement(runs, count):
            used = Counter(ranks[place - 1] for run in chosen for place in run)
            if max(used.values(), default=0) <= DECK.copies:
                costs.append(sum(card_points(Card(ranks[p - 1], "H")) for r in chosen for p in r))
        return min(costs, default=None)

    assert [cheapest(n) for n in (1, 2, 3, 4)] == [45, 90, 180, None]


def test_twelve_clean_canastras_are_entered_card_by_card():
    melds = [text.format(s=suit) for suit in SUITS for text in CHEAPEST_THREE_CLEAN]
    a = pair(melds, took_morto=True, went_out=True)
    tally = tally_from_cards(a)
    assert (tally.clean_canastras, tally.meld_points) == (12, 720)
    assert lines(score_hand([a, pair()])[0])["canastra.bonus.clean-canastra"] == 2_400


def test_quick_entry_takes_twelve_clean_canastras_across_the_pairs():
    one_pair = [PairTally(clean_canastras=12, meld_points=720, went_out=True), PairTally()]
    assert score_quick(one_pair)[0].total == 720 + 2_400 + 100
    # twelve between the pairs hold 720 card points at least, however they are split
    both = [
        PairTally(clean_canastras=8, meld_points=540, took_morto=True, went_out=True),
        PairTally(clean_canastras=4, meld_points=180, took_morto=True),
    ]
    assert [breakdown.total for breakdown in score_quick(both)] == [2_340, 1_080]


def test_quick_entry_refuses_a_thirteenth_clean_canastra():
    violations = raised(
        score_quick,
        [
            PairTally(clean_canastras=7, meld_points=315, took_morto=True, went_out=True),
            PairTally(clean_canastras=6, meld_points=270),
        ],
    )
    assert [(v.rule, dict(v.params)) for v in violations] == [
        ("canastra.hand.too-many-clean-canastras", {"clean_canastras": 13, "limit": 12})
    ]
    # the entry that scored 3,385: thirteen clean canastras in one pair
    tallies = [
        PairTally(clean_canastras=13, meld_points=585, took_morto=True, went_out=True),
        PairTally(),
    ]
    assert "canastra.hand.too-many-clean-canastras" in [
        v.rule for v in raised(score_quick, tallies)
    ]


def test_quick_entry_still_counts_fifteen_canastras_clean_and_dirty_together():
    fifteen = [
        PairTally(clean_canastras=9, meld_points=450),
        PairTally(dirty_canastras=6, meld_points=330),
    ]
    score_quick(fifteen)
    sixteen = [fifteen[0], replace(fifteen[1], dirty_canastras=7, meld_points=385)]
    assert [(v.rule, dict(v.params)) for v in raised(score_quick, sixteen)] == [
        ("canastra.hand.too-many-canastras", {"canastras": 16, "limit": 15})
    ]


def test_quick_entry_stays_within_what_two_decks_hold():
    violations = raised(
        score_quick,
        [
            PairTally(clean_canastras=2, dirty_canastras=8, meld_points=600),
            PairTally(dirty_canastras=6, meld_points=330, hand_points=300),
        ],
    )
    assert [(v.rule, dict(v.params)) for v in violations] == [
        ("canastra.hand.too-many-canastras", {"canastras": 16, "limit": 15}),
        ("canastra.hand.too-many-dirty-canastras", {"dirty_canastras": 14, "limit": 12}),
        ("canastra.hand.too-many-points", {"points": 1_230, "limit": 1_160}),
    ]


def test_quick_entry_checks_the_morto_and_the_going_out_like_cards():
    violations = raised(
        score_quick,
        [
            PairTally(dirty_canastras=1, meld_points=100, took_morto=True, went_out=True),
            PairTally(took_morto=True),
        ],
    )
    assert [(v.rule, v.params["pair"]) for v in violations] == [
        ("canastra.going-out.needs-clean-canastra", 0),
        ("canastra.morto.needs-canastra", 1),
    ]


# ---------------------------------------------------------------- reading the API's JSON


def test_the_api_pairs_are_read_into_cards():
    pairs = read_pairs(
        [
            {"melds": [["3H", "4H", "5H"]], "hand": ["7♦"], "took_morto": False},
            {"melds": [], "hand": [], "went_out": False},
        ]
    )
    assert pairs[0] == PairCards((tuple(c("3H 4H 5H")),), tuple(c("7D")), False, False)


def test_unreadable_cards_and_unknown_fields_are_located():
    violations = raised(
        read_pairs,
        [
            {"melds": [["3H", "XX"]], "hand": "7D", "colour": "red"},
            {"melds": [["3H", "4H", "5H"]], "hand": ["ZZ"]},
        ],
    )
    assert [(v.rule, v.params.get("pair"), v.params.get("meld")) for v in violations] == [
        ("canastra.entry.invalid", 0, None),
        ("cards.unreadable", 0, 0),
        ("canastra.entry.invalid", 0, None),
        ("cards.unreadable", 1, None),
    ]
    assert [v.params.get("field") for v in violations] == ["colour", None, "hand", "hand"]
    assert raised(read_pairs, [{"melds": "3H 4H 5H"}])[0].params["field"] == "melds"


def test_the_quick_entry_is_read_by_field_name():
    assert read_tallies([{"clean_canastras": 1}, {}]) == [PairTally(1), PairTally()]
    violations = raised(read_tallies, [{}, {"sambas": 1}])
    assert [(v.rule, dict(v.params)) for v in violations] == [
        ("canastra.entry.invalid", {"pair": 1, "field": "sambas", "value": 1})
    ]


# ---------------------------------------------------------------- the buraco rule


@pytest.mark.parametrize(
    ("total", "failed", "required"),
    [
        (0, 0, 0),
        (1_495, 3, 0),
        (-200, 0, 0),
        (1_500, 0, 75),
        (1_500, 1, 90),
        (2_000, 2, 120),
        (2_900, 3, 150),
        (2_900, 5, 210),
    ],
)
def test_the_buraco_ladder(total, failed, required):
    assert opening_requirement(total, failed) == required


def test_below_1500_any_valid_opening_meets_the_rule():
    verdict = check_opening([c("3H 4H 5H")], 1_000)
    assert verdict.as_dict() == {"required": 0, "value": 15, "meets": True, "violations": []}


def test_a_pair_at_1500_must_open_with_75():
    verdict = check_opening([c("QS KS AS"), c("8H 9H 10H")], 1_500)
    assert (verdict.required, verdict.value, verdict.meets) == (75, 65, False)
    assert [(v.rule, dict(v.params)) for v in verdict.violations] == [
        ("canastra.opening.minimum", {"value": 65, "required": 75, "total": 1_500, "failed": 0})
    ]
    assert check_opening([c("QS KS AS"), c("8H 9H 10H JH")], 1_500).meets


def test_after_a_failed_opening_the_pair_needs_90():
    melds = [c("QS KS AS"), c("8H 9H 10H JH")]  # 75
    verdict = check_opening(melds, 1_800, failed=1)
    assert (verdict.required, verdict.value, verdict.meets) == (90, 75, False)


def test_ruling_the_opening_counts_card_values_only_no_canastra_bonus():
    clean = c("3H 4H 5H 6H 7H 8H 9H")  # a clean canastra, but 45 card points
    verdict = check_opening([clean], 2_000)
    assert (verdict.value, verdict.meets) == (45, False)


def test_an_opening_with_an_invalid_meld_does_not_meet_the_rule():
    verdict = check_opening([c("QS KS AS 2S 2C"), c("8H 9H 10H")], 0)
    seen(v.rule for v in verdict.violations)
    assert not verdict.meets
    assert [(v.rule, v.params["meld"]) for v in verdict.violations] == [
        ("canastra.meld.two-wilds", 0)
    ]


def test_an_opening_lays_down_a_meld_and_stays_within_the_decks():
    assert rules_of(check_opening([], 0)) == ["canastra.opening.no-melds"]
    verdict = check_opening(
        [c("5H JK 7H"), c("JK 9S 10S"), c("JK JS QS"), c("JK 3D 4D"), c("JK 5C 6C")], 0
    )
    assert rules_of(verdict) == ["cards.deck.too-many"]


@pytest.mark.parametrize(("total", "failed"), [("1500", 0), (1_500, -1), (1_500, True)])
def test_the_buraco_rule_refuses_bad_totals_and_counts(total, failed):
    violations = raised(check_opening, [c("3H 4H 5H")], total, failed)
    assert [v.rule for v in violations] == ["canastra.entry.invalid"]


# ---------------------------------------------------------------- the discard pile


def test_the_top_card_may_go_straight_onto_one_of_the_pairs_melds():
    verdict = may_take_pile(parse_card("6H"), c("KS QD"), [c("QS KS AS"), c("3H 4H 5H")])
    assert answer(verdict) == (True, "canastra.pile.onto-meld")
    assert dict(verdict.params) == {"top": "6H", "meld": 1}


def test_the_top_card_may_open_a_new_meld_with_two_cards_from_hand():
    verdict = may_take_pile(parse_card("6H"), c("KS 8H 2D 7H"))
    assert answer(verdict) == (True, "canastra.pile.new-meld")
    assert dict(verdict.params) == {"top": "6H", "cards": ["8H", "7H"]}


def test_a_wild_from_hand_may_help_the_top_card_into_a_new_meld():
    verdict = may_take_pile(parse_card("6H"), c("KS 8H JK"))
    assert answer(verdict) == (True, "canastra.pile.new-meld")


def test_the_pile_is_not_taken_if_the_top_card_cannot_be_used_at_once():
    verdict = may_take_pile(parse_card("6H"), c("KS 8S 9H"), [c("QS KS AS")])
    assert answer(verdict) == (False, "canastra.pile.top-unused")


def test_a_player_with_a_single_card_may_not_take_the_pile():
    verdict = may_take_pile(parse_card("6H"), c("KS"), [c("3H 4H 5H")])
    assert answer(verdict) == (False, "canastra.pile.single-card")


def test_a_locked_pile_may_not_be_taken():
    verdict = may_take_pile(parse_card("6H"), c("7H 8H"), locked=True)
    assert answer(verdict) == (False, "canastra.pile.locked-by-wild")


def test_a_wild_on_top_was_the_last_discard_so_it_locks_the_pile():
    for top in ("JK", "2H"):
        verdict = may_take_pile(parse_card(top), c("3H 4H"), [c("5H 6H 7H")])
        assert answer(verdict) == (False, "canastra.pile.locked-by-wild")


def test_the_pile_question_refuses_an_invalid_pair_meld():
    violations = raised(may_take_pile, parse_card("6H"), c("7H 8H"), [c("3H 4H")])
    assert [(v.rule, v.params["meld"]) for v in violations] == [("canastra.meld.too-few-cards", 0)]


def test_a_wild_melded_locks_the_pile_for_the_next_player():
    verdict = may_next_player_take_pile(JOKER, c("5H JK 7H"))
    assert answer(verdict) == (False, "canastra.pile.locked-by-wild")
    verdict = may_next_player_take_pile(parse_card("2S"), c("5H 2S 7H"))
    assert answer(verdict) == (False, "canastra.pile.locked-by-wild")


def test_a_2_standing_as_the_natural_2_of_its_suit_does_not_lock_the_pile():
    verdict = may_next_player_take_pile(parse_card("2H"), c("2H 3H 4H"))
    assert answer(verdict) == (True, "canastra.pile.natural-two")
    assert dict(verdict.params) == {"card": "2H"}


def test_a_2_of_the_suit_standing_as_a_wild_locks_the_pile():
    verdict = may_next_player_take_pile(parse_card("2H"), c("2H 5H 6H"))
    assert answer(verdict) == (False, "canastra.pile.locked-by-wild")


def test_of_two_equal_2s_the_one_just_played_is_told_by_the_meld_before():
    # The 2H already stood as the natural 2: the second one is the wild.
    before, after = c("2H 3H 4H"), c("2H 3H 4H 2H")
    verdict = may_next_player_take_pile(parse_card("2H"), after, before)
    assert answer(verdict) == (False, "canastra.pile.locked-by-wild")
    # The 2H was wild for the 3H; the one added with the AH stands in its place.
    before, after = c("2H 4H 5H"), c("AH 2H 2H 4H 5H")
    assert meld("AH 2H 2H 4H 5H").valid
    verdict = may_next_player_take_pile(parse_card("2H"), after, before)
    assert answer(verdict) == (True, "canastra.pile.natural-two")


def test_ruling_a_discarded_wild_locks_the_pile():
    assert answer(may_next_player_take_pile(parse_card("2H"))) == (
        False,
        "canastra.pile.locked-by-wild",
    )
    assert answer(may_next_player_take_pile(JOKER)) == (False, "canastra.pile.locked-by-wild")


def test_any_other_card_leaves_the_pile_open():
    assert answer(may_next_player_take_pile(parse_card("9C"))) == (True, "canastra.pile.not-wild")


def test_the_lock_question_needs_the_card_in_its_meld():
    violations = raised(may_next_player_take_pile, parse_card("2H"), c("3H 4H 5H"))
    assert [(v.rule, v.params["field"]) for v in violations] == [
        ("canastra.entry.invalid", "played")
    ]


# ---------------------------------------------------------------- going out


def test_going_out_to_take_the_morto_needs_a_canastra_clean_or_dirty():
    dirty = [c("5C 6C JK 8C 9C 10C JC")]
    assert answer(may_go_out(dirty, took_morto=False)) == (True, "canastra.morto.needs-canastra")
    verdict = may_go_out([c("3H 4H 5H")], took_morto=False)
    assert answer(verdict) == (False, "canastra.morto.needs-canastra")
    assert dict(verdict.params) == {"canastras": 0, "required": 1}


def test_asked_before_the_final_going_out_a_clean_canastra_is_needed():
    dirty = [c("5C 6C JK 8C 9C 10C JC")]
    verdict = may_go_out(dirty, took_morto=True)
    assert answer(verdict) == (False, "canastra.going-out.needs-clean-canastra")
    assert dict(verdict.params) == {"clean_canastras": 0, "required": 1}
    clean = [*dirty, c("3H 4H 5H 6H 7H 8H 9H")]
    assert answer(may_go_out(clean, took_morto=True))[0] is True


def test_ruling_without_a_morto_to_take_going_out_ends_the_hand():
    dirty = [c("5C 6C JK 8C 9C 10C JC")]
    verdict = may_go_out(dirty, took_morto=False, morto_available=False)
    assert answer(verdict) == (False, "canastra.going-out.needs-clean-canastra")


def test_page_ruling_a_hand_ended_by_a_pair_whose_morto_became_the_stock():
    """The page: such a hand is entered as ended by a pair that did not take its morto.
    It scores the final going out with its clean canastra, and no morto."""
    out = pair(["3H 4H 5H 6H 7H 8H 9H", "QS KS AS"], took_morto=False, went_out=True)
    a, _ = score_hand([out, PAGE_B])
    assert lines(a) == {
        "canastra.score.meld-cards": 80,
        "canastra.bonus.clean-canastra": 200,
        "canastra.bonus.final-going-out": 100,
        "canastra.score.opponents-hand-cards": 45,
    }
    dirty_only = pair(["5C 6C JK 8C 9C 10C JC"], took_morto=False, went_out=True)
    violations = raised(score_hand, [dirty_only, PAGE_B])
    assert [v.rule for v in violations] == ["canastra.going-out.needs-clean-canastra"]


def test_going_out_may_be_asked_with_counts():
    assert answer(may_go_out_counted(0, 1, took_morto=False))[0] is True
    assert answer(may_go_out_counted(0, 1, took_morto=True))[0] is False
    violations = raised(may_go_out_counted, -1, "2", took_morto=True)
    assert [v.params["field"] for v in violations] == ["clean_canastras", "dirty_canastras"]


def test_the_going_out_question_refuses_an_invalid_meld():
    assert raised(may_go_out, [c("3H 5H 7H")], took_morto=False)[0].params["meld"] == 0


# ---------------------------------------------------------------- the first draw


def test_the_first_player_may_refuse_the_first_card_drawn():
    verdict = may_refuse_first_card(first_card_of_hand=True, mixed_into_hand=False)
    assert answer(verdict) == (True, "canastra.draw.refuse-first-card")


def test_no_refusal_once_the_card_is_mixed_into_the_hand():
    verdict = may_refuse_first_card(first_card_of_hand=True, mixed_into_hand=True)
    assert answer(verdict) == (False, "canastra.draw.refuse-mixed")


def test_no_refusal_of_any_later_card():
    verdict = may_refuse_first_card(first_card_of_hand=False, mixed_into_hand=False)
    assert answer(verdict) == (False, "canastra.draw.refuse-first-card")


# ---------------------------------------------------------------- match end


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ([2_995, 2_500], None),
        ([3_000, 2_500], 0),
        ([2_400, 3_100], 1),
        ([3_200, 3_150], 0),
        ([3_150, 3_400], 1),
        ([3_200, 3_200], None),
    ],
)
def test_a_pair_reaching_3000_wins_and_the_higher_if_both_do(totals, expected):
    assert winner(totals) == expected


def test_a_tie_past_the_target_plays_another_hand():
    assert standing([3_200, 3_200]) == canastra.Standing(None, (0, 1))
    assert standing([2_000, 2_000]) == canastra.Standing(None, ())


def test_the_target_is_a_house_rule():
    assert winner([2_000, 1_000], CanastraOptions(target=2_000)) == 0


# ---------------------------------------------------------------- options


def test_the_default_options_are_the_pages():
    assert CanastraOptions.from_dict({}).as_dict() == {
        "hand_to_opponents": True,
        "untaken_morto_penalty": False,
        "target": 3_000,
    }


def test_options_round_trip_through_plain_data():
    options = CanastraOptions(hand_to_opponents=False, untaken_morto_penalty=True, target=5_000)
    assert CanastraOptions.from_dict(options.as_dict()) == options


@pytest.mark.parametrize(
    ("data", "option"),
    [
        ({"target": 0}, "target"),
        ({"target": "3000"}, "target"),
        ({"target": True}, "target"),
        ({"hand_to_opponents": "yes"}, "hand_to_opponents"),
        ({"untaken_morto_penalty": 1}, "untaken_morto_penalty"),
        ({"buraco": False}, "buraco"),
    ],
)
def test_options_refuse_bad_values_and_unknown_names(data, option):
    violations = raised(CanastraOptions.from_dict, data)
    assert [(v.rule, v.params["option"]) for v in violations] == [
        ("canastra.options.invalid", option)
    ]


# ---------------------------------------------------------------- rule ids


def test_seeing_an_unlisted_rule_id_fails():
    with pytest.raises(AssertionError):
        seen(["canastra.meld.made-up"])


def emitted() -> set[str]:
    """Real engine calls between them reaching every rule id: violations, verdicts, lines."""
    found: set[str] = set()

    def caught(call, *args, **kwargs):
        with pytest.raises(RuleError) as error:
            call(*args, **kwargs)
        found.update(error.value.rules)

    for text in ("5H", "5H 6S 7H", "5H 8H 9H", "KH AH 2H 3H", "2S 2C 5H 6H"):
        found.update(v.rule for v in check_meld(c(text)).violations)
    found.update(
        v.rule for v in check_meld(c("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK")).violations
    )
    caught(CanastraOptions.from_dict, {"target": -1})
    caught(read_pairs, [{"hand": ["XX"]}])
    caught(
        score_hand, [pair(["JK 3D 4D", "JK 5D 6D", "JK 7D 8D", "JK 9D 10D", "JK JD QD"]), pair()]
    )
    caught(score_quick, [PairTally(meld_points=-5), PairTally(meld_points=7)])
    caught(score_quick, [PairTally(went_out=True)])
    caught(
        score_quick,
        [PairTally(clean_canastras=1, took_morto=True, went_out=True), PairTally(took_morto=True)],
    )
    caught(
        score_quick,
        [
            PairTally(clean_canastras=8, meld_points=800),
            PairTally(dirty_canastras=13, meld_points=715),
        ],
    )
    caught(score_quick, [PairTally(clean_canastras=13, meld_points=810), PairTally()])
    six = PairTally(clean_canastras=6, meld_points=270)
    caught(score_quick, [six, six])
    alone = PairTally(clean_canastras=1, meld_points=45, hand_points=5, went_out=True)
    caught(score_quick, [alone, PairTally()], players=[1, 1])
    caught(
        score_quick,
        [
            PairTally(went_out=True, clean_canastras=1, meld_points=45),
            PairTally(went_out=True, clean_canastras=1, meld_points=45),
        ],
    )
    options = CanastraOptions(untaken_morto_penalty=True)
    for breakdowns in (
        score_hand([PAGE_A, PAGE_B]),
        score_hand([PAGE_A, PAGE_B], CLASSIC),
        score_hand([pair(), pair()], options),
    ):
        found.update(line.rule for b in breakdowns for line in b.lines)
    found.update(v.rule for v in check_opening([], 1_500).violations)
    top = parse_card("6H")
    for verdict in (
        may_take_pile(top, c("7H"), locked=True),
        may_take_pile(top, c("7H")),
        may_take_pile(top, c("7H 8H")),
        may_take_pile(top, c("9C 8C"), [c("3H 4H 5H")]),
        may_take_pile(top, c("9C 8C")),
        may_next_player_take_pile(JOKER),
        may_next_player_take_pile(top),
        may_next_player_take_pile(parse_card("2H"), c("2H 3H 4H")),
        may_go_out([], took_morto=False),
        may_go_out([], took_morto=True),
        may_refuse_first_card(first_card_of_hand=True, mixed_into_hand=True),
        may_refuse_first_card(first_card_of_hand=True, mixed_into_hand=False),
    ):
        found.add(verdict.rule)
    return found


def test_every_listed_rule_is_reached_by_a_real_call():
    assert set(RULE_IDS) - emitted() == set()


# ---------------------------------------------------------------- properties

SMALL_CARDS = [Card(rank, suit) for rank in ("A", "2", "3", "4", "5", "Q", "K") for suit in "HS"]


def _natural_at(card: Card, suit: str, place: int) -> bool:
    if card.is_joker or card.suit != suit:
        return False
    if card.rank == "A":
        return place in (1, 14)
    return RANKS.index(card.rank) + 1 == place


def fewest_wilds(cards: list[Card]) -> int | None:
    """By brute force: every card at every place of every window, in every suit."""
    best = None
    n = len(cards)
    for suit in SUITS:
        for low in range(1, 16 - n):
            for order in set(permutations(cards)):
                wilds = 0
                for card, place in zip(order, range(low, low + n), strict=True):
                    if _natural_at(card, suit, place):
                        continue
                    if not canastra.is_wild(card):
                        break
                    wilds += 1
                else:
                    best = wilds if best is None else min(best, wilds)
    return best


@st.composite
def near_runs(draw):
    """Runs of hearts, some cards swapped for a wild (2♥ included) or for anything."""
    low = draw(st.integers(1, 10))
    cards = [Card("A" if p == 14 else RANKS[p - 1], "H") for p in range(low, low + 5)]
    cards = cards[: draw(st.integers(3, 5))]
    swaps = st.sampled_from([JOKER, Card("2", "S"), Card("2", "H"), *SMALL_CARDS])
    for _ in range(draw(st.integers(0, 2))):
        cards[draw(st.integers(0, len(cards) - 1))] = draw(swaps)
    return cards


@settings(max_examples=200)
@given(st.lists(st.sampled_from([*SMALL_CARDS, JOKER]), min_size=3, max_size=5) | near_runs())
def test_the_meld_check_agrees_with_brute_force(cards):
    verdict = check_meld(cards)
    wilds = fewest_wilds(cards)
    assert verdict.valid == (wilds is not None and wilds <= 1)
    if verdict.valid:
        assert len(verdict.arrangement.wilds) == wilds  # the most natural cards
    seen(v.rule for v in verdict.violations)


@settings(max_examples=200)
@given(
    st.sampled_from(SUITS),
    st.integers(1, 12),
    st.integers(3, 14),
    st.lists(st.sampled_from([*(Card("2", s) for s in SUITS), JOKER]), max_size=2),
    st.randoms(use_true_random=False),
)
def test_an_arrangement_found_is_a_real_run(suit, low, length, extra, rnd):
    places = range(low, min(low + length, 15))
    cards = [Card("A" if p == 14 else RANKS[p - 1], suit) for p in places]
    if len(cards) > 3:
        del cards[rnd.randrange(len(cards))]  # a gap for a wild to fill, or not
    cards += extra
    rnd.shuffle(cards)
    verdict = check_meld(cards)
    if not verdict.valid:
        assert verdict.arrangement is None
        return
    run = verdict.arrangement
    slots = run.slots
    assert sorted(s.card for s in slots) == sorted(cards)
    assert [s.place for s in slots] == list(range(slots[0].place, slots[0].place + len(cards)))
    assert slots[0].place >= 1 and slots[-1].place <= 14
    assert len(run.wilds) <= 1
    for slot in slots:
        if slot.wild:
            assert canastra.is_wild(slot.card)
        else:
            assert _natural_at(slot.card, run.suit, slot.place)
    assert verdict.kind == (
        "meld" if len(cards) < 7 else "canastra-clean" if run.clean else "canastra-dirty"
    )


@st.composite
def valid_hands(draw):
    """Two pairs of legal melds and hands drawn from two decks, with the tallies that the
    test itself counts from how it built them."""
    pool = Counter(DECK.limits)
    pairs, tallies = [], []
    for _ in range(2):
        melds, clean, dirty, points = [], 0, 0, 0
        for _ in range(draw(st.integers(0, 4))):
            suit = draw(st.sampled_from(SUITS))
            length = draw(st.integers(3, 10))
            low = draw(st.integers(1, 15 - length))
            cards = [
                Card("A" if p == 14 else RANKS[p - 1], suit) for p in range(low, low + length)
            ]
            wild_at = draw(st.none() | st.integers(0, length - 1))
            if wild_at is not None:  # a joker or a 2 of another suit: never natural
                wilds = [JOKER, *(Card("2", s) for s in SUITS if s != suit)]
                cards[wild_at] = draw(st.sampled_from(wilds))
            need = Counter(cards)
            if any(pool[card] < count for card, count in need.items()):
                continue
            pool -= need
            melds.append(cards)
            points += sum(card_points(card) for card in cards)
            if length >= 7:
                clean += wild_at is None
                dirty += wild_at is not None
        left = sorted(pool.elements())
        picks = draw(st.lists(st.integers(0, len(left) - 1), unique=True, max_size=12))
        hand = [left[i] for i in picks]
        pool -= Counter(hand)
        took_morto = clean + dirty > 0 and draw(st.booleans())
        pairs.append(PairCards(melds, hand, took_morto, False))
        tallies.append(
            PairTally(clean, dirty, points, sum(map(card_points, hand)), took_morto, False)
        )
    out = draw(st.sampled_from([None, 0, 1]))
    if out is not None and tallies[out].clean_canastras:
        pairs[out] = PairCards(pairs[out].melds, pairs[out].hand, pairs[out].took_morto, True)
        tallies[out] = replace(tallies[out], went_out=True)
    return pairs, tallies


@settings(max_examples=150)
@given(valid_hands(), st.booleans(), st.booleans())
def test_cards_and_quick_counts_give_the_same_breakdowns(hand, to_opponents, penalty):
    pairs, tallies = hand
    options = CanastraOptions(hand_to_opponents=to_opponents, untaken_morto_penalty=penalty)
    by_cards = score_hand(pairs, options)
    assert by_cards == score_quick(tallies, options)
    assert [tally_from_cards(p) for p in pairs] == tallies


@settings(max_examples=200)
@given(
    st.lists(st.integers(0, 20), min_size=2, max_size=2),
    st.lists(st.integers(0, 20), min_size=2, max_size=2),
    st.lists(st.integers(0, 200), min_size=4, max_size=4),
    st.lists(st.booleans(), min_size=3, max_size=3),
    st.booleans(),
    st.booleans(),
)
def test_a_breakdown_adds_up_to_its_total_and_to_the_pages_formula(
    clean, dirty, fives, flags, to_opponents, penalty
):
    out = 0 if flags[2] else None
    tallies = [
        PairTally(clean[i], dirty[i], 5 * fives[i], 5 * fives[2 + i], flags[i], out == i)
        for i in range(2)
    ]
    options = CanastraOptions(hand_to_opponents=to_opponents, untaken_morto_penalty=penalty)
    for index, breakdown in enumerate(score_tallies(tallies, options)):
        own, other = tallies[index], tallies[1 - index]
        assert sum(line.points for line in breakdown.lines) == breakdown.total
        expected = (
            own.meld_points
            + 200 * own.clean_canastras
            + 100 * own.dirty_canastras
            + 100 * own.took_morto
            + 100 * own.went_out
            + (other.hand_points if to_opponents else -own.hand_points)
            - (100 if penalty and not own.took_morto else 0)
        )
        assert breakdown.total == expected
        assert all(line.count > 0 for line in breakdown.lines[1:])
        seen(line.rule for line in breakdown.lines)


@settings(max_examples=100)
@given(
    st.sampled_from(sorted(DECK.limits)),
    st.integers(1, 3),
    st.lists(st.integers(0, 3), min_size=1, max_size=8),
    st.lists(st.sampled_from(SMALL_CARDS), max_size=6),
)
def test_more_than_the_deck_holds_is_always_refused(card, extra, spots, others):
    copies = [card] * (DECK.holds(card) + extra)
    # spread the copies over the four places a hand can hold cards: melds and hands
    places: list[list[Card]] = [[], [], [], []]
    for i, copy in enumerate(copies):
        places[spots[i % len(spots)]].append(copy)
    places[0] += others
    pairs = [
        PairCards([places[0]] if places[0] else [], places[1]),
        PairCards([places[2]] if places[2] else [], places[3]),
    ]
    with pytest.raises(RuleError) as error:
        score_hand(pairs)
    seen(error.value.rules)
    too_many = [v for v in error.value.violations if v.rule == "cards.deck.too-many"]
    assert any(v.params["card"] == str(card) for v in too_many)
