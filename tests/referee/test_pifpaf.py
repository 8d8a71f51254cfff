"""Pif-Paf (Cacheta): melds, going out, discard claims, a hand's chips and the settlement.

Every worked example of ``shared/games/pifpaf.md`` is a test here, marked "page:".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from decimal import Decimal
from functools import cache
from itertools import combinations
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import referee.pifpaf as pifpaf
from referee.cards import DECKS, SUITS, Card, parse_cards
from referee.options import HouseRules
from referee.pifpaf import (
    RULE_IDS,
    Action,
    BettingOptions,
    HandResult,
    PifPafOptions,
    Table,
    betting_options,
    card_order,
    check_hand,
    check_meld,
    claim_discard,
    settle,
    settle_hand,
)
from referee.rulings import RuleError

LOW_ACES = PifPafOptions(aces="low")
TRINCA = PifPafOptions(groups="trinca")
ALL_OPTIONS = [
    PifPafOptions(aces, groups) for aces in ("both", "low") for groups in ("three-suits", "trinca")
]
FOUR = ("P1", "P2", "P3", "P4")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def refused(call: Callable[..., Any], *args: Any, **kwargs: Any) -> list[str]:
    """The rule ids a refused call cites; each must be one the module declares."""
    with pytest.raises(RuleError) as caught:
        call(*args, **kwargs)
    assert set(caught.value.rules) <= set(RULE_IDS)
    return caught.value.rules


def violation(call: Callable[..., Any], *args: Any, **kwargs: Any) -> dict[str, Any]:
    """The single violation a refused call cites, as a dict."""
    with pytest.raises(RuleError) as caught:
        call(*args, **kwargs)
    assert len(caught.value.violations) == 1
    assert caught.value.rules[0] in RULE_IDS
    return caught.value.violations[0].as_dict()


def meld_rules(text: str, options: PifPafOptions | None = None) -> list[str]:
    verdict = check_meld(cards(text), options)
    rules = [v.rule for v in verdict.violations]
    assert set(rules) <= set(RULE_IDS)
    assert verdict.valid == (not rules)
    return rules


def as_multiset(melds: Any) -> Counter[tuple[Card, ...]]:
    return Counter(tuple(sorted(meld, key=card_order)) for meld in melds)


def hand(actions: list[Action], winner: str | None, **kwargs: Any) -> HandResult:
    """A hand at the page's table: four players with 50 chips, ante 1, P4 deals."""
    result = settle_hand(dict.fromkeys(FOUR, 50), Table(FOUR), "P4", actions, winner, **kwargs)
    for line in result.lines:
        assert line.rule in RULE_IDS
    return result


PAGE_BETTING = [
    Action("P1", "raise", 3),
    Action("P2", "call"),
    Action("P3", "fold"),
    Action("P4", "call"),
]


# --- house rules -------------------------------------------------------------------------


def test_the_defaults_are_the_pages_rulings():
    assert PifPafOptions() == PifPafOptions(aces="both", groups="three-suits")
    assert PifPafOptions.from_dict({}) == PifPafOptions()


def test_options_are_read_from_a_dict():
    options = PifPafOptions.from_dict({"aces": "low", "groups": "trinca"})
    assert options == PifPafOptions(aces="low", groups="trinca")


def test_it_rejects_an_unknown_option_value():
    assert violation(PifPafOptions.from_dict, {"aces": "high"}) == {
        "rule": "pifpaf.options.invalid",
        "params": {"option": "aces", "value": "high"},
    }


def test_it_rejects_an_unknown_option_name_instead_of_ignoring_it():
    error = violation(PifPafOptions.from_dict, {"jokers": 2})
    assert error["params"] == {"option": "jokers", "value": 2}


def test_the_options_are_house_rules_plain_data_in_and_out():
    """A session's every house rule, the chips' too, as every engine's options are: what
    the ledger stores reads back into the same options."""
    assert isinstance(PifPafOptions(), HouseRules)
    assert PifPafOptions().as_dict() == {
        "aces": "both",
        "groups": "three-suits",
        "buy_in": 50,
        "chip_value": "0.50",
        "ante": 1,
        "min_bet": None,
        "max_bet": None,
        "players": None,
        "rebuy": False,
    }
    stored = {"buy_in": 80, "chip_value": "1.25", "ante": 2, "min_bet": 3, "max_bet": 7}
    options = PifPafOptions.from_dict(stored | {"aces": "low"})
    assert options.chip_value == Decimal("1.25")  # exact, as ``settle`` takes it
    assert PifPafOptions.from_dict(options.as_dict()) == options
    assert options.table(("A", "B", "C", "D")) == Table(("A", "B", "C", "D"), 2, 3, 7)


def test_rebuys_are_a_house_rule_off_by_default():  # page: rebuys, *option*, off by default
    assert PifPafOptions().rebuy is False
    options = PifPafOptions.from_dict({"rebuy": True, "buy_in": 80})
    assert options == PifPafOptions(buy_in=80, rebuy=True)
    assert options.as_dict()["rebuy"] is True
    assert PifPafOptions.from_dict(options.as_dict()) == options
    # the table they make buys a player with no chips left in again for the buy-in
    assert options.table(FOUR) == Table(FOUR, rebuy=80)
    assert PifPafOptions().table(FOUR).rebuy is None
    assert violation(PifPafOptions.from_dict, {"rebuy": "yes"}) == {
        "rule": "pifpaf.options.invalid",
        "params": {"option": "rebuy", "value": "yes"},
    }
    assert refused(PifPafOptions, rebuy=1) == ["pifpaf.options.invalid"]


@pytest.mark.parametrize(
    ("data", "bad"),
    [
        ({"ante": 0}, ["ante"]),
        ({"ante": "2"}, ["ante"]),
        ({"min_bet": 3, "max_bet": 2}, ["min_bet"]),
        ({"max_bet": 9}, ["max_bet"]),  # above ante × 8, the largest table's ceiling
        ({"players": 3, "max_bet": 4}, ["max_bet"]),  # above ante × 3
        ({"players": 2}, ["players"]),
        ({"buy_in": 0, "chip_value": "0.001"}, ["buy_in", "chip_value"]),
        ({"buy_in": True, "chip_value": 0.5}, ["buy_in", "chip_value"]),  # no bool, no float
        ({"chip_value": "cheap"}, ["chip_value"]),
    ],
)
def test_a_chip_setting_the_table_or_the_settlement_refuses_is_refused_by_name(data, bad):
    with pytest.raises(RuleError) as caught:
        PifPafOptions.from_dict(data)
    assert set(caught.value.rules) == {"pifpaf.options.invalid"}
    assert sorted(v.params["option"] for v in caught.value.violations) == bad


# --- melds -------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["QS QH QD", "QS QH QD QD", "QS QS QH QH QD QD"])
def test_a_group_of_exactly_three_suits_is_valid(text):  # page: Q♠ Q♥ Q♦ and Q♠ Q♥ Q♦ Q♦
    verdict = check_meld(cards(text))
    assert (verdict.valid, verdict.kind, verdict.violations) == (True, "group", ())


def test_a_group_of_two_suits_is_not_valid():  # page: Q♠ Q♦ Q♦
    verdict = check_meld(cards("QS QD QD"))
    assert (verdict.valid, verdict.kind) == (False, None)
    assert verdict.violations[0].as_dict() == {
        "rule": "pifpaf.group.three-suits",
        "params": {"suits": 2},
    }


def test_a_group_of_four_suits_is_not_valid():  # page: Q♠ Q♥ Q♦ Q♣
    assert meld_rules("QS QH QD QC") == ["pifpaf.group.three-suits"]


def test_with_the_trinca_option_a_group_is_exactly_three_cards_of_three_suits():
    assert meld_rules("QS QH QD", TRINCA) == []
    assert meld_rules("QS QH QD QD", TRINCA) == ["pifpaf.group.trinca"]
    assert meld_rules("QS QD QD", TRINCA) == ["pifpaf.group.trinca"]


@pytest.mark.parametrize(
    "text", ["AH 2H 3H", "QC KC AC", "10D JD QD KD AD", "4S 6S 5S", "AS 2S 3S 4S 5S 6S 7S"]
)
def test_a_sequence_may_have_the_ace_low_or_high(text):
    verdict = check_meld(cards(text))
    assert (verdict.valid, verdict.kind) == (True, "sequence")


