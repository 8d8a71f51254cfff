"""The card fields, for every game and every referee page: form fields that read cards
and melds in the reader's letters (``notation``), the one card picker, and the live
check of a melds field, line by line.

A card that does not read is refused in the rulebook's words, naming the token and the
letters the page reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from referee.cards import (
    RANKS,
    RED_SUITS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    Deck,
    format_card,
)
from referee.rulings import RuleError, Violation
from scoring.kit.notation import CardView, card_views, language, parse_typed
from scoring.kit.rulebook import accepted, label, rule_url, violation_dicts

# A text field cards are typed into: no autocorrection, capitals on a phone keyboard.
CARD_INPUT = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
# No real table enters more than this in one field (a Samba side melds at most 162 cards).
MAX_CARDS_TEXT = 2_000
MAX_MELDS = 40


# --- reading ---------------------------------------------------------------------------


def problem_dicts(violations: Iterable[Violation]) -> list[dict[str, Any]]:
    """Violations as the pages list them (``violation_dicts``), every unreadable token
    in one sentence: the same advice once, not once per card."""
    violations = list(violations)
    unread = [v for v in violations if v.rule == "cards.unreadable"]
    found = violation_dicts(v for v in violations if v.rule != "cards.unreadable")
    if len(unread) > 1:
        params = unread[0].params
        tokens = ", ".join(f"“{v.params['token']}”" for v in unread)
        message = ngettext(
            "%(tokens)s is not a card. Write the rank and then the suit: %(accepted)s.",
            "%(tokens)s are not cards. Write the rank and then the suit: %(accepted)s.",
            len(unread),
        ) % {"tokens": tokens, "accepted": accepted(params["notation"], params.get("fallback"))}
        (first,) = violation_dicts(unread[:1])
        found.insert(0, {**first, "message": message, "params": {"tokens": tokens}})
    else:
        found[:0] = violation_dicts(unread)
    return found


def _errors(error: RuleError) -> forms.ValidationError:
    return forms.ValidationError(
        [problem["message"] for problem in problem_dicts(error.violations)]
    )


def read_cards(text: str | None) -> list[Card]:
    """Cards typed or tapped into one field (separated by spaces or commas), or a
    ValidationError naming every token that is not a card, in the reader's words."""
    try:
        return parse_typed(text or "")
    except RuleError as error:
        raise _errors(error) from None


def read_card(text: str | None) -> Card:
    cards = read_cards(text)
    if len(cards) != 1:
        raise forms.ValidationError(_("Enter exactly one card."))
    return cards[0]


def read_melds(text: str | None) -> list[list[Card]]:
    """Melds, one per line; every line's problems at once, each naming its meld."""
    melds: list[list[Card]] = []
    problems: list[str] = []
    lines = [raw for raw in (text or "").splitlines() if raw.strip()]
    if len(lines) > MAX_MELDS:
        raise forms.ValidationError(_("At most %(n)s melds, one per line.") % {"n": MAX_MELDS})
    for number, line in enumerate(lines, 1):
        try:
            melds.append(read_cards(line))
        except forms.ValidationError as error:
            problems += [
                _("Meld %(number)s: %(problem)s") % {"number": number, "problem": message}
                for message in error.messages
            ]
    if problems:
        raise forms.ValidationError(problems)
    return melds


# --- the picker ------------------------------------------------------------------------


@dataclass(frozen=True)
class RankKey:
    """A rank button of the card picker: the canonical rank and what the button shows
    (and types), in the reader's letters."""

    rank: str
    label: str


@dataclass(frozen=True)
class SuitKey:
    suit: str
    symbol: str
    red: bool


@dataclass(frozen=True)
class PickerTarget:
    """A field the picker can type into: its id and the label of its toggle button.
    ``one``: the field takes one card (a seat's card in a trick), so a card laid there
    replaces what it held and the picker moves on to the next target (with several)."""

    id: str
    label: Any
    melds: bool = False
    one: bool = False


def picker_ranks(deck: Deck | None = None) -> list[RankKey]:
    """The picker's rank buttons, A to K, in the active language's letters: those the
    deck in play holds (Truco's has no 8, 9 or 10), every rank where it is not known."""
    shown = language()
    ranks = deck.ranks if deck is not None else RANKS
    return [
        RankKey(rank, format_card(Card(rank, "S"), shown, symbols=False)[:-1])
        for rank in RANKS
        if rank in ranks
    ]


def picker_suits() -> list[SuitKey]:
    return [SuitKey(suit, SUIT_SYMBOLS[suit], suit in RED_SUITS) for suit in SUITS]


def picker(targets: Sequence[PickerTarget], deck: Deck | None = None) -> dict[str, Any]:
    """The context ``ledger/_picker.html`` draws: its keys and the fields it types into.
    ``deck``: the deck in play, whose cards alone get a key (the joker only if it has
    jokers); None, a key for every card."""
    return {
        "targets": list(targets),
        "ranks": picker_ranks(deck),
        "suits": picker_suits(),
        "jokers": deck is None or deck.jokers > 0,
        "melds": any(target.melds for target in targets),
    }


class PickerMedia:
    js = ("ledger/picker.js",)


