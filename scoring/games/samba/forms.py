"""Samba's forms: house rules, the add-hand form (quick counts or cards) and the referee's
questions. They read what was typed or tapped and hand it to ``referee.samba``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee import samba
from referee.cards import Card
from scoring.games.samba import entries
from scoring.games.samba.answers import lines_summary, meld_lines, tokens
from scoring.games.samba.rules import RULES
from scoring.ledger.cards import (
    CARD_INPUT,
    CardsField,
    RankKey,
    SuitKey,
    language,
    picker_ranks,
    picker_suits,
    read_cards,
)
from scoring.ledger.registry import MatchView

TITLES = {rule.id: rule.title for rule in RULES}
PENALTY_RULES = dict(samba.PENALTY_RULES)
CONCEALED_RULES = {name: rule for name, rule, _points in samba.CONCEALED_PREMIUMS}
# Not a deck fact like the other caps: only a bound on what a stepper may reach.
MOST_PENALTIES = 20


def _count(label: Any, maximum: int, *, step: int = 1, **attrs: Any) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=False,
        initial=0,
        min_value=0,
        max_value=maximum,
        widget=forms.NumberInput(
            attrs={"inputmode": "numeric", "autocomplete": "off", "step": step, **attrs}
        ),
    )


# --------------------------------------------------------------------------- reading cards


def read_melds(text: str) -> list[list[Card]]:
    """One meld per line."""
    melds, problems = [], []
    for number, line in enumerate((raw for raw in (text or "").splitlines() if raw.strip()), 1):
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


def read_card(text: str) -> Card:
    cards = read_cards(text)
    if len(cards) != 1:
        raise forms.ValidationError(_("Enter exactly one card."))
    return cards[0]


class CardField(forms.CharField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.TextInput(attrs=CARD_INPUT))
        super().__init__(**kwargs)

    def clean(self, value: Any) -> Card | None:
        text = super().clean(value)
        return read_card(text) if text else None


class MeldsField(forms.CharField):
    """Melds, one per line."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 3, **CARD_INPUT}))
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[list[Card]]:
        return read_melds(super().clean(value))


# --------------------------------------------------------------------------- house rules


class TopMinimumField(forms.TypedChoiceField):
    """The house rule on the opening minimum from 7,000: one of the engine's choices.
    Optional (the default) unless ``required=True``."""

    def __init__(self, **kwargs: Any) -> None:
        default = samba.DEFAULT_OPTIONS.top_minimum
        kwargs.setdefault("required", False)
        kwargs.setdefault("empty_value", default)
        super().__init__(
            label=_("Opening minimum from 7,000"),
            choices=[(minimum, str(minimum)) for minimum in samba.TOP_MINIMUMS],
            coerce=int,
            initial=default,
            **kwargs,
        )


class SambaOptionsForm(forms.Form):
    top_minimum = TopMinimumField(
        required=True,
        help_text=_("Published Samba tables disagree: 150 in some, 160 in others."),
    )
    cumulative_canastra_bonus = forms.BooleanField(
        label=_("Canastrão and canastra de canastras add up"),
        required=False,
        help_text=_("Seven or more canastras earn 2,500 instead of 2,000."),
    )


# --------------------------------------------------------------------------- the hand


@dataclass
class SideFields:
    """One side's part of the hand form, as the template lays it out."""

    position: int
    name: str
    counts: list[forms.BoundField]  # quick: canastras and sambas
    points: list[forms.BoundField]  # quick: card points on the table and in hand
    melds: forms.BoundField  # cards
    hand: forms.BoundField  # cards
    red_threes: forms.BoundField
    red_threes_in_hand: forms.BoundField  # quick; cards mode sees them in the hand
    premiums: list[forms.BoundField]
    penalties: list[forms.BoundField]
    lines: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)

    @property
    def extras_used(self) -> bool:
        """Whether any premium or penalty is filled in (then they start unfolded)."""
        return any(_as_int(bound.value()) for bound in (*self.premiums, *self.penalties))


def _as_int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 1  # something unreadable is there: show it


