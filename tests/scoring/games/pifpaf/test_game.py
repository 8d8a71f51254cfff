"""Pif-Paf on the ledger: a hand's chips per player, balances, the dealer, the winners."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.pifpaf import RULE_IDS, Action, PifPafOptions, betting_options
from referee.rulings import RuleError, Violation
from scoring.games.pifpaf import session
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game
from tests.conftest import record, totals
from tests.scoring.games.pifpaf.conftest import (
    AFTER_THE_REBUY,
    BROKE_ANA,
    FOUR,
    OPTIONS,
    PAGE_BETS,
    bet,
    codes,
    make_session,
    page_hand,
)

pifpaf = get_game("pifpaf")


def view(chips=(0, 0, 0, 0), entries=(), players=FOUR, **options) -> MatchView:
    """The session with these running totals, after ``entries`` (their running state kept
    as the ledger keeps it)."""
    played = MatchView(
        options=OPTIONS | options,
        target=None,
        sides=tuple(SideView(i, name, (name,), 0) for i, name in enumerate(players)),
        hands_played=0,
    )
    for entry in entries:
        state = pifpaf.state_after(played, entry, [])
        played = replace(played, hands_played=played.hands_played + 1, state=state)
    totals = tuple(
        replace(side, total=total) for side, total in zip(played.sides, chips, strict=True)
    )
    return replace(played, sides=totals)


def refused(entry, match=None) -> list[str]:
    with pytest.raises(RuleError) as caught:
        pifpaf.score_hand(match or view(), entry)
    return caught.value.rules


def test_it_is_three_to_eight_players_each_on_their_own():
    assert (pifpaf.min_sides, pifpaf.max_sides, pifpaf.max_players_per_side) == (3, 8, 1)
    assert pifpaf.default_target is None


def test_the_pages_hand_moves_each_players_chips():  # page: 46, 59, 49, 46
    breakdowns = pifpaf.score_hand(view(), page_hand())
    assert [b.total for b in breakdowns] == [-4, 9, -1, -4]
    assert [line.rule for line in breakdowns[1].lines] == [
        "pifpaf.chips.ante",
        "pifpaf.chips.bet",
        "pifpaf.pot.won",
    ]
    assert breakdowns[1].points_for("pifpaf.pot.won") == 13
    assert all(line.params["player"] == "Bia" for line in breakdowns[1].lines)


def test_a_bet_above_ante_times_players_is_refused():  # page: maximum 4
    assert refused(page_hand(actions=[bet(0, "raise", 5)])) == ["pifpaf.bet.above-max"]


def test_an_unfinished_betting_round_is_refused_naming_who_must_speak():
    with pytest.raises(RuleError) as caught:
        pifpaf.score_hand(view(), page_hand(actions=PAGE_BETS[:2]))
    assert caught.value.violations[0].as_dict() == {
        "rule": "pifpaf.bet.round-unfinished",
        "params": {"expected": "Caio"},
    }


def test_the_balances_start_from_the_buy_in_plus_the_running_totals():
    # Ana is down to 2 chips: she cannot bet 3.
    match = replace(
        view(chips=(-48, 16, 16, 16)),
        hands_played=1,
        state={"balances": {"Ana": 2, "Bia": 66, "Caio": 66, "Duda": 66}, "dealer": "Bia"},
    )
    entry = {"number": 2, "actions": [bet(2, "call"), bet(3, "call"), bet(0, "raise", 3)]}
    assert refused(entry, match) == ["pifpaf.bet.short-of-chips"]


def test_the_first_dealer_is_chosen_and_then_the_pot_taker_deals():
    assert session.before(view()).dealer is None
    after_one = view(chips=(-4, 9, -1, -4), entries=[page_hand()])
    assert session.before(after_one).dealer == "Bia"
    # So Caio, on Bia's left, speaks first in hand 2; Ana may not.
    assert refused({"number": 2, "actions": [bet(0, "call")]}, after_one) == [
        "pifpaf.bet.out-of-turn"
    ]
    folds = {
        "number": 2,
        "actions": [bet(2, "raise", 2), bet(3, "fold"), bet(0, "fold"), bet(1, "fold")],
        "winner": None,
    }
    assert [b.total for b in pifpaf.score_hand(after_one, folds)] == [-1, -1, 3, -1]
    after_two = view(chips=(-5, 8, 2, -5), entries=[page_hand(), folds])
    assert session.before(after_two).dealer == "Caio"
    assert dict(session.before(after_two).balances) == dict(
        zip(FOUR, (45, 58, 52, 45), strict=True)
    )


def test_a_false_going_out_flags_the_player_and_costs_nothing():
    entry = page_hand(actions=[*PAGE_BETS, bet(0, "false-out")], winner=3)
    breakdowns = pifpaf.score_hand(view(), entry)
    assert [b.total for b in breakdowns] == [-4, -4, -1, 9]
    assert breakdowns[0].points_for("pifpaf.mistake.false-out") == 0
    assert "pifpaf.mistake.false-out" in [line.rule for line in breakdowns[0].lines]
    # … and, flagged, Ana may not then go out with a discard.
    taken = page_hand(actions=[*PAGE_BETS, bet(0, "false-out")], winner=0, with_discard=True)
    assert refused(taken) == ["pifpaf.mistake.stock-only"]


def test_a_player_who_threw_their_cards_away_loses_their_bet():
    entry = page_hand(actions=[*PAGE_BETS, bet(3, "threw-away")], winner=1)
    assert [b.total for b in pifpaf.score_hand(view(), entry)] == [-4, 9, -1, -4]
    assert refused(page_hand(actions=[*PAGE_BETS, bet(3, "threw-away")], winner=3)) == [
        "pifpaf.hand.winner-not-in-hand"
    ]


def test_the_winners_cards_are_checked_when_given():  # page hands
    good = codes("AH 2H 3H 7S 7H 7D QC KC AC")
    assert pifpaf.score_hand(view(), page_hand(cards=good))[1].total == 9
    with pytest.raises(RuleError) as caught:
        pifpaf.score_hand(view(), page_hand(cards=codes("QS QH QD QC 4C 5C 6C 7C 8C")))
    assert caught.value.violations[0].as_dict() == {
        "rule": "pifpaf.hand.not-out",
        "params": {"player": "Bia", "leftover": "Q♣"},
    }
    assert refused(page_hand(cards=good), view(aces="low")) == ["pifpaf.hand.not-out"]
    assert refused(page_hand(cards=good[:8])) == ["pifpaf.hand.card-count"]
    assert refused(page_hand(cards=["QS"] * 3 + good[3:])) == ["cards.deck.too-many"]


def test_ten_cards_go_out_finding_the_discard():  # page
    ten = codes("AH 2H 3H 7S 7H 7D QC KC AC 5D")
    assert pifpaf.score_hand(view(), page_hand(cards=ten))[1].total == 9


def test_an_entry_naming_nobody_at_the_table_is_refused():
    assert refused(page_hand(winner=7)) == ["pifpaf.table.unknown-player"]


def test_the_session_has_no_target_and_the_most_chips_win_when_it_ends():
    match = view(chips=(-4, 9, -1, -4), entries=[page_hand()])
    assert pifpaf.winners(match) == []
    assert pifpaf.winners(match, closing=True) == [1]
    tie = view(chips=(5, 5, -5, -5), entries=[page_hand()])
    assert pifpaf.winners(tie, closing=True) == [0, 1]
    assert pifpaf.winners(view(), closing=True) == []


def test_the_scoreboard_is_left_to_the_sessions_own_template():
    # templates/pifpaf/match.html draws each balance and the next dealer from the
    # session's summary; no note under a side repeats them.
    assert pifpaf.side_notes(view(chips=(-4, 9, -1, -4), entries=[page_hand()])) == {}


def test_the_summary_settles_in_money_with_the_fewest_payments():  # page balances
    summary = session.summary(view(chips=(-4, 9, -1, -4), entries=[page_hand()]))
    assert summary.balances == (46, 59, 49, 46)
    assert summary.dealer == 1
    assert [(p.frm, p.to, p.amount) for p in summary.payments] == [
        ("Ana", "Bia", Decimal("2.00")),
        ("Caio", "Bia", Decimal("0.50")),
        ("Duda", "Bia", Decimal("2.00")),
    ]


def test_the_ledger_keeps_the_balances_hand_after_hand(four):
    record(four, page_hand())
    assert totals(four) == [-4, 9, -1, -4]
    record(
        four,
        {
            "number": 2,
            "actions": [bet(2, "call"), bet(3, "call"), bet(0, "call"), bet(1, "call")],
            "winner": 0,
        },
    )
    assert totals(four) == [-1, 8, -2, -5]
    assert session.before(four.view()).dealer == "Ana"


# --- rebuys (the page's option, off by default) ---------------------------------------------


def lines(breakdown) -> list[tuple[str, int, int]]:
    return [(line.rule, line.count, line.points) for line in breakdown.lines]


def test_with_rebuys_a_broke_player_buys_in_again_and_every_buy_in_is_settled(rebuys):
    record(rebuys, BROKE_ANA)
    assert totals(rebuys) == [-5, 7, -1, -1]
    start = session.before(rebuys.view())
    assert dict(start.balances) == {"Ana": 0, "Bia": 12, "Caio": 4, "Duda": 4}
    assert dict(start.rebuys) == dict.fromkeys(FOUR, 0)  # she buys in as the next hand starts
    hand = record(rebuys, AFTER_THE_REBUY)
    ana = hand.scores.get(side__position=0).breakdown
    # the rebuy is in Ana's ledger lines; bought, not won, it counts 0
    assert lines(ana) == [("pifpaf.chips.rebuy", 5, 0), ("pifpaf.chips.ante", 1, -1)]
    # the running totals stay what each player won or lost: the balance less every buy-in
    assert totals(rebuys) == [-6, 6, 2, -2]
    view = rebuys.view()
    after = session.before(view)
    assert dict(after.balances) == {"Ana": 4, "Bia": 11, "Caio": 7, "Duda": 3}
    assert dict(after.rebuys) == {"Ana": 1, "Bia": 0, "Caio": 0, "Duda": 0}
    summary = session.summary(view)
    assert (summary.balances, summary.rebuys, summary.rebuy) == ((4, 11, 7, 3), (1, 0, 0, 0), True)
    assert [(p.frm, p.to, p.amount, p.chips) for p in summary.payments] == [
        ("Ana", "Bia", Decimal("3.00"), 6),  # 4 chips left of the 10 she bought
        ("Duda", "Caio", Decimal("1.00"), 2),
    ]
    # the most won wins, not the most chips bought
    assert pifpaf.winners(view, closing=True) == [1]


def test_a_player_who_rebought_twice_paid_three_buy_ins(rebuys):
    record(rebuys, BROKE_ANA)
    # Hand 2: Bia deals; Ana (bought in again) bets all 4 she has left, only Bia calls, Bia wins
    again = [bet(2, "fold"), bet(3, "fold"), bet(0, "raise", 4), bet(1, "call")]
    record(rebuys, {"number": 2, "actions": again, "winner": 1})
    start = session.before(rebuys.view())
    assert dict(start.balances) == {"Ana": 0, "Bia": 19, "Caio": 3, "Duda": 3}
    # Hand 3: Bia deals; Ana buys in again; everybody plays for the ante; Bia goes out
    calls = [bet(seat, "call") for seat in (2, 3, 0, 1)]
    record(rebuys, {"number": 3, "actions": calls, "winner": 1})
    summary = session.summary(rebuys.view())
    assert summary.rebuys == (2, 0, 0, 0)
    assert sum(summary.balances) == 5 * (4 + 2)
    owed = {p.frm: p.chips for p in summary.payments if p.frm == "Ana"}
    assert owed == {"Ana": 15 - 4}  # three buy-ins of 5, 4 chips left
    assert totals(rebuys)[0] == 4 - 15


def test_without_rebuys_a_broke_player_sits_the_next_hand_out(db):
    four = make_session(buy_in=5)
    record(four, BROKE_ANA)
    # Hand 2: Bia deals; Ana, with no chips, is not dealt in
    calls = [bet(seat, "call") for seat in (2, 3, 1)]
    hand = record(four, {"number": 2, "actions": calls, "winner": 2})
    assert lines(hand.scores.get(side__position=0).breakdown) == [("pifpaf.chips.sits-out", 1, 0)]
    summary = session.summary(four.view())
    assert (summary.rebuys, summary.rebuy) == ((0, 0, 0, 0), False)
    assert sum(summary.balances) == 20


def test_the_running_state_counts_each_players_rebuys_and_older_state_counts_none():
    match = view(rebuy=True, buy_in=5, entries=[BROKE_ANA, AFTER_THE_REBUY])
    assert match.state["rebuys"] == {"Ana": 1, "Bia": 0, "Caio": 0, "Duda": 0}
    older = replace(match, state={"balances": match.state["balances"], "dealer": "Caio"})
    assert dict(session.before(older).rebuys) == dict.fromkeys(FOUR, 0)


def test_a_short_stack_antes_all_it_has_and_is_dealt_in():
    # Ante 2: Duda has 1 chip left. Only a player with none sits out (page).
    match = replace(
        view(ante=2, chips=(16, 16, 17, -49)),
        hands_played=1,
        state={"balances": {"Ana": 66, "Bia": 66, "Caio": 67, "Duda": 1}, "dealer": "Caio"},
    )
    entry = {"number": 2, "actions": [bet(0, "call"), bet(1, "call"), bet(2, "call")], "winner": 3}
    breakdowns = pifpaf.score_hand(match, entry)
    assert lines(breakdowns[3]) == [
        ("pifpaf.chips.ante", 1, -1),
        ("pifpaf.chips.all-in", 1, 0),
        ("pifpaf.pot.won", 1, 4),
    ]
    # the rest of the antes is a side pot Duda did not contest: shared by the others
    assert [b.total for b in breakdowns] == [-1, -1, -1, 3]
    assert session.settle_entry(match, entry).sat_out == frozenset()


# --- the house rules stored with the session ---------------------------------------------


def stored(options: dict[str, Any], players=FOUR) -> MatchView:
    """The session with exactly these stored options."""
    return replace(view(chips=(0,) * len(players), players=players), options=options)


def test_the_stored_house_rules_are_the_engines_options():
    match = view(aces="low", groups="trinca", buy_in=80, chip_value="1.25", ante=2, max_bet=7)
    assert pifpaf.options_class is PifPafOptions
    assert pifpaf.match_options(match) == PifPafOptions(
        "low", "trinca", buy_in=80, chip_value=Decimal("1.25"), ante=2, max_bet=7, players=4
    )
    table = session.table_of(match)
    assert (table.players, table.ante, table.min_bet, table.max_bet) == (FOUR, 2, 2, 7)
    assert (session.buy_in_of(match), session.chip_value_of(match)) == (80, Decimal("1.25"))
    assert table.rebuy is None  # no rebuys unless the session allows them
    assert session.table_of(view(buy_in=80, rebuy=True)).rebuy == 80


def test_a_stored_house_rule_the_engine_refuses_gives_way_to_its_default():
    """The ledger's one policy (``engine_options``), as for every game: a bad or unknown
    stored option costs only itself, and the session's pages and hands go on."""
    odd = {
        "aces": "sideways",
        "groups": "trinca",
        "ante": 2,
        "max_bet": 99,
        "buy_in": "fifty",
        "chip_value": "cheap",
        "jokers": 2,
        "rebuy": "yes",
    }
    match = stored(odd)
    assert pifpaf.match_options(match) == PifPafOptions(groups="trinca", ante=2, players=4)
    table = session.table_of(match)
    assert (table.ante, table.min_bet, table.max_bet) == (2, 2, 8)  # the ante kept
    assert (session.buy_in_of(match), session.chip_value_of(match)) == (50, Decimal("0.50"))
    hand = page_hand(cards=codes("QH KH AH 7S 7H 7D 2C 3C 4C"))  # aces high: both ends
    assert [b.total for b in pifpaf.score_hand(match, hand)] == [-5, 12, -2, -5]
    assert session.summary(match).balances == (50, 50, 50, 50)


