"""Pinkerton: card values, meeting the value, k and deals, the round as events at the table,
the points and the match.

Every worked example of ``shared/games/pinkerton.md`` is a test here, marked "page:".
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee.pinkerton as pinkerton
from referee.cards import DECKS, RANKS, SUITS, Card, CardError, parse_cards
from referee.pinkerton import (
    ADD,
    ASK,
    EVENT_TYPES,
    FREE_PASS,
    PASS,
    RULE_IDS,
    SKIP,
    THROW,
    TURN,
    Event,
    Match,
    PinkertonOptions,
    Round,
    card_value,
    check_add,
    check_throw,
    deal_size,
    first_player,
    is_exact,
    match_winner,
    meets,
    next_dealer,
    required_cards,
    round_breakdown,
    round_points,
    stack_value,
)
from referee.rulings import RuleError, ScoreLine, Violation
from tests.referee.rulewatch import every_emitted_rule_listed
from tests.scoring.games.pinkerton.examples import EXACT_THROW, engine_violations

# Each rule id the engine emits during a test must be in RULE_IDS.
every_rule_emitted_is_listed = every_emitted_rule_listed(pinkerton)


PLAYERS = ("ala", "bea", "cez")  # ala deals: bea plays first in phases I and II
ALWAYS = PinkertonOptions(show_value="always")
EVERY_CARD = [Card(rank, suit) for rank in RANKS for suit in SUITS]


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def value(text: str) -> int:
    return stack_value(cards(text))


def event(spec: str) -> Event:
    """``"turn 9S"``, ``"bea throw 10S AH"``, ``"cez pass"``, ``"ala add 4C"``,
    ``"ala free-pass"``, ``"bea ask"``."""
    words = spec.split()
    if words[0] == TURN:
        return Event(TURN, cards=" ".join(words[1:]))
    player, kind, *rest = words
    return Event(kind, player, " ".join(rest))


def play(*specs: str, options: PinkertonOptions | None = ALWAYS, **start: Any) -> Round:
    """A round at ``PLAYERS`` dealt by ala (or as ``start`` says) after ``specs``."""
    state = Round.start(
        start.get("players", PLAYERS), start.get("dealer", "ala"), start.get("scores"), options
    )
    for spec in specs:
        state = state.apply(event(spec))
    return state


def refused(state: Round, spec: str) -> dict[str, Any]:
    """The first violation ``spec`` meets in ``state``; apply must refuse it too."""
    found = state.check(event(spec))
    assert found is not None, spec
    with pytest.raises(RuleError) as caught:
        state.apply(event(spec))
    assert caught.value.violations[0] == found
    return {"rule": found.rule, **found.params}


def state_specs(state: Round) -> list[str]:
    """The specs that replay ``state``'s events (for building on a round)."""
    specs = []
    for e in state.events:
        text = " ".join(str(card) for card in e.cards)
        specs.append(f"turn {text}" if e.type == TURN else f"{e.player} {e.type} {text}".strip())
    return specs


def rules_of(call: Callable[[], Any]) -> list[str]:
    with pytest.raises(RuleError) as caught:
        call()
    return caught.value.rules


# Phase I on 9♠ (−9), phase II on 9♠ K♥ (31); ala, the dealer, opens phase III.
PHASE_I = ("turn 9S", "bea throw 10S AH", "cez throw QC JD", "ala throw KS 2H")
PHASE_II = ("turn KH", "bea throw KD 2H", "cez throw QH 5D", "ala throw JH JD")
TO_PHASE_III = PHASE_I + PHASE_II
PHASE_I_WITH_A_PASS = ("turn 9S", "bea pass", "cez throw 10S AH", "ala throw 10C AD")
# The same with a stack of −4 (9♠ 5♥): rule 1 holds.
LOW_PHASE_II = ("turn 5H", "bea throw KS 2H", "cez throw QS AD", "ala throw JC 3D")
TO_LOW_PHASE_III = PHASE_I + LOW_PHASE_II


# --- card values -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("AH", 1),
        ("AS", -1),
        ("2D", 2),
        ("7C", -7),
        ("10H", 10),
        ("10S", -10),
        ("JD", 20),
        ("JC", -20),
        ("QH", 30),
        ("QS", -30),
        ("KD", 40),
        ("KC", -40),
    ],
)
def test_red_cards_count_plus_and_black_cards_minus(token, expected):
    assert card_value(parse_cards([token])[0]) == expected


def test_the_polish_dama_is_the_queen_worth_thirty():
    assert card_value(parse_cards(["D♦"], "pl")[0]) == 30
    assert card_value(parse_cards(["W♠"], "pl")[0]) == -20


def test_a_joker_has_no_value_in_pinkerton():
    assert rules_of(lambda: card_value(parse_cards(["JK"])[0])) == ["cards.deck.not-in-deck"]


@given(st.lists(st.sampled_from(EVERY_CARD), max_size=30))
def test_the_value_of_a_stack_is_the_sum_of_its_cards(stack):
    assert stack_value(stack) == sum(card_value(card) for card in stack)
    assert stack_value(stack[::-1]) == stack_value(stack)


# --- meeting the value -----------------------------------------------------------------------


def test_page_centre_nine_of_spades():
    assert value("9S") == -9
    assert meets(-9, cards("10S AH")) and is_exact(-9, cards("10S AH"))
    assert meets(-9, cards("QC JD")) and not is_exact(-9, cards("QC JD"))
    assert value("QC JD") == -10


@pytest.mark.parametrize(("throw", "total"), [("10D JD", 30), ("KH QC", 10), ("AD 2H", 3)])
def test_page_centre_three_of_hearts_is_met(throw, total):
    assert value(throw) == total
    assert meets(3, cards(throw))
    assert is_exact(3, cards(throw)) == (total == 3)


def test_page_centre_three_of_hearts_is_not_met_by_one():
    assert value("2H AC") == 1
    assert not meets(3, cards("2H AC"))
    verdict = check_throw("3H", "2H AC")
    assert not verdict.meets and not verdict.exact
    assert [v.as_dict() for v in verdict.violations] == [
        {"rule": "pinkerton.meet.positive", "params": {"sum": 1, "value": 3}}
    ]


def test_page_stack_ten_of_spades_king_of_hearts_needs_thirty_or_more():
    assert value("10S KH") == 30
    assert check_throw("10S KH", "JD 10D").exact
    assert check_throw("10S KH", "KD 2C").meets
    assert not check_throw("10S KH", "JD 9D").meets


