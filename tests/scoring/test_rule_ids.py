"""The rule-id contract, one for every game in ``GAMES``.

A rule id is what a refusal or a score line cites, what the rulebook's anchors are named
after, and what the ledger stores in every hand's score lines. Whatever the game:

- its engine lists each id it can cite once, in ``RULE_IDS``;
- every id, listed or in the rulebook, follows one grammar: ``<scope>.<part>`` or
  ``<scope>.<part>.<part>``, the scope being the game's slug (or ``cards``, the shared card
  notation's own ids), each part lowercase words joined by hyphens (``rule1`` may carry
  its number). Every id stored so far already does: none is renamed;
- every id the engine emits in real calls (the game's ``examples.py``, whose calls the
  rulebook contract formats too) is listed, and every id those calls cite has a rule
  text in the game's rulebook.

The engines' own tests check each id they meet against ``RULE_IDS`` as they meet it
(``tests/referee/rulewatch.py``). Nothing here reads an engine's source.
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType

import pytest

from scoring.kit.registry import GAMES, Game, get_game
from scoring.kit.rulebook import CORE_RULES
from tests.referee.rulewatch import emitted_rules

PART = r"[a-z][a-z0-9]*(-[a-z0-9]+)*"
GRAMMAR = re.compile(rf"(?P<scope>[a-z]+)\.{PART}(\.{PART})?")
# The shared card notation's ids, cited by every game that reads cards.
SHARED_SCOPE = "cards"


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    return get_game(request.param)


def listed(game: Game) -> tuple[str, ...]:
    """The ids the game's engine says it can emit (none for a game without an engine)."""
    return tuple(game.engine.RULE_IDS) if game.engine is not None else ()


def examples(game: Game) -> ModuleType:
    return importlib.import_module(f"tests.scoring.games.{game.slug}.examples")


def test_the_engine_lists_each_rule_id_once(game: Game):
    ids = listed(game)
    assert sorted({rule for rule in ids if ids.count(rule) > 1}) == []


@pytest.mark.parametrize("where", ["engine", "rulebook"])
def test_every_rule_id_follows_the_one_grammar(game: Game, where: str):
    ids = listed(game) if where == "engine" else tuple(rule.id for rule in game.rules)
    assert [rule for rule in ids if not GRAMMAR.fullmatch(rule)] == []
    scopes = {GRAMMAR.fullmatch(rule)["scope"] for rule in ids}
    assert scopes <= {game.slug, SHARED_SCOPE}
    if where == "rulebook":
        assert SHARED_SCOPE not in scopes  # the notation's texts are the ledger's own


def test_the_grammar_refuses_what_it_should():
    for wrong in ("samba", "Samba.hand.x", "samba.hand_points.x", "samba..x", "samba.a.b.c"):
        assert not GRAMMAR.fullmatch(wrong), wrong
    for right in ("truco.envido", "pinkerton.rule1.face-card", "cards.deck.too-many"):
        assert GRAMMAR.fullmatch(right), right


def test_every_rule_id_the_engine_emits_is_listed_and_has_a_rule_text(
    game: Game, monkeypatch: pytest.MonkeyPatch
):
    texts = {rule.id for rule in (*game.rules, *CORE_RULES)}
    if game.engine is None:
        assert examples(game).engine_violations() == []
        return
    with emitted_rules(monkeypatch, game.engine) as emitted:  # on leaving: all listed
        violations = examples(game).engine_violations()
    assert emitted, f"{game.slug}'s examples reach no rule of its engine"
    assert sorted(emitted - set(listed(game))) == []
    # what the game's app refuses on top of its engine needs words too
    cited = emitted | {violation.rule for violation in violations}
    assert sorted(cited - texts) == [], f"scoring/games/{game.slug}/rules.py lacks these"


def test_every_listed_rule_id_has_a_rule_text(game: Game):
    texts = {rule.id for rule in (*game.rules, *CORE_RULES)}
    assert sorted(set(listed(game)) - texts) == []
