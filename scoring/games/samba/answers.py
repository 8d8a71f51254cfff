"""The engine's verdicts as plain dicts for templates and the API: labels, messages and
links to the rulebook, in the active language. No rule is decided here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from referee import samba
from referee.cards import Card, CardError, format_card, parse_card, parse_cards, split_tokens
from referee.rulings import Violation
from scoring.ledger.rulebook import describe, label, rule_url, violation_dicts


def kind_rule(kind: str) -> str:
    """The rulebook entry that defines a meld kind (``samba.kind.canastra-dirty``)."""
    return f"samba.kind.{kind}"


def token(card: Card, language: str) -> str:
    """A card as the UI writes it in a text field: local rank letters and suit symbols,
    which read back as the same card; the joker as JK, easy to type."""
    return "JK" if card.is_joker else format_card(card, language)


def tokens(cards: Iterable[Card | str], language: str) -> str:
    """Cards, or stored card codes, as the UI writes them. A stored code that is not a
    card (old or hand-edited data) is written as it is, for the user to correct."""
    return " ".join(_written(card, language) for card in cards)


def _written(card: Card | str, language: str) -> str:
    if isinstance(card, Card):
        return token(card, language)
    try:
        return token(parse_card(card), language)
    except CardError:
        return str(card)


def meld_answer(cards: Sequence[Card], *, going_out: bool, language: str) -> dict[str, Any]:
    """What one meld is and is worth, or every rule it breaks."""
    verdict = samba.check_meld(cards, going_out=going_out)
    rule = kind_rule(verdict.kind) if verdict.kind else None
    return {
        "valid": verdict.valid,
        "kind": verdict.kind,
        "label": label(rule) if rule else "",
        "rule": rule,
        "url": rule_url(rule) if rule else None,
        "points": verdict.points,
        "seven": verdict.valid and verdict.kind in samba.SEVEN_CARD_KINDS,
        "cards": tokens(cards, language),
        "violations": violation_dicts(verdict.violations),
    }


def meld_lines(text: str, *, going_out: bool, language: str) -> list[dict[str, Any]]:
    """Each line of a melds field (one meld per line) with its verdict."""
    lines = []
    for number, line in enumerate((raw for raw in text.splitlines() if raw.strip()), 1):
        try:
            cards = parse_cards(split_tokens(line))
        except CardError as error:
            answer = {
                "valid": False,
                "kind": None,
                "label": "",
                "points": 0,
                "seven": False,
                "cards": line.strip(),
                "violations": violation_dicts(error.violations),
            }
        else:
            answer = meld_answer(cards, going_out=going_out, language=language)
        lines.append({"number": number, **answer})
    return lines


def lines_summary(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What a side's melds add up to so far: card points and 7-card combinations."""
    return {
        "melds": len(lines),
        "valid": all(line["valid"] for line in lines),
        "points": sum(line["points"] for line in lines if line["valid"]),
        "combinations": sum(1 for line in lines if line["seven"]),
    }


def verdict_answer(verdict: samba.Verdict) -> dict[str, Any]:
    """A yes/no referee answer with the rule that decides it."""
    return {
        "allowed": verdict.allowed,
        "rule": verdict.rule,
        "title": label(verdict.rule),
        "message": describe(Violation(verdict.rule, verdict.params)),
        "params": dict(verdict.params),
        "url": rule_url(verdict.rule),
    }


def opening_answer(verdict: samba.OpeningVerdict) -> dict[str, Any]:
    rule = "samba.opening.minimum"
    return {
        "valid": verdict.valid,
        "points": verdict.points,
        "minimum": verdict.minimum,
        "rule": rule,
        "title": label(rule),
        "url": rule_url(rule),
        "violations": violation_dicts(verdict.violations),
    }
