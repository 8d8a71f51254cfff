"""The card-entry kit, for every game and every referee page: the notation of the reader's
language, form fields that read cards and melds, the one card picker, and cards as the
pages show them.

The notation itself (parsing, local letters, decks) is ``referee.cards``; this ties it to
the active language and turns its refusals into form errors worded by the rulebook. A
Brazilian types 7 de copas as ``7C``; an English reader means 7♣ by that, so what a
typed letter means follows the page's language, and every answer shows the cards as
they were read, with suit symbols, so that a misreading is visible at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django import forms
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _

from referee.cards import (
    RANKS,
    RED_SUITS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    Deck,
    format_card,
    parse_card,
    parse_cards,
)
from referee.rulings import RuleError, Violation
from scoring.ledger.rulebook import accepted, label, rule_url, violation_dicts

# A text field cards are typed into: no autocorrection, capitals on a phone keyboard.
CARD_INPUT = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
# No real table enters more than this in one field (a Samba side melds at most 162 cards).
MAX_CARDS_TEXT = 2_000
MAX_MELDS = 40


def language() -> str:
    """The language cards are shown in: the active one, English outside a request."""
    return get_language() or "en"


def notation() -> str:
    """The letters a typed card is read in: Portuguese (V D R; P C E O) on pt-BR pages,
    Polish (W D K) on Polish ones, English otherwise."""
    return {"pt": "pt", "pl": "pl"}.get(language()[:2].lower(), "en")


def fallback() -> str | None:
    """The second notation a page reads, where its own has no such letter: English, which
    many learnt the games in (S H D on a Portuguese page; C, which is ♥ there and ♣ in
    English, is asked about — ``referee.cards`` gives the ruling). None on English pages."""
    return None if notation() == "en" else "en"


def parse_typed(text: str | Iterable[str]) -> list[Card]:
    """Cards as a player typed them on this page: the page's letters, the English ones
    where they are not ambiguous, and the symbols; CardError otherwise. The API names
    its one notation instead."""
    return parse_cards(text, notation=notation(), fallback=fallback())


def written(card: Card | str) -> str:
    """A card as the pages write it into a text field: the reader's rank letter and the
    suit symbol, which the reader's notation reads back as the same card (a rank letter
    is the language's: D♥ is the dama in Portuguese, no card in English); the joker as JK.
    A stored code that is not a card (old or hand-edited data) is written as it is."""
    if not isinstance(card, Card):
        try:
            card = parse_card(str(card))
        except CardError:
            return str(card)
    return "JK" if card.is_joker else format_card(card, language())


def written_cards(cards: Iterable[Card | str]) -> str:
    return " ".join(written(card) for card in cards)


@dataclass(frozen=True)
class CardView:
    """A card as an answer shows it: the canonical code, the reader's text with its suit
    symbol (R♥ in Portuguese), and its colour."""

    code: str
    text: str
    red: bool


def card_views(cards: Iterable[Card]) -> list[CardView]:
    shown = language()
    return [CardView(str(card), format_card(card, shown), card.is_red) for card in cards]


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


# Digits as a phone's number pad types them, with a sign: Python's int() also reads
# "1_000", other scripts' digits and inner spaces, which no player means.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def read_whole_number(value: Any) -> int | None:
    """``value`` as a whole number if it is one written plainly, else None."""
    text = str(value).strip() if value is not None else ""
    return int(text) if WHOLE_NUMBER.fullmatch(text) else None


class WholeNumberField(forms.IntegerField):
    """Django's ``IntegerField``, reading only plain digits (and a sign)."""

    def to_python(self, value: Any) -> int | None:
        typed = isinstance(value, str) and value.strip() not in self.empty_values
        if typed and read_whole_number(value) is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


# A sum of money typed on a phone: digits, one decimal mark (either: the language's own).
PLAIN_DECIMAL = re.compile(r"[+-]?(?=[.,]?[0-9])[0-9]*[.,]?[0-9]*")


class PlainDecimalField(forms.DecimalField):
    """Django's ``DecimalField``, reading only digits and one decimal mark: Python's
    ``Decimal`` also reads "1_000", "1e3" and other scripts' digits."""

    def to_python(self, value: Any) -> Any:
        typed = isinstance(value, str) and value.strip() not in self.empty_values
        if typed and not PLAIN_DECIMAL.fullmatch(value.strip()):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


def count_field(
    label: Any, maximum: int, *, step: int = 1, chips: int = 0, **attrs: Any
) -> forms.IntegerField:
    """A small whole number drawn as a stepper (− 0 +): counts of canastras, penalties.
    ``chips``: the commonest values 0 … chips−1 as one-tap buttons instead of − and +."""
    return WholeNumberField(
        label=label,
        required=False,
        initial=0,
        min_value=0,
        max_value=maximum,
        widget=StepperInput(attrs={"step": step, **attrs}, chips=min(chips, maximum + 1)),
    )


def checkbox(label: Any, help_text: Any = "") -> forms.BooleanField:
    """A yes-or-no the table may leave unticked: a house rule, something that happened in
    the hand (took its morto, the time is up)."""
    return forms.BooleanField(label=label, required=False, help_text=help_text)


# A whole number typed on a phone: its number pad, nothing suggested.
NUMERIC = {"inputmode": "numeric", "autocomplete": "off"}


def number_field(label: Any, minimum: int, maximum: int, **kwargs: Any) -> forms.IntegerField:
    """A whole number typed on the phone's number pad, bounded by what a real table can
    reach (a running total, chips, failed openings); ``kwargs`` as for ``IntegerField``."""
    kwargs.setdefault("widget", forms.NumberInput(attrs=NUMERIC))
    return WholeNumberField(label=label, min_value=minimum, max_value=maximum, **kwargs)


class StepperInput(forms.NumberInput):
    """A number between a − and a + button, or beside one-tap buttons for its commonest
    values (the buttons only where script runs; the number can always be typed)."""

    template_name = "ledger/widgets/stepper.html"

    def __init__(self, attrs: dict[str, Any] | None = None, *, chips: int = 0) -> None:
        super().__init__({"inputmode": "numeric", "autocomplete": "off", **(attrs or {})})
        self.chips = chips

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["chips"] = list(range(self.chips))
        return context

    class Media:
        js = ("ledger/picker.js",)


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