def test_a_sequence_from_ace_to_king_is_valid_but_not_with_a_second_ace_on_top():
    ace_to_king = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert meld_rules(ace_to_king) == []
    assert meld_rules(ace_to_king + " AH") == ["pifpaf.sequence.ace-both-ends"]
    assert meld_rules(ace_to_king + " AH", LOW_ACES) == ["pifpaf.sequence.ace-high"]


def test_a_sequence_never_wraps_round_the_ace():  # page: K A 2 is not a sequence
    assert meld_rules("KC AC 2C") == ["pifpaf.sequence.wrap"]
    assert meld_rules("QC KC AC 2C 3C") == ["pifpaf.sequence.wrap"]


def test_with_aces_low_only_the_ace_cannot_follow_the_king():
    assert meld_rules("AH 2H 3H", LOW_ACES) == []
    assert meld_rules("QC KC AC", LOW_ACES) == ["pifpaf.sequence.ace-high"]


def test_a_sequence_needs_consecutive_distinct_ranks():
    assert meld_rules("2S 3S 5S") == ["pifpaf.sequence.gap"]
    assert meld_rules("5H 5H 6H 7H") == ["pifpaf.sequence.repeated-rank"]


def test_a_meld_has_three_cards_of_one_suit_or_one_rank():
    assert meld_rules("QS QH") == ["pifpaf.meld.too-short"]
    assert meld_rules("") == ["pifpaf.meld.too-short"]
    assert meld_rules("2S 3H 4S") == ["pifpaf.meld.mixed"]


def test_a_meld_the_two_decks_cannot_supply_is_refused():
    assert refused(check_meld, cards("QD QD QD")) == ["cards.deck.too-many"]
    assert refused(check_meld, cards("JK QS KS")) == ["cards.deck.not-in-deck"]


PIFPAF_DECK = pifpaf.DECK
PIFPAF_CARDS = sorted(PIFPAF_DECK.limits)
# Cards of a 54-card deck the two 52-card decks lack: the joker.
NOT_PIFPAF = [card for card in DECKS["samba"].limits if not PIFPAF_DECK.holds(card)]


@st.composite
def over_the_deck(draw) -> tuple[list[Card], Card, str]:
    """Cards the two decks cannot supply, shuffled: one card more often than twice, or a
    card the decks lack; that card and the rule that refuses it."""
    if draw(st.booleans()):
        card = draw(st.sampled_from(PIFPAF_CARDS))
        bad = [card] * (PIFPAF_DECK.holds(card) + draw(st.integers(1, 3)))
        rule = "cards.deck.too-many"
    else:
        card = draw(st.sampled_from(NOT_PIFPAF))
        bad = [card] * draw(st.integers(1, 2))
        rule = "cards.deck.not-in-deck"
    others = draw(st.lists(st.sampled_from(PIFPAF_CARDS), max_size=7))
    return draw(st.permutations(bad + others)), card, rule


PIFPAF_QUESTIONS: dict[str, Callable[[list[Card]], Any]] = {
    "meld": lambda hand: check_meld(hand),
    "meld, house rules": lambda hand: check_meld(hand, TRINCA),
    "hand of nine": lambda hand: check_hand((hand * 9)[:9] if len(hand) < 9 else hand[:9]),
    "hand of ten": lambda hand: check_hand((hand * 10)[:10] if len(hand) < 10 else hand[:10]),
    "hand as given": lambda hand: check_hand(hand),
}


@pytest.mark.parametrize("question", PIFPAF_QUESTIONS)
@settings(max_examples=40)
@given(over_the_deck())
def test_every_question_refuses_cards_the_two_decks_cannot_supply(question, drawn):
    hand, card, rule = drawn
    if question.startswith("hand of"):
        # the first nine or ten cards must still hold the bad ones: put them first
        hand = sorted(hand, key=lambda c: c != card)
    with pytest.raises(RuleError) as caught:
        PIFPAF_QUESTIONS[question](hand)
    assert set(caught.value.rules) <= set(RULE_IDS)
    assert any(
        v.rule == rule and v.params["card"] == str(card) for v in caught.value.violations
    ), caught.value.violations


# --- going out ---------------------------------------------------------------------------


def test_a_hand_with_the_ace_low_and_high_goes_out():  # page
    verdict = check_hand(cards("AH 2H 3H 7S 7H 7D QC KC AC"))
    assert verdict.goes_out
    assert as_multiset(verdict.melds) == as_multiset(
        [cards("AH 2H 3H"), cards("7S 7H 7D"), cards("QC KC AC")]
    )
    assert (verdict.discard, verdict.leftover) == (None, ())


def test_with_aces_low_only_that_hand_does_not_go_out():  # page
    verdict = check_hand(cards("AH 2H 3H 7S 7H 7D QC KC AC"), LOW_ACES)
    assert not verdict.goes_out
    assert sorted(verdict.leftover, key=card_order) == sorted(cards("QC KC AC"), key=card_order)
    assert as_multiset(verdict.melds) == as_multiset([cards("AH 2H 3H"), cards("7S 7H 7D")])


def test_a_group_with_a_repeated_suit_goes_out():  # page
    verdict = check_hand(cards("QS QH QD QD 4C 5C 6C 7C 8C"))
    assert verdict.goes_out
    assert as_multiset(verdict.melds) == as_multiset(
        [cards("QS QH QD QD"), cards("4C 5C 6C 7C 8C")]
    )


def test_with_the_trinca_option_the_repeated_queen_is_left_over():
    verdict = check_hand(cards("QS QH QD QD 4C 5C 6C 7C 8C"), TRINCA)
    assert (verdict.goes_out, verdict.leftover) == (False, (Card("Q", "D"),))


def test_a_four_suit_group_leaves_the_queen_of_clubs_over():  # page
    verdict = check_hand(cards("QS QH QD QC 4C 5C 6C 7C 8C"))
    assert (verdict.goes_out, verdict.discard) == (False, None)
    assert verdict.leftover == (Card("Q", "C"),)
    assert as_multiset(verdict.melds) == as_multiset([cards("QS QH QD"), cards("4C 5C 6C 7C 8C")])


def test_a_stray_king_is_left_over():  # page
    verdict = check_hand(cards("5S 6S 7S 8S 9D 9H 9C 9C KD"))
    assert not verdict.goes_out
    assert verdict.leftover == (Card("K", "D"),)


def test_ten_cards_go_out_by_finding_the_discard():  # page
    verdict = check_hand(cards("AH 2H 3H 7S 7H 7D QC KC AC 5D"))
    assert (verdict.goes_out, verdict.discard, verdict.leftover) == (True, Card("5", "D"), ())
    assert sum(len(meld) for meld in verdict.melds) == 9


def test_ten_cards_that_all_meld_spare_their_highest_possible_card():
    verdict = check_hand(cards("2S 3S 4S 5S 9H 9D 9C JD JH JC"))
    assert (verdict.goes_out, verdict.discard) == (True, Card("5", "S"))
    assert as_multiset(verdict.melds) == as_multiset(
        [cards("2S 3S 4S"), cards("9H 9D 9C"), cards("JH JD JC")]
    )


def test_ten_cards_that_do_not_go_out_name_no_discard_and_list_what_is_left_over():
    verdict = check_hand(cards("AH 2H 3H 7S 7H 7D QC KC 5D 9S"), LOW_ACES)
    assert (verdict.goes_out, verdict.discard) == (False, None)
    assert set(verdict.leftover) == set(cards("QC KC 5D 9S"))


def test_the_search_splits_a_long_run_to_lend_a_card_to_a_group():
    verdict = check_hand(cards("4S 5S 6S 7S 8S 9S 10S 7H 7D"))
    assert verdict.goes_out
    assert as_multiset(verdict.melds) == as_multiset(
        [cards("4S 5S 6S"), cards("7S 7H 7D"), cards("8S 9S 10S")]
    )


def test_a_hand_of_the_wrong_size_is_refused():
    assert violation(check_hand, cards("AH 2H 3H 7S 7H 7D QC KC")) == {
        "rule": "pifpaf.hand.card-count",
        "params": {"count": 8, "expected": [9, 10]},
    }


def test_every_problem_with_a_hand_is_reported_at_once():
    rules = refused(check_hand, cards("QD QD QD JK"))
    assert rules == ["pifpaf.hand.card-count", "cards.deck.not-in-deck", "cards.deck.too-many"]


