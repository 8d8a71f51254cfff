"""Rule ids → words in the user's language.

The engine names rules (``samba.meld.sequence-no-wilds``) and gives parameters; each game
app lists its rules as ``RuleText`` s (``rules.py``), and this module finds the text for
any id: the short title that labels a score line, the message that explains a violation
and the paragraph the rulebook page shows under the rule's anchor.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from referee.rulings import ScoreLine, Violation


RULE = "rule"
# The seed is silent or ambiguous and this is the project's reading of it.
RULING = "ruling"
# A house rule a match may choose; the text says what the default is.
OPTION = "option"


@dataclass(frozen=True)
class RuleText:
    id: str
    title: Promise | str
    # A violation's message; %(name)s placeholders take the violation's params.
    message: Promise | str | None = None
    # The rulebook's wording of the rule.
    text: Promise | str | None = None
    section: Promise | str | None = None
    # RULE, RULING or OPTION: the rulebook marks rulings and options as such.
    kind: str = RULE


# The notation and the ledger belong to no game; their rules are listed here.
CORE_RULES: tuple[RuleText, ...] = (
    RuleText(
        "cards.unreadable",
        _("Unreadable card"),
        _("“%(token)s” is not a card. Write the rank and then the suit: %(accepted)s."),
        _(
            "A card is written as its rank followed by its suit: A, 2–10, J, Q, K (T for "
            "10; R, D, V for rei, dama, valete; W for walet) and S, H, D, C or ♠ ♥ ♦ ♣. "
            "The joker is JK, * or 🃏. Nothing is guessed."
        ),
        _("Card notation"),
    ),
    RuleText(
        "cards.deck.too-many",
        _("More cards than the deck holds"),
        _("%(card)s is entered %(count)s times, but the deck holds only %(limit)s."),
        _(
            "Across everything entered for one hand — all melds of all sides and the "
            "cards left in hand — no card may appear more often than the game's deck "
            "holds it."
        ),
        _("Card notation"),
    ),
    RuleText(
        "cards.deck.not-in-deck",
        _("Card not in this game's deck"),
        _("%(card)s is not in this game's deck."),
        _("Each game plays with its own deck; a card the deck lacks cannot be entered."),
        _("Card notation"),
    ),
    RuleText(
        "ledger.hand.already-recorded",
        _("Hand already recorded"),
        _(
            "Hand %(number)s was just recorded from another phone. Check the scoreboard: "
            "if yours is a different hand, send it again as hand %(next)s."
        ),
    ),
    RuleText(
        "ledger.match.finished",
        _("Match finished"),
        _("This match has finished; no more hands can be added. Correct a past hand instead."),
    ),
    RuleText(
        "ledger.hand.redo-too-late",
        _("Cannot redo"),
        _("Hand %(number)s cannot come back: another hand has been recorded since."),
    ),
    RuleText(
        "ledger.sides.count",
        _("Number of sides"),
        _("This game is played by %(min)s to %(max)s sides."),
    ),
    RuleText(
        "ledger.sides.players",
        _("Players per side"),
        _("Each side has 1 to %(max)s players."),
    ),
    RuleText(
        "ledger.sides.duplicate-player",
        _("Player twice"),
        _("%(name)s is entered more than once."),
    ),
)


@cache
def _catalogue() -> dict[str, RuleText]:
    from scoring.ledger.registry import all_games

    catalogue = {rule.id: rule for rule in CORE_RULES}
    for game in all_games():
        for rule in game.rules:
            catalogue[rule.id] = rule
    return catalogue


def rule_text(rule: str) -> RuleText | None:
    return _catalogue().get(rule)


def rule_url(rule: str) -> str | None:
    """Where the rulebook shows this rule: its game's page, at the rule's anchor."""
    game = rule.split(".", 1)[0]
    try:
        return reverse("ledger:rulebook", args=[game]) + "#" + rule
    except NoReverseMatch:
        return None


def label(rule: str) -> str:
    text = rule_text(rule)
    return str(text.title) if text else rule


def describe(violation: Violation) -> str:
    """The violation as a sentence in the active language (the rule id if none is known)."""
    text = rule_text(violation.rule)
    if text is None or text.message is None:
        return violation.rule
    try:
        return str(text.message) % dict(violation.params)
    except (KeyError, TypeError, ValueError):
        return str(text.title)


def violation_dicts(violations: Iterable[Violation]) -> list[dict[str, Any]]:
    return [
        {
            "rule": v.rule,
            "message": describe(v),
            "params": dict(v.params),
            "url": rule_url(v.rule),
        }
        for v in violations
    ]


def line_dicts(lines: Iterable[ScoreLine | Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Score lines as the UI and the API show them: with a label and a link."""
    out = []
    for line in lines:
        data = line.as_dict() if isinstance(line, ScoreLine) else dict(line)
        data["label"] = label(data["rule"])
        data["url"] = rule_url(data["rule"])
        out.append(data)
    return out


def rules_of(prefix: str) -> list[RuleText]:
    return [rule for rule_id, rule in _catalogue().items() if rule_id.startswith(prefix + ".")]
