"""Truco's rulebook beyond the shared contract (``tests/scoring/test_rulebook_contract.py``,
which checks every game's texts, messages and translations)."""

from __future__ import annotations

import pytest

from referee import truco
from scoring.games.truco.rules import RULES
from tests.scoring.games.truco.examples import (
    engine_answers,
    engine_lines,
    engine_violations,
)


def test_every_rule_id_of_the_engine_is_exercised_here():
    rules = {v.rule for v in engine_violations()} | {line.rule for line in engine_lines()}
    rules |= set(engine_answers())
    assert rules == set(truco.RULE_IDS)


@pytest.mark.django_db
def test_the_rulebook_page_shows_every_rule_under_its_anchor_in_both_languages(client):
    page = client.get("/rules/truco/").content.decode()
    for rule in RULES:
        assert f'id="{rule.id}"' in page
    assert "Nada de aumentar além do jogo" in page
    english = client.get("/rules/truco/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No raise beyond the game" in english
    assert 'id="truco.mao-de-onze.no-truco"' in english