# a small deck, dense with melds, with the cards around the ace that test both its places
DENSE = [Card(rank, suit) for rank in ("J", "Q", "K", "A", "2", "3") for suit in SUITS] * 2


def dense_hands(size: int) -> st.SearchStrategy[list[Card]]:
    return st.permutations(DENSE).map(lambda cards: cards[:size])


def fewest_left_over(hand: list[Card], options: PifPafOptions) -> int:
    """A slow, independent answer: try every set of cards with the lowest card as a meld,
    judged by ``check_meld`` alone."""
    hand = sorted(hand, key=card_order)

    @cache
    def fewest(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = 1 + fewest(others)
        kin = [
            i
            for i in others
            if hand[i].suit == hand[first].suit or hand[i].rank == hand[first].rank
        ]
        for size in range(2, len(kin) + 1):
            for combo in combinations(kin, size):
                if check_meld([hand[i] for i in (first, *combo)], options).valid:
                    best = min(best, fewest(tuple(i for i in others if i not in combo)))
        return best

    return fewest(tuple(range(len(hand))))


@settings(max_examples=150)
@given(st.sampled_from([9, 10]).flatmap(dense_hands), st.sampled_from(ALL_OPTIONS))
def test_the_checker_is_exact_and_its_arrangement_is_made_of_valid_melds(hand, options):
    verdict = check_hand(hand, options)
    for meld in verdict.melds:
        assert check_meld(meld, options).valid
    placed = [card for meld in verdict.melds for card in meld]
    extra = [verdict.discard] if verdict.discard else []
    assert Counter(placed + list(verdict.leftover) + extra) == Counter(hand)
    fewest = fewest_left_over(hand, options)
    if len(hand) == 9:
        assert verdict.goes_out == (fewest == 0)
    else:
        assert verdict.goes_out == (fewest <= 1)
        assert (verdict.discard is not None) == verdict.goes_out
    if not verdict.goes_out:
        assert len(verdict.leftover) == fewest


def random_melds(draw: st.DrawFn) -> list[Card]:
    """Nine cards made of three random valid melds of three cards."""
    hand: list[Card] = []
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for _ in range(3):
        if draw(st.booleans()):
            start = draw(st.integers(0, len(ranks) - 3))
            suit = draw(st.sampled_from(SUITS))
            hand += [Card(rank, suit) for rank in ranks[start : start + 3]]
        else:
            rank = draw(st.sampled_from(ranks[:13]))
            hand += [Card(rank, suit) for suit in draw(st.permutations(SUITS))[:3]]
    return hand


@settings(max_examples=150)
@given(st.data())
def test_any_nine_cards_made_of_melds_go_out_and_a_tenth_becomes_the_discard(data):
    hand = random_melds(data.draw)
    assume(max(Counter(hand).values()) <= 2)
    assert check_hand(data.draw(st.permutations(hand))).goes_out
    tenth = data.draw(st.sampled_from([Card(r, s) for r in ("A", "5", "9", "K") for s in SUITS]))
    assume(Counter(hand)[tenth] < 2)
    verdict = check_hand([*hand, tenth])
    assert verdict.goes_out and verdict.discard is not None


# --- claims on a discard -----------------------------------------------------------------


def test_the_next_claimant_in_turn_order_after_the_discarder_gets_the_discard():
    assert claim_discard(1, [0, 3], players=5) == 3
    assert claim_discard(4, [3, 1], players=5) == 1  # the turn wraps from seat 4 to seat 0
    assert claim_discard(0, [2], players=3) == 2


def test_a_claimant_flagged_stock_only_cannot_take_the_discard():
    assert claim_discard(1, [2, 3], players=4, stock_only={2}) == 3
    assert refused(claim_discard, 1, [2], players=4, stock_only={2}) == [
        "pifpaf.mistake.stock-only"
    ]


def test_a_claim_must_name_somebody_else_at_the_table():
    assert refused(claim_discard, 1, [1, 2], players=4) == ["pifpaf.claim.own-discard"]
    assert refused(claim_discard, 1, [], players=4) == ["pifpaf.claim.no-claimant"]
    assert refused(claim_discard, 1, [4], players=4) == ["pifpaf.claim.no-such-player"]
    assert refused(claim_discard, 0, [1], players=9) == ["pifpaf.table.players"]


# --- the table ---------------------------------------------------------------------------


def test_the_bets_default_to_the_ante_and_to_ante_times_players():
    table = Table(FOUR)
    assert (table.ante, table.min_bet, table.max_bet) == (1, 1, 4)
    assert Table(FOUR, ante=5).max_bet == 20  # seed 004: four players, ante 5


def test_the_maximum_bet_may_not_exceed_ante_times_players():  # page: max 4 with ante 1
    assert violation(Table, FOUR, ante=1, max_bet=5) == {
        "rule": "pifpaf.chips.max-bet-limit",
        "params": {"max_bet": 5, "limit": 4},
    }
    assert refused(Table, FOUR, ante=5, max_bet=21) == ["pifpaf.chips.max-bet-limit"]


def test_the_chip_settings_must_make_sense():
    assert refused(Table, FOUR, ante=0) == ["pifpaf.chips.ante-positive"]
    for chips in (0, -5, True, 1.5, pifpaf.MAX_CHIPS + 1):
        assert refused(Table, FOUR, rebuy=chips) == ["pifpaf.settle.buy-in"]
    assert refused(Table, FOUR, min_bet=5) == ["pifpaf.chips.min-bet"]
    assert refused(Table, ("A", "B")) == ["pifpaf.table.players"]
    assert refused(Table, ("A", "B", "A")) == ["pifpaf.table.duplicate-player"]


def test_the_table_is_read_from_a_dict():
    table = Table.from_dict({"players": ["A", "B", "C"], "ante": 2, "max_bet": 5})
    assert table == Table(("A", "B", "C"), ante=2, min_bet=2, max_bet=5)
    assert Table.from_dict({"players": ["A", "B", "C"], "rebuy": 20}).rebuy == 20
    assert refused(Table.from_dict, {"players": ["A", "B", "C"], "pot": 3}) == [
        "pifpaf.options.invalid"
    ]
    assert refused(Table.from_dict, {"ante": 2}) == ["pifpaf.options.invalid"]


# --- a hand's chips ----------------------------------------------------------------------


def test_the_pages_hand_of_chips():  # page
    result = hand(PAGE_BETTING, "P2")
    assert result.pot == 13
    assert dict(result.balances) == {"P1": 46, "P2": 59, "P3": 49, "P4": 46}
    assert sum(result.balances.values()) == 200
    assert (result.winner, result.next_dealer, result.played) == ("P2", "P2", True)
    assert result.folded == {"P3"}
    assert [result.change(p) for p in FOUR] == [-4, 9, -1, -4]
    assert ("pifpaf.pot.won", 13) in [(line.rule, line.points) for line in result.lines]


def test_a_bet_above_ante_times_players_is_refused():  # page: a bet of 5 is refused
    error = violation(hand, [Action("P1", "raise", 5)], None)
    assert error == {
        "rule": "pifpaf.bet.above-max",
        "params": {"player": "P1", "bet": 5, "max": 4},
    }


def test_a_raise_must_add_at_least_the_minimum_bet():
    table = Table(FOUR, min_bet=2)
    balances = dict.fromkeys(FOUR, 50)
    bets = [Action("P1", "raise", 1)]
    assert refused(settle_hand, balances, table, "P4", bets, None) == ["pifpaf.bet.below-min"]
    bets = [Action("P1", "raise", 2), Action("P2", "raise", 3)]
    assert refused(settle_hand, balances, table, "P4", bets, None) == ["pifpaf.bet.below-min"]


def test_players_speak_in_turn_from_the_dealers_left():
    error = violation(hand, [Action("P2", "call")], None)
    assert error == {
        "rule": "pifpaf.bet.out-of-turn",
        "params": {"player": "P2", "expected": "P1"},
    }


def test_a_raise_asks_everybody_still_in_to_speak_again():
    bets = [
        Action("P1", "raise", 2),
        Action("P2", "raise", 4),
        Action("P3", "fold"),
        Action("P4", "call"),
    ]
    assert violation(hand, bets, "P4") == {
        "rule": "pifpaf.bet.round-unfinished",
        "params": {"expected": "P1"},
    }
    result = hand([*bets, Action("P1", "call")], "P4")
    assert dict(result.balances) == {"P1": 45, "P2": 45, "P3": 49, "P4": 61}


def test_nobody_bets_after_the_round_is_over():
    assert refused(hand, [*PAGE_BETTING, Action("P1", "raise", 4)], "P2") == [
        "pifpaf.bet.round-over"
    ]


def test_when_nobody_bets_everybody_plays_for_the_antes():
    result = hand([Action(p, "call") for p in FOUR], "P3")
    assert (result.pot, result.balances["P3"]) == (4, 53)


# --- all-in: main and side pots (page ruling: betting as in poker) -----------------------

SHORT = {"P1": 3, "P2": 50, "P3": 50, "P4": 50}
SHORT_BETTING = [
    Action("P1", "call"),
    Action("P2", "raise", 4),
    Action("P3", "fold"),
    Action("P4", "call"),
    Action("P1", "all-in"),  # P1 has 2 chips left after the ante: all in for 2
]


def short_hand(actions: list[Action], winner: str | None) -> HandResult:
    result = settle_hand(SHORT, Table(FOUR), "P4", actions, winner)
    assert all(line.rule in RULE_IDS for line in result.lines)
    return result


def test_a_player_who_cannot_cover_the_bet_calls_all_in():
    turn = betting_options(SHORT, Table(FOUR), "P4", SHORT_BETTING[:-1])
    assert (turn.player, turn.may_call, turn.may_all_in, turn.all_in_to) == ("P1", False, True, 2)
    result = short_hand(SHORT_BETTING, "P2")
    assert result.all_in == {"P1"}
    assert dict(result.balances) == {"P1": 0, "P2": 59, "P3": 49, "P4": 45}


def test_the_all_in_winner_takes_the_main_pot_and_the_side_pot_goes_to_those_who_contested_it():
    result = short_hand(SHORT_BETTING, "P1")
    main, side = result.pots
    assert (main.amount, main.eligible, dict(main.taken)) == (10, ("P1", "P2", "P4"), {"P1": 10})
    assert (side.amount, side.eligible, dict(side.contributions)) == (
        4,
        ("P2", "P4"),
        {"P2": 2, "P4": 2},
    )
    assert (side.rule, dict(side.taken)) == ("pifpaf.pot.split", {"P2": 2, "P4": 2})
    assert dict(result.balances) == {"P1": 10, "P2": 47, "P3": 49, "P4": 47}
    assert result.pot == 14 and result.winner == "P1"
    pot_lines = [
        (line.rule, line.points, line.params["player"], line.params["pot"])
        for line in result.lines
        if "pot" in line.params
    ]
    assert pot_lines == [
        ("pifpaf.pot.won", 10, "P1", 0),
        ("pifpaf.pot.split", 2, "P2", 1),
        ("pifpaf.pot.split", 2, "P4", 1),
    ]


def test_a_shared_side_pot_gives_its_odd_chip_to_the_first_in_turn_from_the_dealers_left():
    balances = {"P1": 1, "P2": 50, "P3": 50, "P4": 50}
    bets = [
        Action("P2", "raise", 1),  # P1's ante was their last chip: all-in, never asked
        Action("P3", "call"),
        Action("P4", "raise", 4),
        Action("P2", "fold"),
        Action("P3", "call"),
    ]
    assert betting_options(balances, Table(FOUR), "P4", []).player == "P2"
    result = settle_hand(balances, Table(FOUR), "P4", bets, "P1")
    main, side = result.pots
    assert (main.amount, dict(main.taken)) == (4, {"P1": 4})
    # P2's folded chip stays in the side pot; P3 and P4 contested it: 9 chips
    assert (side.amount, side.eligible, dict(side.taken)) == (9, ("P3", "P4"), {"P3": 5, "P4": 4})
    assert dict(result.balances) == {"P1": 4, "P2": 48, "P3": 50, "P4": 49}
    assert result.all_in == {"P1"}


def test_a_side_pot_nobody_still_in_the_hand_contested_goes_back_to_its_contributors():
    actions = [*SHORT_BETTING, Action("P2", "threw-away"), Action("P4", "threw-away")]
    result = short_hand(actions, None)
    main, side = result.pots
    assert (result.winner, main.rule, dict(main.taken)) == (
        "P1",
        "pifpaf.pot.uncontested",
        {"P1": 10},
    )
    assert (side.eligible, side.rule, dict(side.taken)) == (
        (),
        "pifpaf.pot.returned",
        {"P2": 2, "P4": 2},
    )
    assert dict(result.balances) == {"P1": 10, "P2": 47, "P3": 49, "P4": 47}


def test_the_player_who_put_in_most_takes_back_the_side_pot_only_they_contested():
    balances = {"P1": 3, "P2": 50, "P3": 50, "P4": 50}
    bets = [Action("P1", "call"), Action("P2", "raise", 4), Action("P3", "fold")]
    bets += [Action("P4", "fold"), Action("P1", "all-in")]
    result = settle_hand(balances, Table(FOUR), "P4", bets, "P1")
    main, side = result.pots
    assert (main.amount, dict(main.taken)) == (8, {"P1": 8})  # 3 + 3 + 1 + 1
    assert (side.amount, dict(side.taken)) == (2, {"P2": 2})
    assert dict(result.balances) == {"P1": 8, "P2": 47, "P3": 49, "P4": 49}


def test_all_in_is_only_for_a_player_who_cannot_cover_the_bet():
    assert violation(hand, [Action("P1", "all-in")], None) == {
        "rule": "pifpaf.bet.all-in-covered",
        "params": {"player": "P1", "chips": 49, "call": 0},
    }


def test_an_all_in_player_is_not_asked_again_after_a_raise():
    balances = {"P1": 3, "P2": 50, "P3": 50, "P4": 50}
    bets = [Action("P1", "call"), Action("P2", "raise", 3), Action("P3", "call")]
    bets += [Action("P4", "call"), Action("P1", "all-in")]
    assert betting_options(balances, Table(FOUR), "P4", bets) is None
    result = settle_hand(balances, Table(FOUR), "P4", bets, "P3")
    assert sum(pot.amount for pot in result.pots) == result.pot == 3 + 4 * 3
    assert result.balances["P3"] == 50 - 4 + 15


def test_nobody_bets_more_chips_than_they_have():
    balances = {"P1": 3, "P2": 50, "P3": 50, "P4": 50}
    table = Table(FOUR)
    short = [Action("P1", "raise", 3)]
    assert violation(settle_hand, balances, table, "P4", short, None)["params"] == {
        "player": "P1",
        "bet": 3,
        "chips": 2,
    }
    cannot_call = [Action("P1", "call"), Action("P2", "raise", 4), Action("P3", "fold")]
    assert refused(
        settle_hand,
        balances,
        table,
        "P4",
        [*cannot_call, Action("P4", "fold"), Action("P1", "call")],
        None,
    ) == ["pifpaf.bet.short-of-chips"]


def test_when_all_but_one_fold_that_player_takes_the_pot_and_the_hand_is_not_played():
    folds = [Action("P1", "raise", 2), Action("P2", "fold"), Action("P3", "fold")]
    folds.append(Action("P4", "fold"))
    result = hand(folds, None)
    assert (result.winner, result.played, result.pot, result.next_dealer) == ("P1", False, 6, "P1")
    assert dict(result.balances) == {"P1": 53, "P2": 49, "P3": 49, "P4": 49}
    assert [line.rule for line in result.lines][-1] == "pifpaf.pot.uncontested"
    assert hand(folds, "P1").balances == result.balances
    assert refused(hand, folds, "P2") == ["pifpaf.hand.winner-not-in-hand"]
    assert refused(hand, [*folds, Action("P2", "false-out")], None) == [
        "pifpaf.play.hand-not-played"
    ]


def test_a_played_hand_needs_a_winner_still_in_it():
    assert refused(hand, PAGE_BETTING, None) == ["pifpaf.hand.no-winner"]
    assert refused(hand, PAGE_BETTING, "P3") == ["pifpaf.hand.winner-not-in-hand"]


def test_a_false_going_out_moves_no_chips_and_flags_the_player_stock_only():
    result = hand([*PAGE_BETTING, Action("P1", "false-out")], "P1")
    assert result.stock_only == {"P1"}
    assert dict(result.balances) == {"P1": 59, "P2": 46, "P3": 49, "P4": 46}
    assert ("pifpaf.mistake.false-out", 0) in [(line.rule, line.points) for line in result.lines]
    assert refused(hand, [*PAGE_BETTING, Action("P1", "false-out")], "P1", with_discard=True) == [
        "pifpaf.mistake.stock-only"
    ]


def test_a_rebate_flags_the_player_stock_only():
    actions = [*PAGE_BETTING, Action("P4", "rebate")]
    assert hand(actions, "P4").stock_only == {"P4"}
    assert hand(actions, "P2", with_discard=True).winner == "P2"
    assert refused(hand, actions, "P4", with_discard=True) == ["pifpaf.mistake.stock-only"]


def test_a_player_who_threw_their_cards_away_is_out_and_loses_their_bet():
    actions = [*PAGE_BETTING, Action("P1", "false-out"), Action("P4", "threw-away")]
    result = hand(actions, "P2")
    assert result.threw_away == {"P4"}
    assert dict(result.balances) == {"P1": 46, "P2": 59, "P3": 49, "P4": 46}
    assert refused(hand, actions, "P4") == ["pifpaf.hand.winner-not-in-hand"]
    assert refused(hand, [*actions, Action("P4", "rebate")], "P2") == ["pifpaf.play.not-in-hand"]


def test_when_the_others_threw_their_cards_away_the_last_player_takes_the_pot():
    actions = [*PAGE_BETTING, Action("P1", "threw-away"), Action("P4", "threw-away")]
    result = hand(actions, None)
    assert (result.winner, result.played, result.balances["P2"]) == ("P2", True, 59)
    assert refused(hand, [*actions, Action("P2", "threw-away")], None) == [
        "pifpaf.play.nobody-left"
    ]


def test_mistakes_happen_only_once_the_betting_is_over():
    assert refused(hand, [Action("P1", "false-out")], "P1") == ["pifpaf.play.during-betting"]
    assert refused(hand, [*PAGE_BETTING, Action("P3", "false-out")], "P2") == [
        "pifpaf.play.not-in-hand"
    ]


def test_a_player_short_of_the_ante_sits_the_hand_out():
    balances = {"P1": 0, "P2": 50, "P3": 50, "P4": 50}
    table = Table(FOUR)
    bets = [Action("P2", "raise", 3), Action("P3", "fold"), Action("P4", "call")]
    result = settle_hand(balances, table, "P4", bets, "P4")
    assert result.sat_out == {"P1"}
    assert dict(result.balances) == {"P1": 0, "P2": 46, "P3": 49, "P4": 55}
    assert ("pifpaf.chips.sits-out", "P1") in [
        (line.rule, line.params["player"]) for line in result.lines
    ]
    assert refused(settle_hand, balances, table, "P4", [Action("P1", "call")], None) == [
        "pifpaf.bet.out-of-turn"
    ]
    broke = {"P1": 0, "P2": 0, "P3": 0, "P4": 200}
    assert refused(settle_hand, broke, table, "P4", [], None) == ["pifpaf.chips.too-few-dealt"]
    assert violation(settle_hand, broke, table, "P4", [], None)["params"] == {"players": 1}


def test_a_player_short_of_the_ante_antes_what_they_have_and_is_dealt_in_all_in():
    # page: only a player with *no* chips left sits out; short of a bet, all-in as in poker
    balances = {"P1": 50, "P2": 50, "P3": 50, "P4": 1}
    table = Table(FOUR, ante=2)
    # P3 deals: P4, on their left, antes their last chip and never speaks
    assert betting_options(balances, table, "P3", []).player == "P1"
    bets = [Action("P1", "raise", 2), Action("P2", "call"), Action("P3", "fold")]
    result = settle_hand(balances, table, "P3", bets, "P4")
    assert result.sat_out == frozenset() and result.all_in == {"P4"}
    assert result.pot == 1 + 4 + 4 + 2
    main, side = result.pots
    assert (main.amount, main.eligible, dict(main.taken)) == (4, ("P4", "P1", "P2"), {"P4": 4})
    # the rest (P3's folded ante stays in it) is shared by P1 and P2, who contested it
    assert (side.amount, side.rule, dict(side.taken)) == (
        7,
        "pifpaf.pot.split",
        {"P1": 4, "P2": 3},
    )
    assert dict(result.balances) == {"P1": 50, "P2": 49, "P3": 48, "P4": 4}
    p4 = [
        (line.rule, line.count, line.points)
        for line in result.lines
        if line.params["player"] == "P4"
    ]
    assert p4 == [
        ("pifpaf.chips.ante", 1, -1),
        ("pifpaf.chips.all-in", 1, 0),
        ("pifpaf.pot.won", 1, 4),
    ]
    # two players with a chip each make a hand; one with chips alone does not
    few = {"P1": 1, "P2": 1, "P3": 0, "P4": 0}
    assert settle_hand(few, table, "P4", [], "P2").balances == {"P1": 0, "P2": 2, "P3": 0, "P4": 0}


def rebuys_table() -> Table:
    """The page's table with rebuys allowed, for a buy-in of 50."""
    return Table(FOUR, rebuy=50)


def lines_of(result: HandResult, player: str) -> list[tuple[str, int, int]]:
    return [
        (line.rule, line.count, line.points)
        for line in result.lines
        if line.params.get("player") == player
    ]


def test_with_rebuys_a_player_with_no_chips_left_buys_in_again_and_is_dealt_in():  # page
    balances = {"P1": 0, "P2": 50, "P3": 50, "P4": 50}
    # P1 buys in again before the hand: dealt in, first to speak, with 50 chips
    assert betting_options(balances, rebuys_table(), "P4", []) == BettingOptions(
        "P1", 0, True, 1, 4
    )
    assert pifpaf.rebuying(balances, rebuys_table()) == {"P1": 50}
    assert pifpaf.rebuying(balances, Table(FOUR)) == {}
    result = settle_hand(balances, rebuys_table(), "P4", [Action(p, "call") for p in FOUR], "P1")
    assert (result.sat_out, dict(result.bought)) == (frozenset(), {"P1": 50})
    assert dict(result.balances) == {"P1": 53, "P2": 49, "P3": 49, "P4": 49}
    # the rebuy is in the ledger lines; the chips bought are not won: 0 points
    assert lines_of(result, "P1") == [
        ("pifpaf.chips.rebuy", 50, 0),
        ("pifpaf.chips.ante", 1, -1),
        ("pifpaf.pot.won", 1, 4),
    ]
    assert result.change("P1") == 3 and sum(line.points for line in result.lines) == 0
    # chips are conserved: the table holds the chips it held plus the ones bought
    assert sum(result.balances.values()) == sum(balances.values()) + 50


def test_with_rebuys_only_a_player_with_no_chips_at_all_buys_in_again():
    balances = {"P1": 0, "P2": 1, "P3": 50, "P4": 50}
    table = Table(FOUR, ante=2, rebuy=20)
    assert pifpaf.rebuying(balances, table) == {"P1": 20}
    result = settle_hand(
        balances,
        table,
        "P4",
        [Action("P1", "call"), Action("P3", "call"), Action("P4", "call")],
        "P3",
    )
    assert dict(result.bought) == {"P1": 20}
    assert result.all_in == {"P2"}  # antes its one chip: all-in, no rebuy
    assert dict(result.balances) == {"P1": 18, "P2": 0, "P3": 55, "P4": 48}


def test_with_rebuys_nobody_sits_out_and_a_hand_is_always_dealt():
    broke = {"P1": 0, "P2": 0, "P3": 0, "P4": 200}
    result = settle_hand(broke, rebuys_table(), "P4", [Action(p, "call") for p in FOUR], "P4")
    assert result.sat_out == frozenset()
    assert sorted(result.bought) == ["P1", "P2", "P3"]
    assert sum(result.balances.values()) == 200 + 3 * 50


def test_a_hand_must_name_the_table_as_it_is():
    table = Table(FOUR)
    assert refused(
        settle_hand, {"P1": 50, "P2": 50, "P3": 50, "X": 50}, table, "P4", [], None
    ) == ["pifpaf.table.balances"]
    assert refused(settle_hand, {**dict.fromkeys(FOUR, 50), "P2": -1}, table, "P4", [], None) == [
        "pifpaf.chips.negative"
    ]
    assert refused(settle_hand, dict.fromkeys(FOUR, 50), table, "X", [], None) == [
        "pifpaf.table.unknown-player"
    ]
    assert refused(hand, [Action("X", "call")], None) == ["pifpaf.table.unknown-player"]
    assert refused(hand, [Action("P1", "check")], None) == ["pifpaf.bet.unknown-action"]


# --- what the player to speak may do ----------------------------------------------------


def options(actions: list[Action], **table: Any) -> BettingOptions | None:
    """At the page's table: four players with 50 chips, ante 1, P4 deals."""
    return betting_options(dict.fromkeys(FOUR, 50), Table(FOUR, **table), "P4", actions)


def test_the_first_to_speak_may_play_for_the_ante_or_raise_up_to_the_limit():  # page
    assert options([]) == BettingOptions("P1", 0, True, 1, 4)


def test_after_a_raise_the_next_player_may_call_it_or_raise_by_the_minimum_bet():  # page
    assert options([Action("P1", "raise", 3)]) == BettingOptions("P2", 3, True, 4, 4)
    bigger = options([Action("P1", "raise", 2)], min_bet=2, max_bet=4)
    assert bigger == BettingOptions("P2", 2, True, 4, 4)


def test_at_the_limit_nobody_may_raise_again():
    turn = options([Action("P1", "raise", 4)])
    assert turn == BettingOptions("P2", 4, True, None, None)
    assert not turn.may_raise and turn.may_fold


def test_a_player_short_of_chips_raises_only_as_far_as_their_chips_and_may_not_call_past_them():
    balances = {"P1": 3, "P2": 50, "P3": 50, "P4": 50}
    table = Table(FOUR)
    assert betting_options(balances, table, "P4", []) == BettingOptions("P1", 0, True, 1, 2)
    bets = [Action("P1", "call"), Action("P2", "raise", 4), Action("P3", "fold")]
    bets.append(Action("P4", "fold"))
    turn = betting_options(balances, table, "P4", bets)
    assert turn == BettingOptions("P1", 4, False, None, None, may_all_in=True, all_in_to=2)


def test_once_the_betting_is_over_nobody_is_to_speak():
    assert options(PAGE_BETTING) is None
    assert options([*PAGE_BETTING, Action("P1", "false-out")]) is None
    folds = [Action("P1", "raise", 2), *(Action(p, "fold") for p in ("P2", "P3", "P4"))]
    assert options(folds) is None


def test_the_options_refuse_the_bets_settle_hand_refuses():
    assert refused(options, [Action("P2", "call")]) == ["pifpaf.bet.out-of-turn"]
    assert refused(options, [Action("P1", "raise", 5)]) == ["pifpaf.bet.above-max"]
    balances = {"P1": 0, "P2": 0, "P3": 0, "P4": 200}
    assert refused(betting_options, balances, Table(FOUR), "P4", []) == [
        "pifpaf.chips.too-few-dealt"
    ]


def legal_hand(
    draw: st.DrawFn, *, short_stacks: bool = False, rebuys: bool = False
) -> tuple[dict[str, int], Table, str, list[Action], str | None, bool]:
    """A table, balances and a legal hand, played by a small model of the rules.
    ``short_stacks``: balances small enough that players go all-in often, some of them
    short of the ante. ``rebuys``: the table lets a player with no chips left buy in
    again, and some have none."""
    names = tuple(f"P{i}" for i in range(draw(st.integers(3, 8))))
    ante = draw(st.integers(1, 3))
    max_bet = draw(st.integers(1, ante * len(names)))
    rebuy = draw(st.integers(1, 30)) if rebuys else None
    table = Table(names, ante, draw(st.integers(1, max_bet)), max_bet, rebuy=rebuy)
    least, most = (0, ante + max_bet) if short_stacks else (0, 30)
    balances = {name: draw(st.integers(least, most)) for name in names}
    if rebuys:
        for name in draw(st.lists(st.sampled_from(names), unique=True)):
            balances[name] = 0
    dealer = draw(st.sampled_from(names))
    seat = names.index(dealer)
    # a player with no chips left buys in again if the table allows it, else sits out
    start = {name: chips or rebuy or 0 for name, chips in balances.items()}
    order = [p for p in names[seat + 1 :] + names[: seat + 1] if start[p] > 0]
    assume(len(order) >= 2)
    bet, level, live = dict.fromkeys(order, 0), 0, list(order)

    def chips(player: str) -> int:
        # short of the ante, a player antes what they have
        return start[player] - min(ante, start[player]) - bet[player]

    # a player whose ante is their last chip is all-in from the start and never speaks
    pending = [p for p in order if chips(p) > 0]
    actions: list[Action] = []
    while pending and len(live) > 1:
        player = pending[0]
        call = level - bet[player]
        low, high = level + table.min_bet, min(table.max_bet, bet[player] + chips(player))
        kinds = ["fold"] + ["raise"] * (low <= high) * (1 + 2 * short_stacks)
        kinds += ["call"] * (call <= chips(player))
        kinds += ["all-in"] * (call > chips(player)) * (1 + 3 * short_stacks)
        kind = draw(st.sampled_from(kinds))
        if kind == "raise":
            level = bet[player] = draw(st.integers(low, high))
            actions.append(Action(player, "raise", level))
            at = live.index(player)
            pending = [p for p in live[at + 1 :] + live[:at] if chips(p) > 0]
            continue
        actions.append(Action(player, kind))
        pending.pop(0)
        if kind == "fold":
            live.remove(player)
        elif kind == "call":
            bet[player] = level
        else:
            bet[player] += chips(player)
    stock_only: set[str] = set()
    if len(live) > 1:
        for _ in range(draw(st.integers(0, 3))):
            player = draw(st.sampled_from(live))
            kind = draw(
                st.sampled_from(["false-out", "rebate"] + ["threw-away"] * (len(live) > 1))
            )
            actions.append(Action(player, kind))
            if kind == "threw-away":
                live.remove(player)
            else:
                stock_only.add(player)
            if len(live) == 1:
                break
    winner = draw(st.sampled_from(live)) if len(live) > 1 or draw(st.booleans()) else None
    with_discard = winner not in stock_only and draw(st.booleans())
    return balances, table, dealer, actions, winner, with_discard


@settings(max_examples=300)
@given(st.data(), st.booleans(), st.booleans())
def test_chips_are_never_created_or_lost(data, short_stacks, rebuys):
    balances, table, dealer, actions, winner, with_discard = legal_hand(
        data.draw, short_stacks=short_stacks, rebuys=rebuys
    )
    result = settle_hand(balances, table, dealer, actions, winner, with_discard=with_discard)
    # the only chips that come in are the rebuys, each the table's buy-in, for a player
    # who had none left
    assert all(chips == table.rebuy and balances[p] == 0 for p, chips in result.bought.items())
    assert set(result.bought) == (
        {p for p in table.players if not balances[p]} if rebuys else set()
    )
    assert sum(result.balances.values()) == sum(balances.values()) + sum(result.bought.values())
    assert sum(line.points for line in result.lines) == 0
    assert all(chips >= 0 for chips in result.balances.values())
    for player in table.players:
        bought = result.bought.get(player, 0)
        assert result.balances[player] - balances[player] - bought == result.change(player)
    assert all(line.rule in RULE_IDS for line in result.lines)
    assert result.pot == -sum(line.points for line in result.lines if line.points < 0)
    assert result.next_dealer == result.winner
    assert winner in (None, result.winner)
    # only a player with no chips sits out, and never at a table with rebuys
    assert all(balances[p] == 0 and not rebuys for p in result.sat_out)
    for player in result.sat_out:
        assert result.balances[player] == balances[player]
    assert_pots_are_fair(result, table)


def assert_pots_are_fair(result: HandResult, table: Table) -> None:
    """The main and side pots hold the pot, each goes where the rules send it."""
    assert sum(pot.amount for pot in result.pots) == result.pot
    paid = Counter()
    for index, pot in enumerate(result.pots):
        assert sum(pot.contributions.values()) == sum(pot.taken.values()) == pot.amount
        paid.update(pot.contributions)
        if index:  # a side pot is contested by fewer players than the pot below it
            assert set(pot.eligible) < set(result.pots[index - 1].eligible)
        if result.winner in pot.eligible:
            assert dict(pot.taken) == {result.winner: pot.amount}
        elif pot.eligible:
            assert pot.rule == "pifpaf.pot.split" and set(pot.taken) <= set(pot.eligible)
            assert max(pot.taken.values()) - min(pot.taken.values()) <= 1
        else:
            assert pot.rule == "pifpaf.pot.returned" and pot.taken == pot.contributions
    for player, chips in paid.items():  # each put in exactly their ante and bets
        lines = [line for line in result.lines if line.params.get("player") == player]
        assert chips == -sum(x.points for x in lines if x.rule.startswith("pifpaf.chips."))
    # nobody takes more from the pots than a player matching them could win
    for player in result.all_in:
        won = sum(pot.taken.get(player, 0) for pot in result.pots)
        mine = paid[player]
        assert won <= sum(min(chips, mine) for chips in paid.values())


@settings(max_examples=200)
@given(st.data(), st.booleans())
def test_chips_are_conserved_in_hands_with_players_all_in(data, rebuys):
    balances, table, dealer, actions, winner, with_discard = legal_hand(
        data.draw, short_stacks=True, rebuys=rebuys
    )
    assume(any(action.kind == "all-in" for action in actions))
    result = settle_hand(balances, table, dealer, actions, winner, with_discard=with_discard)
    assert sum(result.balances.values()) == sum(balances.values()) + sum(result.bought.values())
    assert sum(line.points for line in result.lines) == 0
    assert all(chips >= 0 for chips in result.balances.values())
    went_all_in = {action.player for action in actions if action.kind == "all-in"}
    assert went_all_in - result.threw_away <= result.all_in
    assert_pots_are_fair(result, table)


def takes(balances, table, dealer, actions: list[Action]) -> bool:
    """Does the engine take these actions (the hand may still be unfinished)?"""
    try:
        settle_hand(balances, table, dealer, actions, None)
    except RuleError as error:
        return set(error.rules) <= {"pifpaf.bet.round-unfinished", "pifpaf.hand.no-winner"}
    return True


@settings(max_examples=150)
@given(st.data(), st.booleans(), st.booleans())
def test_the_options_offered_are_exactly_the_bets_the_engine_takes(data, short_stacks, rebuys):
    balances, table, dealer, actions, _winner, _discard = legal_hand(
        data.draw, short_stacks=short_stacks, rebuys=rebuys
    )
    bets = [action for action in actions if action.kind in pifpaf.BETS]
    for done in range(len(bets) + 1):
        turn = betting_options(balances, table, dealer, bets[:done])
        if turn is None:
            assert done == len(bets)
            break
        before = bets[:done]
        assert takes(balances, table, dealer, [*before, Action(turn.player, "fold")])
        call = takes(balances, table, dealer, [*before, Action(turn.player, "call")])
        assert call == turn.may_call
        all_in = takes(balances, table, dealer, [*before, Action(turn.player, "all-in")])
        assert all_in == turn.may_all_in == (not turn.may_call)
        for to in range(table.max_bet + 2):
            offered = turn.may_raise and turn.min_raise_to <= to <= turn.max_raise_to
            raised = [*before, Action(turn.player, "raise", to)]
            assert takes(balances, table, dealer, raised) == offered, to
        if done < len(bets):
            assert bets[done].player == turn.player


# --- settling up -------------------------------------------------------------------------


def pays(payments: list[pifpaf.Payment]) -> list[tuple[str, str, str, int]]:
    return [(p.frm, p.to, str(p.amount), p.chips) for p in payments]


def test_the_pages_session_settles_in_three_payments():  # page balances, a chip at R$0.50
    balances = {"P1": 46, "P2": 59, "P3": 49, "P4": 46}
    assert pays(settle(balances, 50, Decimal("0.50"))) == [
        ("P1", "P2", "2.00", 4),
        ("P3", "P2", "0.50", 1),
        ("P4", "P2", "2.00", 4),
    ]


def test_settling_finds_fewer_payments_than_largest_debtor_to_largest_creditor():
    net = {"A": -5, "B": 3, "C": 3, "D": 5, "E": -6}
    assert len(list(pifpaf._settle_group(net))) == 4  # the greedy way, all in one group
    payments = settle({name: 10 + chips for name, chips in net.items()}, 10, Decimal(1))
    assert pays(payments) == [
        ("A", "D", "5.00", 5),
        ("E", "B", "3.00", 3),
        ("E", "C", "3.00", 3),
    ]


def test_nobody_pays_when_everybody_is_even():
    assert settle({"A": 20, "B": 20, "C": 20}, 20, Decimal("1.5")) == []


def test_a_session_whose_chips_do_not_add_up_is_not_settled():
    assert violation(settle, {"A": 20, "B": 21, "C": 20}, 20, Decimal(1)) == {
        "rule": "pifpaf.settle.not-conserved",
        "params": {"total": 61, "expected": 60},
    }


def test_the_settlement_counts_every_buy_in_a_player_made():
    # Buy-in 5: Ana went broke in hand 1 and bought in again; 25 chips are on the table.
    balances = {"Ana": 4, "Bia": 11, "Caio": 7, "Duda": 3}
    assert pays(settle(balances, 5, Decimal("0.50"), {"Ana": 1, "Bia": 0})) == [
        ("Ana", "Bia", "3.00", 6),  # 4 chips left of the 10 she bought
        ("Duda", "Caio", "1.00", 2),
    ]
    assert violation(settle, balances, 5, Decimal("0.50")) == {
        "rule": "pifpaf.settle.not-conserved",
        "params": {"total": 25, "expected": 20},
    }
    # a player who rebought twice paid three buy-ins
    assert pays(settle({"A": 0, "B": 20, "C": 5}, 5, 1, {"A": 2})) == [("A", "B", "15.00", 15)]
    assert violation(settle, {"A": 0, "B": 20, "C": 5}, 5, 1, {"A": 1}) == {
        "rule": "pifpaf.settle.not-conserved",
        "params": {"total": 25, "expected": 20},
    }


@pytest.mark.parametrize("rebuys", [{"X": 1}, {"A": -1}, {"A": True}, {"A": 1.0}, {"A": "1"}])
def test_rebuys_are_whole_counts_for_players_at_the_table(rebuys):
    error = violation(settle, {"A": 20, "B": 20, "C": 20}, 20, 1, rebuys)
    assert error == {
        "rule": "pifpaf.settle.rebuys",
        "params": {"player": next(iter(rebuys)), "rebuys": next(iter(rebuys.values()))},
    }


def test_the_buy_in_and_chip_value_must_make_sense():
    even = {"A": 20, "B": 20, "C": 20}
    assert refused(settle, even, 0, Decimal(1)) == ["pifpaf.settle.buy-in"]
    for value in (Decimal(0), Decimal("0.005"), 0.5, Decimal("NaN")):
        assert refused(settle, even, 20, value) == ["pifpaf.settle.chip-value"]
    assert refused(settle, {"A": -1, "B": 31, "C": 30}, 20, Decimal(1)) == [
        "pifpaf.chips.negative"
    ]


def set_partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1 :]]