def test_a_session_that_stored_no_house_rules_plays_the_defaults():
    match = stored({})
    assert pifpaf.match_options(match) == PifPafOptions(players=4)
    assert [b.total for b in pifpaf.score_hand(match, page_hand())] == [-4, 9, -1, -4]


def test_the_maximum_bet_is_judged_against_the_sessions_own_table():
    # Ante 2, maximum 10: right for five players (ante × 5), too much for three, whatever
    # order the database keeps the keys in (the ante and the table size come first).
    options = {"max_bet": 10, "min_bet": 3, "ante": 2}
    five = session.table_of(stored(options, players=(*FOUR, "Eva")))
    assert (five.ante, five.min_bet, five.max_bet) == (2, 3, 10)
    three = session.table_of(stored(options, players=FOUR[:3]))
    assert (three.ante, three.min_bet, three.max_bet) == (2, 3, 6)


# --- the betting, as the engine offers it -------------------------------------------------


def page_table() -> tuple[dict[str, int], Any]:
    match = view()
    return dict(session.before(match).balances), session.table_of(match)


def test_the_player_to_speak_and_their_bets_are_the_engines_options():
    balances, table = page_table()
    bets = [Action("Ana", "raise", 3)]
    state = session.betting(balances, table, "Duda", bets)
    assert state.turn == betting_options(balances, table, "Duda", bets)
    assert (state.turn.player, state.turn.call_to, state.turn.max_raise_to) == ("Bia", 3, 4)


