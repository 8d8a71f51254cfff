"""A Pif-Paf session on the ledger, in the engine's terms.

The ledger hands the game a ``MatchView``: one side per player, each with its running
total of chips won or lost. This module turns that into what ``referee.pifpaf`` takes —
the ``Table``, the balances and the dealer before a hand — and a stored hand entry into
the engine's ``Action`` s. It decides no rule: whose turn it is and what they may bet
is the engine's ``betting_options``; who may take the pot, and who buys in again (rebuys),
the engine's ``settle_hand``.

The running state kept with each hand (what the next one starts from)::

    {"balances": {"Ana": 46, ...},     # every player's chips
     "dealer": "Bia",                  # who deals next
     "rebuys": {"Ana": 1, ...}}        # how many times each bought in again

A hand's entry (what the hand form stores)::

    {"number": 3,                      # the hand's number when it was entered
     "dealer": 0,                      # first hand only: who dealt (a side position)
     "actions": [{"player": 1, "kind": "raise", "to": 3}, {"player": 2, "kind": "call"},
                 ..., {"player": 1, "kind": "false-out"}],   # bets, then mistakes
     "winner": 2,                      # who went out; None when all but one folded
     "with_discard": false,            # the winner went out with a discard
     "cards": ["AH", "2H", ...]}       # optional: the winner's nine or ten cards
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import Any

from referee.entries import is_whole
from referee.pifpaf import (
    Action,
    BettingOptions,
    HandResult,
    Payment,
    PifPafOptions,
    Table,
    betting_options,
    settle,
    settle_hand,
)
from referee.rulings import RuleError, Violation
from scoring.kit.match import MatchView, engine_options

DEFAULTS = PifPafOptions()
DEFAULT_BUY_IN = DEFAULTS.buy_in
DEFAULT_CHIP_VALUE = str(DEFAULTS.chip_value)
# What the session's form stores; ``players`` is the ledger's, the count of its sides.
HOUSE_RULES = tuple(f.name for f in fields(PifPafOptions) if f.name != "players")


# --- the table -----------------------------------------------------------------------------


def house_rules(match: MatchView) -> PifPafOptions:
    """The session's house rules, under the ledger's one policy for old or refused
    options (``engine_options``): each stored value the engine refuses gives way to its
    default. The table's size goes first, as the maximum bet's ceiling depends on it,
    then the house rules in the engine's order (the ante before the bets it bounds),
    whatever order the database keeps the keys in."""

    def work(view: MatchView) -> PifPafOptions:
        stored = view.options
        ordered = {name: stored[name] for name in HOUSE_RULES if name in stored}
        return engine_options(PifPafOptions, {"players": len(view.sides), **ordered})

    return match.derived("options", work)


def table_of(match: MatchView) -> Table:
    return house_rules(match).table(match.player_names)


def buy_in_of(match: MatchView) -> int:
    return house_rules(match).buy_in


def chip_value_of(match: MatchView) -> Decimal:
    return house_rules(match).chip_value


# --- entries -------------------------------------------------------------------------------


def _name(names: Sequence[str], position: Any) -> str:
    if isinstance(position, int) and 0 <= position < len(names):
        return names[position]
    raise RuleError(Violation("pifpaf.table.unknown-player", {"player": str(position)}))


def actions_of(entry: Mapping[str, Any], names: Sequence[str]) -> list[Action]:
    return [
        Action(_name(names, action.get("player")), action.get("kind", ""), action.get("to", 0))
        for action in entry.get("actions", ())
    ]


def winner_of(entry: Mapping[str, Any], names: Sequence[str]) -> str | None:
    winner = entry.get("winner")
    return None if winner is None else _name(names, winner)


# --- the table before a hand ---------------------------------------------------------------


@dataclass(frozen=True)
class Before:
    """The table as hand ``number`` starts: balances, the dealer (None before the first
    hand, whose dealer the players choose) and how many times each player has bought in
    again so far (rebuys; the hand's own come with its result)."""

    number: int
    balances: Mapping[str, int]
    dealer: str | None
    rebuys: Mapping[str, int] = field(default_factory=dict)


def before(match: MatchView) -> Before:
    """The table before the match's next hand: the running state the ledger stored with
    the hand before (balances, the next dealer, the rebuys), or the buy-ins for the first
    hand. Nothing is replayed."""
    names = match.player_names
    state = match.state
    counted = state.get("rebuys")
    counted = counted if isinstance(counted, Mapping) else {}  # older data: none
    rebuys = {name: _count(counted.get(name)) for name in names}
    stored = state.get("balances")
    if isinstance(stored, Mapping) and set(stored) == set(names):
        balances = {name: int(stored[name]) for name in names}
    else:  # older data: a side's total is what the player won or lost, rebuys apart
        balances = {
            name: buy_in_of(match) * (1 + rebuys[name]) + side.total
            for name, side in zip(names, match.sides, strict=True)
        }
    dealer = state.get("dealer")
    return Before(match.number, balances, dealer if dealer in names else None, rebuys)


def _count(stored: Any) -> int:
    """A stored count of rebuys; anything but a whole number above 0 is none."""
    return stored if is_whole(stored) and stored > 0 else 0


def settle_entry(match: MatchView, entry: Mapping[str, Any]) -> HandResult:
    """The chips of the hand ``entry`` records, played after the hands in ``match``."""
    names = match.player_names
    start = before(match)
    dealer = start.dealer or _name(names, entry.get("dealer", 0))
    return settle_hand(
        start.balances,
        table_of(match),
        dealer,
        actions_of(entry, names),
        winner_of(entry, names),
        with_discard=bool(entry.get("with_discard")),
    )


def state_after(match: MatchView, entry: Mapping[str, Any]) -> dict[str, Any]:
    """What the next hand starts from: every player's chips, who deals and how many times
    each has bought in again. A stored hand that no longer settles (older data) leaves
    the table as it was."""
    start = before(match)
    try:
        result = settle_entry(match, entry)
    except RuleError:
        return {
            "balances": dict(start.balances),
            "dealer": start.dealer,
            "rebuys": dict(start.rebuys),
        }
    return {
        "balances": dict(result.balances),
        "dealer": result.next_dealer,
        "rebuys": {
            name: count + (1 if name in result.bought else 0)
            for name, count in start.rebuys.items()
        },
    }


# --- the betting, as the engine sees it -----------------------------------------------------


@dataclass(frozen=True)
class Betting:
    """A hand's betting so far: the turn (who speaks and what they may do, as the engine
    offers it), or once it is over who is still in the hand and (from a settled trial)
    the pot. ``violations``: the bets are not legal."""

    turn: BettingOptions | None = None
    over: bool = False
    in_hand: tuple[str, ...] = ()
    uncontested: str | None = None  # all but one folded: they take the pot
    pot: int | None = None
    sat_out: tuple[str, ...] = ()
    violations: tuple[Violation, ...] = field(default=())


def betting(
    balances: Mapping[str, int], table: Table, dealer: str, bets: Sequence[Action]
) -> Betting:
    """Where the betting stands after ``bets``, as the engine says."""
    try:
        turn = betting_options(balances, table, dealer, bets)
        if turn is not None:
            return Betting(turn=turn)
        return _over(balances, table, dealer, bets)
    except RuleError as error:
        return Betting(violations=error.violations)


def _over(
    balances: Mapping[str, int], table: Table, dealer: str, bets: Sequence[Action]
) -> Betting:
    """The betting is over: either one player is left and takes the pot, or those the
    engine lets take it once the hand is played (a ``RuleError`` if nobody may)."""

    def sat_out(result: HandResult) -> tuple[str, ...]:
        return tuple(sorted(result.sat_out, key=table.players.index))

    try:
        result = settle_hand(balances, table, dealer, bets, None)
    except RuleError as unfinished:
        takers: dict[str, HandResult] = {}
        for name in table.players:
            try:
                takers[name] = settle_hand(balances, table, dealer, bets, name)
            except RuleError:
                continue
        if not takers:
            raise unfinished from None
        first = next(iter(takers.values()))
        return Betting(over=True, in_hand=tuple(takers), pot=first.pot, sat_out=sat_out(first))
    return Betting(
        over=True,
        in_hand=(result.winner,),
        uncontested=result.winner,
        pot=result.pot,
        sat_out=sat_out(result),
    )


# --- the session as a whole -----------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    """What the scoreboard shows: balances, rebuys and the next dealer by side position,
    whether the session allows rebuys, and the settlement in money if the session ended
    now (every buy-in counted)."""

    balances: tuple[int, ...]
    dealer: int | None
    buy_in: int
    chip_value: Decimal
    payments: tuple[Payment, ...] = ()
    violations: tuple[Violation, ...] = ()
    rebuys: tuple[int, ...] = ()
    rebuy: bool = False


def summary(match: MatchView) -> Summary:
    names = match.player_names
    start = before(match)
    balances = tuple(start.balances[name] for name in names)
    dealer = names.index(start.dealer) if start.dealer in names else None
    rules = house_rules(match)
    buy_in, chip_value = rules.buy_in, rules.chip_value
    stakes = {
        "rebuys": tuple(start.rebuys[name] for name in names),
        "rebuy": rules.rebuy,
    }
    try:
        payments = tuple(settle(start.balances, buy_in, chip_value, start.rebuys))
    except RuleError as error:
        return Summary(balances, dealer, buy_in, chip_value, violations=error.violations, **stakes)
    return Summary(balances, dealer, buy_in, chip_value, payments, **stakes)
