"""One shape for every game's referee page: each question a form with a ``verdict()``.

A dispute at the table is a question (is this meld valid? may she take the pile?). A
game lists its questions on its ``Game.questions``; the ledger's one view asks the one
that was posted and draws every question with the same partial. A verdict is an
``Answer``: yes or no, worded in the reader's language, naming and linking the rule that
decides it, with the cards shown as they were read.

Several games are asked alike (Canastra and Samba are both asked whether a meld is
valid, whether an opening is enough, whether a player may take the pile and whether a
side may go out); those questions are worded once at the end, and a game's question
subclasses one of them, words its own ``title`` where its rules ask it otherwise, and
brings its fields and its ``verdict()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee.cards import Card, Deck
from referee.rulings import Violation
from scoring.kit.cardfields import fit_pickers
from scoring.kit.match import MatchView
from scoring.kit.notation import CardView, card_views
from scoring.kit.rulebook import CitesRule, describe, label, violation_dicts


@dataclass(frozen=True)
class Answer(CitesRule):
    """A referee's verdict. ``ok``: yes / valid; None when the answer is not a yes or no
    (who takes a trick). ``headline`` is the verdict in a sentence."""

    ok: bool | None
    headline: str
    rule: str | None = None
    message: str = ""
    cards: tuple[CardView, ...] = ()
    violations: tuple[dict[str, Any], ...] = ()
    details: tuple[str, ...] = ()
    # Anything a game's own answer template needs besides.
    extra: Mapping[str, Any] = field(default_factory=dict)


def answer(
    ok: bool | None,
    headline: str,
    *,
    rule: str | None = None,
    params: Mapping[str, Any] | None = None,
    cards: Iterable[Card] = (),
    violations: Iterable[Violation] = (),
    details: Iterable[str] = (),
    **extra: Any,
) -> Answer:
    """An ``Answer`` from the engine's terms: the rule's message is worded with its params."""
    message = describe(Violation(rule, params or {})) if rule and params is not None else ""
    return Answer(
        ok=ok,
        headline=headline,
        rule=rule,
        message=message if message != rule else "",
        cards=tuple(card_views(cards)),
        violations=tuple(violation_dicts(violations)),
        details=tuple(details),
        extra=extra,
    )


class Ruling(Protocol):
    """An engine's yes or no on a move (may she take the pile? may the pair go out?):
    whether it is allowed, the rule that decides it and that rule's params."""

    @property
    def allowed(self) -> bool: ...
    @property
    def rule(self) -> str: ...
    @property
    def params(self) -> Mapping[str, Any]: ...


def yes_no(
    ruling: Ruling,
    *,
    yes: str = "",
    no: str = "",
    **more: Any,
) -> Answer:
    """The answer to a yes/no question: "Yes — <the rule that decides it>", the rule's
    message worded with the ruling's params (the rulebook writes the cards they name as
    the reader does). ``yes`` and ``no`` say it otherwise (open, locked); ``more`` goes
    to ``answer`` (cards, details)."""
    word = (yes or gettext("Yes")) if ruling.allowed else (no or gettext("No"))
    return answer(
        ruling.allowed,
        f"{word} — {label(ruling.rule)}",
        rule=ruling.rule,
        params=ruling.params,
        **more,
    )


def refused(violations: Iterable[Violation], cards: Iterable[Card] = ()) -> Answer:
    """The question itself breaks a rule (cards beyond the deck, a meld that is no meld)."""
    found = tuple(violations)
    first = found[0].rule if found else None
    return Answer(
        ok=False,
        headline=describe(found[0]) if found else "",
        rule=first,
        cards=tuple(card_views(cards)),
        violations=tuple(violation_dicts(found)),
        extra={"refused": True},
    )


class Question(forms.Form):
    """A referee question. Subclasses set the texts and write ``verdict()``, which may
    raise RuleError for input the rules cannot accept (the page shows what it breaks)."""

    # The question as the page asks it, a short name for the jump links, the button.
    title: ClassVar[Any]
    short: ClassVar[Any]
    submit: ClassVar[Any]
    # How the answer is drawn; a game may bring its own.
    answer_template: ClassVar[str] = "ledger/_answer.html"
    # How the fields are drawn; a game may lay out a complicated question itself.
    fields_template: ClassVar[str] = "ledger/_question_fields.html"

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        match: MatchView | None = None,
        match_options: Any = None,
        deck: Deck | None = None,
        **kwargs: Any,
    ) -> None:
        self.match = match
        # Asked within a match: its engine options (its house rules), which decide.
        self.match_options = match_options
        # The deck in play (the game's): what the card pickers offer.
        self.deck = deck
        super().__init__(data, **kwargs)
        fit_pickers(self.fields.values(), deck)

    @classmethod
    def from_entry(
        cls, entry: Mapping[str, Any], side: int | None, match: MatchView | None = None
    ) -> dict[str, Any]:
        """The question's initial data read from a recorded hand's ``entry`` (a dispute
        asks about side ``side``'s part of it; ``match`` is the match before the hand),
        or {} where the entry says nothing this question asks."""
        return {}

    def verdict(self) -> Answer:
        raise NotImplementedError


# --- the questions several games are asked alike ---------------------------------------


class MeldQuestion(Question):
    title = _("Is this meld valid?")
    short = _("A meld")
    submit = _("Check the meld")


class OpeningQuestion(Question):
    short = _("An opening")
    submit = _("Check the opening")


class PileQuestion(Question):
    short = _("The pile")
    submit = _("Ask about the pile")


class GoingOutQuestion(Question):
    short = _("Going out")
    submit = _("Ask about going out")


def players_field(counts: Iterable[int], initial: int) -> forms.TypedChoiceField:
    """How many play at the table (a trick, a claim), among the counts the game allows."""
    return forms.TypedChoiceField(
        label=_("Players at the table"),
        coerce=int,
        choices=[(n, str(n)) for n in counts],
        initial=initial,
    )
