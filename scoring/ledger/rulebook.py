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
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from referee.cards import format_rank
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
    # A violation's message; %(name)s placeholders take the violation's params. One whose
    # words follow a number is an ``ngettext_lazy`` keyed by that param's name.
    message: Promise | str | None = None
    # The rulebook's wording of the rule.
    text: Promise | str | None = None
    section: Promise | str | None = None
    # RULE, RULING or OPTION: the rulebook marks rulings and options as such.
    kind: str = RULE
    # The title beside a score line's count where the words follow it (“Três vermelho”,
    # “Três vermelhos × 2”): an ``ngettext_lazy`` keyed by "count".
    counted: Promise | None = None


# The notation and the ledger belong to no game; their rules are listed here.
CORE_RULES: tuple[RuleText, ...] = (
    RuleText(
        "cards.unreadable",
        _("Unreadable card"),
        _("“%(token)s” is not a card. Write the rank and then the suit: %(accepted)s."),
        _(
            "A card is written as its rank followed by its suit, in the letters of the "
            "page's language. In English: A, 2–10, J, Q, K (T for 10) and S ♠, H ♥, D ♦, "
            "C ♣. In Portuguese: A, 2–10, V, D, R (valete, dama, rei) and E ♠ (espadas), "
            "C ♥ (copas), O ♦ (ouros), P ♣ (paus). In Polish: A, 2–10, W, D, K. The suit "
            "symbols ♠ ♥ ♦ ♣ are read in every language, and the joker is JK, * or 🃏. A "
            "page also reads the English letters where its own have none; a letter that "
            "means another suit there is asked about. Nothing is guessed, and every "
            "answer shows the cards as it read them."
        ),
        _("Card notation"),
    ),
    RuleText(
        "cards.ambiguous",
        _("A card that reads two ways"),
        _(
            "“%(token)s” is %(card)s in Portuguese letters and %(other)s in English ones. "
            "Tap it in, or write %(card)s or %(other)s with the suit's symbol."
        ),
        _(
            "A Portuguese page also reads the English suit letters that no Portuguese "
            "letter takes: S is ♠, H is ♥ and D is ♦ (as the suit, after the rank: DD is "
            "the dama of ♦). C is copas (♥) in Portuguese but clubs (♣) in English, so a "
            "card written with C is asked about rather than guessed: write ♥ or ♣, or tap "
            "the card in."
        ),
        _("Card notation"),
        kind=RULING,
    ),
    RuleText(
        "cards.deck.too-many",
        _("More cards than the deck holds"),
        ngettext_lazy(
            "%(card)s is entered %(count)s time, but the deck holds only %(limit)s.",
            "%(card)s is entered %(count)s times, but the deck holds only %(limit)s.",
            "count",
        ),
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
            "Hand %(number)s was just recorded from another phone. Check what it recorded: "
            "if yours is a different hand, record it as hand %(next)s."
        ),
    ),
    RuleText(
        "ledger.hand.undone-meanwhile",
        _("Hand undone meanwhile"),
        _(
            "Another phone took back a hand meanwhile: the next hand is now %(next)s. Record "
            "yours as hand %(next)s if it is still to be counted."
        ),
    ),
    RuleText(
        "ledger.hand.gone",
        _("Hand no longer there"),
        _("Hand %(number)s is no longer in the match: another phone took it back."),
    ),
    RuleText(
        "ledger.hand.corrected-meanwhile",
        _("Hand corrected meanwhile"),
        _(
            "Hand %(number)s was corrected from another phone while you were editing it. "
            "Open it again to see that correction before changing it."
        ),
    ),
    RuleText(
        "ledger.hand.all-zero",
        _("A hand where nobody scores"),
        _(
            "Every side scores 0 in hand %(number)s. If that is what happened, record it "
            "anyway; otherwise fill in the hand first."
        ),
    ),
    RuleText(
        "ledger.match.finished",
        _("Match finished"),
        _("This match has finished; no more hands can be added. Correct a past hand instead."),
    ),
    RuleText(
        "ledger.undo.nothing",
        _("Nothing to undo"),
        _("There is no hand to undo."),
    ),
    RuleText(
        "ledger.undo.not-last",
        _("Not the last hand"),
        _(
            "Hand %(number)s is no longer the last one (hand %(last)s is), so it was not "
            "undone: another tap or another phone got there first."
        ),
    ),
    RuleText(
        "ledger.redo.nothing",
        _("Nothing to redo"),
        _("Hand %(number)s is not waiting to be put back."),
    ),
    RuleText(
        "ledger.hand.redo-too-late",
        _("Cannot redo"),
        _("Hand %(number)s cannot come back: another hand has been recorded since."),
    ),
    RuleText(
        "ledger.draft.changed",
        _("The hand moved on another phone"),
        _(
            "Another phone at the table changed this hand a moment ago; it is shown as it "
            "now stands. Tap again if it still needs your call."
        ),
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
        "ledger.sides.table",
        _("Who plays"),
        _("These sides are not a table of %(game)s: %(sides)s. It is played %(tables)s."),
        _(
            "A match is started only for sides a real table of its game has, counted in "
            "players on each side (2 v 2: two pairs). Each game's rules say which tables "
            "it is played by."
        ),
    ),
    RuleText(
        "ledger.sides.duplicate-player",
        _("Player twice"),
        _("%(name)s is entered more than once."),
    ),
    RuleText(
        "api.body.invalid",
        _("Request not understood"),
        _("%(field)s: %(problem)s"),
        _(
            "An API request's body must have the documented shape: no field it does not "
            "document, every field of its JSON type (a count a whole number, a yes or no "
            "true or false), lists no longer than a real table needs, numbers in range. A "
            "hand sent to a match is checked as the match page's form checks it."
        ),
    ),
    RuleText(
        "api.body.unreadable",
        _("Request not readable"),
        _(
            "The body is not JSON that can be read: it stops making sense at line "
            "%(line)s, column %(column)s."
        ),
        _("An API request's body must be JSON, written in UTF-8."),
    ),
)

