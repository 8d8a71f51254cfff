"""Samba's rulebook beyond the shared contract (``tests/scoring/test_rulebook_contract.py``,
which checks every game's texts, messages and translations)."""

from __future__ import annotations

from referee import samba
from scoring.games.samba.rules import RULES

BY_ID = {rule.id: rule for rule in RULES}


def test_each_meld_kind_has_a_rule_to_cite():
    for kind in samba.KINDS:
        assert f"samba.kind.{kind}" in BY_ID
