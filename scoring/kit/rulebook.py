"""Rule ids → words in the user's language.

The engine names rules (``samba.meld.sequence-no-wilds``) and gives parameters; each game
app lists its rules as ``RuleText`` s (``rules.py``) and registers them (``register``,
which its ``Game`` does when it is defined, as Django's admin is told of each model),
and this module finds the text for any id: the short title that labels a score line,
the message that explains a violation and the paragraph the rulebook page shows under
the rule's anchor. It knows no game: the games come to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.urls import NoReverseMatch, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from referee.cards import format_rank
from referee.rulings import ScoreLine, Violation
from scoring.kit.notation import language, written_params

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
    # Acceptance by the other side (scoring.acceptance), when a match asks for it.
    RuleText(
        "ledger.match.hands-not-accepted",
        _("Hands not yet accepted"),
        ngettext_lazy(
            "%(count)s hand is waiting for the other side to accept it: the match ends once "
            "every hand is accepted or ruled.",
            "%(count)s hands are waiting for the other side to accept them: the match ends "
            "once every hand is accepted or ruled.",
            "count",
        ),
        _(
            "In a match that asks for acceptance (an event's, or a house option), a "
            "recorded hand counts as pending until a player of another side accepts it, "
            "or a director rules on it; the match cannot finish before."
        ),
    ),
    RuleText(
        "ledger.accept.own-side",
        _("Your own side's hand"),
        _("%(side)s recorded this hand: a player of another side accepts it."),
        _(
            "A hand is accepted or disputed by a player of another side than the one that "
            "recorded it: a phone holding a side's link never accepts its own side's hand."
        ),
    ),
    RuleText(
        "ledger.accept.watching",
        _("Watching only"),
        _("This phone only follows the match: it cannot accept or dispute a hand."),
    ),
    RuleText(
        "ledger.accept.which-side",
        _("Which side accepts"),
        _("Say which side accepts: tap the button under that side's name."),
    ),
    RuleText(
        "ledger.accept.not-asked",
        _("Nothing to accept"),
        _("Hand %(number)s is not waiting for anyone to accept it."),
    ),
    RuleText(
        "ledger.accept.corrected-meanwhile",
        _("Hand corrected meanwhile"),
        _(
            "Hand %(number)s was corrected on another phone since you saw it: look at it "
            "again before accepting it."
        ),
    ),
    RuleText(
        "ledger.accept.disputed-meanwhile",
        _("Hand disputed meanwhile"),
        _(
            "Hand %(number)s was disputed on another phone meanwhile: look at the dispute "
            "before accepting it."
        ),
    ),
    RuleText(
        "ledger.accept.already",
        _("Already settled"),
        _("Hand %(number)s has already been accepted or ruled on another phone."),
    ),
    RuleText(
        "ledger.ruling.not-director",
        _("Directors only"),
        _("Only the match's director (the club's admins, the event's directors) rules."),
    ),
    RuleText(
        "ledger.ruling.closed",
        _("Dispute already closed"),
        _("The dispute on hand %(number)s is closed already."),
    ),
    RuleText(
        "ledger.ruling.void-not-last",
        _("Only the last hand is voided"),
        _(
            "Hand %(number)s is not the last hand: voiding it would change every hand "
            "after it. Correct it instead."
        ),
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
# as every answer shows the cards it read. Every game's engine names its cards so (the
# pile's top, a patience's card and the one it goes onto, the dog's).
CARD_PARAMS = ("card", "top", "leftover", "other", "onto", "dog")
RANK_PARAMS = ("rank",)


def _params(violation: Violation) -> dict[str, Any]:
    """The violation's params, with what its message needs that the engine does not say."""
    params = dict(violation.params)
    if violation.rule == "cards.unreadable":
        params.setdefault(
            "accepted", accepted(params.get("notation", "en"), params.get("fallback"))
        )
    params = written_params(params, CARD_PARAMS)
    for name in RANK_PARAMS:
        if isinstance(params.get(name), str):
            params[name] = format_rank(params[name], language())
    return params


# Every rule text known, by id: the notation's and the ledger's, then each game's as it
# registers them.
_registry: dict[str, RuleText] = {}


def register(rules: Iterable[RuleText]) -> None:
    """Make ``rules`` known by their ids. A game registers the texts of the rules its
    engine cites; registering the same text again does nothing, and an id already known
    with other words is refused (two texts for one rule would make its messages depend on
    which game happened to load last)."""
    for rule in rules:
        known = _registry.setdefault(rule.id, rule)
        if known is not rule and known != rule:
            raise ImproperlyConfigured(f"two texts for the rule {rule.id!r}")


register(CORE_RULES)

# The rulebooks that belong to no game, each at /rules/<name>/: the shared ones above,
# and club events' (their formats, scales and standing: ``referee.events``), whose
# texts the events app registers.
BOOKS = ("cards", "ledger", "api", "events")


def rule_text(rule: str) -> RuleText | None:
    return _registry.get(rule)


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
    return [rule for rule_id, rule in _registry.items() if rule_id.startswith(prefix + ".")]


class CitesRule:
    """Something a page shows with the rule that decides it (``rule``, an id or None),
    labelled and linked to the rulebook."""

    rule: str | None

    @property
    def rule_label(self) -> str:
        return label(self.rule) if self.rule else ""

    @property
    def url(self) -> str | None:
        return rule_url(self.rule) if self.rule else None

    @property
    def rule_words(self) -> str:
        """The rulebook's wording of the rule (its title where it has none)."""
        text = rule_text(self.rule) if self.rule else None
        return str(text.text) if text and text.text else self.rule_label