@pytest.mark.parametrize(
    ("throw", "exact"), [("QS 10S", False), ("JD KC", False), ("10S 2D", True)]
)
def test_page_stack_minus_eight_is_met(throw, exact):
    verdict = check_throw("5C 3C", throw)
    assert verdict.stack_value == -8
    assert verdict.meets and verdict.exact == exact


def test_page_stack_minus_thirty_four():
    assert value("QS 5S AD") == -34
    assert check_throw("QS 5S AD", "KC JS").sum == -60
    assert check_throw("QS 5S AD", "KC JS").meets
    verdict = check_throw("QS 5S AD", "KS 6D")
    assert (verdict.sum, verdict.meets, verdict.exact) == (-34, True, True)


def test_a_negative_value_is_not_met_by_a_higher_sum():
    verdict = check_throw("5C 3C", "10S 3D")
    assert [v.rule for v in verdict.violations] == ["pinkerton.meet.negative"]
    assert dict(verdict.violations[0].params) == {"sum": -7, "value": -8}


def test_any_throw_of_the_right_size_meets_zero_and_a_zero_sum_is_exact():
    assert meets(0, cards("KS 2H")) and meets(0, cards("KH QH"))
    assert is_exact(0, cards("5H 5S"))
    assert not meets(0, cards("KH"))


@pytest.mark.parametrize(
    ("stack_total", "k"),
    [(79, 2), (80, 3), (-80, 3), (119, 3), (120, 4), (-160, 5), (0, 2), (-79, 2), (200, 6)],
)
def test_page_k_grows_at_eighty_then_every_forty(stack_total, k):
    assert required_cards(stack_total) == k
    assert deal_size(stack_total) == k + 1


def test_the_dealer_gives_three_cards_until_k_grows():
    assert deal_size(31) == 3
    assert deal_size(-85) == 4


@given(st.integers(-600, 600), st.integers(-600, 600))
def test_k_is_monotone_in_the_size_of_the_value_and_symmetric_in_sign(a, b):
    assert required_cards(a) == required_cards(-a)
    if abs(a) <= abs(b):
        assert required_cards(a) <= required_cards(b)
    assert required_cards(a) >= 2


def test_a_throw_of_the_wrong_number_of_cards_never_meets_and_says_so():
    verdict = check_throw("9S", "KS")
    assert not verdict.meets and not verdict.exact
    assert [v.as_dict() for v in verdict.violations] == [
        {"rule": "pinkerton.meet.card-count", "params": {"count": 1, "required": 2}}
    ]
    assert not check_throw("9S", "10S AH 2H").meets
    assert not meets(-9, cards("10S AH 2H"))


def test_at_eighty_a_throw_needs_three_cards():
    stack = "KH KD"  # 80
    assert check_throw(stack, "KH JH").violations[0].rule == "pinkerton.meet.card-count"
    assert check_throw(stack, "QH QD JH").exact


# --- the API's stateless checks --------------------------------------------------------------


def test_the_throw_check_answers_the_api_contract():
    assert check_throw(["9S"], ["10S", "AH"]).as_dict() == EXACT_THROW


def test_a_thrown_joker_is_refused_with_the_deck_rule():
    verdict = check_throw(["9S"], ["JK", "10S"])
    assert not verdict.meets and not verdict.exact
    assert [v.rule for v in verdict.violations] == ["cards.deck.not-in-deck"]
    assert verdict.violations[0].params["deck"] == "pinkerton"


def test_a_throw_may_not_use_a_card_the_stack_holds_twice_already():
    verdict = check_throw(["9S", "9S"], ["9S", "JS"])
    assert [v.rule for v in verdict.violations] == ["cards.deck.too-many"]
    assert dict(verdict.violations[0].params) == {
        "card": "9S",
        "count": 3,
        "limit": 2,
        "deck": "pinkerton",
    }
    extra = PinkertonOptions(extra_deck=True)
    assert check_throw(["9S", "9S"], ["9S", "JS"], extra).meets


def test_cards_thrown_before_do_not_count_against_the_decks():
    state = play("turn 9S", "bea throw 10S AH", "cez throw 10S AH", "ala throw 10C AD")
    assert state.phase == 2


def test_a_stack_the_decks_cannot_make_is_refused():
    assert rules_of(lambda: check_throw(["JK"], ["2H", "3H"])) == ["cards.deck.not-in-deck"]
    assert rules_of(lambda: check_throw(["KH"] * 3, ["2H", "3H"])) == ["cards.deck.too-many"]
    extra = PinkertonOptions(extra_deck=True)
    assert check_throw(["KH"] * 3, ["KD", "KD", "KD", "JD"], extra).meets
    assert not check_throw(["KH"] * 2, ["KD", "KD", "KD", "JD"]).meets


def test_the_checks_read_the_cards_in_the_readers_notation():
    # Polish: D is the dama (queen), W the walet (jack); suits as English letters
    assert check_throw(["DH"], ["WD", "10D"], notation="pl").as_dict()["exact"]
    assert check_add(["10H", "10D"], "DS", notation="pl").stack_value == -10
    with pytest.raises(CardError):
        check_throw(["DH"], ["WD", "10D"])


def test_unreadable_cards_name_their_token():
    with pytest.raises(CardError) as caught:
        check_throw(["9S"], ["10S", "ZZ"])
    assert caught.value.tokens == ["ZZ"]


def test_the_add_check_answers_the_api_contract():
    # page: stack 2♥ Q♦ is 32; the player adds 4♣ and it is 28
    assert check_add(["2H", "QD"], "4C").as_dict() == {
        "allowed": True,
        "stack_value": 28,
        "violations": [],
    }


def test_page_rule_one_a_king_waits_for_twenty():
    stack_of_15 = ["10H", "5H"]
    refused_add = check_add(stack_of_15, "KH")
    assert refused_add.as_dict() == {
        "allowed": False,
        "stack_value": 15,
        "violations": [{"rule": "pinkerton.rule1.face-card", "params": {"card": "KH"}}],
    }
    assert check_add(["10H", "10D"], "KH").as_dict()["stack_value"] == 60


