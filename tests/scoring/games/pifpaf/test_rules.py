"""Pif-Paf's rulebook beyond the shared contract (``tests/scoring/test_rulebook_contract.py``,
which checks every game's texts, messages and translations)."""

from __future__ import annotations

import pytest
from django.utils import translation

from referee.pifpaf import RULE_IDS
from scoring.games.pifpaf.rules import RULES
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game
from scoring.kit.rulebook import OPTION, RULING, rule_url
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


def test_the_rebuy_house_rule_and_the_rulings_on_it_are_in_the_rulebook():
    by_id = {text.id: text for text in RULES}
    assert by_id["pifpaf.option.rebuy"].kind == OPTION
    assert by_id["pifpaf.ruling.rebuy"].kind == RULING
    assert by_id["pifpaf.ruling.short-ante"].kind == RULING
    with translation.override("en"):
        assert "automatically" in str(by_id["pifpaf.ruling.rebuy"].text)
        assert "no chips left" in str(by_id["pifpaf.chips.sits-out"].text)
        assert "fewer chips than the ante" not in str(by_id["pifpaf.chips.sits-out"].text)
    ids = [text.id for text in RULES]
    # each ruling stands next to the rule it settles
    assert ids.index("pifpaf.ruling.rebuy") == ids.index("pifpaf.chips.rebuy") + 1
    assert ids.index("pifpaf.ruling.short-ante") == ids.index("pifpaf.chips.sits-out") + 1


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
