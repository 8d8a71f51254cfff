"""Every rule the engine or the app can cite has words, and every message takes the
parameters the engine really sends."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from referee.cards import parse_cards
from referee.pifpaf import (
    RULE_IDS,
    Action,
    PifPafOptions,
    Table,
    check_hand,
    check_meld,
    claim_discard,
    settle,
    settle_hand,
)
from referee.rulings import RuleError, Violation
from scoring.games.pifpaf.rules import RULES
from scoring.ledger.registry import MatchView, SideView, get_game
from scoring.ledger.rulebook import CORE_RULES, describe, rule_url

IDS = {rule.id for rule in RULES}
FOUR = ("P1", "P2", "P3", "P4")
BETS = [Action("P1", "raise", 3), Action("P2", "call"), Action("P3", "fold"), Action("P4", "call")]


def caught(call, *args, **kwargs) -> list[Violation]:
    with pytest.raises(RuleError) as error:
        call(*args, **kwargs)
    return list(error.value.violations)


def hand(actions, winner=None, balances=None, **kwargs):
    return settle_hand(
        balances or dict.fromkeys(FOUR, 50), Table(FOUR), "P4", actions, winner, **kwargs
    )


def emitted() -> list[Violation]:
    """At least one real violation of every rule the engine can refuse something with."""
    cards = parse_cards
    found = [
        *caught(PifPafOptions.from_dict, {"aces": "never"}),
        *caught(check_meld, cards("QS QS QS")),
        *caught(check_meld, cards("JK QS QH")),
        *caught(check_hand, cards("AH 2H")),
        *caught(claim_discard, 0, [], 9),
        *caught(claim_discard, 0, [0, 7], 4),
        *caught(claim_discard, 0, [], 4),
        *caught(claim_discard, 0, [1], 4, stock_only=[1]),
        *caught(Table, ("P1", "P1")),
        *caught(Table, FOUR, 0),
        *caught(Table, FOUR, 1, 5, 4),
        *caught(Table, FOUR, 1, None, 9),
        *caught(hand, [], None, {"P1": 50}),
        *caught(hand, [], None, {**dict.fromkeys(FOUR, 0), "P1": -1}),
        *caught(hand, [], None, dict.fromkeys(FOUR, 0)),
        *caught(hand, [Action("P1", "check")]),
        *caught(hand, [Action("X", "call")]),
        *caught(hand, [Action("P2", "call")]),
        *caught(hand, [Action("P1", "raise", 9)]),
        *caught(hand, [Action("P1", "raise", 2), Action("P2", "raise", 2)]),
        *caught(hand, [Action("P1", "raise", 3)], None, {**dict.fromkeys(FOUR, 50), "P1": 2}),
        *caught(hand, [*BETS, Action("P1", "call")], "P1"),
        *caught(hand, BETS[:2], "P1"),
        *caught(hand, [Action("P1", "false-out")], "P1"),
        *caught(
            hand,
            [
                Action("P1", "fold"),
                Action("P2", "fold"),
                Action("P3", "fold"),
                Action("P1", "rebate"),
            ],
            None,
        ),
        *caught(hand, [*BETS, Action("P3", "rebate")], "P1"),
        *caught(hand, [*BETS, *(Action(p, "threw-away") for p in ("P1", "P2", "P4"))]),
        *caught(hand, BETS, None),
        *caught(hand, BETS, "P3"),
        *caught(hand, [*BETS, Action("P1", "rebate")], "P1", with_discard=True),
        *caught(settle, {"P1": 10, "P2": 12}, 10, Decimal("0.5")),
        *caught(settle, {"P1": 10}, 0, Decimal("0.5")),
        *caught(settle, {"P1": 10}, 10, Decimal("0.001")),
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
    return found


def test_every_engine_rule_has_words_here_or_among_the_core_rules():
    core = {rule.id for rule in CORE_RULES}
    missing = [rule for rule in RULE_IDS if rule not in IDS | core]
    assert missing == []


def test_the_rules_are_the_games_own_and_listed_once():
    assert len(IDS) == len(RULES)
    assert all(rule.id.startswith("pifpaf.") for rule in RULES)
    assert all(rule.text for rule in RULES), "the rulebook states every rule"
    assert get_game("pifpaf").rules is RULES


def test_the_examples_reach_every_rule_the_engine_can_refuse_with():
    lines = {
        "pifpaf.chips.ante",
        "pifpaf.chips.bet",
        "pifpaf.chips.sits-out",
        "pifpaf.pot.won",
        "pifpaf.pot.uncontested",
        "pifpaf.mistake.false-out",
        "pifpaf.mistake.rebate",
        "pifpaf.mistake.threw-away",
    }
    assert set(RULE_IDS) - lines - {v.rule for v in emitted()} == set()


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_every_message_reads_with_the_parameters_the_engine_sends(language):
    with translation.override(language):
        for violation in emitted():
            if violation.rule.startswith("cards."):
                continue
            text = next(rule for rule in RULES if rule.id == violation.rule)
            assert text.message, violation.rule
            message = str(text.message) % dict(violation.params)
            assert describe(violation) == message
            assert "%(" not in message


def test_the_apps_own_verdict_reads_with_its_parameters():
    violation = Violation("pifpaf.hand.not-out", {"player": "Bia", "leftover": "Q♣"})
    with translation.override("en"):
        assert describe(violation) == "Bia has not gone out: Q♣ cannot be placed in a meld."


def test_a_hand_score_line_is_labelled_and_linked_to_its_rule():
    match = MatchView(
        options={},
        target=None,
        hands_played=0,
        sides=tuple(SideView(i, n, (n,), 0) for i, n in enumerate(FOUR)),
    )
    breakdown = get_game("pifpaf").score_hand(
        match,
        {
            "dealer": 3,
            "actions": [{"player": p, "kind": "call"} for p in range(4)],
            "winner": 0,
        },
    )[0]
    for line in breakdown.lines:
        assert rule_url(line.rule) == f"/rules/pifpaf/#{line.rule}"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading", "rule"),
    [
        ("pt-br", "Bater", "Trinca: três cartas, três naipes"),
        ("en", "Going out (bater)", "Trinca: three cards, three suits"),
    ],
)
def test_the_rulebook_page_shows_every_rule_under_its_anchor(client, language, heading, rule):
    html = client.get("/rules/pifpaf/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for text in RULES:
        assert f'id="{text.id}"' in html
    assert heading in html
    assert rule in html