BUY_IN = 100  # more than anybody can lose in the sessions drawn below


@st.composite
def sessions(draw: st.DrawFn, most: int = 8) -> dict[str, int]:
    nets = draw(st.lists(st.integers(-6, 6), min_size=2, max_size=most - 1))
    nets.append(-sum(nets))
    return {f"P{i}": BUY_IN + net for i, net in enumerate(nets)}


@settings(max_examples=200)
@given(sessions(), st.sampled_from([Decimal(1), Decimal("0.25"), Decimal("2.50")]))
def test_the_settlement_clears_every_debt_in_the_fewest_payments(balances, chip_value):
    payments = settle(balances, BUY_IN, chip_value)
    owed = {name: chips - BUY_IN for name, chips in balances.items()}
    for payment in payments:
        assert payment.chips > 0 and payment.amount == payment.chips * chip_value
        assert payment.amount.as_tuple().exponent == -2
        owed[payment.frm] += payment.chips
        owed[payment.to] -= payment.chips
    assert set(owed.values()) <= {0}
    nonzero = [net for net in (chips - BUY_IN for chips in balances.values()) if net]
    most_groups = max(
        sum(1 for block in partition if sum(nonzero[i] for i in block) == 0)
        for partition in set_partitions(list(range(len(nonzero))))
    )
    assert len(payments) == len(nonzero) - most_groups


