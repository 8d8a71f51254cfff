"""Pif-Paf's rulebook beyond the shared contract (``tests/scoring/test_rulebook_contract.py``,
which checks every game's texts, messages and translations)."""

from __future__ import annotations

import pytest

from referee.pifpaf import RULE_IDS
from scoring.games.pifpaf.rules import RULES
from scoring.ledger.registry import MatchView, SideView, get_game
from scoring.ledger.rulebook import rule_url
from tests.scoring.games.pifpaf.examples import FOUR, LINES, engine_violations


def test_the_examples_reach_every_rule_the_engine_can_refuse_with():
    assert set(RULE_IDS) - LINES - {v.rule for v in engine_violations()} == set()


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