# What a card may look like, in the letters of the notation it was read in: each letter
# beside the symbol of its own suit. "pt+en" is a Portuguese page, which reads the English
# suit letters no Portuguese one takes (referee.cards' ruling), and asks about C.
ACCEPTED = {
    "en": _("A, 2–10, J, Q, K then the suit: S ♠, H ♥, D ♦, C ♣; the joker is JK"),
    "pt": _("A, 2–10, V, D, R then the suit: E ♠, C ♥, O ♦, P ♣; the joker is JK"),
    "pl": _("A, 2–10, W, D, K then the suit: ♠ ♥ ♦ ♣ or S ♠, H ♥, D ♦, C ♣; the joker is JK"),
    "pt+en": _(
        "A, 2–10, V, D, R then the suit: E ♠, P ♣, O ♦, or in English letters S ♠, H ♥, "
        "D ♦ (C is ♥ in Portuguese but ♣ in English: write ♥ or ♣); the joker is JK"
    ),
}


def accepted(notation: str, fallback: str | None = None) -> Any:
    """What a card may look like when read in ``notation`` (and ``fallback``)."""
    return ACCEPTED.get(f"{notation}+{fallback}") or ACCEPTED.get(notation, ACCEPTED["en"])


# The params that name cards (one code, "QS", or several, "5♣ Q♣") or a rank ("K"): a
# message writes them as its reader does, with the suit's symbol (D♠, R in Portuguese),
# as every answer shows the cards it read.
CARD_PARAMS = ("card", "top", "leftover", "other")
RANK_PARAMS = ("rank",)


def _params(violation: Violation) -> dict[str, Any]:
    """The violation's params, with what its message needs that the engine does not say."""
    params = dict(violation.params)
    if violation.rule == "cards.unreadable":
        params.setdefault(
            "accepted", accepted(params.get("notation", "en"), params.get("fallback"))
        )
    from scoring.ledger.cards import language, written  # which words with this module

    for name in CARD_PARAMS:
        if isinstance(params.get(name), str):
            params[name] = " ".join(written(token) for token in params[name].split())
    for name in RANK_PARAMS:
        if isinstance(params.get(name), str):
            params[name] = format_rank(params[name], language())
    return params


# The rulebooks that belong to no game, each at /rules/<name>/: the shared ones above,
# and club events' (their formats, scales and standing: ``referee.events``).
BOOKS = ("cards", "ledger", "api", "events")
EVENT_RULES = "scoring.events.rules.RULES"


@cache
def _catalogue() -> dict[str, RuleText]:
    from scoring.ledger.registry import all_games

    catalogue = {rule.id: rule for rule in (*CORE_RULES, *import_string(EVENT_RULES))}
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


def label(rule: str, count: int | None = None) -> str:
    text = rule_text(rule)
    if text is None:
        return rule
    if text.counted is not None and count is not None:
        return str(text.counted % {"count": count})
    return str(text.title)


def describe(violation: Violation) -> str:
    """The violation as a sentence in the active language (the rule id if none is known)."""
    text = rule_text(violation.rule)
    if text is None or text.message is None:
        return violation.rule
    try:
        return text.message % _params(violation)
    except (KeyError, TypeError, ValueError):
        return str(text.title)


def violation_dicts(violations: Iterable[Violation]) -> list[dict[str, Any]]:
    return [
        {
            "rule": v.rule,
            "title": label(v.rule),
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
        data["label"] = label(data["rule"], data.get("count"))
        data["url"] = rule_url(data["rule"])
        out.append(data)
    return out


def rules_of(prefix: str) -> list[RuleText]:
    return [rule for rule_id, rule in _catalogue().items() if rule_id.startswith(prefix + ".")]
