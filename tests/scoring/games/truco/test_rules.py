"""Truco's rulebook: every rule id the engine emits has a text, every message formats with
the parameters the engine really sends, in English and in Portuguese."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.utils import translation

from referee import truco
from referee.rulings import RuleError, ScoreLine, Violation
from referee.truco import (
    Event,
    HandState,
    MatchScore,
    Play,
    TrucoOptions,
    cut_violations,
    deal_violations,
    manilhas,
    resolve_hand,
    resolve_trick,
    score_events,
)
from scoring.games.truco.rules import RULES
from scoring.ledger.rulebook import CORE_RULES, rule_text

PAULISTA = TrucoOptions(variant="paulista", vira=Play("A", "7S").card)
MINEIRO = TrucoOptions(variant="mineiro")


def refused(call: Callable[[], object]) -> list[Violation]:
    with pytest.raises(RuleError) as error:
        call()
    return list(error.value.violations)


def hand(a: int, b: int, *spec: tuple, options: TrucoOptions | None = None):
    return lambda: score_events({"A": a, "B": b}, [Event(*item) for item in spec], options)


def plays(cards: str, teams: str = "ABAB", down: str = "") -> list[Play]:
    return [
        Play(team, card, face_down=str(i) in down)
        for i, (team, card) in enumerate(zip(teams, cards.split(), strict=True))
    ]


def emitted_violations() -> list[Violation]:
    """One real engine call for every violation it can emit."""
    found: list[Violation] = []
    calls = [
        lambda: TrucoOptions.from_dict({"variant": "gaucho"}),
        lambda: manilhas(TrucoOptions(variant="paulista")),
        lambda: resolve_trick(plays("7S 3H 2C KD"), PAULISTA),
        lambda: resolve_trick(plays("3H 3S 2C KD", teams="ACAB")),
        lambda: resolve_trick(plays("3H 3S 2C", teams="ABA")),
        lambda: resolve_trick(plays("3H 3S 2C KD", teams="AABB")),
        lambda: resolve_trick(plays("3H 3S 2C KD", down="0")),
        lambda: resolve_trick(plays("3H 3S 2C KD"), trick_number=4),
        lambda: resolve_trick(plays("3H 3H 8C KD"), trick_number=2),
        lambda: Play("A", "ZZ"),
        lambda: resolve_hand(["A", "X"]),
        lambda: resolve_hand(["A", "T", "B", "T"]),
        lambda: HandState.start({"A": 13, "B": 0}),
        lambda: HandState.start({"A": 12, "B": 0}),
        hand(0, 0, ("raise", "A")),
        hand(0, 0, ("win", "A"), ("win", "B")),
        hand(0, 0, ("fold", "A")),
        hand(0, 0, ("raise", None)),
        hand(0, 0, ("raise", "A"), ("raise", "A")),
        hand(
            0,
            0,
            *[("raise", team) for team in "ABABA"],
            options=TrucoOptions(target=24),
        ),
        hand(6, 0, ("raise", "A"), ("raise", "B"), ("raise", "A")),
        hand(0, 0, ("accept", "B")),
        hand(0, 0, ("raise", "A"), ("accept", "A")),
        hand(0, 0, ("raise", "A"), ("win", "A")),
        hand(11, 3, ("raise", "B")),
        hand(11, 3, ("run", "B")),
        hand(11, 3, ("accept", "A"), ("run", "A")),
        hand(10, 3, ("raise", "B"), options=MINEIRO),
        hand(10, 3, ("run", "B"), options=MINEIRO),
        hand(10, 3, ("accept", "A"), ("run", "A"), options=MINEIRO),
        hand(11, 11, ("raise", "A")),
        hand(0, 0, ("penalty", "A", "bad-manners")),
        lambda: MatchScore(best_of=1).record("A").record("B"),
    ]
    for call in calls:
        found.extend(refused(call))
    found.extend(deal_violations(["shuffle"]))
    found.extend(deal_violations(["keep", "pass"]))
    found.extend(deal_violations(["pass"], plain=True))
    found.extend(deal_violations(["pass", "pass"]))
    found.extend(deal_violations(["reject"] * 4))
    found.extend(cut_violations(5, 3))
    return found


def emitted_lines() -> list[ScoreLine]:
    outcomes = [
        hand(0, 0, ("win", "A")),
        hand(0, 0, ("raise", "A"), ("run", "B")),
        hand(11, 3, ("run", "A")),
        hand(11, 3, ("win", "B")),
        hand(10, 3, ("run", "A"), options=MINEIRO),
        hand(10, 3, ("win", "B"), options=MINEIRO),
        hand(11, 11, ("win", "B")),
        hand(11, 5, ("penalty", "B", "truco.penalty.deal-procedure"), ("run", "A")),
        *[hand(0, 0, ("penalty", "B", reason), ("win", "A")) for reason in truco.PENALTY_REASONS],
    ]
    lines = []
    for outcome in outcomes:
        for breakdown in outcome().breakdowns.values():
            lines.extend(breakdown.lines)
    return lines


def test_every_rule_id_of_the_engine_is_exercised_here():
    rules = {v.rule for v in emitted_violations()} | {line.rule for line in emitted_lines()}
    assert rules == set(truco.RULE_IDS)


def test_every_rule_id_of_the_engine_has_a_text():
    known = {rule.id for rule in RULES} | {rule.id for rule in CORE_RULES}
    assert set(truco.RULE_IDS) <= known
    own = [rule.id for rule in RULES]
    assert len(own) == len(set(own))
    assert all(rule.startswith("truco.") for rule in own)


def test_every_rule_states_itself_under_a_section():
    for rule in RULES:
        assert rule.title and rule.section, rule.id
        assert rule.text or rule.message, rule.id


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_every_message_formats_with_what_the_engine_sends(language):
    with translation.override(language):
        for violation in emitted_violations():
            text = rule_text(violation.rule)
            assert text is not None and text.message, violation.rule
            message = str(text.message) % dict(violation.params)
            assert "%(" not in message, violation.rule


def test_the_messages_are_translated_to_portuguese():
    for rule in RULES:
        for part in (rule.title, rule.message, rule.text):
            if part is None or str(part) in {"Truco", "Mineiro"}:
                continue
            with translation.override("en"):
                english = str(part)
            with translation.override("pt-br"):
                assert str(part) != english, english


@pytest.mark.django_db
def test_the_rulebook_page_shows_every_rule_under_its_anchor_in_both_languages(client):
    page = client.get("/rules/truco/").content.decode()
    for rule in RULES:
        assert f'id="{rule.id}"' in page
    assert "Nada de aumentar além do jogo" in page
    english = client.get("/rules/truco/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No raise beyond the game" in english
    assert 'id="truco.mao-de-onze.no-truco"' in english