@pytest.mark.parametrize(
    "value",
    [
        "1e30",
        Decimal("1e30"),
        Decimal("NaN"),
        Decimal("sNaN"),
        Decimal("-NaN"),
        Decimal("Infinity"),
        Decimal("-Infinity"),
        "inf",
        "-1",
        Decimal("-0.50"),
        "0",
        "1000000.01",
        "12345678901234567890123456789.50",  # beyond 28 digits
        "0.123",
        "1e-999999999",
        "fifty cents",
        "",
        float("nan"),
        float("inf"),
        True,
        None,
    ],
)
def test_a_chip_value_beyond_the_limits_is_refused_naming_them(value):
    even = {"A": 20, "B": 20, "C": 20}
    error = violation(settle, even, 20, value)
    assert error["rule"] == "pifpaf.settle.chip-value"
    assert (error["params"]["limit"], error["params"]["places"]) == ("1000000", 2)
    assert len(error["params"]["chip_value"]) <= 40


@pytest.mark.parametrize("value", ["0.50", " 0.5 ", 1, Decimal("1000000"), "2.500"])
def test_a_chip_value_may_come_as_text_or_a_whole_number(value):
    (payment,) = settle({"A": 19, "B": 21, "C": 20}, 20, value)
    assert (payment.frm, payment.to, payment.chips) == ("A", "B", 1)
    assert payment.amount == Decimal(str(value).strip()).quantize(Decimal("0.01"))


