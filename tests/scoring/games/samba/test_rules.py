"""Samba's rulebook: every rule the engine can cite has words, and every message reads
with the parameters the engine really sends."""

from __future__ import annotations

import pytest
from django.utils import translation

from referee import samba
from referee.cards import Card, parse_cards
from referee.rulings import RuleError, Violation
from scoring.games.samba.rules import RULES
from scoring.ledger.rulebook import CORE_RULES, describe, rule_text

pytestmark = pytest.mark.django_db

BY_ID = {rule.id: rule for rule in RULES}
CORE_IDS = {rule.id for rule in CORE_RULES}


def c(text: str) -> list[Card]:
    return parse_cards(text)


def raised(call, *args, **kwargs) -> list[Violation]:
    with pytest.raises(RuleError) as error:
        call(*args, **kwargs)
    return list(error.value.violations)


def side(**kwargs) -> samba.SideCards:
    return samba.SideCards(**kwargs)


def pile(top: str, hand: str = "", melds=(), **kwargs) -> samba.Verdict:
    flags = {"side_has_opened": True, "first_take_this_hand": False, "pile_frozen": False}
    return samba.may_take_pile(
        Card(*_split(top)), hand=c(hand), side_melds=[c(m) for m in melds], **flags | kwargs
    )


def _split(token: str) -> tuple[str, ...]:
    card = parse_cards([token])[0]
    return (card.rank, card.suit) if card.suit else (card.rank,)


def engine_violations() -> list[Violation]:
    """Real engine calls, between them emitting every violation and verdict rule."""
    found: list[Violation] = []
    for text, going_out in [
        ("KH KS", False),  # too few cards
        ("KH QS 4D", False),  # no combination
        ("3H 3D 3H", False),  # red threes
        ("3S 3C 3S", False),  # black threes only going out
        ("3S 3C JK", True),  # black threes with a wild
        ("8S JK 2C", False),  # one natural
        ("8S 8H 3S", False),  # three in a group
        ("8S 8H 8D JK 2C", False),  # second wild below seven
        ("KH KS KD KC JK 2D 2C", False),  # three wilds
        ("7H 8H 2H", False),  # wild in a sequence
        ("3H 4H 5H", False),  # three in a sequence
        ("4H 6H 7H", False),  # gap
        ("KH AH 2H", False),  # wrap
        ("4S 5S 6S 7S 8S 9S 10S JS", False),  # samba closed
    ]:
        found += samba.check_meld(c(text), going_out=going_out).violations
    found += raised(samba.score_hand, [side()])  # sides
    found += raised(samba.score_quick, [samba.SideTally(sambas=-1), samba.SideTally()])
    found += raised(samba.score_quick, [samba.SideTally(table_points=7), samba.SideTally()])
    found += raised(samba.score_quick, [samba.SideTally(red_threes=7), samba.SideTally()])
    found += raised(samba.score_hand, [side(melds=[c("KH KS KD")], went_out=True), side()])
    two = samba.SideTally(sambas=2, went_out=True)
    found += raised(samba.score_quick, [two, two])  # two sides going out
    found += raised(
        samba.score_quick,
        [samba.SideTally(sambas=2, concealed=samba.Concealed(play_solo=1)), samba.SideTally()],
    )
    found += raised(
        samba.score_quick,
        [
            samba.SideTally(sambas=2, went_out=True, concealed=samba.Concealed(3)),
            samba.SideTally(),
        ],
    )
    found += raised(samba.score_hand, [side(hand=c("KH KH KH KH")), side()])  # deck limit
    found += raised(samba.SambaOptions.from_dict, {"top_minimum": 155})
    found += samba.check_opening([c("KH KS KD KC KH KS KD")], 1500).violations
    found += samba.check_opening([c("QS QH QD")], 0, pile_top=Card("K", "D")).violations
    found += samba.check_opening([c("QS QH QD")], 0, pile_top=Card("Q", "C")).violations
    found += samba.check_opening([c("8H 9H 10H")], 0, pile_top=Card("8", "H")).violations
    found += samba.check_opening([c("QS QH QD")], 0, pile_top=Card("2", "D")).violations
    found += raised(samba.may_go_out, -1)
    verdicts = [
        pile("JK"),
        pile("3S"),
        pile("3H"),
        pile("QS", "QH", first_take_this_hand=True),
        pile("QS", "QH QD", first_take_this_hand=True),
        pile("QS", "QH QD", side_has_opened=False, first_take_this_hand=True, running_total=0),
        pile("QS", "QH", pile_frozen=True),
        pile("QS", "", ["QH QD QC"]),
        pile("9H", "", ["6H 7H 8H"]),
        pile("QS", "QH QD"),
        pile("QS", "KS AS"),
        pile("QS", "JK 2D"),
        pile("QS", "4D"),
        samba.may_go_out(1),
        samba.may_go_out([c("4S 5S 6S 7S 8S 9S 10S"), c("AH AS AD AC AH AS AD")]),
    ]
    found += [Violation(v.rule, v.params) for v in verdicts]
    return found


def test_every_engine_rule_has_a_title_and_a_rulebook_text():
    for rule in samba.RULE_IDS:
        text = rule_text(rule)
        assert text is not None, rule
        assert str(text.title)
        assert text.text or rule in CORE_IDS, rule
    missing = [rule for rule in samba.RULE_IDS if rule not in BY_ID and rule not in CORE_IDS]
    assert missing == []


def test_every_rule_has_a_section_and_sections_do_not_scatter():
    sections = [str(rule.section) for rule in RULES]
    assert all(sections)
    seen: list[str] = []
    for section in sections:
        if not seen or seen[-1] != section:
            assert section not in seen, f"{section} comes twice in the rulebook"
            seen.append(section)


def test_the_engine_calls_reach_every_rule_that_has_a_message():
    reached = {v.rule for v in engine_violations()}
    with_message = {rule.id for rule in RULES if rule.message}
    assert with_message <= reached, with_message - reached


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_every_message_formats_with_the_params_the_engine_sends(language):
    with translation.override(language):
        for violation in engine_violations():
            text = rule_text(violation.rule)
            assert text is not None and text.message is not None, violation.rule
            message = str(text.message) % dict(violation.params)  # KeyError would fail here
            assert "%(" not in message
            assert describe(violation) == message


def test_messages_are_translated_to_portuguese():
    violation = samba.check_meld(c("7H 8H 2H")).violations[0]
    with translation.override("en"):
        assert describe(violation) == "A sequence cannot hold a wild (1 found)."
    with translation.override("pt-br"):
        assert describe(violation) == "Uma sequência não leva curinga (1 encontrado)."


def test_every_rule_id_is_a_samba_id():
    assert all(rule.id.startswith("samba.") for rule in RULES)
    assert len(BY_ID) == len(RULES)


def test_each_meld_kind_has_a_rule_to_cite():
    for kind in samba.KINDS:
        assert f"samba.kind.{kind}" in BY_ID