class SambaHandForm(forms.Form):
    """A hand of Samba, in quick mode (counts per side) or cards mode (melds per side).

    Field names are ``s<position>-<name>``; ``mode`` and ``went_out`` are the hand's.
    Only the chosen mode's fields are read; the other mode's are ignored.
    """

    mode = forms.ChoiceField(
        label=_("Entry"),
        choices=[(entries.MODE_QUICK, _("Quick count")), (entries.MODE_CARDS, _("Card by card"))],
        widget=forms.RadioSelect,
        initial=entries.MODE_QUICK,
    )

    def __init__(self, match: MatchView, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        self.fields["went_out"] = forms.ChoiceField(
            label=_("Who went out?"),
            choices=[
                *((str(side.position), side.name) for side in match.sides),
                ("", _("Nobody (the stock ran out)")),
            ],
            required=False,
            widget=forms.RadioSelect,
        )
        for side in match.sides:
            self._add_side_fields(side.position)

    def _add_side_fields(self, position: int) -> None:
        p = f"s{position}-"
        fields_ = self.fields
        # The caps are what three decks can hold (referee.samba's deck facts).
        combinations, points, step = (
            samba.MOST_COMBINATIONS,
            samba.MOST_CARD_POINTS,
            samba.CARD_POINTS_STEP,
        )
        fields_[p + "clean_canastras"] = _count(_("Clean canastras"), combinations)
        fields_[p + "dirty_canastras"] = _count(_("Dirty canastras"), combinations)
        fields_[p + "sambas"] = _count(_("Sambas"), combinations)
        fields_[p + "wild_canastras"] = _count(
            _("Canastras de curingas"), samba.MOST_WILD_CANASTRAS
        )
        fields_[p + "table_points"] = _count(_("Card points on the table"), points, step=step)
        fields_[p + "hand_points"] = _count(_("Card points left in hand"), points, step=step)
        fields_[p + "red_threes_in_hand"] = _count(
            TITLES["samba.penalty.red-three-in-hand"], samba.RED_THREES_IN_GAME
        )
        fields_[p + "melds"] = forms.CharField(
            label=_("Melds on the table, one per line"),
            required=False,
            widget=forms.Textarea(attrs={"rows": 3, **CARD_INPUT}),
        )
        fields_[p + "hand"] = forms.CharField(
            label=_("Cards left in hand"),
            required=False,
            widget=forms.TextInput(attrs=CARD_INPUT),
        )
        fields_[p + "red_threes"] = _count(_("Red threes laid"), samba.RED_THREES_IN_GAME)
        for name in entries.CONCEALED_FIELDS:  # each premium needs its combination
            fields_[p + name] = _count(TITLES[CONCEALED_RULES[name]], combinations)
        for name in entries.PENALTY_FIELDS:
            fields_[p + name] = _count(TITLES[PENALTY_RULES[name]], MOST_PENALTIES)

    # --- reading ------------------------------------------------------------------------

    def _mode(self) -> str:
        mode = self.data.get("mode") if self.is_bound else self["mode"].value()
        return mode if mode in entries.MODES else entries.MODE_QUICK

    def _inactive(self) -> list[str]:
        """The other mode's fields, whose errors do not count."""
        quick = self._mode() == entries.MODE_QUICK
        names = ("melds", "hand") if quick else entries.QUICK_FIELDS
        return [f"s{side.position}-{name}" for side in self.match.sides for name in names]

    def full_clean(self) -> None:
        super().full_clean()
        if self.is_bound:
            for name in self._inactive():
                self._errors.pop(name, None)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("mode") != entries.MODE_CARDS:
            return data
        for side in self.match.sides:
            p = f"s{side.position}-"
            for name, read in (("melds", read_melds), ("hand", read_cards)):
                try:
                    data[p + name] = read(data.get(p + name) or "")
                except forms.ValidationError as error:
                    self.add_error(p + name, error)
        return data

    def entry(self) -> dict[str, Any]:
        """The plain dict stored for the hand: enough to score it again and refill this."""
        data = self.cleaned_data
        mode = data["mode"]
        went_out = data.get("went_out") or ""
        sides = []
        for side in self.match.sides:
            p = f"s{side.position}-"

            def count(name: str, p: str = p) -> int:
                return data.get(p + name) or 0

            if mode == entries.MODE_CARDS:
                own: dict[str, Any] = {
                    "melds": [[str(card) for card in meld] for meld in data[p + "melds"]],
                    "hand": [str(card) for card in data[p + "hand"]],
                }
            else:
                own = {name: count(name) for name in entries.QUICK_FIELDS}
            sides.append(
                {
                    **own,
                    "red_threes": count("red_threes"),
                    "went_out": went_out == str(side.position),
                    "concealed": {name: count(name) for name in entries.CONCEALED_FIELDS},
                    "penalties": {name: count(name) for name in entries.PENALTY_FIELDS},
                }
            )
        return {"mode": mode, "sides": sides}

    @classmethod
    def initial_from(cls, entry: Mapping[str, Any] | None, match: MatchView) -> dict[str, Any]:
        """The form's fields filled from a stored entry (to correct a hand), or the mode
        of the last hand entered (tables keep to one way of counting)."""
        if not entry:
            last = match.entries[-1].get("mode") if match.entries else None
            return {"mode": last} if last in entries.MODES else {}
        shown = language()
        initial: dict[str, Any] = {"mode": entry.get("mode", entries.MODE_QUICK)}
        initial["went_out"] = ""
        for position, side in enumerate(entry.get("sides") or ()):
            p = f"s{position}-"
            if side.get("went_out"):
                initial["went_out"] = str(position)
            for name in ("red_threes", *entries.QUICK_FIELDS):
                if name in side:
                    initial[p + name] = side[name]
            for key, names in (
                ("concealed", entries.CONCEALED_FIELDS),
                ("penalties", entries.PENALTY_FIELDS),
            ):
                for name in names:
                    initial[p + name] = (side.get(key) or {}).get(name, 0)
            if "melds" in side:
                initial[p + "melds"] = "\n".join(tokens(meld, shown) for meld in side["melds"])
            if "hand" in side:
                initial[p + "hand"] = tokens(side["hand"], shown)
        return initial

    # --- laying out ---------------------------------------------------------------------

    def went_out_value(self) -> str:
        return str(self["went_out"].value() or "")

    def sides(self) -> list[SideFields]:
        shown = language()
        went_out = self.went_out_value()
        out = []
        for side in self.match.sides:
            p = f"s{side.position}-"
            melds = self[p + "melds"]
            lines = meld_lines(
                str(melds.value() or ""),
                going_out=went_out == str(side.position),
                language=shown,
            )
            out.append(
                SideFields(
                    position=side.position,
                    name=side.name,
                    counts=[
                        self[p + name]
                        for name in (
                            "clean_canastras",
                            "dirty_canastras",
                            "sambas",
                            "wild_canastras",
                        )
                    ],
                    points=[self[p + "table_points"], self[p + "hand_points"]],
                    melds=melds,
                    hand=self[p + "hand"],
                    red_threes=self[p + "red_threes"],
                    red_threes_in_hand=self[p + "red_threes_in_hand"],
                    premiums=[self[p + name] for name in entries.CONCEALED_FIELDS],
                    penalties=[self[p + name] for name in entries.PENALTY_FIELDS],
                    lines=lines,
                    summary=lines_summary(lines),
                )
            )
        return out

    def mode_value(self) -> str:
        return self._mode()

    def picker_ranks(self) -> list[RankKey]:
        """The picker's rank buttons, in the user's letters (R, D, V in Portuguese)."""
        return picker_ranks()

    def picker_suits(self) -> list[SuitKey]:
        return picker_suits()


# --------------------------------------------------------------------------- referee questions


class MeldQuestion(forms.Form):
    cards = CardsField(label=_("Cards of the meld"), help_text=_("For example: KH KS KD JK"))
    going_out = forms.BooleanField(label=_("The side is going out"), required=False)


class OpeningQuestion(forms.Form):
    melds = MeldsField(label=_("Melds laid in this play, one per line"))
    running_total = forms.IntegerField(
        label=_("The side's running total before the hand"),
        initial=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    pile_top = CardField(
        label=_("The pile's top card, if the pile is taken with it"), required=False
    )
    going_out = forms.BooleanField(label=_("The side is going out"), required=False)
    top_minimum = TopMinimumField()


class PileQuestion(forms.Form):
    top = CardField(label=_("The pile's top card"))
    hand = CardsField(label=_("The player's hand"), required=False)
    side_melds = MeldsField(label=_("The side's melds on the table, one per line"), required=False)
    side_has_opened = forms.BooleanField(label=_("The side has opened"), required=False)
    first_take_this_hand = forms.BooleanField(
        label=_("The side has not taken the pile yet this hand"), required=False
    )
    pile_frozen = forms.BooleanField(label=_("The pile is premiado (frozen)"), required=False)
    running_total = forms.IntegerField(
        label=_("The side's running total (for its opening minimum)"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    top_minimum = TopMinimumField()


class GoingOutQuestion(forms.Form):
    melds = MeldsField(
        label=_("The side's melds, those laid now included, one per line"), required=False
    )
    combinations = forms.IntegerField(
        label=_("Or: how many 7-card combinations the side has"),
        required=False,
        min_value=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("melds") and data.get("combinations") is None and not self.errors:
            raise forms.ValidationError(_("Enter the side's melds or its number of combinations."))
        return data


def question_options(top_minimum: int | None) -> samba.SambaOptions:
    return samba.SambaOptions(top_minimum=top_minimum or samba.DEFAULT_OPTIONS.top_minimum)