@pytest.mark.parametrize(
    ("stack", "allowed"),
    [("10H 9D", False), ("10S 9C", False), ("QD", True), ("10S 10C", True), ("5H 5S", False)],
)
def test_rule_one_holds_strictly_between_minus_twenty_and_twenty(stack, allowed):
    for face in ("JS", "QH", "KC"):
        assert check_add(stack, face).allowed == allowed
    assert check_add(stack, "10S").allowed


def test_a_third_king_of_hearts_may_not_go_on_the_stack():
    verdict = check_add(["KH", "KH"], "KH")
    assert not verdict.allowed and verdict.stack_value == 80
    assert [v.rule for v in verdict.violations] == ["cards.deck.too-many"]
    assert check_add(["KH", "KH"], "KH", PinkertonOptions(extra_deck=True)).stack_value == 120
    assert [v.rule for v in check_add(["2H"], "JK").violations] == ["cards.deck.not-in-deck"]


# --- points ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "points"), [(7, 7), (9, 9), (10, 20), (23, 43), (30, 60), (2, 2)])
def test_page_points_for_the_stack(n, points):
    assert round_points(n) == points


def test_the_points_come_as_lines_a_card_each_and_ten_more_per_ten():
    lines = [line.as_dict() for line in round_breakdown(23).lines]
    assert lines == [
        {"rule": "pinkerton.points.cards", "count": 23, "points": 23, "params": {"cards": 23}},
        {"rule": "pinkerton.points.bonus", "count": 2, "points": 20, "params": {"cards": 23}},
    ]


