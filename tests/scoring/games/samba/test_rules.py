"""Samba's rulebook beyond the shared contract (``tests/scoring/test_rulebook_contract.py``,
which checks every game's texts, messages and translations)."""

from __future__ import annotations

import pytest

from referee import samba
from scoring.games.samba.rules import RULES

BY_ID = {rule.id: rule for rule in RULES}


def test_each_meld_kind_has_a_rule_to_cite():
    for kind in samba.KINDS:
        assert f"samba.kind.{kind}" in BY_ID


@pytest.mark.parametrize(
    ("language", "count", "honours", "without"),
    [
        ("pt-br", 1, "Três vermelho", "Três vermelho sem duas combinações"),
        ("pt-br", 2, "Três vermelhos", "Três vermelhos sem duas combinações"),
        ("en", 1, "Red three", "Red three without two combinations"),
        ("pl", 1, "Czerwona trójka", "Czerwona trójka bez dwóch kombinacji"),
    ],
)
def test_a_score_line_of_red_threes_takes_the_singular_for_one(language, count, honours, without):
    """The sources write “três vermelho” for one and “três vermelhos” for several."""
    from django.utils import translation

    from scoring.kit.rulebook import line_dicts

    lines = [
        {"rule": "samba.honours.red-three", "count": count, "points": 100, "params": {}},
        {
            "rule": "samba.honours.red-three-without-combinations",
            "count": count,
            "points": -100,
            "params": {},
        },
    ]
    with translation.override(language):
        assert [line["label"] for line in line_dicts(lines)] == [honours, without]