def test_balances_and_buy_ins_beyond_a_trillion_chips_are_refused():
    limit = pifpaf.MAX_CHIPS
    assert violation(settle, {"A": limit + 1, "B": 0, "C": limit - 1}, limit, 1) == {
        "rule": "pifpaf.settle.balance-limit",
        "params": {"player": "A", "chips": limit + 1, "limit": limit},
    }
    big = limit + 1
    assert refused(settle, {"A": big, "B": big, "C": big}, big, 1) == [
        "pifpaf.settle.balance-limit",
        "pifpaf.settle.balance-limit",
        "pifpaf.settle.balance-limit",
        "pifpaf.settle.buy-in",
    ]
    assert refused(settle, {"A": 1, "B": 1, "C": 1}, 10**40, 1) == ["pifpaf.settle.buy-in"]


def test_the_largest_session_settles_to_the_cent():
    limit = pifpaf.MAX_CHIPS
    half = limit // 2
    balances = {"A": limit, "B": 0, **{name: half for name in "CDEFGH"}}
    (payment,) = settle(balances, half, Decimal("999999.99"))
    assert (payment.frm, payment.to, payment.chips) == ("B", "A", half)
    assert str(payment.amount) == "499999995000000000.00"


@pytest.mark.parametrize("players", [0, 1, 2, 9, 12])
def test_a_settlement_is_for_three_to_eight_players(players):
    balances = {f"P{i}": 20 for i in range(players)}
    assert violation(settle, balances, 20, Decimal(1)) == {
        "rule": "pifpaf.table.players",
        "params": {"players": players},
    }


