"""Truco: card order, tricks, the hand, stakes, the hands at eleven, penalties, the deal.

Every worked example of ``shared/games/truco.md`` is a test here (marked "page:").
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import truco
from referee.cards import DECKS, Card, parse_card, parse_cards
from referee.rulings import RuleError
from referee.truco import (
    OPTION_KEYS,
    RULE_IDS,
    Event,
    HandState,
    MatchScore,
    Play,
    TrucoOptions,
    card_strength,
    cut_violations,
    deal_violations,
    game_winner,
    manilhas,
    resolve_hand,
    resolve_trick,
    score_events,
)
from tests.referee.rulewatch import every_emitted_rule_listed

# Each rule id the engine emits during a test must be in RULE_IDS.
every_rule_emitted_is_listed = every_emitted_rule_listed(truco)


def rules(error: pytest.ExceptionInfo[RuleError]) -> list[str]:
    return error.value.rules


SEED = TrucoOptions()
MINEIRO = TrucoOptions(variant="mineiro")


def paulista(vira: str) -> TrucoOptions:
    return TrucoOptions(variant="paulista", vira=parse_card(vira))


def trick(cards: str, options: TrucoOptions = SEED, *, first_team: str = "A", number: int = 1):
    teams = [first_team, truco.other(first_team)] * 3
    plays = [Play(team, card) for team, card in zip(teams, parse_cards(cards), strict=False)]
    return resolve_trick(plays, options, trick_number=number)


def events(*spec: str) -> list[Event]:
    """``"raise A"``, ``"win B"``, ``"win"``, ``"penalty B disclosed-cards"``."""
    out = []
    for item in spec:
        kind, *rest = item.split()
        team = rest[0] if rest else None
        reason = f"truco.penalty.{rest[1]}" if len(rest) > 1 else None
        out.append(Event(kind, team, reason))
    return out


def play_hand(a: int, b: int, *spec: str, options: TrucoOptions = SEED):
    return score_events({"A": a, "B": b}, events(*spec), options)


def hand_at(a: int, b: int, *spec: str, options: TrucoOptions = SEED) -> HandState:
    """The hand begun with A at ``a`` and B at ``b``, once the events of ``spec`` happened."""
    state = HandState.start({"A": a, "B": b}, options)
    for event in events(*spec):
        state = state.apply(event)
    return state


# --- the rule ids ------------------------------------------------------------------------


def test_penalty_reasons_are_rule_ids():
    assert set(truco.PENALTY_REASONS) <= set(RULE_IDS)


# --- options -----------------------------------------------------------------------------


def test_the_default_options_are_the_seeds():
    assert TrucoOptions.from_dict({}) == TrucoOptions("seed", None, 12, 1)


def test_options_round_trip_through_plain_data():
    options = TrucoOptions.from_dict(
        {"variant": "paulista", "vira": "7♥", "target": 15, "best_of": 3}
    )
    assert options.vira == Card("7", "H")
    assert TrucoOptions.from_dict(options.as_dict()) == options


@pytest.mark.parametrize(
    ("data", "option"),
    [
        ({"variant": "gaucho"}, "variant"),
        ({"target": 13}, "target"),
        ({"target": "12"}, "target"),
        ({"target": True}, "target"),
        ({"best_of": 2}, "best_of"),
        ({"vira": "4C"}, "vira"),  # a vira outside Paulista
        ({"variant": "paulista", "vira": "8C"}, "vira"),  # no 8 in the truco deck
        ({"variant": "paulista", "vira": "XX"}, "vira"),
        ({"variant": "paulista", "vira": "JK"}, "vira"),
        ({"flor": True}, "flor"),  # nothing is ignored silently
        ({"accepted_truco_trick_decides": "yes"}, "accepted_truco_trick_decides"),
    ],
)
def test_it_rejects_a_bad_option(data, option):
    with pytest.raises(RuleError) as error:
        TrucoOptions.from_dict(data)
    assert [(v.rule, v.params["option"]) for v in error.value.violations] == [
        ("truco.options.invalid", option)
    ]


def test_it_reports_every_bad_option_at_once():
    with pytest.raises(RuleError) as error:
        TrucoOptions.from_dict({"variant": "x", "target": 10, "best_of": 5})
    assert sorted(v.params["option"] for v in error.value.violations) == [
        "best_of",
        "target",
        "variant",
    ]


def test_the_accepted_truco_trick_option_is_off_by_default_and_round_trips():
    assert TrucoOptions().accepted_truco_trick_decides is False
    options = TrucoOptions.from_dict({"accepted_truco_trick_decides": True})
    assert options.as_dict()["accepted_truco_trick_decides"] is True
    assert TrucoOptions.from_dict(options.as_dict()) == options
    # options stored before the option existed still read
    assert TrucoOptions.from_dict({"variant": "seed", "target": 12}) == TrucoOptions()


def test_an_option_may_be_named_as_the_rulebook_names_it():
    # issue 9 names it accepted-truco-trick-decides, as its rule id does
    hyphens = TrucoOptions.from_dict({"accepted-truco-trick-decides": True})
    assert hyphens == TrucoOptions.from_dict({"accepted_truco_trick_decides": True})
    assert hyphens.accepted_truco_trick_decides is True
    with pytest.raises(RuleError) as error:
        TrucoOptions.from_dict({"no-such-rule": True})
    assert error.value.violations[0].params["option"] == "no-such-rule"  # named as sent


def test_the_option_keys_are_the_options_plain_data():
    assert set(TrucoOptions().as_dict()) == OPTION_KEYS


def test_options_built_directly_are_checked_too():
    with pytest.raises(RuleError):
        TrucoOptions(target=20)


def test_the_stakes_and_the_score_at_eleven_per_variant():
    assert SEED.stakes == (1, 3, 6, 9, 12) and SEED.eleven == 11
    assert paulista("4C").stakes == (1, 3, 6, 9, 12)
    assert MINEIRO.stakes == (2, 4, 6, 10, 12) and MINEIRO.eleven == 10
    assert TrucoOptions(target=24).eleven == 23


# --- card order --------------------------------------------------------------------------


def test_the_seeds_card_order_high_to_low():
    high_to_low = ["4C", "7H", "AS", "7D", "3S", "2S", "AH", "KS", "JS", "QS", "7S", "6S", "5S"]
    strengths = [card_strength(parse_card(c), SEED) for c in [*high_to_low, "4S"]]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)


def test_below_the_manilhas_suits_do_not_matter():
    assert card_strength(Card("3", "H"), SEED) == card_strength(Card("3", "S"), SEED)
    assert card_strength(Card("K", "D"), SEED) == card_strength(Card("K", "C"), SEED)
    # the 7s that are not manilhas are plain 7s
    assert card_strength(Card("7", "S"), SEED) == card_strength(Card("7", "C"), SEED)
    assert card_strength(Card("7", "S"), SEED) < card_strength(Card("Q", "D"), SEED)


def test_mineiro_keeps_the_seeds_fixed_manilhas():
    for card in DECKS["truco"].cards():
        assert card_strength(card, MINEIRO) == card_strength(card, SEED)


@pytest.mark.parametrize(
    ("vira", "manilha_rank"),
    [
        ("4D", "5"),
        ("7S", "Q"),
        ("Q", "J"),
        ("J", "K"),
        ("K", "A"),
        ("A", "2"),
        ("2", "3"),
        ("3", "4"),
    ],
)
def test_the_paulista_manilhas_are_the_rank_after_the_vira(vira, manilha_rank):
    vira = vira if len(vira) == 2 else vira + "H"
    assert {card.rank for card in manilhas(paulista(vira))} == {manilha_rank}


def test_paulista_manilhas_rank_clubs_hearts_spades_diamonds():
    options = paulista("7S")
    order = [card_strength(Card("Q", suit), options) for suit in "CHSD"]
    assert order == [14, 13, 12, 11]
    # the 3 is the best plain card, the old fixed manilhas are plain cards now
    assert card_strength(Card("3", "D"), options) == 10
    assert card_strength(Card("4", "C"), options) == 1


def test_paulista_cannot_rank_cards_without_a_vira():
    with pytest.raises(RuleError) as error:
        card_strength(Card("3", "D"), TrucoOptions(variant="paulista"))
    assert rules(error) == ["truco.paulista.vira-required"]


@pytest.mark.parametrize("token", ["8H", "9S", "10D", "JK"])
def test_a_card_outside_the_truco_deck_has_no_strength(token):
    with pytest.raises(RuleError) as error:
        card_strength(parse_card(token), SEED)
    assert rules(error) == ["cards.deck.not-in-deck"]


# --- tricks ------------------------------------------------------------------------------


def test_page_a_manilha_takes_the_trick():
    # page: 3H, 7D, KS, 3S (A1, B1, A2, B2): B1 wins with the manilha 7♦
    result = trick("3H 7D KS 3S")
    assert (result.winner, result.winning_play, result.next_leader) == ("B", 1, 1)


def test_page_threes_held_by_both_teams_tie_the_trick():
    # page: 3H, 3S, 2C, KD: tied trick; A1 leads next
    result = trick("3H 3S 2C KD")
    assert (result.winner, result.winning_play, result.next_leader) == (None, None, 0)


def test_page_partners_tied_for_highest_take_the_trick():
    # page: 2H, KD, 2S, AC: the 2s are both team A's; A takes it, A1 leads next
    result = trick("2H KD 2S AC")
    assert (result.winner, result.winning_play, result.next_leader) == ("A", 0, 0)


def test_the_tied_player_who_played_first_leads_next():
    result = trick("KD 3S 3C 2H")
    assert (result.winner, result.next_leader) == (None, 1)
    result = trick("KD 3S 2C 3C", first_team="B")
    assert (result.winner, result.winning_play, result.next_leader) == ("A", 1, 1)


def test_the_highest_card_wins_whatever_the_suit():
    assert trick("4S 5S 6S KD").winner == "B"


def test_a_face_down_card_cannot_win():
    plays = [
        Play("A", "4C", face_down=True),
        Play("B", "5H"),
        Play("A", "KS"),
        Play("B", "6D"),
    ]
    result = resolve_trick(plays, SEED, trick_number=2)
    assert (result.winner, result.winning_play) == ("A", 2)


def test_a_trick_of_face_down_cards_only_is_no_ones():
    cards = ["4C", "5H", "KS", "6D"]
    plays = [Play(team, card, face_down=True) for team, card in zip("ABAB", cards, strict=True)]
    result = resolve_trick(plays, SEED, trick_number=3)
    assert (result.winner, result.next_leader) == (None, 0)


def test_no_card_may_be_played_face_down_in_the_first_trick():
    plays = [Play("A", "4C", face_down=True), Play("B", "5H"), Play("A", "KS"), Play("B", "6D")]
    with pytest.raises(RuleError) as error:
        resolve_trick(plays, SEED, trick_number=1)
    assert rules(error) == ["truco.trick.face-down-first"]


def test_a_card_played_twice_is_rejected_even_face_down():
    plays = [Play("A", "4C"), Play("B", "5H"), Play("A", "4C", face_down=True), Play("B", "6D")]
    with pytest.raises(RuleError) as error:
        resolve_trick(plays, SEED, trick_number=2)
    assert rules(error) == ["cards.deck.too-many"]


@pytest.mark.parametrize("token", ["8H", "9S", "10D", "JK"])
def test_a_trick_with_a_card_outside_the_deck_is_rejected(token):
    plays = [Play("A", token), Play("B", "5H"), Play("A", "KS"), Play("B", "6D")]
    with pytest.raises(RuleError) as error:
        resolve_trick(plays, SEED)
    assert rules(error) == ["cards.deck.not-in-deck"]


def test_an_unreadable_card_names_its_token():
    with pytest.raises(RuleError) as error:
        Play("A", "ZZ")
    assert rules(error) == ["cards.unreadable"]


def test_a_trick_needs_two_four_or_six_cards_played_by_the_teams_in_turn():
    with pytest.raises(RuleError) as error:
        resolve_trick([Play("A", "4C"), Play("A", "5H"), Play("C", "KS")], SEED)
    assert sorted(rules(error)) == [
        "truco.team.unknown",
        "truco.trick.players",
        "truco.trick.seat-order",
    ]
    players = next(v for v in error.value.violations if v.rule == "truco.trick.players")
    assert dict(players.params) == {"count": 3, "allowed": [2, 4, 6]}


@pytest.mark.parametrize("count", [0, 1, 3, 5, 7, 8])
def test_a_trick_of_any_other_size_is_refused_naming_it(count):
    cards = DECKS["truco"].cards()[:count]
    plays = [Play("AB"[i % 2], card) for i, card in enumerate(cards)]
    with pytest.raises(RuleError) as error:
        resolve_trick(plays, SEED)
    assert [(v.rule, v.params["count"]) for v in error.value.violations] == [
        ("truco.trick.players", count)
    ]


def test_a_trick_of_a_match_must_have_a_card_from_every_player():
    plays = [Play("A", "4C"), Play("B", "5H")]
    with pytest.raises(RuleError) as error:
        resolve_trick(plays, SEED, players=4)
    assert [(v.rule, dict(v.params)) for v in error.value.violations] == [
        ("truco.trick.player-count", {"count": 2, "expected": 4})
    ]
    with pytest.raises(RuleError) as error:
        resolve_trick(plays, SEED, players=3)
    assert rules(error) == ["truco.trick.players"]


def test_a_match_of_two_plays_one_card_a_team():
    result = resolve_trick([Play("A", "3H"), Play("B", "4C")], SEED, players=2)
    assert (result.winner, result.winning_play, result.rule) == ("B", 1, "truco.trick.highest")
    result = resolve_trick([Play("A", "3H"), Play("B", "3S")], SEED)
    assert (result.winner, result.next_leader, result.rule) == (None, 0, "truco.trick.empate")


def test_a_match_of_six_plays_three_cards_a_team():
    # A1 B1 A2 B2 A3 B3: the 3s of A1 and A3 tie for A, B's best is a king
    result = trick("3H KD 5S KS 3C 4D")
    assert (result.winner, result.winning_play, result.next_leader) == ("A", 0, 0)
    assert (result.rule, result.best) == ("truco.trick.partners-tie", (0, 4))
    result = trick("KH 2D 5S KS 7D 4D", first_team="B")
    assert (result.winner, result.winning_play) == ("B", 4)  # 7♦, a manilha, is B3's


def test_a_hand_has_only_three_tricks():
    with pytest.raises(RuleError) as error:
        trick("4C 5H KS 6D", number=4)
    assert rules(error) == ["truco.trick.number"]


def test_in_paulista_the_vira_names_the_winner():
    assert trick("3H QD 2S KS", paulista("7S")).winner == "B"
    assert trick("QD QC 2S KS", paulista("7S")).winner == "B"


def test_the_vira_cannot_be_played():
    with pytest.raises(RuleError) as error:
        trick("7S QD 2S KS", paulista("7S"))
    assert rules(error) == ["truco.paulista.vira-in-play"]


TRUCO_DECK = DECKS["truco"]
TRUCO_CARDS = sorted(TRUCO_DECK.limits)
NOT_TRUCO = [card for card in DECKS["samba"].limits if not TRUCO_DECK.holds(card)]


@st.composite
def over_the_deck(draw, size: int = 4) -> tuple[list[Card], Card, str]:
    """``size`` cards the one deck cannot supply, shuffled: a card twice, or a card the
    truco deck lacks (8, 9, 10, joker); that card and the rule that refuses it."""
    if draw(st.booleans()):
        card = draw(st.sampled_from(TRUCO_CARDS))
        bad = [card] * draw(st.integers(2, size))
        rule = "cards.deck.too-many"
    else:
        card = draw(st.sampled_from(NOT_TRUCO))
        bad = [card] * draw(st.integers(1, size))
        rule = "cards.deck.not-in-deck"
    others = [c for c in draw(st.permutations(TRUCO_CARDS)) if c != card][: size - len(bad)]
    return draw(st.permutations(bad + others)), card, rule


def deck_refusal(caught: pytest.ExceptionInfo[RuleError], card: Card, rule: str) -> bool:
    return any(v.rule == rule and v.params["card"] == str(card) for v in caught.value.violations)


@settings(max_examples=60)
@given(st.sampled_from(truco.PLAYER_COUNTS).flatmap(over_the_deck), st.integers(2, 3))
def test_a_trick_refuses_cards_the_one_deck_cannot_supply(drawn, number):
    cards, card, rule = drawn
    plays = [Play("AB"[i % 2], c) for i, c in enumerate(cards)]
    with pytest.raises(RuleError) as caught:
        resolve_trick(plays, SEED, trick_number=number, players=len(plays))
    assert deck_refusal(caught, card, rule)


@given(st.sampled_from(NOT_TRUCO), st.sampled_from([SEED, MINEIRO]))
def test_a_card_the_truco_deck_lacks_has_no_strength(card, options):
    with pytest.raises(RuleError) as caught:
        card_strength(card, options)
    assert deck_refusal(caught, card, "cards.deck.not-in-deck")


# --- the hand's tricks -------------------------------------------------------------------


TWO = "truco.hand.two-tricks"
FIRST = "truco.hand.first-trick-decides"
TIED_FIRST = "truco.hand.tied-first-trick"


@pytest.mark.parametrize(
    ("tricks", "winner", "after", "rule"),
    [
        ("AA", "A", 2, TWO),
        ("AT", "A", 2, FIRST),
        ("ABA", "A", 3, TWO),
        ("ABB", "B", 3, TWO),
        ("ABT", "A", 3, FIRST),
        ("TB", "B", 2, TIED_FIRST),
        ("TTA", "A", 3, TIED_FIRST),
        ("TTT", None, 3, "truco.hand.no-winner"),
    ],
)
def test_page_the_hand_patterns(tricks, winner, after, rule):
    # page: A A → A, A T → A, A B A → A, A B B → B, A B T → A, T B → B, T T A → A,
    # T T T → nobody
    assert resolve_hand(list(tricks)) == truco.HandResult(winner, after, rule)


@pytest.mark.parametrize("tricks", ["", "A", "AB", "BA", "T", "TT"])
def test_a_hand_is_not_decided_before_its_tricks_say_so(tricks):
    assert resolve_hand(list(tricks)) == truco.HandResult(None, None)


def test_tricks_after_the_deciding_one_are_ignored():
    assert resolve_hand(["B", "B", "A"]) == truco.HandResult("B", 2, TWO)
    assert resolve_hand(["T", "A", "B"]) == truco.HandResult("A", 2, TIED_FIRST)


def test_it_rejects_unknown_trick_results_and_a_fourth_trick():
    with pytest.raises(RuleError) as error:
        resolve_hand(["A", "X", "B", "A"])
    assert rules(error) == ["truco.hand.trick-result", "truco.hand.too-many-tricks"]


@given(st.lists(st.sampled_from("ABT"), max_size=3))
def test_swapping_the_teams_swaps_the_hands_winner(tricks):
    swap = {"A": "B", "B": "A", "T": "T", None: None}
    result = resolve_hand(tricks)
    swapped = resolve_hand([swap[t] for t in tricks])
    assert swapped == truco.HandResult(swap[result.winner], result.decided_after, result.rule)
    if len(tricks) == 3:
        assert result.decided


# --- the accepted-truco-trick-decides option ---------------------------------------------

TRICK_DECIDES = TrucoOptions(accepted_truco_trick_decides=True)


def test_option_after_an_accepted_truco_the_next_trick_won_decides_the_hand():
    # page: "whichever team wins the trick wins the hand at the stake agreed upon"
    result = resolve_hand(["A", "B"], truco_accepted_in=2, options=TRICK_DECIDES)
    assert result == truco.HandResult("B", 2, "truco.hand.accepted-trick-decides")
    result = resolve_hand(["B"], truco_accepted_in=1, options=TRICK_DECIDES)
    assert result == truco.HandResult("B", 1, "truco.hand.accepted-trick-decides")


def test_option_a_tied_trick_after_the_call_falls_back_to_the_usual_rules():
    result = resolve_hand(["A", "T"], truco_accepted_in=2, options=TRICK_DECIDES)
    assert result == truco.HandResult("A", 2, FIRST)
    result = resolve_hand(["T", "T", "B"], truco_accepted_in=2, options=TRICK_DECIDES)
    assert result == truco.HandResult("B", 3, TIED_FIRST)


def test_by_default_an_accepted_truco_is_won_by_two_tricks_of_three():
    assert resolve_hand(["A", "B"], truco_accepted_in=2) == truco.HandResult(None, None)
    assert resolve_hand(["A", "B", "A"], truco_accepted_in=2).rule == TWO
    # and without a call the option changes nothing
    assert resolve_hand(["A", "B"], options=TRICK_DECIDES) == truco.HandResult(None, None)


def test_the_trick_a_truco_was_accepted_in_is_one_of_three():
    with pytest.raises(RuleError) as error:
        resolve_hand(["A"], truco_accepted_in=4, options=TRICK_DECIDES)
    assert rules(error) == ["truco.trick.number"]


@given(st.lists(st.sampled_from("ABT"), max_size=3), st.integers(1, 3))
def test_option_the_hand_goes_to_the_trick_after_the_call_or_to_the_usual_rules(tricks, accepted):
    result = resolve_hand(tricks, truco_accepted_in=accepted, options=TRICK_DECIDES)
    usual = resolve_hand(tricks)
    if (
        len(tricks) >= accepted
        and tricks[accepted - 1] != "T"
        and (usual.decided_after is None or usual.decided_after >= accepted)
    ):
        assert (result.winner, result.decided_after) == (tricks[accepted - 1], accepted)
    else:
        assert result == usual


# --- the trick referee: a whole hand -----------------------------------------------------


def entered(*tricks: str, down: tuple[tuple[int, int], ...] = ()) -> list[list[tuple[str, bool]]]:
    """Tricks as typed, e.g. ``entered("3H 7D KS 3S", "4C 2H 5D 6S")``; ``down`` lists the
    (trick, card) places, counted from 1, played face down."""
    return [
        [(token, (number, place) in down) for place, token in enumerate(text.split(), start=1)]
        for number, text in enumerate(tricks, start=1)
    ]


def test_page_the_three_tricks_through_the_trick_referee():
    # page: 3H, 7D, KS, 3S (A1, B1, A2, B2): B1 wins with the manilha 7♦
    (one,) = truco.judge_hand(entered("3H 7D KS 3S")).tricks
    assert (one.seats, one.winner, one.winning_seat, one.next_leader, one.rule) == (
        (0, 1, 2, 3),
        "B",
        1,
        1,
        "truco.trick.highest",
    )
    # page: 3H, 3S, 2C, KD: tied trick; A1 leads next
    (two,) = truco.judge_hand(entered("3H 3S 2C KD")).tricks
    assert (two.winner, two.winning_seat, two.next_leader, two.rule) == (
        None,
        None,
        0,
        "truco.trick.empate",
    )
    # page: 2H, KD, 2S, AC: the 2s are both team A's; A takes it; A1 leads next
    (three,) = truco.judge_hand(entered("2H KD 2S AC")).tricks
    assert (three.winner, three.winning_seats, three.next_leader, three.rule) == (
        "A",
        (0, 2),
        0,
        "truco.trick.partners-tie",
    )


def test_the_trick_referee_walks_the_leader_round_the_table_and_stops_at_the_decision():
    judged = truco.judge_hand(entered("3H 7D KS 3S", "4C 2H 5D 6S", "AS AH KD QC"))
    _first, second, third = judged.tricks
    assert second.seats == (1, 2, 3, 0)  # B1, the first trick's winner, leads
    assert (second.winner, second.winning_seat, second.decides_hand) == ("B", 1, True)
    assert (third.played, third.seats, third.result, third.rule) == (
        False,
        (1, 2, 3, 0),
        None,
        None,
    )
    assert (judged.winner, judged.result.decided_after, judged.rule) == ("B", 2, TWO)


def test_the_mao_leads_the_first_trick_from_any_seat():
    judged = truco.judge_hand(entered("KD 3S 3C 2H"), mao=3)
    (trick,) = judged.tricks
    assert [truco.seat_name(seat) for seat in trick.seats] == ["B2", "A1", "B1", "A2"]
    assert (trick.winner, trick.next_leader) == (None, 0)  # A1 played the first tied 3


def test_a_match_of_two_players_is_refereed_one_card_a_team():
    judged = truco.judge_hand(entered("3H 3S", "KH 7H"), players=2, mao=1)
    first, second = judged.tricks
    assert (first.seats, first.winner, first.next_leader) == ((1, 0), None, 1)
    assert (second.seats, second.winner, second.winning_seat) == ((1, 0), "A", 0)
    assert (judged.winner, judged.rule) == ("A", TIED_FIRST)


def test_a_match_of_six_players_is_refereed_three_cards_a_team():
    judged = truco.judge_hand(entered("3H KD 5S KS 3C 4D", "AS 2C QD JH 6C 5H"), players=6, mao=0)
    first, second = judged.tricks
    assert (first.winner, first.winning_seats, first.rule) == (
        "A",
        (0, 4),
        "truco.trick.partners-tie",
    )
    assert second.seats == (0, 1, 2, 3, 4, 5)
    assert [truco.seat_name(s) for s in second.seats] == ["A1", "B1", "A2", "B2", "A3", "B3"]
    assert (second.winner, judged.winner, judged.rule) == ("A", "A", TWO)  # A♠ is a manilha


def test_the_trick_referee_reads_the_readers_notation():
    # 7C is 7 de copas (7♥, a manilha) to a Brazilian, a plain 7♣ in English letters
    pt = truco.judge_hand(entered("3O 7C RE 3E"), notation="pt").tricks[0]
    en = truco.judge_hand(entered("3D 7C KS 3S")).tricks[0]
    assert (pt.cards[1], pt.winner) == (Card("7", "H"), "B")
    assert (en.cards[1], en.winner) == (Card("7", "C"), None)


def test_option_the_trick_referee_gives_the_hand_to_the_trick_after_the_call():
    tricks = entered("7D 3H KS 3S", "5D 4C 6S 2H")  # A1's 7♦ takes the first, B1's zap the second
    judged = truco.judge_hand(tricks, options=TRICK_DECIDES, truco_accepted_in=2)
    assert (judged.winner, judged.rule) == ("B", "truco.hand.accepted-trick-decides")
    assert judged.tricks[1].decides_hand
    assert not truco.judge_hand(tricks, truco_accepted_in=2).decided


def test_the_trick_referee_reports_every_card_problem_at_once():
    with pytest.raises(RuleError) as error:
        truco.judge_hand(entered("3H 7D ZZ 3S", "3H 8C 5D 6S", "4C 2H 5C 6H", "AS"))
    found = [
        (v.rule, v.params.get("card") or v.params.get("token") or v.params.get("count"))
        for v in error.value.violations
    ]
    assert found == [
        ("cards.unreadable", "ZZ"),
        ("truco.hand.too-many-tricks", 4),
        ("cards.deck.too-many", "3H"),
        ("cards.deck.not-in-deck", "8C"),
    ]


def test_the_trick_referee_names_the_trick_of_a_short_or_covered_trick():
    with pytest.raises(RuleError) as error:
        truco.judge_hand(entered("3H 7D KS", "4C 2H 5D 6S"))
    assert [(v.rule, dict(v.params)) for v in error.value.violations] == [
        ("truco.trick.player-count", {"count": 3, "expected": 4, "trick": 1}),
    ]
    with pytest.raises(RuleError) as error:
        truco.judge_hand(entered("3H 7D KS 3S", "4C 2H 5D", down=((1, 2),)))
    assert [(v.rule, v.params["trick"]) for v in error.value.violations] == [
        ("truco.trick.face-down-first", 1),
        ("truco.trick.player-count", 2),
    ]


def test_the_trick_referee_refuses_a_table_it_cannot_seat():
    with pytest.raises(RuleError) as error:
        truco.judge_hand(entered("3H 7D KS 3S"), players=5)
    assert [(v.rule, v.params["count"]) for v in error.value.violations] == [
        ("truco.trick.players", 5)
    ]
    with pytest.raises(RuleError) as error:
        truco.judge_hand(entered("3H 7D KS 3S"), mao=4)
    assert [(v.rule, dict(v.params)) for v in error.value.violations] == [
        ("truco.hand.mao", {"mao": 4, "players": 4})
    ]
    with pytest.raises(RuleError) as error:
        truco.judge_hand(entered("3H 7D KS 3S"), truco_accepted_in=0)
    assert rules(error) == ["truco.trick.number"]


def test_the_vira_cannot_be_played_anywhere_in_the_hand():
    with pytest.raises(RuleError) as error:
        truco.judge_hand(entered("3H 7D KS 3S", "7S 2H 5D 6S"), options=paulista("7S"))
    assert rules(error) == ["truco.paulista.vira-in-play"]


@st.composite
def hands(draw, players: int | None = None):
    """A hand as entered: 1–3 full tricks of distinct cards, some covered after the first."""
    players = players or draw(st.sampled_from(truco.PLAYER_COUNTS))
    count = draw(st.integers(1, 3))
    deck = draw(st.permutations(TRUCO_CARDS))
    tricks = [
        [(deck[t * players + i], t > 0 and draw(st.booleans())) for i in range(players)]
        for t in range(count)
    ]
    return players, draw(st.integers(0, players - 1)), tricks


@settings(max_examples=80)
@given(hands(), st.sampled_from([SEED, MINEIRO, TRICK_DECIDES]), st.integers(1, 3))
def test_the_trick_referee_agrees_with_the_trick_and_hand_rules(hand, options, accepted):
    players, mao, tricks = hand
    judged = truco.judge_hand(
        tricks, players=players, mao=mao, options=options, truco_accepted_in=accepted
    )
    leader, results = mao, []
    for trick, judgement in zip(tricks, judged.tricks, strict=True):
        assert judgement.leader == leader
        assert judgement.seats == tuple((leader + i) % players for i in range(players))
        if not judgement.played:
            assert judged.decided
            continue
        plays = [
            Play(truco.seat_team(s), c, d)
            for s, (c, d) in zip(judgement.seats, trick, strict=True)
        ]
        result = resolve_trick(plays, options, trick_number=judgement.number, players=players)
        assert judgement.result == result
        assert judgement.rule == result.rule
        if result.winner is not None:
            assert truco.seat_team(judgement.winning_seat) == result.winner
            assert judgement.winning_seat in judgement.winning_seats
        leader = judgement.next_leader
        results.append(result.winner or truco.TIE)
    assert judged.result == resolve_hand(results, truco_accepted_in=accepted, options=options)
    assert sum(t.decides_hand for t in judged.tricks) == (1 if judged.decided else 0)


@settings(max_examples=60)
@given(st.data())
def test_the_trick_referee_refuses_cards_the_one_deck_cannot_supply_across_the_hand(data):
    players, mao, tricks = data.draw(hands())
    _bad, card, rule = data.draw(over_the_deck(size=2))
    if rule == "cards.deck.too-many":
        # the card is played again in another trick (or the same), not only within one
        where = data.draw(st.integers(0, len(tricks) - 1))
        place = data.draw(st.integers(0, players - 1))
        tricks[where][place] = (card, False)
        tricks[data.draw(st.integers(0, len(tricks) - 1))].append((card, False))
    else:
        tricks[data.draw(st.integers(0, len(tricks) - 1))][0] = (card, False)
    with pytest.raises(RuleError) as caught:
        truco.judge_hand(tricks, players=players, mao=mao)
    assert deck_refusal(caught, card, rule)


# --- stakes ------------------------------------------------------------------------------


def test_a_hand_without_truco_is_worth_one():
    outcome = play_hand(0, 0, "win B")
    assert outcome.score == {"A": 0, "B": 1}
    assert outcome.breakdowns["B"].lines[0].rule == "truco.hand.won"
    assert outcome.stake == 1 and outcome.winner == "B"


# The page's refused raises: the calls, who takes the hand, and for how much.
REFUSED_RAISES = [
    (["raise A", "run B"], "A", 1),
    (["raise A", "raise B", "run A"], "B", 3),
    (["raise A", "raise B", "raise A", "run B"], "A", 6),
    (["raise A", "raise B", "raise A", "raise B", "run A"], "B", 9),
]


@pytest.mark.parametrize(("spec", "taker", "points"), REFUSED_RAISES)
def test_page_a_refused_raise_scores_the_stake_before_the_call(spec, taker, points):
    # page: truco refused → caller +1; six refused → +3; nine refused → +6;
    # twelve refused → +9
    outcome = play_hand(0, 0, *spec)
    assert outcome.score[taker] == points
    assert outcome.score[truco.other(taker)] == 0
    (line,) = outcome.breakdowns[taker].lines
    assert (line.rule, line.points) == ("truco.raise.refused", points)
    assert outcome.winner == taker


def test_page_twelve_accepted_and_won_scores_twelve():
    # page: twelve accepted and won → +12
    outcome = play_hand(0, 0, "raise A", "raise B", "raise A", "raise B", "accept A", "win B")
    assert outcome.score == {"A": 0, "B": 12}
    assert outcome.breakdowns["B"].total == 12
    assert outcome.game_winner == "B"


def test_an_accepted_truco_is_played_for_three():
    outcome = play_hand(2, 4, "raise B", "accept A", "win A")
    assert outcome.score == {"A": 5, "B": 4} and outcome.stake == 3


def test_after_an_accepted_truco_the_other_team_may_raise_later():
    state = HandState.start({"A": 0, "B": 0}).apply(Event("raise", "A"))
    state = state.apply(Event("accept", "B"))
    assert state.allowed("A")["raise"].rule == "truco.raise.alternate"
    assert state.allowed("B")["raise"] is None
    state = state.apply(Event("raise", "B"))
    assert (state.stake, state.offer) == (3, 6)


def test_page_at_six_facing_a_truco_a_may_raise_and_b_may_raise_again():
    # page: A at 6, B calls truco, A raises to 6, B raises to 9: allowed if B is below 6
    outcome = play_hand(6, 5, "raise B", "raise A", "raise B", "run A")
    assert outcome.score == {"A": 6, "B": 11}


def test_page_b_at_six_may_not_call_nine():
    state = HandState.start({"A": 6, "B": 6})
    state = state.apply(Event("raise", "B")).apply(Event("raise", "A"))
    with pytest.raises(RuleError) as error:
        state.apply(Event("raise", "B"))
    assert rules(error) == ["truco.raise.beyond-win"]


def test_page_a_at_six_facing_a_six_may_not_call_nine():
    # page: A at 6 facing a six: may not call nine (6 + 6 = 12)
    state = HandState.start({"A": 6, "B": 0})
    state = state.apply(Event("raise", "A")).apply(Event("raise", "B"))
    violation = state.allowed("A")["raise"]
    assert violation.rule == "truco.raise.beyond-win"
    assert dict(violation.params) == {
        "team": "A",
        "score": 6,
        "stake": 6,
        "call": 9,
        "target": 12,
    }
    assert state.allowed("A")["accept"] is None and state.allowed("A")["run"] is None


def test_at_six_a_team_may_call_truco():
    assert HandState.start({"A": 6, "B": 0}).allowed("A")["raise"] is None


def test_at_ten_a_truco_won_stops_the_game_at_the_target():
    outcome = play_hand(10, 3, "raise A", "accept B", "win A")
    assert outcome.score == {"A": 12, "B": 3}
    (line,) = outcome.breakdowns["A"].lines
    assert (line.points, dict(line.params)) == (2, {"stake": 3})
    assert outcome.game_winner == "A"


def test_the_raise_limit_uses_the_target():
    state = HandState.start({"A": 9, "B": 0}, TrucoOptions(target=15))
    state = state.apply(Event("raise", "A")).apply(Event("raise", "B"))
    assert state.allowed("A")["raise"].rule == "truco.raise.beyond-win"  # 9 + 6 = 15
    state = HandState.start({"A": 8, "B": 0}, TrucoOptions(target=15))
    state = state.apply(Event("raise", "A")).apply(Event("raise", "B"))
    assert state.allowed("A")["raise"] is None


def test_twelve_can_only_be_accepted_or_run_from():
    state = HandState.start({"A": 0, "B": 0}, TrucoOptions(target=24))
    for team in "ABAB":
        state = state.apply(Event("raise", team))
    assert state.offer == 12 and state.next_stake is None
    assert state.allowed("A")["raise"].rule == "truco.raise.no-higher-stake"


@pytest.mark.parametrize(
    ("spec", "rule"),
    [
        (["raise A", "raise A"], "truco.raise.alternate"),
        (["raise A", "accept A"], "truco.answer.own-raise"),
        (["raise A", "run A"], "truco.answer.own-raise"),
        (["accept B"], "truco.answer.nothing-to-answer"),
        (["run A"], "truco.answer.nothing-to-answer"),
        (["raise A", "win A"], "truco.answer.pending"),
        (["win A", "win B"], "truco.hand.ended"),
        (["raise A", "run B", "penalty A disclosed-cards"], "truco.hand.ended"),
        (["fold A"], "truco.event.unknown"),
        (["raise"], "truco.event.team-required"),
        (["raise C"], "truco.team.unknown"),
        (["penalty A bad-manners"], "truco.penalty.unknown-reason"),
    ],
)
def test_it_rejects_an_event_that_cannot_happen_and_names_it(spec, rule):
    with pytest.raises(RuleError) as error:
        play_hand(0, 0, *spec)
    assert rules(error) == [rule]
    assert error.value.violations[0].params["event"] == len(spec) - 1


def test_a_hand_must_end_to_be_scored():
    with pytest.raises(RuleError) as error:
        play_hand(0, 0, "raise A", "accept B")
    assert rules(error) == ["truco.hand.unfinished"]
    outcome = score_events({"A": 0, "B": 0}, events("raise A"), allow_unfinished=True)
    assert not outcome.finished and outcome.state.offer == 3


def test_three_tied_tricks_score_nothing():
    outcome = play_hand(3, 4, "raise A", "accept B", "win")
    assert outcome.score == {"A": 3, "B": 4} and outcome.winner is None
    assert outcome.finished and not outcome.replay


def test_events_may_come_as_plain_data():
    data = [Event("raise", "B").as_dict(), {"type": "accept", "team": "A"}, {"type": "win"}]
    assert score_events({"A": 0, "B": 0}, data).finished


def test_it_refuses_a_hand_after_the_game_is_won():
    with pytest.raises(RuleError) as error:
        HandState.start({"A": 12, "B": 3})
    assert rules(error) == ["truco.game.over"]


@pytest.mark.parametrize("score", [{"A": -1, "B": 0}, {"A": 13, "B": 0}, {"A": "3", "B": 0}])
def test_it_rejects_a_score_out_of_range(score):
    with pytest.raises(RuleError) as error:
        HandState.start(score)
    assert rules(error) == ["truco.score.invalid"]


def test_it_rejects_a_score_without_both_teams():
    with pytest.raises(RuleError) as error:
        game_winner({"A": 3})
    assert rules(error) == ["truco.score.invalid"]


# --- the hands at eleven -------------------------------------------------------------------


def test_page_mao_de_onze_the_team_at_eleven_runs():
    # page: mão de onze, A at 11, B at 7: A runs → 11–8
    outcome = play_hand(11, 7, "run A")
    assert outcome.score == {"A": 11, "B": 8}
    assert outcome.breakdowns["B"].lines[0].rule == "truco.mao-de-onze.run"


def test_page_mao_de_onze_the_team_at_eleven_plays_and_loses():
    # page: A plays and loses → 11–10
    outcome = play_hand(11, 7, "accept A", "win B")
    assert outcome.score == {"A": 11, "B": 10}
    assert outcome.breakdowns["B"].lines[0].rule == "truco.mao-de-onze.won"


def test_page_mao_de_onze_the_team_at_eleven_plays_and_wins_the_game():
    # page: A plays and wins → A wins the game (playing needs no explicit accept)
    outcome = play_hand(11, 7, "win A")
    assert outcome.score == {"A": 12, "B": 7} and outcome.game_winner == "A"


def test_no_one_may_call_truco_in_the_mao_de_onze():
    state = HandState.start({"A": 11, "B": 7})
    assert state.kind == "mao-de-onze" and state.stake == 3 and state.plain_deal
    for team in "AB":
        assert state.allowed(team)["raise"].rule == "truco.mao-de-onze.no-truco"
    assert state.allowed("B")["run"].rule == "truco.mao-de-onze.leader-decides"
    assert state.allowed("A")["run"] is None


def test_once_the_team_at_eleven_plays_it_cannot_run():
    state = HandState.start({"A": 3, "B": 11}).apply(Event("accept", "B"))
    assert state.allowed("B")["run"].rule == "truco.mao-de-onze.decided"


def test_mao_de_ferro_is_worth_the_game():
    outcome = play_hand(11, 11, "win B")
    assert outcome.score == {"A": 11, "B": 12} and outcome.game_winner == "B"
    assert outcome.breakdowns["B"].lines[0].rule == "truco.mao-de-ferro.won"


def test_a_mao_de_ferro_with_no_winner_is_dealt_again():
    outcome = play_hand(11, 11, "win")
    assert outcome.replay and outcome.score == {"A": 11, "B": 11}
    assert outcome.game_winner is None
    again = play_hand(11, 11, "win A")
    assert again.game_winner == "A" and not again.replay


def test_no_calls_and_no_running_in_the_mao_de_ferro():
    state = HandState.start({"A": 11, "B": 11})
    assert state.allowed("A")["raise"].rule == "truco.mao-de-ferro.no-truco"
    assert state.allowed("A")["run"].rule == "truco.answer.nothing-to-answer"


@pytest.mark.parametrize(
    ("score", "spec", "options", "stake"),
    [
        ((0, 0), [], SEED, 3),  # truco
        ((0, 0), ["raise A"], SEED, 6),
        ((0, 0), ["raise A", "raise B", "raise A", "raise B"], SEED, 12),  # the top: twelve
        ((0, 0), ["raise A"], MINEIRO, 6),
        ((11, 3), [], SEED, 3),  # the truco the mão de onze forbids
        ((10, 3), [], MINEIRO, 4),
        ((11, 11), [], SEED, 3),
    ],
)
def test_the_stake_a_raise_would_call(score, spec, options, stake):
    state = hand_at(*score, *spec, options=options)
    assert state.call_stake == stake


@pytest.mark.parametrize(
    ("score", "spec", "options", "stake"),
    [
        ((0, 0), ["raise A"], SEED, 1),
        ((0, 0), ["raise A", "raise B"], SEED, 3),
        ((0, 0), ["raise A", "raise B"], MINEIRO, 4),
        ((11, 3), [], SEED, 1),  # running from the mão de onze: the plain worth
        ((10, 3), [], MINEIRO, 2),
    ],
)
def test_what_running_now_gives_the_other_team(score, spec, options, stake):
    state = hand_at(*score, *spec, options=options)
    assert state.run_stake == stake
    runner = "A" if not spec else truco.other(spec[-1].split()[1])
    after = state.apply(Event("run", runner))
    assert after.score[truco.other(runner)] - state.score[truco.other(runner)] == stake


# --- Mineiro -------------------------------------------------------------------------------


def test_mineiro_a_hand_is_worth_two():
    assert play_hand(0, 0, "win A", options=MINEIRO).score == {"A": 2, "B": 0}


@pytest.mark.parametrize(
    ("raises", "points"),
    [(1, 2), (2, 4), (3, 6), (4, 10)],
)
def test_mineiro_raises_go_four_six_ten_twelve(raises, points):
    spec = [f"raise {team}" for team in "ABAB"[:raises]]
    runner = "B" if raises % 2 else "A"
    outcome = play_hand(0, 0, *spec, f"run {runner}", options=MINEIRO)
    assert outcome.score[truco.other(runner)] == points


def test_mineiro_twelve_accepted_and_won():
    spec = ["raise A", "raise B", "raise A", "raise B", "accept A", "win A"]
    assert play_hand(0, 0, *spec, options=MINEIRO).score == {"A": 12, "B": 0}


def test_mineiro_mao_de_dez_is_worth_four():
    state = HandState.start({"A": 10, "B": 2}, MINEIRO)
    assert state.kind == "mao-de-dez" and state.stake == 4
    assert state.allowed("B")["raise"].rule == "truco.mao-de-dez.no-truco"
    assert play_hand(10, 2, "win B", options=MINEIRO).score == {"A": 10, "B": 6}
    # running gives the opponents the hand's base worth, 2
    assert play_hand(10, 2, "run A", options=MINEIRO).score == {"A": 10, "B": 4}


def test_mineiro_mao_de_ferro_at_ten_ten():
    assert HandState.start({"A": 10, "B": 10}, MINEIRO).kind == "mao-de-ferro"
    assert play_hand(10, 10, "win A", options=MINEIRO).score == {"A": 12, "B": 10}


def test_mineiro_raise_limit():
    # A at 8: accepting the 4 on the table gives 12, so no six
    state = HandState.start({"A": 8, "B": 0}, MINEIRO)
    state = state.apply(Event("raise", "B"))
    assert state.allowed("A")["raise"].rule == "truco.raise.beyond-win"


# --- penalties -----------------------------------------------------------------------------


def test_a_penalty_gives_the_opponents_one_tento():
    outcome = play_hand(3, 5, "penalty B disclosed-cards", "win A")
    assert outcome.score == {"A": 5, "B": 5}
    assert [line.rule for line in outcome.breakdowns["A"].lines] == [
        "truco.penalty.disclosed-cards",
        "truco.hand.won",
    ]


def test_a_penalty_may_be_given_without_naming_the_fault():
    outcome = score_events({"A": 3, "B": 5}, [{"type": "penalty", "team": "B"}, Event("win", "A")])
    assert outcome.score == {"A": 5, "B": 5}
    (line, _won) = outcome.breakdowns["A"].lines
    assert (line.rule, line.points, dict(line.params)) == ("truco.penalty.fault", 1, {"team": "B"})
    assert Event.from_dict({"type": "penalty", "team": "B"}).as_dict() == {
        "type": "penalty",
        "team": "B",
    }


def test_an_unnamed_penalty_never_gives_the_twelfth_tento_either():
    outcome = score_events(
        {"A": 11, "B": 5}, [{"type": "penalty", "team": "B"}], allow_unfinished=True
    )
    assert outcome.score == {"A": 11, "B": 4}
    (line,) = outcome.breakdowns["B"].lines
    assert (line.rule, line.params["reason"]) == ("truco.penalty.no-winning-tento", None)


def test_page_a_penalty_never_gives_the_twelfth_tento():
    # page: penalty against B while A is at 11 and B at 5 → 11–4
    outcome = play_hand(11, 5, "penalty B deal-procedure", "run A")
    assert outcome.score == {"A": 11, "B": 5}  # 5 - 1 + 1 for A running
    state = HandState.start({"A": 11, "B": 5}).apply(
        Event("penalty", "B", "truco.penalty.deal-procedure")
    )
    assert dict(state.score) == {"A": 11, "B": 4}
    (line,) = state.breakdown("B").lines
    assert (line.rule, line.points) == ("truco.penalty.no-winning-tento", -1)
    assert line.params["reason"] == "truco.penalty.deal-procedure"


def test_a_penalty_never_takes_a_score_below_zero():
    state = HandState.start({"A": 11, "B": 0}).apply(
        Event("penalty", "B", "truco.penalty.raise-beyond-win")
    )
    assert dict(state.score) == {"A": 11, "B": 0}
    assert state.breakdown("B").total == 0


def test_a_penalty_may_be_given_while_a_call_waits():
    state = HandState.start({"A": 0, "B": 0}).apply(Event("raise", "A"))
    assert state.allowed("B")["penalty"] is None
    state = state.apply(Event("penalty", "A", "truco.penalty.rejected-cards"))
    assert dict(state.score) == {"A": 0, "B": 1} and state.offer == 3


# --- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "choices",
    [
        ["keep"],
        ["pass", "keep"],
        ["reject", "reject", "reject", "keep"],
        ["reject", "pass", "reject", "reject", "keep"],
        ["pass", "reject", "keep"],
    ],
)
def test_the_mao_may_keep_pass_once_and_reject_three_times(choices):
    assert deal_violations(choices) == []
    assert deal_violations(choices, players=6) == []


def test_in_a_match_of_two_the_mao_has_no_partner_to_pass_to():
    (violation,) = deal_violations(["pass", "keep"], players=2)
    assert violation.rule == "truco.deal.no-partner"
    assert dict(violation.params) == {
        "step": 1,
        "choice": "pass",
        "penalty": "truco.penalty.deal-procedure",
    }
    assert deal_violations(["reject", "keep"], players=2) == []


@pytest.mark.parametrize(
    ("choices", "rule", "step", "penalty"),
    [
        (["pass", "pass", "keep"], "truco.deal.pass-once", 2, "truco.penalty.deal-procedure"),
        (["reject"] * 4, "truco.deal.reject-limit", 4, "truco.penalty.rejected-cards"),
        (["keep", "reject"], "truco.deal.kept", 2, "truco.penalty.rejected-cards"),
    ],
)
def test_it_rejects_a_deal_against_the_procedure(choices, rule, step, penalty):
    (violation,) = deal_violations(choices)
    assert (violation.rule, violation.params["step"]) == (rule, step)
    assert violation.params["penalty"] == penalty


def test_at_eleven_the_deal_is_plain():
    state = HandState.start({"A": 11, "B": 4})
    (violation,) = deal_violations(["reject", "keep"], plain=state.plain_deal)
    assert violation.rule == "truco.deal.plain-at-eleven"
    assert violation.params["penalty"] == "truco.penalty.rejected-cards"
    assert deal_violations(["keep"], plain=True) == []


def test_it_names_an_unknown_deal_choice():
    assert [v.rule for v in deal_violations(["swap"])] == ["truco.deal.unknown-choice"]


def test_the_cut_is_one_to_three_cuts_into_two_stacks():
    assert cut_violations(1) == [] and cut_violations(3, 2) == []
    assert [v.rule for v in cut_violations(4, 3)] == [
        "truco.deal.cut-count",
        "truco.deal.cut-stacks",
    ]
    assert [v.rule for v in cut_violations(0)] == ["truco.deal.cut-count"]


# --- game and match ------------------------------------------------------------------------


def test_the_game_is_won_at_the_target():
    assert game_winner({"A": 12, "B": 3}) == "A"
    assert game_winner({"A": 11, "B": 3}) is None
    assert game_winner({"A": 14, "B": 15}, TrucoOptions(target=15)) == "B"


def test_a_best_of_three_match():
    match = MatchScore.start(TrucoOptions(best_of=3))
    match = match.record("A").record("B")
    assert match.winner is None
    match = match.record("B")
    assert match.winner == "B" and dict(match.games) == {"A": 1, "B": 2}
    with pytest.raises(RuleError) as error:
        match.record("A")
    assert rules(error) == ["truco.match.over"]


def test_a_match_of_one_game():
    assert MatchScore.start().record("A").winner == "A"


# --- properties ----------------------------------------------------------------------------

event_strategy = st.builds(
    Event,
    st.sampled_from([*truco.EVENT_TYPES, "fold"]),
    st.sampled_from(["A", "B", None]),
    st.sampled_from([*truco.PENALTY_REASONS, None]),
)


@settings(max_examples=300)
@given(
    variant=st.sampled_from(truco.VARIANTS),
    target=st.sampled_from(truco.TARGETS),
    data=st.data(),
    stream=st.lists(event_strategy, max_size=12),
)
def test_any_legal_events_keep_the_score_in_range_and_the_breakdowns_true(
    variant, target, data, stream
):
    options = TrucoOptions(variant=variant, target=target, vira=None)
    if variant == "paulista":
        options = replace(options, vira=Card("4", "C"))
    a = data.draw(st.integers(0, target - 1))
    b = data.draw(st.integers(0, target - 1))
    state = HandState.start({"A": a, "B": b}, options)
    for event in stream:
        verdict = state.check(event)
        # what the UI offers agrees with what the engine accepts
        reason_ok = event.type != "penalty" or event.reason is not None
        if event.team in truco.TEAMS and event.type in truco.EVENT_TYPES and reason_ok:
            assert state.allowed(event.team)[event.type] == verdict
        if verdict is not None:
            with pytest.raises(RuleError) as error:
                state.apply(event)
            assert rules(error) == [verdict.rule]
            continue
        state = state.apply(event)
        for team in truco.TEAMS:
            assert 0 <= state.score[team] <= target
            assert state.score[team] == state.start_score[team] + state.breakdown(team).total
        winners = [team for team in truco.TEAMS if state.score[team] == target]
        assert len(winners) <= 1
        assert state.game_winner == (winners[0] if winners else None)
        # the winning tento only ever comes from a hand, which then ends
        if winners:
            assert state.ended and state.winner == winners[0]
        assert state.stake in (*options.stakes, options.target)


def legal_moves(state: HandState) -> list[Event]:
    """Every event the UI would offer now, as ``allowed`` says."""
    moves = [
        Event(action, team, truco.PENALTY_REASONS[0] if action == "penalty" else None)
        for team in truco.TEAMS
        for action, verdict in state.allowed(team).items()
        if verdict is None
    ]
    if state.check(Event("win")) is None:
        moves.append(Event("win"))
    return moves


@settings(max_examples=300)
@given(
    options=st.sampled_from([SEED, MINEIRO, paulista("3H"), TrucoOptions(target=15)]),
    data=st.data(),
)
def test_a_hand_of_legal_events_ends_with_at_most_one_game_winner(options, data):
    eleven = st.integers(options.eleven - 1, options.target - 1)
    a = data.draw(st.one_of(st.integers(0, options.target - 1), eleven))
    b = data.draw(st.one_of(st.integers(0, options.target - 1), eleven))
    state = HandState.start({"A": a, "B": b}, options)
    for _ in range(20):
        # penalties may come any number of times; three are enough to mix them in
        penalties = sum(event.type == "penalty" for event in state.events)
        moves = [m for m in legal_moves(state) if m.type != "penalty" or penalties < 3]
        if not moves:
            break
        state = state.apply(data.draw(st.sampled_from(moves)))
    assert state.ended and legal_moves(state) == []
    for team in truco.TEAMS:
        assert 0 <= state.score[team] <= options.target
        assert state.score[team] == state.start_score[team] + state.breakdown(team).total
    assert sum(state.score[team] == options.target for team in truco.TEAMS) <= 1
    outcome = score_events({"A": a, "B": b}, state.events, options)
    assert outcome.score == dict(state.score) and outcome.game_winner == state.game_winner
    # a hand that was won or run from ends with a line that gives its winner tentos
    if state.winner is not None:
        owner, line = state.lines[-1]
        assert owner == state.winner and line.points >= 1


@given(st.permutations(DECKS["truco"].cards()), st.sampled_from([SEED, paulista("KD")]))
def test_the_trick_goes_to_the_highest_card(deck, options):
    cards = [card for card in deck if card != options.vira][:4]
    plays = [Play(team, card) for team, card in zip("ABAB", cards, strict=True)]
    result = resolve_trick(plays, options)
    strengths = [card_strength(card, options) for card in cards]
    best = max(strengths)
    holders = {plays[i].team for i, s in enumerate(strengths) if s == best}
    assert result.winner == (holders.pop() if len(holders) == 1 else None)
    assert strengths[result.next_leader] == best
    assert strengths.index(best) == result.next_leader


@given(st.sampled_from(DECKS["truco"].cards()))
def test_every_vira_names_four_manilhas_above_every_plain_card(vira):
    options = TrucoOptions(variant="paulista", vira=vira)
    top = manilhas(options)
    assert [card_strength(card, options) for card in top] == [11, 12, 13, 14]
    plain = [card for card in DECKS["truco"].cards() if card not in top]
    assert max(card_strength(card, options) for card in plain) <= 10