@given(st.integers(0, 104))
def test_the_points_are_n_plus_ten_for_every_full_ten(n):
    assert round_points(n) == n + 10 * (n // 10) == round_breakdown(n).total


@pytest.mark.parametrize("n", [-1, 105, "7", 2.5, True])
def test_a_stack_cannot_hold_that_many_cards(n):
    assert rules_of(lambda: round_points(n)) == ["pinkerton.points.card-count"]


def test_with_the_extra_deck_the_stack_may_hold_more_cards():
    assert round_points(150, PinkertonOptions(extra_deck=True)) == 300


# --- house rules -----------------------------------------------------------------------------


def test_the_default_options_are_the_pages():
    assert PinkertonOptions.from_dict({}) == PinkertonOptions(2, "on-request", False, 100, None)


def test_options_round_trip_through_plain_data():
    options = PinkertonOptions(3, "always", True, None, 90)
    assert PinkertonOptions.from_dict(json.loads(json.dumps(options.as_dict()))) == options


@pytest.mark.parametrize(
    ("data", "option"),
    [
        ({"pass_limit": 1}, "pass_limit"),
        ({"pass_limit": "3"}, "pass_limit"),
        ({"show_value": "never"}, "show_value"),
        ({"extra_deck": "yes"}, "extra_deck"),
        ({"target": 0}, "target"),
        ({"time_limit": -5}, "time_limit"),
        ({"target": None}, "target"),
        ({"jokers": True}, "jokers"),
    ],
)
def test_it_rejects_a_bad_option(data, option):
    with pytest.raises(RuleError) as caught:
        PinkertonOptions.from_dict(data)
    assert caught.value.rules == ["pinkerton.options.invalid"]
    assert caught.value.violations[0].params["option"] == option


def test_a_time_limit_may_replace_the_target():
    assert PinkertonOptions(target=None, time_limit=60).time_limit == 60


# --- the table -------------------------------------------------------------------------------


def test_two_to_six_players():
    assert rules_of(lambda: Round.start(["ala"], "ala")) == ["pinkerton.table.players"]
    seven = [f"p{i}" for i in range(7)]
    assert rules_of(lambda: Round.start(seven, "p0")) == ["pinkerton.table.players"]
    assert Round.start(seven[:6], "p0").players == tuple(seven[:6])


def test_the_table_reports_every_fault_at_once():
    rules = rules_of(lambda: Round.start(["ala", "ala"], "zed", {"ala": -1, "bob": 0}))
    assert rules == [
        "pinkerton.table.duplicate-player",
        "pinkerton.player.unknown",
        "pinkerton.table.scores",
        "pinkerton.score.invalid",
    ]


# --- phase I ---------------------------------------------------------------------------------


def test_a_round_starts_with_five_cards_each_and_the_dealer_turning_the_centre():
    state = play()
    assert (state.phase, state.step, state.to_play, state.deals) == (1, "turn", None, (5,))
    assert refused(state, "bea pass") == {"rule": "pinkerton.centre.turn-first", "phase": 1}
    assert refused(state, "bea ask") == {"rule": "pinkerton.centre.turn-first", "phase": 1}


def test_phase_one_starts_at_the_dealers_left_and_ends_with_the_dealer():
    state = play("turn 9S")
    assert (state.step, state.to_play, state.value) == ("throw", "bea", -9)
    assert refused(state, "cez pass") == {
        "rule": "pinkerton.turn.out-of-turn",
        "player": "cez",
        "expected": "bea",
    }
    state = state.apply(event("bea throw 10S AH")).apply(event("cez pass"))
    assert state.to_play == "ala"
    assert refused(state, "turn 3H") == {"rule": "pinkerton.centre.turned", "phase": 1}


def test_page_phase_one_throws_go_to_the_side_pile_not_the_centre():
    state = play(*PHASE_I)
    assert state.stack == tuple(cards("9S"))
    assert (state.phase, state.step, state.to_play) == (2, "turn", None)


def test_nothing_is_added_and_there_is_no_free_pass_before_phase_three():
    state = play("turn 9S")
    assert refused(state, "bea add 2H") == {"rule": "pinkerton.add.not-in-phase", "phase": 1}
    assert refused(state, "bea free-pass") == {
        "rule": "pinkerton.rule1.free-pass-phase",
        "phase": 1,
    }


def test_a_throw_that_does_not_meet_is_refused():
    state = play("turn 9S")
    assert refused(state, "bea throw 10H AH") == {
        "rule": "pinkerton.meet.negative",
        "sum": 11,
        "value": -9,
    }
    assert refused(state, "bea throw 10S") == {
        "rule": "pinkerton.meet.card-count",
        "count": 1,
        "required": 2,
    }


def test_a_pass_in_phase_one_counts():
    state = play("turn 9S", "bea pass")
    assert state.passes["bea"] == 1 and state.out == ()


def test_ruling_when_everybody_passes_the_round_goes_on():
    state = play("turn 9S", "bea pass", "cez pass", "ala pass")
    assert (state.phase, state.step) == (2, "turn")
    assert dict(state.passes) == {"ala": 1, "bea": 1, "cez": 1}


# --- phase II --------------------------------------------------------------------------------


def test_phase_two_deals_three_cards_and_turns_the_second_card():
    state = play(*PHASE_I)
    assert state.deals == (5, 3)
    state = state.apply(event("turn KH"))
    assert state.stack == tuple(cards("9S KH")) and state.value == 31
    assert (state.phase, state.step, state.to_play) == (2, "throw", "bea")


def test_an_exact_throw_takes_back_a_pass():
    state = play("turn 9S", "bea pass", "cez throw 10S AH", "ala throw 10C AD", "turn KH")
    assert state.passes["bea"] == 1
    state = state.apply(event("bea throw QH AD"))  # 31, exact
    assert state.passes["bea"] == 0
    assert state.took_back == (len(state.events) - 1,)


def test_an_exact_throw_without_a_pass_takes_nothing_back():
    state = play("turn 9S", "bea throw 10S AH")
    assert state.passes["bea"] == 0 and state.took_back == ()


def test_ruling_two_passes_before_the_licytacja_put_a_player_out():
    state = play("turn 9S", "bea pass", "cez throw 10S AH", "ala throw 10C AD", "turn KH")
    state = state.apply(event("bea pass"))
    assert state.out == ("bea",) and state.to_play == "cez"
    assert refused(state, "bea ask") == {"rule": "pinkerton.player.out", "player": "bea"}


def test_ruling_a_round_may_end_in_phase_two():
    state = play(
        "turn 9S",
        "bea pass",
        "ala pass",
        "turn KH",
        "bea pass",
        players=("ala", "bea"),
    )
    assert state.over and state.winner == "ala" and state.to_play is None
    assert state.points == 2 and len(state.stack) == 2
    assert refused(state, "ala ask") == {"rule": "pinkerton.round.over", "winner": "ala"}
    assert refused(state, "turn 3H")["rule"] == "pinkerton.round.over"


def test_ruling_no_pass_at_zero_in_phase_two():
    state = play(*PHASE_I, "turn 9H")
    assert state.value == 0
    assert refused(state, "bea pass") == {"rule": "pinkerton.rule2.no-pass", "player": "bea"}
    assert state.apply(event("bea throw KS 2H")).to_play == "cez"


def test_page_rule_two_at_zero_in_phase_two_a_player_may_skip_the_throw():
    """Rule 2 holds from phase II on: at 0 the player need not throw, and nothing being
    added yet, skipping the throw is the turn (no pass counted, no card laid down)."""
    state = play(*PHASE_I, "turn 9H")
    assert state.allowed("bea")[SKIP] is None
    skipped = state.apply(event("bea skip"))
    assert skipped.to_play == "cez" and skipped.passes["bea"] == 0
    assert skipped.stack == state.stack and skipped.phase == 2
    # everyone may skip: phase III comes as after throws
    state = play(*state_specs(skipped), "cez skip", "ala skip")
    assert (state.phase, state.step, state.to_play) == (3, "open", "ala")


def test_a_throw_is_skipped_only_at_zero():
    assert refused(play("turn 9S"), "bea skip") == {
        "rule": "pinkerton.rule2.skip-not-zero",
        "player": "bea",
    }
    assert (
        refused(play(*PHASE_I, "turn KH"), "bea skip")["rule"] == "pinkerton.rule2.skip-not-zero"
    )
    assert refused(play(*TO_PHASE_III), "ala skip")["rule"] == "pinkerton.throw.opening"


# --- a dealer who does not play (rule 4's ruling) -------------------------------------------

DEALS_ONLY = PinkertonOptions(show_value="always", dealer_plays=False)


def test_page_ruling_a_dealer_who_does_not_play_deals_and_counts_only():
    state = play("turn 9S", "bea throw 10S AH", options=DEALS_ONLY)
    assert state.active == ("bea", "cez") and state.sitting_out == ("ala",)
    # cez is the last to play phase I: the dealer has no turn
    state = state.apply(event("cez throw QC JD"))
    assert (state.phase, state.step) == (2, "turn")
    state = state.apply(event("turn KH"))
    assert refused(state, "ala throw KD 2H") == {
        "rule": "pinkerton.dealer.not-playing",
        "player": "ala",
    }
    # the dealer counts, and never for themselves (rule 4)
    assert refused(state, "ala ask")["rule"] == "pinkerton.rule4.dealer-asks"
    state = state.apply(event("bea throw KD 2H")).apply(event("cez throw QH 5D"))
    # the player on the dealer's left begins the first licytacja
    assert (state.phase, state.step, state.to_play, state.opener) == (3, "open", "bea", "bea")
    state = state.apply(event("bea add 4C")).apply(event("cez pass"))
    assert state.to_play == "bea" and state.deals == (5, 3, 3, 3)
    state = state.apply(event("bea throw KD 2S")).apply(event("bea add 3D"))
    state = state.apply(event("cez pass"))
    assert state.over and state.winner == "bea" and state.passes["ala"] == 0


def test_the_dealer_plays_by_default_and_opens_the_first_licytacja():
    state = play(*TO_PHASE_III, options=PinkertonOptions())
    assert state.sitting_out == () and state.opener == "ala"


def test_a_dealer_who_does_not_play_leaves_at_least_two_players():
    assert rules_of(lambda: Round.start(("ala", "bea"), "ala", None, DEALS_ONLY)) == [
        "pinkerton.table.dealer-sits-out"
    ]
    assert rules_of(lambda: Match.start(("ala", "bea"), "bea", DEALS_ONLY)) == [
        "pinkerton.table.dealer-sits-out"
    ]
    assert Match.start(PLAYERS, "ala", DEALS_ONLY).new_round().active == ("bea", "cez")


def test_with_a_dealer_who_does_not_play_the_next_dealer_sits_out_the_next_round():
    state = play(
        "turn 9S", "bea pass", "cez throw QC JD", "turn KH", "bea pass", options=DEALS_ONLY
    )
    assert state.winner == "cez"
    match = Match.start(PLAYERS, "ala", DEALS_ONLY).record(state)
    assert match.dealer == "bea" and match.new_round().active == ("ala", "cez")
    assert state.next_first_player == "cez"  # the leader; the new dealer is not in it


# --- phase III -------------------------------------------------------------------------------


def test_phase_three_deals_k_plus_one_and_the_dealer_opens_the_first_round():
    state = play(*TO_PHASE_III)
    assert (state.phase, state.step, state.to_play, state.opener) == (3, "open", "ala", "ala")
    assert state.deals == (5, 3, 3)


def test_the_opening_adds_any_card_without_a_throw():
    state = play(*TO_PHASE_III)
    assert refused(state, "ala throw KH KD") == {
        "rule": "pinkerton.throw.opening",
        "player": "ala",
    }
    assert refused(state, "ala pass") == {"rule": "pinkerton.pass.opening", "player": "ala"}
    state = state.apply(event("ala add KC"))  # 31 − 40: a face card is fine from 20
    assert (state.value, state.step, state.to_play) == (-9, "throw", "bea")


def test_page_each_player_throws_then_adds():
    state = play(*TO_PHASE_III, "ala add 4C")  # 27
    assert refused(state, "bea add 2H") == {"rule": "pinkerton.add.throw-first", "player": "bea"}
    assert refused(state, "bea throw KD QS") == {  # 10 falls short of 27
        "rule": "pinkerton.meet.positive",
        "sum": 10,
        "value": 27,
    }
    state = state.apply(event("bea throw KD 2S"))  # 38 reaches 27
    assert (state.step, state.to_play) == ("add", "bea")
    assert refused(state, "bea throw KD 2S") == {
        "rule": "pinkerton.throw.already-thrown",
        "player": "bea",
    }
    assert refused(state, "bea pass") == {"rule": "pinkerton.pass.after-throw", "player": "bea"}
    assert refused(state, "bea free-pass") == {
        "rule": "pinkerton.rule1.free-pass-every-card",
        "player": "bea",
    }
    state = state.apply(event("bea add 3S"))
    assert (state.value, state.step, state.to_play) == (24, "throw", "cez")


def test_a_pass_in_phase_three_adds_nothing_and_the_value_goes_on():
    state = play(*TO_PHASE_III, "ala add 4C", "bea pass")
    assert state.value == 27 and state.passes["bea"] == 1 and state.to_play == "cez"


def test_ruling_after_a_full_turn_of_the_table_the_dealer_deals_again():
    state = play(*TO_PHASE_III, "ala add 4C", "bea pass")
    assert state.deals == (5, 3, 3)
    state = state.apply(event("cez throw KD 2S")).apply(event("cez add 5H"))
    assert state.deals == (5, 3, 3, 3) and state.to_play == "ala" and state.played == ()
    state = state.apply(event("ala throw QD QH"))  # the opener throws like everyone now
    assert state.step == "add"


def test_rule_three_the_deal_grows_with_k():
    state = play(*TO_PHASE_III, "ala add KD", "bea pass", "cez pass")  # 71
    state = state.apply(event("ala throw KD KH")).apply(event("ala add 9H"))  # 80
    assert state.required_cards == 3
    state = state.apply(event("bea throw QH QD JH")).apply(event("bea add 2S"))  # 78
    assert state.required_cards == 2
    state = state.apply(event("cez throw KH KD"))
    state = state.apply(event("cez add 10D"))  # 88: the turn of the table ends here
    assert state.deals[-1] == 4 and state.required_cards == 3


def test_rule_one_no_face_card_between_minus_twenty_and_twenty():
    state = play(*TO_LOW_PHASE_III)
    assert state.value == -4
    assert refused(state, "ala add KH") == {"rule": "pinkerton.rule1.face-card", "card": "KH"}
    assert refused(state, "ala add JS")["rule"] == "pinkerton.rule1.face-card"
    assert state.apply(event("ala add 10S")).value == -14


def test_rule_one_a_player_with_no_card_that_may_be_added_passes_without_consequence():
    state = play(*TO_LOW_PHASE_III, "ala free-pass")
    assert state.value == -4 and dict(state.passes) == {"ala": 0, "bea": 0, "cez": 0}
    assert state.to_play == "bea"
    # Having thrown, bea finds no card that may be added: the throw stands, no add.
    state = state.apply(event("bea throw KS 2H")).apply(event("bea free-pass"))
    assert state.to_play == "cez" and state.value == -4 and state.passes["bea"] == 0


def test_page_ruling_the_free_pass_replaces_only_the_add_never_the_throw():
    """Phase III at 5: bea, holding only black face cards, can neither reach +5 nor add
    one (rule 1). "Jeśli gracz nie ma odpowiednich kart musi spasować i nie może
    dorzucić swojej karty": the free pass is not offered, the pass counts."""
    state = play(*TO_LOW_PHASE_III, "ala add 9H")
    assert state.value == 5 and state.to_play == "bea"
    assert state.allowed("bea")[FREE_PASS].rule == "pinkerton.add.throw-first"
    assert refused(state, "bea free-pass") == {
        "rule": "pinkerton.add.throw-first",
        "player": "bea",
    }
    passed = state.apply(event("bea pass"))
    assert passed.passes["bea"] == 1 and passed.to_play == "cez"


def test_rule_two_at_zero_a_card_goes_on_at_once():
    state = play(*TO_LOW_PHASE_III, "ala add 4H")
    assert state.value == 0
    assert refused(state, "bea pass") == {"rule": "pinkerton.rule2.no-pass", "player": "bea"}
    assert state.allowed("bea")[ADD] is None and state.allowed("bea")[THROW] is None
    assert state.apply(event("bea add 7S")).value == -7
    # or the player throws first: cards adding up to 0 are exact
    thrown = state.apply(event("bea throw 3S 3H"))
    assert thrown.step == "add" and thrown.took_back == ()
    # the throw skipped at 0, the free pass replaces the add (rule 1 holds at 0)
    assert state.apply(event("bea free-pass")).to_play == "cez"
    skipped = state.apply(event("bea skip"))
    assert (skipped.step, skipped.to_play, skipped.passes["bea"]) == ("add", "bea", 0)
    assert skipped.allowed("bea")[FREE_PASS] is None
    assert skipped.apply(event("bea add 7S")).value == -7


def test_an_exact_throw_in_phase_three_takes_back_a_pass():
    state = play(*TO_LOW_PHASE_III, "ala add 4H", "bea add 7S", "cez pass")  # −7
    state = play(*state_specs(state), "ala throw KS 2H", "ala add 5H")  # −2
    at_zero = play(*state_specs(state), "bea throw KS 2H", "bea add 2H")
    assert at_zero.value == 0 and at_zero.passes["cez"] == 1
    thrown = at_zero.apply(event("cez throw 3S 3H"))
    assert thrown.passes["cez"] == 0 and thrown.took_back == (len(thrown.events) - 1,)
    at_five = play(*state_specs(state), "bea throw KS 2H", "bea add 3S")
    assert at_five.value == -5
    thrown = at_five.apply(event("cez throw 3S 2S"))
    assert thrown.passes["cez"] == 0 and thrown.step == "add"
    assert at_five.apply(event("cez throw 3S 3C")).passes["cez"] == 1


def test_ruling_the_opening_follows_rule_one_and_may_be_a_free_pass():
    state = play(*TO_PHASE_III)
    assert refused(state, "ala free-pass")["rule"] == "pinkerton.rule1.free-pass-every-card"
    assert play(*TO_LOW_PHASE_III).allowed("ala")[FREE_PASS] is None


def test_the_passes_reach_the_limit_and_the_last_player_left_wins():
    state = play(*TO_PHASE_III, "ala add 4C", "bea pass", "cez pass")
    state = state.apply(event("ala throw KD 2S")).apply(event("ala add 3D"))
    assert state.deals[-1] == 3
    state = state.apply(event("bea pass"))
    assert state.out == ("bea",) and state.to_play == "cez"
    state = state.apply(event("cez pass"))
    assert state.over and state.winner == "ala"
    assert len(state.stack) == 4 and state.points == 4
    assert [line.rule for line in state.breakdown().lines] == ["pinkerton.points.cards"]
    assert state.scores_after == {"ala": 4, "bea": 0, "cez": 0}


def test_a_higher_pass_limit_keeps_players_in():
    options = PinkertonOptions(pass_limit=3, show_value="always")
    state = play(
        "turn 9S",
        "bea pass",
        "ala pass",
        "turn KH",
        "bea pass",
        options=options,
        players=("ala", "bea"),
    )
    assert state.passes["bea"] == 2 and state.out == () and not state.over


def test_the_round_is_scored_only_once_it_is_over():
    state = play(*TO_PHASE_III)
    assert rules_of(state.breakdown) == ["pinkerton.round.unfinished"]
    assert state.points is None


# --- the first player of phase III -----------------------------------------------------------


def test_the_first_player_has_the_most_points_in_the_match():
    scores = {"ala": 10, "bea": 0, "cez": 25}
    state = play(*TO_PHASE_III, scores=scores)
    assert state.opener == "cez" and state.to_play == "cez"


def test_ruling_a_tie_for_the_most_points_goes_to_the_first_from_the_dealer():
    scores = {"ala": 3, "bea": 20, "cez": 20}
    assert first_player(PLAYERS, "cez", scores) == "cez"
    assert first_player(PLAYERS, "ala", scores) == "bea"
    assert first_player(PLAYERS, "ala", dict.fromkeys(PLAYERS, 0)) == "ala"


def test_ruling_the_leader_out_of_the_round_leaves_the_opening_to_the_next_best():
    scores = {"ala": 0, "bea": 30, "cez": 10}
    assert first_player(PLAYERS, "ala", scores, out=["bea"]) == "cez"
    state = play(
        "turn 9S",
        "bea pass",
        "cez throw 10S AH",
        "ala throw 10C AD",
        "turn KH",
        "bea pass",
        "cez throw QH AD",
        "ala throw QD AH",
        scores=scores,
    )
    assert state.out == ("bea",) and state.opener == "cez"


# --- rule 4: the value on request ------------------------------------------------------------


def test_rule_four_the_value_is_shown_only_on_a_request_until_the_stack_changes():
    state = play(*TO_PHASE_III, options=None)
    assert state.shown_value is None and state.value == 31
    assert refused(state, "ala ask") == {"rule": "pinkerton.rule4.dealer-asks", "player": "ala"}
    state = state.apply(event("cez ask"))
    assert state.shown_value == 31 and state.to_play == "ala"
    assert state.requests[-1].as_dict() == {
        "player": "cez",
        "value": 31,
        "cards": 2,
        "event": len(state.events) - 1,
    }
    state = state.apply(event("ala add 4C"))
    assert state.shown_value is None


def test_a_throw_falling_short_keeps_the_hidden_value_hidden():
    state = play(*TO_PHASE_III, "ala add 4C", options=None)
    assert refused(state, "bea throw 2H 3H") == {"rule": "pinkerton.meet.not-met", "sum": 5}
    state = state.apply(event("bea ask"))
    assert refused(state, "bea throw 2H 3H") == {
        "rule": "pinkerton.meet.positive",
        "sum": 5,
        "value": 27,
    }


def test_with_the_option_the_value_is_always_shown():
    assert play(*TO_PHASE_III).shown_value == 31


# --- rule 5: the decks -----------------------------------------------------------------------


PHASE_II_AT_MINUS_18 = ("turn 9S", "bea throw KS 2H", "cez throw QS AD", "ala throw JC 5S")


def test_rule_five_the_stack_never_holds_a_card_more_often_than_the_decks():
    state = play(*PHASE_I, *PHASE_II_AT_MINUS_18)
    assert state.stack == tuple(cards("9S 9S"))
    assert refused(state, "ala add 9S") == {
        "rule": "cards.deck.too-many",
        "card": "9S",
        "count": 3,
        "limit": 2,
        "deck": "pinkerton",
    }
    extra = PinkertonOptions(extra_deck=True, show_value="always")
    state = play(*PHASE_I, *PHASE_II_AT_MINUS_18, options=extra)
    assert state.apply(event("ala add 9S")).value == -27


def test_a_joker_is_never_turned_or_thrown():
    assert refused(play(), "turn JK")["rule"] == "cards.deck.not-in-deck"
    assert refused(play("turn 9S"), "bea throw JK 10S")["rule"] == "cards.deck.not-in-deck"


# --- events ----------------------------------------------------------------------------------


def test_events_round_trip_through_plain_data():
    for spec in ("turn 9S", "bea throw 10S AH", "bea add 4C", "bea pass", "bea free-pass"):
        original = event(spec)
        data = json.loads(json.dumps(original.as_dict()))
        assert Event.from_dict(data) == original
    assert event("bea add 4C").as_dict() == {"type": "add", "player": "bea", "card": "4C"}
    assert event("turn 9S").as_dict() == {"type": "turn", "card": "9S"}
    assert event("bea throw 10S AH").as_dict() == {
        "type": "throw",
        "player": "bea",
        "cards": ["10S", "AH"],
    }
    assert Event.from_dict({"type": "ask", "player": "cez"}).as_dict() == {
        "type": "ask",
        "player": "cez",
    }


def test_events_read_every_card_spelling():
    assert Event.from_dict(
        {"type": "throw", "player": "b", "cards": ["10♠", "a♥"]}
    ).cards == tuple(cards("10S AH"))
    with pytest.raises(CardError):
        Event.from_dict({"type": "add", "player": "b", "card": "1X"})


def test_malformed_events_are_refused_with_their_rule():
    state = play("turn 9S")
    assert state.check(Event("dance", "bea")).rule == "pinkerton.event.unknown"
    assert state.check({"type": "pass", "player": "cez"}).rule == "pinkerton.turn.out-of-turn"
    assert state.check(Event(PASS)).rule == "pinkerton.event.player-required"
    assert dict(state.check(Event(PASS, "zed")).params) == {"player": "zed"}
    phase_iii = play(*TO_PHASE_III)
    assert dict(phase_iii.check(Event(ADD, "ala")).params) == {"type": "add", "count": 0}
    assert phase_iii.check(Event(ADD, "ala", "2H 3H")).rule == "pinkerton.event.card-required"
    assert play().check(Event(TURN)).rule == "pinkerton.event.card-required"


def test_allowed_tells_the_buttons_and_why_not():
    state = play(*TO_PHASE_III, "ala add 4C")
    bea = state.allowed("bea")
    assert set(bea) == set(EVENT_TYPES)
    assert bea[THROW] is None and bea[PASS] is None and bea[ASK] is None
    assert bea[ADD].rule == "pinkerton.add.throw-first"
    # The free pass replaces the add, after a throw: not before it.
    assert bea[FREE_PASS].rule == "pinkerton.add.throw-first"
    assert bea[SKIP].rule == "pinkerton.rule2.skip-not-zero"
    assert bea[TURN].rule == "pinkerton.centre.turned"
    cez = state.allowed("cez")
    assert {cez[kind].rule for kind in (THROW, ADD, PASS, FREE_PASS, SKIP)} == {
        "pinkerton.turn.out-of-turn"
    }
    assert state.allowed("ala")[ASK].rule == "pinkerton.rule4.dealer-asks"
    assert play().allowed("bea")[TURN] is None


def test_a_replay_names_the_event_it_refuses():
    specs = ["turn 9S", "bea throw 10S AH", "bea pass"]
    with pytest.raises(RuleError) as caught:
        Round.replay(PLAYERS, "ala", [event(spec) for spec in specs])
    assert caught.value.violations[0].as_dict() == {
        "rule": "pinkerton.turn.out-of-turn",
        "params": {"player": "bea", "expected": "cez", "event": 2},
    }


def test_the_round_is_stored_as_plain_json_and_rebuilt_from_its_events():
    state = play(*TO_PHASE_III, "ala add 4C", "bea ask", "bea pass", options=None)
    data = json.loads(json.dumps(state.as_dict()))
    assert Round.from_dict(data) == state
    assert {key: data[key] for key in ("phase", "step", "to_play", "stack", "passes")} == {
        "phase": 3,
        "step": "throw",
        "to_play": "cez",
        "stack": ["9S", "KH", "4C"],
        "passes": {"ala": 0, "bea": 1, "cez": 0},
    }
    assert data["stack_value"] == 27 and data["shown_value"] == 27  # asked, stack unchanged
    assert data["requests"] == [{"player": "bea", "value": 27, "cards": 3, "event": 9}]
    assert data["deals"] == [5, 3, 3] and data["opener"] == "ala" and data["winner"] is None


# --- the match -------------------------------------------------------------------------------


def test_the_deal_passes_to_the_left():
    assert next_dealer(PLAYERS, "ala") == "bea"
    assert next_dealer(PLAYERS, "cez") == "ala"


def test_a_match_adds_each_rounds_points_and_moves_the_deal():
    match = Match.start(("ala", "bea"), "ala", PinkertonOptions(target=4))
    won = play("turn 9S", "bea pass", "ala pass", "turn KH", "bea pass", players=("ala", "bea"))
    match = match.record(won)
    assert dict(match.scores) == {"ala": 2, "bea": 0} and match.dealer == "bea"
    assert match.winner is None and match.rounds == 1
    assert won.next_first_player == "ala"
    second = match.new_round()
    assert second.dealer == "bea" and dict(second.scores) == {"ala": 2, "bea": 0}
    assert rules_of(lambda: match.record(won)) == ["pinkerton.match.wrong-round"]
    assert rules_of(lambda: match.record(second)) == ["pinkerton.round.unfinished"]
    # bea deals: ala plays first in phases I and II
    phases = ("turn 9S", "ala throw 10S AH", "bea pass", "turn KH", "ala throw KD 2H")
    for spec in (*phases, "bea throw QH 2D"):
        second = second.apply(event(spec))
    assert second.phase == 3 and second.opener == "ala"  # the match's leader opens
    second = second.apply(event("ala add 3D")).apply(event("bea pass"))
    assert second.winner == "ala" and second.points == 3
    match = match.record(second)
    assert match.winner == "ala" and dict(match.scores) == {"ala": 5, "bea": 0}
    assert rules_of(match.new_round) == ["pinkerton.match.over"]
    assert Match.from_dict(json.loads(json.dumps(match.as_dict()))) == match


def test_the_target_wins_the_match():
    options = PinkertonOptions(target=50)
    assert match_winner({"ala": 50, "bea": 10}, options) == "ala"
    assert match_winner({"ala": 49, "bea": 10}, options) is None


def test_ruling_time_up_the_leader_wins_and_a_tie_plays_on():
    options = PinkertonOptions(target=None, time_limit=60)
    assert match_winner({"ala": 30, "bea": 10}, options) is None
    assert match_winner({"ala": 30, "bea": 10}, options, time_up=True) == "ala"
    assert match_winner({"ala": 30, "bea": 30}, options, time_up=True) is None
    # without a time limit agreed, time is never up
    assert match_winner({"ala": 30, "bea": 10}, time_up=True) is None
    match = Match.start(("ala", "bea"), "ala", options)
    assert match.finish().winner is None


# --- random rounds ---------------------------------------------------------------------------


def _available(state: Round) -> list[Card]:
    """Cards that could still go onto the stack under rule 5."""
    deck = state.options.deck
    held = Counter(state.stack)
    return [card for card in EVERY_CARD if held[card] < deck.holds(card)]


def _candidates(state: Round, draw: Any, finishing: bool) -> list[Event]:
    """Events to try now; the driver keeps those the round allows."""
    free = _available(state)
    if state.step == "turn":
        return [Event(TURN, cards=[draw(st.sampled_from(free))])]
    player = state.to_play
    value = state.value
    k = state.required_cards
    tries = [Event(PASS, player), Event(FREE_PASS, player), Event(SKIP, player)]
    low = [card for card in free if card.rank not in ("J", "Q", "K")]
    if low:
        tries.append(Event(ADD, player, [draw(st.sampled_from(low))]))
    if free:
        tries.append(Event(ADD, player, [draw(st.sampled_from(free))]))
    if finishing:
        return tries
    # the strongest throw in the value's direction always meets (40k > |v|) …
    strongest = sorted(free, key=card_value, reverse=value >= 0)
    pool = [card for card in strongest for _ in range(2)]
    tries.append(Event(THROW, player, pool[:k]))
    # … a random one may, and an exact pair takes a pass back
    tries.append(
        Event(THROW, player, draw(st.lists(st.sampled_from(free), min_size=k, max_size=k)))
    )
    if k == 2:
        for card in free:
            other = [c for c in free if card_value(c) == value - card_value(card)]
            if other:
                tries.append(Event(THROW, player, [card, other[0]]))
                break
    asker = draw(st.sampled_from(state.players))
    tries.append(Event(ASK, asker))
    return tries


def random_round(draw: Any) -> Round:
    """A round driven by random legal events until one player is left."""
    players = [f"p{i}" for i in range(draw(st.integers(2, 6)))]
    dealer = draw(st.sampled_from(players))
    scores = {player: draw(st.integers(0, 40)) for player in players}
    options = PinkertonOptions(
        pass_limit=draw(st.integers(2, 3)),
        show_value=draw(st.sampled_from(("on-request", "always"))),
        extra_deck=draw(st.booleans()),
        dealer_plays=len(players) < 3 or draw(st.booleans()),
    )
    state = Round.start(players, dealer, scores, options)
    budget = draw(st.integers(0, 90))
    for step in range(400):
        if state.over:
            break
        moves = [e for e in _candidates(state, draw, step > budget) if state.check(e) is None]
        # finishing, a player facing 0 in phase II can only throw: every throw meets 0
        moves = moves or [e for e in _candidates(state, draw, False) if state.check(e) is None]
        assert moves, state.as_dict()
        state = state.apply(draw(st.sampled_from(moves)))
        active = state.active
        assert active and all(state.passes[p] < options.pass_limit for p in active)
        assert all(state.passes[p] >= options.pass_limit for p in state.out)
        assert state.to_play is None or state.to_play in active
    return state


@settings(max_examples=60)
@given(st.data())
def test_random_legal_events_always_end_the_round_with_one_player_left(data):
    state = random_round(data.draw)
    assert state.over
    assert len(state.active) == 1 and state.winner == state.active[0]
    assert len(state.out) == len(state.players) - 1 - len(state.sitting_out)
    assert state.dealer != state.winner or state.options.dealer_plays
    assert state.points == round_points(len(state.stack))
    assert state.scores_after[state.winner] == state.scores[state.winner] + state.points
    assert state.options.deck.violations(state.stack) == []
    assert state.options.extra_deck or DECKS["pinkerton"].violations(state.stack) == []


@settings(max_examples=60)
@given(st.data())
def test_a_replay_of_a_rounds_events_reproduces_it(data):
    state = random_round(data.draw)
    cut = data.draw(st.integers(0, len(state.events)))
    events = state.events[:cut]
    partial = Round.replay(state.players, state.dealer, events, state.scores, state.options)
    assert partial.events == events
    stored = json.loads(json.dumps(partial.as_dict()))
    assert Round.from_dict(stored) == partial
    assert (
        Round.replay(
            state.players,
            state.dealer,
            [e.as_dict() for e in state.events],
            state.scores,
            state.options,
        )
        == state
    )


# --- the rulebook (scoring.games.pinkerton.rules) --------------------------------------------


def emitted_violations() -> list[Violation]:
    """One real engine call for every violation it can emit: the calls the rulebook
    contract formats (``examples.engine_violations``), and three refusals with params
    those calls do not send."""
    found = engine_violations()
    for state, spec in (
        (play(*TO_PHASE_III, options=None), "ala add 2H 3H"),  # one card at a time
        (play(*TO_PHASE_III, "ala add 4C", options=None), "bea throw 2H 3H"),  # short, hidden
        (play(*TO_PHASE_III, "ala add 9S", "bea throw KD QH"), "bea add 9S"),  # a third 9♠
    ):
        found += state.violations(event(spec))
    return found


def emitted_lines() -> list[ScoreLine]:
    return list(round_breakdown(23).lines)


def test_every_rule_id_of_the_engine_is_exercised_here():
    rules = {v.rule for v in emitted_violations()} | {line.rule for line in emitted_lines()}
    assert rules == set(RULE_IDS)


def test_every_rule_id_has_a_text_and_every_message_formats_with_what_the_engine_sends():
    from django.utils import translation

    from scoring.games.pinkerton.rules import RULES
    from scoring.kit.rulebook import CORE_RULES, OPTION, RULE, RULING

    texts = {rule.id: rule for rule in (*CORE_RULES, *RULES)}
    own = [rule.id for rule in RULES]
    assert len(own) == len(set(own))
    assert all(rule.startswith("pinkerton.") for rule in own)
    assert set(RULE_IDS) <= set(texts)
    for rule in RULES:
        assert rule.title and rule.section and (rule.text or rule.message), rule.id
        kind = {"ruling": RULING, "option": OPTION}.get(rule.id.split(".")[1], RULE)
        assert rule.kind == kind, rule.id
    with translation.override("en"):
        for violation in emitted_violations():
            if violation.rule.startswith("cards."):
                continue  # the shared notation's texts belong to the ledger's CORE_RULES
            text = texts[violation.rule]
            assert text.message, violation.rule
            message = str(text.message) % dict(violation.params)
            assert "%(" not in message, violation.rule