def test_a_betting_nobody_may_win_shows_the_engines_refusal_instead_of_failing(monkeypatch):
    balances, table = page_table()
    bets = [Action(name, "call") for name in FOUR]
    real = session.settle_hand

    def nobody_takes_the_pot(balances, table, dealer, actions, winner, **kwargs):
        if winner is not None:
            raise RuleError(Violation("pifpaf.hand.winner-not-in-hand", {"player": winner}))
        return real(balances, table, dealer, actions, winner, **kwargs)

    monkeypatch.setattr(session, "settle_hand", nobody_takes_the_pot)
    state = session.betting(balances, table, "Duda", bets)
    assert not state.over
    assert [v.rule for v in state.violations] == ["pifpaf.hand.no-winner"]


# --- chips are conserved --------------------------------------------------------------------


@st.composite
def legal_hands(draw):
    """A session part-way (random running totals) and a legal hand entered on it, played
    by asking the engine, as the phone does, whose turn it is and what they may bet."""
    players = FOUR[: draw(st.integers(3, 4))] + tuple(
        f"P{i}" for i in range(draw(st.integers(0, 4)))
    )
    n = len(players)
    ante = draw(st.integers(1, 3))
    max_bet = draw(st.integers(1, ante * n))
    options = {
        "buy_in": 20,
        "ante": ante,
        "max_bet": max_bet,
        "min_bet": draw(st.integers(1, max_bet)),
        "rebuy": draw(st.booleans()),
    }
    moved = draw(st.lists(st.integers(-20, 20), min_size=n - 1, max_size=n - 1))
    chips = [*moved, -sum(moved)]
    if any(20 + c < 0 for c in chips):
        chips = [0] * n
    first = {"number": 1, "dealer": draw(st.integers(0, n - 1)), "actions": [], "winner": None}
    match = view(chips=chips, entries=[], players=players, **options)
    entry = dict(first)
    start = session.before(match)
    table = session.table_of(match)
    dealer = players[first["dealer"]]
    bets = []
    while True:
        state = session.betting(start.balances, table, dealer, bets)
        if state.violations:  # e.g. fewer than two players have chips
            return match, None
        if state.turn is None:
            break
        turn = state.turn
        kinds = ["fold"] + ["call"] * turn.may_call + ["raise"] * turn.may_raise
        kinds += ["all-in"] * turn.may_all_in
        kind = draw(st.sampled_from(kinds))
        to = draw(st.integers(turn.min_raise_to, turn.max_raise_to)) if kind == "raise" else 0
        bets.append(Action(turn.player, kind, to))
    actions = [
        bet(players.index(a.player), a.kind, a.to if a.kind == "raise" else None) for a in bets
    ]
    winner = None
    if not state.uncontested:
        in_hand = list(state.in_hand)
        for player in draw(st.lists(st.sampled_from(in_hand), max_size=2, unique=True)):
            kind = draw(st.sampled_from(["false-out", "rebate", "threw-away"]))
            if kind == "threw-away" and len(in_hand) == 1:
                continue
            actions.append(bet(players.index(player), kind))
            if kind == "threw-away":
                in_hand.remove(player)
        winner = players.index(draw(st.sampled_from(in_hand)))
    entry.update(actions=actions, winner=winner)
    return match, entry


@settings(max_examples=150)
@given(legal_hands())
def test_chips_are_conserved_by_every_legal_hand(case):
    match, entry = case
    assume(entry is not None)
    breakdowns = pifpaf.score_hand(match, entry)
    assert len(breakdowns) == len(match.sides)
    assert sum(b.total for b in breakdowns) == 0
    start = session.before(match)
    result = session.settle_entry(match, entry)
    rebuy = session.house_rules(match).rebuy
    for name, breakdown in zip(match.player_names, breakdowns, strict=True):
        bought = result.bought.get(name, 0)
        assert bought == (20 if rebuy and start.balances[name] == 0 else 0)
        assert breakdown.total == result.balances[name] - start.balances[name] - bought
        assert all(line.rule in RULE_IDS for line in breakdown.lines)
    # the chips on the table: those there before, and the rebuys
    assert sum(result.balances.values()) == sum(start.balances.values()) + 20 * len(result.bought)
    state = session.state_after(match, entry)
    assert sum(state["balances"].values()) == 20 * (
        len(match.sides) + sum(state["rebuys"].values())
    )