class _PickerWidget(forms.Widget):
    """A widget cards are typed into, drawn with the picker under it; ``melds``: the
    picker has its "new meld" key; ``deck``: the deck in play, set by the form that
    holds the widget (``fit_pickers``) unless the field names its own."""

    melds: ClassVar[bool] = False
    Media = PickerMedia

    def __init__(self, attrs: dict[str, Any] | None = None, *, deck: Deck | None = None) -> None:
        super().__init__({**CARD_INPUT, "maxlength": MAX_CARDS_TEXT, **(attrs or {})})
        self.deck = deck

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        target = PickerTarget(context["widget"]["attrs"].get("id", ""), "", melds=self.melds)
        context["picker"] = picker([target], self.deck)
        return context


class CardsInput(_PickerWidget, forms.TextInput):
    """A text field for cards with the picker under it."""

    template_name = "ledger/widgets/cards.html"


class MeldsInput(_PickerWidget, forms.Textarea):
    """Melds, one per line, with the picker and its "new meld" key."""

    template_name = "ledger/widgets/melds.html"
    melds = True

    def __init__(self, attrs: dict[str, Any] | None = None, *, deck: Deck | None = None) -> None:
        super().__init__({"rows": 3, **(attrs or {})}, deck=deck)


def fit_pickers(fields: Iterable[forms.Field], deck: Deck | None) -> None:
    """Give every picker among a form's fields the deck in play: a game's forms are made
    by its ``Game``, which knows its deck, so no field declares what the deck holds."""
    for field in fields:
        if isinstance(field.widget, _PickerWidget) and field.widget.deck is None:
            field.widget.deck = deck


# --- fields ----------------------------------------------------------------------------


class CardsField(forms.CharField):
    """Card tokens, ``KH KS JK`` or ``R♥ 10♦``; cleans to a list of ``Card``.

    ``lenient``: an optional field whose text does not read cleans to no cards instead
    of refusing the form (a hand form's optional cards never block the hand: the form
    shows what it could not read next to its button, ``HandForm.card_notes``)."""

    lenient = False

    def __init__(self, *, picker: bool = True, deck: Deck | None = None, **kwargs: Any) -> None:
        if picker:
            kwargs.setdefault("widget", CardsInput(deck=deck))
        else:
            kwargs.setdefault("widget", forms.TextInput(attrs=CARD_INPUT))
        kwargs.setdefault("max_length", MAX_CARDS_TEXT)
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[Card]:
        text = super().clean(value)
        if self.lenient and not self.required:
            try:
                return read_cards(text)
            except forms.ValidationError:
                return []
        return read_cards(text)


class CardField(CardsField):
    """Exactly one card, or None when left empty."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 20)
        super().__init__(**kwargs)

    def clean(self, value: Any) -> Card | None:  # type: ignore[override]
        text = forms.CharField.clean(self, value)
        if self.lenient and not self.required:
            try:
                return read_card(text) if text else None
            except forms.ValidationError:
                return None
        return read_card(text) if text else None


class MeldsField(forms.CharField):
    """Melds, one per line; cleans to a list of card lists."""

    def __init__(self, *, picker: bool = True, deck: Deck | None = None, **kwargs: Any) -> None:
        if picker:
            kwargs.setdefault("widget", MeldsInput(deck=deck))
        else:
            kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 3, **CARD_INPUT}))
        kwargs.setdefault("max_length", MAX_CARDS_TEXT)
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[list[Card]]:
        return read_melds(super().clean(value))


# --- the live meld check ---------------------------------------------------------------


@dataclass(frozen=True)
class MeldCheck:
    """A game's verdict on one meld: its kind (as the rule that defines it), card points,
    whether it is a 7-card combination, or the rules it breaks."""

    valid: bool
    rule: str | None
    points: int
    seven: bool
    violations: tuple[Any, ...] = ()


@dataclass(frozen=True)
class MeldLine:
    """One line of a melds field as the live check shows it. ``rule`` is the id of the
    rule that defines the meld's kind (None for a line that is no meld): what a game
    counts by, while ``label`` and ``url`` are what the page shows."""

    number: int
    text: str
    cards: tuple[CardView, ...]
    valid: bool
    label: str
    url: str | None
    points: int
    seven: bool
    violations: tuple[dict[str, Any], ...]
    rule: str | None = None


def meld_lines(text: str, check: Any) -> list[MeldLine]:
    """Each line of a melds field with the game's verdict: ``check(cards)`` → MeldCheck.
    A line that does not read as cards says which token is wrong."""
    lines = []
    raw_lines = [raw for raw in (text or "").splitlines() if raw.strip()][:MAX_MELDS]
    for number, raw in enumerate(raw_lines, 1):
        try:
            cards = parse_typed(raw)
        except RuleError as error:
            lines.append(
                MeldLine(
                    number,
                    raw.strip(),
                    (),
                    False,
                    "",
                    None,
                    0,
                    False,
                    tuple(problem_dicts(error.violations)),
                )
            )
            continue
        verdict: MeldCheck = check(cards)
        lines.append(
            MeldLine(
                number=number,
                text=raw.strip(),
                cards=tuple(card_views(cards)),
                valid=verdict.valid,
                label=label(verdict.rule) if verdict.rule else "",
                url=rule_url(verdict.rule) if verdict.rule else None,
                points=verdict.points,
                seven=verdict.seven,
                violations=tuple(violation_dicts(verdict.violations)),
                rule=verdict.rule,
            )
        )
    return lines
