"""The events rulebook keeps the games' contract: every rule ``referee.events`` names has
a title and words, the rules it never sends as violations (formats, scales, tiebreaks) a
rulebook text, every message reads with the params the engine really sends, in every
language, and every word of it is translated."""

from __future__ import annotations

import pytest
from django.utils import translation

from referee import events
from referee.events import RULE_IDS, Entrant, pair, standing, victory_points
from referee.rulings import RuleError, Violation
from scoring.events.rules import RULES
from scoring.ledger.rulebook import describe
from tests.scoring.test_rulebook_contract import LANGUAGES, TRANSLATED, english, parts
from tests.scoring.test_rulebook_contract import untranslated as missing_in


def refused(call, *args, **kwargs) -> list[Violation]:
    with pytest.raises(RuleError) as error:
        call(*args, **kwargs)
    return list(error.value.violations)


def engine_violations() -> list[Violation]:
    """Real engine calls that reach every rule with a message."""
    two = [Entrant("a"), Entrant("b")]
    seeded = [Entrant(f"s{n}", seed=n) for n in range(1, 9)]
    return [
        *refused(pair, "chess", two),
        *refused(pair, "danish", two[:1]),
        *refused(pair, "swiss", two, groups=2),
        *refused(pair, "swiss", [Entrant("a", opponents=("z",)), Entrant("a")], round=0),
        *refused(pair, "knockout", [Entrant("a", seed=1), Entrant("b", seed=1)]),
        *refused(pair, "round-robin", two, round=2),
        *refused(pair, "seated", two, table_size=2),
        *refused(pair, "seated", two, table_size=1, seed=1),
        *refused(pair, "seated", two, table_size=4, seed=1, min_table_size=3),
        *refused(pair, "groups-knockout", seeded, groups=4),
        *refused(pair, "groups-knockout", seeded, advance=4),
        *refused(pair, "knockout", seeded, best_of=2),
        *refused(victory_points, "elo", [1, 0]),
        *refused(victory_points, {"bands": [[50, 9, 11]]}, [1, 0]),
        *refused(victory_points, "burraco-3", [1, 2, 3]),
        *refused(victory_points, "games", [1]),
        *refused(standing, ["a"], [events.Result(("a", "z"), (1,), (0, 0))]),
    ]


def test_every_rule_the_engine_names_has_a_title_and_words():
    texts = {rule.id: rule for rule in RULES}
    assert sorted(set(RULE_IDS) - set(texts)) == []
    assert sorted(set(texts) - set(RULE_IDS)) == []
    assert [rule for rule in RULES if not english(rule.title)] == []
    assert [rule.id for rule in RULES if not (rule.message or rule.text)] == []
    assert [rule.id for rule in RULES if not rule.section] == []


def test_the_examples_reach_every_rule_with_a_message():
    reached = {violation.rule for violation in engine_violations()}
    assert sorted({rule.id for rule in RULES if rule.message} - reached) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_reads_with_the_params_the_engine_sends(language):
    with translation.override(language):
        for violation in engine_violations():
            message = describe(violation)
            # describe falls back to the title when a placeholder is missing
            assert message not in (violation.rule, str(RULES_BY_ID[violation.rule].title))
            assert "%(" not in message


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_of_the_events_rulebook_is_translated(language):
    assert missing_in(language, parts(RULES)) == []


RULES_BY_ID = {rule.id: rule for rule in RULES}