def test_a_settlement_of_nobody_names_every_broken_rule_at_once():
    assert refused(settle, {}, 0, "NaN") == [
        "pifpaf.table.players",
        "pifpaf.settle.buy-in",
        "pifpaf.settle.chip-value",
    ]


def test_the_money_terms_of_a_session_are_checked_before_any_chips_move():
    assert pifpaf.check_terms(50, "0.50") == Decimal("0.50")
    assert pifpaf.check_terms(50, 2) == Decimal("2.00")
    assert refused(pifpaf.check_terms, 0, "1e30") == [
        "pifpaf.settle.buy-in",
        "pifpaf.settle.chip-value",
    ]


chip_values = st.one_of(
    st.decimals(allow_nan=True, allow_infinity=True),
    st.decimals(min_value=-10, max_value=2_000_000, places=3),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(),
    st.text(max_size=40),
    st.from_regex(r"-?[0-9]{1,40}(\.[0-9]{0,5})?(e-?[0-9]{1,12})?", fullmatch=True),
    st.sampled_from([None, True, Decimal("sNaN"), "1e30", "NaN", "-inf"]),
)
chip_counts = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.integers(min_value=0, max_value=200),
    st.sampled_from([None, True, 1.5, "20", Decimal(20)]),
)


@settings(max_examples=400)
@given(
    st.dictionaries(st.text(max_size=5), chip_counts, max_size=10),
    chip_counts,
    chip_values,
    st.none() | st.dictionaries(st.text(max_size=5), chip_counts, max_size=4),
)
def test_extreme_values_never_raise_anything_but_a_rule_error(
    balances, buy_in, chip_value, rebuys
):
    try:
        payments = settle(balances, buy_in, chip_value, rebuys)
    except RuleError as error:
        assert set(error.rules) <= set(RULE_IDS)
        return
    value = Decimal(str(chip_value).strip())
    for payment in payments:
        assert payment.amount == value * payment.chips  # exact, nothing rounded
        assert payment.amount.as_tuple().exponent == -2


