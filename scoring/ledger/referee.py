"""One shape for every game's referee page: each question a form with a ``verdict()``.

A dispute at the table is a question (is this meld valid? may she take the pile?). A
game lists its questions on its ``Game.questions``; the ledger's one view asks the one
that was posted and draws every question with the same partial. A verdict is an
``Answer``: yes or no, worded in the reader's language, naming and linking the rule that
decides it, with the cards shown as they were read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from django import forms
from django.utils.translation import gettext

from referee.cards import Card, Deck
from referee.rulings import Violation
from scoring.ledger.cards import CardView, card_views, fit_pickers
from scoring.ledger.registry import MatchView
from scoring.ledger.rulebook import describe, label, rule_url, violation_dicts


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
    params: Mapping[str, Any] | None = None,
    **more: Any,
) -> Answer:
    """The answer to a yes/no question: "Yes — <the rule that decides it>", the rule's
    message worded with the ruling's params (or ``params``, say with the cards written as
    the reader writes them). ``yes`` and ``no`` say it otherwise (open, locked); ``more``
    goes to ``answer`` (cards, details)."""
    word = (yes or gettext("Yes")) if ruling.allowed else (no or gettext("No"))
    return answer(
        ruling.allowed,
        f"{word} — {label(ruling.rule)}",
        rule=ruling.rule,
        params=ruling.params if params is None else params,
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

    def verdict(self) -> Answer:
        raise NotImplementedError
