"""Every rule id the engine can emit or cite has words, and every message reads with the
parameters the engine really sends (the app is not yet in INSTALLED_APPS, so the texts
are checked directly rather than through the ledger's catalogue)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from referee.cards import parse_cards
from referee.paciencia import (
    KENNEL_ROWS,
    PACKETS,
    RULE_IDS,
    RULINGS,
    play,
    play_shuffle,
    record_violations,
)
from referee.paciencia import shuffle as shuffle_deck
from referee.rulings import RuleError, Violation
from scoring.games.paciencia.rules import RULES
from scoring.kit.rulebook import CORE_RULES, RULING

TEXTS = {rule.id: rule for rule in RULES}


def emitted() -> list[Violation]:
    """A real instance of everything the engine says: refusals, moves and outcomes."""
    found: list[Violation] = []
    deck = shuffle_deck(1)
    for bad in (deck[:-1], [*deck[:-1], deck[0]], [*deck[:-1], parse_cards("JK")[0]]):
        with pytest.raises(RuleError) as caught:
            play(bad)
        found.extend(caught.value.violations)
    with pytest.raises(RuleError) as caught:
        shuffle_deck(-1)
    found.extend(caught.value.violations)
    found += record_violations(False, 2, 0)
    for n in [*range(30), 177]:  # 177 comes out, in the second deal
        game = play_shuffle(n)
        found.append(game.outcome)
        found.extend(Violation(m.rule, m.params) for m in game.moves)
    return found


def test_every_engine_rule_has_words_here_or_among_the_core_rules():
    core = {rule.id for rule in CORE_RULES}
    assert [rule for rule in RULE_IDS if rule not in TEXTS.keys() | core] == []
    assert [rule for rule in TEXTS if rule not in RULE_IDS] == []


def test_the_rules_are_the_games_own_and_listed_once():
    assert len(TEXTS) == len(RULES)
    assert all(rule.id.startswith("paciencia.") for rule in RULES)
    assert all(rule.text and rule.section for rule in RULES)


def test_the_rulings_are_marked_as_rulings_and_have_no_message():
    rulings = {rule.id for rule in RULES if rule.kind == RULING}
    assert rulings == set(RULINGS)
    assert all(TEXTS[r].message is None for r in RULINGS)


def test_the_examples_reach_every_rule_the_engine_can_emit():
    said = {v.rule for v in emitted()}
    assert set(RULE_IDS) - said == set(RULINGS)


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_every_message_reads_with_the_parameters_the_engine_sends(language):
    with translation.override(language):
        for violation in emitted():
            if violation.rule.startswith("cards."):
                continue
            message = str(TEXTS[violation.rule].message) % dict(violation.params)
            assert "%(" not in message


def test_a_move_reads_as_a_caption():
    game = play_shuffle(7)
    move = next(m for m in game.moves if m.rule == "paciencia.run.fits")
    with translation.override("en"):
        text = str(TEXTS[move.rule].message) % dict(move.params)
    assert text.startswith(f"{move.card}, fetched from packet {move.params['packet']} by the dog")
    won = Violation("paciencia.outcome.won", {"deal": 2})
    with translation.override("en"):
        assert (
            str(TEXTS[won.rule].message) % dict(won.params) == "The patience came out in deal 2."
        )


WORDS = {3: "three", 4: "four", 5: "five", 10: "ten", 11: "eleven", 12: "twelve"}
DEALS = ("first", "second", "third")


def test_the_dealing_texts_hold_in_every_deal_not_only_the_first():
    # deals 2 and 3 cite them too (shuffle 7 is lost after the third deal)
    cited = {(m.rule, m.deal) for m in play_shuffle(7).moves}
    dealing = ("paciencia.deal.packet", "paciencia.deal.kennel")
    assert {(rule, deal) for rule in dealing for deal in (1, 2, 3)} <= cited
    with translation.override("en"):
        packet, kennel = (str(TEXTS[rule].text) for rule in dealing)
        title = str(TEXTS["paciencia.deal.kennel"].title)
    for deal, packets, rows in zip(DEALS, PACKETS, KENNEL_ROWS, strict=True):
        assert f"to {WORDS[packets]}" in packet and f"in the {deal}" in packet
        assert re.search(rf"{WORDS[rows]} (cards )?in the {deal}\b", kennel)
        assert f"count to {WORDS[packets]}" in kennel
    assert "three" not in title.lower()
