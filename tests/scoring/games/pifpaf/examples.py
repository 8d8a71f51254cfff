"""Real Pif-Paf engine calls: at least one violation of every rule the engine can refuse
something with. The shared rulebook contract (``tests/scoring/test_rulebook_contract.py``)
formats each message with the params these calls send, in every language."""

from __future__ import annotations

from decimal import Decimal

from referee.cards import parse_cards
from referee.pifpaf import (
    Action,
    PifPafOptions,
    Table,
    check_hand,
    check_meld,
    claim_discard,
    settle,
    settle_hand,
)
from referee.rulings import Violation
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game
from tests.referee.rulewatch import refused

FOUR = ("P1", "P2", "P3", "P4")
BETS = [Action("P1", "raise", 3), Action("P2", "call"), Action("P3", "fold"), Action("P4", "call")]
# Rules a hand's score lines cite; no refusal names them.
LINES = frozenset(
    {
        "pifpaf.chips.ante",
        "pifpaf.chips.bet",
        "pifpaf.chips.all-in",
        "pifpaf.chips.sits-out",
        "pifpaf.chips.rebuy",
        "pifpaf.pot.won",
        "pifpaf.pot.uncontested",
        "pifpaf.pot.split",
        "pifpaf.pot.returned",
        "pifpaf.mistake.false-out",
        "pifpaf.mistake.rebate",
        "pifpaf.mistake.threw-away",
    }
)


def hand(actions, winner=None, balances=None, **kwargs):
    return settle_hand(
        balances or dict.fromkeys(FOUR, 50), Table(FOUR), "P4", actions, winner, **kwargs
    )


def engine_violations() -> list[Violation]:
    """At least one real violation of every rule the engine can refuse something with."""
    cards = parse_cards
    found = [
        *refused(PifPafOptions.from_dict, {"aces": "never"}),
        *refused(check_meld, cards("QS QS QS")),
        *refused(check_meld, cards("JK QS QH")),
        *refused(check_hand, cards("AH 2H")),
        *refused(claim_discard, 0, [], 9),
        *refused(claim_discard, 0, [0, 7], 4),
        *refused(claim_discard, 0, [], 4),
        *refused(claim_discard, 0, [1], 4, stock_only=[1]),
        *refused(Table, ("P1", "P1")),
        *refused(Table, FOUR, 0),
        *refused(Table, FOUR, 1, 5, 4),
        *refused(Table, FOUR, 1, None, 9),
        *refused(hand, [], None, {"P1": 50}),
        *refused(hand, [], None, {**dict.fromkeys(FOUR, 0), "P1": -1}),
        *refused(hand, [], None, dict.fromkeys(FOUR, 0)),
        *refused(hand, [Action("P1", "check")]),
        *refused(hand, [Action("X", "call")]),
        *refused(hand, [Action("P2", "call")]),
        *refused(hand, [Action("P1", "raise", 9)]),
        *refused(hand, [Action("P1", "raise", 2), Action("P2", "raise", 2)]),
        *refused(hand, [Action("P1", "raise", 3)], None, {**dict.fromkeys(FOUR, 50), "P1": 2}),
        *refused(hand, [*BETS, Action("P1", "call")], "P1"),
        *refused(hand, BETS[:2], "P1"),
        *refused(hand, [Action("P1", "false-out")], "P1"),
        *refused(
            hand,
            [
                Action("P1", "fold"),
                Action("P2", "fold"),
                Action("P3", "fold"),
                Action("P1", "rebate"),
            ],
            None,
        ),
        *refused(hand, [*BETS, Action("P3", "rebate")], "P1"),
        *refused(hand, [*BETS, *(Action(p, "threw-away") for p in ("P1", "P2", "P4"))]),
        *refused(hand, BETS, None),
        *refused(hand, BETS, "P3"),
        *refused(hand, [*BETS, Action("P1", "rebate")], "P1", with_discard=True),
        *refused(settle, {"P1": 10, "P2": 12}, 10, Decimal("0.5")),
        *refused(settle, {"P1": 10, "P2": 12, "P3": 10}, 10, Decimal("0.5")),
        *refused(settle, {"P1": 10**13, "P2": 0, "P3": 0}, 10, Decimal("0.5")),
        *refused(hand, [Action("P1", "raise", 3), Action("P2", "all-in")]),
        *refused(settle, {"P1": 10}, 0, Decimal("0.5")),
        *refused(settle, {"P1": 10}, 10, Decimal("0.001")),
        *refused(settle, {"P1": 10, "P2": 10, "P3": 10}, 10, Decimal("0.5"), {"P9": 1}),
    ]
    for meld in (
        "QS",
        "QS 5H 7D",
        "5S 5S 6S",
        "5S 7S 8S",
        "KS AS 2S",
        "QS QH",
        "QS QD QD",
        "QS QH QD QD",
    ):
        found.extend(check_meld(cards(meld), PifPafOptions(groups="trinca")).violations)
    found.extend(check_meld(cards("QS KS AS"), PifPafOptions(aces="low")).violations)
    every = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    found.extend(check_meld(cards(every)).violations)
    found.extend(check_meld(cards("QS QH QD QC")).violations)
    found.extend(refused(get_game("pifpaf").score_hand, SESSION, NOT_OUT))  # the app's own
    return found


SESSION = MatchView(
    options={},
    target=None,
    hands_played=0,
    sides=tuple(SideView(i, name, (name,), 0) for i, name in enumerate(FOUR)),
)
# P1 claims the pot with nine cards that do not go out.
NOT_OUT = {
    "dealer": 3,
    "actions": [{"player": p, "kind": "call"} for p in range(4)],
    "winner": 0,
    "cards": ["AH", "2H", "4H", "7S", "9H", "7D", "QC", "KC", "5D"],
}