@settings(max_examples=200)
@given(
    sessions(), st.integers(1, 10**12 // 200), st.decimals(Decimal("0.01"), 1_000_000, places=2)
)
def test_any_settlement_within_the_limits_is_exact_to_the_cent(balances, scale, chip_value):
    scaled = {name: chips * scale for name, chips in balances.items()}
    payments = settle(scaled, BUY_IN * scale, chip_value)
    for payment in payments:
        assert payment.amount == chip_value * payment.chips
    paid = sum(p.chips for p in payments)
    assert paid <= sum(abs(c - BUY_IN * scale) for c in scaled.values())


# --- a whole session with rebuys ---------------------------------------------------------


def played_hand(
    draw: st.DrawFn, balances: dict[str, int], table: Table, dealer: str
) -> HandResult:
    """One legal hand from these balances, bet as the engine offers (the phone's way),
    won by somebody the engine lets take the pot."""
    bets: list[Action] = []
    while (turn := betting_options(balances, table, dealer, bets)) is not None:
        kinds = ["fold"] + ["call"] * turn.may_call + ["raise"] * turn.may_raise
        kinds += ["all-in"] * turn.may_all_in
        kind = draw(st.sampled_from(kinds))
        to = draw(st.integers(turn.min_raise_to, turn.max_raise_to)) if kind == "raise" else 0
        bets.append(Action(turn.player, kind, to))
    results = []
    for winner in (None, *table.players):
        try:
            results.append(settle_hand(balances, table, dealer, bets, winner))
        except RuleError:
            continue
    return draw(st.sampled_from(results))


@settings(max_examples=100)
@given(st.data())
def test_a_session_with_rebuys_conserves_its_chips_and_settles_to_zero(data):
    """Hand after hand, players go broke and buy in again: the table always holds every
    buy-in made, and the settlement pays out exactly what each player won or lost."""
    draw = data.draw
    names = tuple(f"P{i}" for i in range(draw(st.integers(3, 6))))
    buy_in, ante = draw(st.integers(1, 6)), draw(st.integers(1, 2))
    table = PifPafOptions(buy_in=buy_in, ante=ante, rebuy=True).table(names)
    balances = dict.fromkeys(names, buy_in)
    rebuys = dict.fromkeys(names, 0)
    dealer = draw(st.sampled_from(names))
    for _hand in range(draw(st.integers(1, 12))):
        result = played_hand(draw, balances, table, dealer)
        assert result.sat_out == frozenset()  # with rebuys nobody sits out
        for player in result.bought:
            assert balances[player] == 0 and result.bought[player] == buy_in
            rebuys[player] += 1
        balances, dealer = dict(result.balances), result.next_dealer
        assert sum(balances.values()) == buy_in * (len(names) + sum(rebuys.values()))
    payments = settle(balances, buy_in, Decimal("0.25"), rebuys)
    owed = {name: balances[name] - buy_in * (1 + rebuys[name]) for name in names}
    assert sum(owed.values()) == 0
    for payment in payments:
        owed[payment.frm] += payment.chips
        owed[payment.to] -= payment.chips
        assert payment.amount == payment.chips * Decimal("0.25")
    assert set(owed.values()) == {0}
