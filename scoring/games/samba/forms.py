"""Samba's forms: the house rules and the add-hand form (quick counts or card by card).
They read what was typed or tapped and hand it to ``referee.samba``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import samba
from scoring.games.samba import entries
from scoring.games.samba.rules import RULES
from scoring.ledger.cards import (
    CARD_INPUT,
    MAX_CARDS_TEXT,
    MeldCheck,
    MeldLine,
    PickerTarget,
    count_field,
    meld_lines,
    picker,
    read_cards,
    read_melds,
    written_cards,
)
from scoring.ledger.handforms import HandForm

TITLES = {rule.id: rule.title for rule in RULES}
PENALTY_RULES = dict(samba.PENALTY_RULES)
CONCEALED_RULES = {name: rule for name, rule, _points in samba.CONCEALED_PREMIUMS}
# Not a deck fact like the other caps: only a bound on what a stepper may reach.
MOST_PENALTIES = 20


def meld_check(cards: list[Any], *, going_out: bool) -> MeldCheck:
    """One meld as the live check and the referee show it."""
    verdict = samba.check_meld(cards, going_out=going_out)
    return MeldCheck(
        valid=verdict.valid,
        rule=f"samba.kind.{verdict.kind}" if verdict.kind else None,
        points=verdict.points,
        seven=verdict.valid and verdict.kind in samba.SEVEN_CARD_KINDS,
        violations=verdict.violations,
    )


def melds_summary(lines: list[MeldLine]) -> str:
    points = sum(line.points for line in lines if line.valid)
    combinations = sum(1 for line in lines if line.seven)
    return gettext("%(points)s card points on the table · 7-card combinations: %(n)s") % {
        "points": points,
        "n": combinations,
    }


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
    picker: dict[str, Any] = field(default_factory=dict)
    lines: list[MeldLine] = field(default_factory=list)
    summary: str = ""

    @property
    def extras_used(self) -> bool:
        """Whether any premium or penalty is filled in (then they start unfolded)."""
        return any(_as_int(bound.value()) for bound in (*self.premiums, *self.penalties))


def _as_int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 1  # something unreadable is there: show it


class SambaHandForm(HandForm):
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["went_out"] = forms.ChoiceField(
            label=_("Who went out?"),
            choices=[
                *((str(side.position), side.name) for side in self.match.sides),
                ("", _("Nobody (the stock ran out)")),
            ],
            required=False,
            widget=forms.RadioSelect,
        )
        for side in self.match.sides:
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
        # The counts a table most often has are one tap each.
        fields_[p + "clean_canastras"] = count_field(_("Clean canastras"), combinations, chips=4)
        fields_[p + "dirty_canastras"] = count_field(_("Dirty canastras"), combinations, chips=4)
        fields_[p + "sambas"] = count_field(_("Sambas"), combinations, chips=4)
        fields_[p + "wild_canastras"] = count_field(
            _("Canastras de curingas"), samba.MOST_WILD_CANASTRAS
        )
        fields_[p + "table_points"] = count_field(_("Card points on the table"), points, step=step)
        fields_[p + "hand_points"] = count_field(_("Card points left in hand"), points, step=step)
        fields_[p + "red_threes_in_hand"] = count_field(
            TITLES["samba.penalty.red-three-in-hand"], samba.RED_THREES_IN_GAME
        )
        # Plain text, read in ``clean`` only in cards mode: in quick mode they may hold
        # anything without stopping the hand. One picker per side serves both.
        fields_[p + "melds"] = forms.CharField(
            label=_("Melds on the table, one per line"),
            required=False,
            max_length=MAX_CARDS_TEXT,
            widget=forms.Textarea(attrs={"rows": 3, **CARD_INPUT}),
        )
        fields_[p + "hand"] = forms.CharField(
            label=_("Cards left in hand"),
            required=False,
            max_length=MAX_CARDS_TEXT,
            widget=forms.TextInput(attrs=CARD_INPUT),
        )
        fields_[p + "red_threes"] = count_field(
            _("Red threes laid"), samba.RED_THREES_IN_GAME, chips=4
        )
        for name in entries.CONCEALED_FIELDS:  # each premium needs its combination
            fields_[p + name] = count_field(TITLES[CONCEALED_RULES[name]], combinations)
        for name in entries.PENALTY_FIELDS:
            fields_[p + name] = count_field(TITLES[PENALTY_RULES[name]], MOST_PENALTIES)

    # --- reading ------------------------------------------------------------------------

    def _mode(self) -> str:
        mode = self.data.get("mode") if self.is_bound else self["mode"].value()
        return mode if mode in entries.MODES else entries.MODE_QUICK

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

    def initial_for_new(self) -> dict[str, Any]:
        """Tables keep to one way of counting: a new hand starts in the last hand's mode."""
        last = self.match.state.get("mode")
        return {"mode": last} if last in entries.MODES else {}

    def initial_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The form's fields filled from a stored entry (to correct a hand)."""
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
                initial[p + "melds"] = "\n".join(written_cards(meld) for meld in side["melds"])
            if "hand" in side:
                initial[p + "hand"] = written_cards(side["hand"])
        return initial

    # --- checked as typed ---------------------------------------------------------------

    def went_out_value(self) -> str:
        return str(self["went_out"].value() or "")

    def side_lines(self, position: int) -> list[MeldLine]:
        going_out = self.went_out_value() == str(position)
        return meld_lines(
            str(self[f"s{position}-melds"].value() or ""),
            lambda cards: meld_check(cards, going_out=going_out),
        )

    def live_check(self, field: str) -> tuple[str, dict[str, Any]] | None:
        for side in self.match.sides:
            if field == f"s{side.position}-melds":
                lines = self.side_lines(side.position)
                return "ledger/_meld_lines.html", {
                    "lines": lines,
                    "summary": melds_summary(lines),
                }
        return None

    # --- laying out ---------------------------------------------------------------------

    def sides(self) -> list[SideFields]:
        out = []
        for side in self.match.sides:
            p = f"s{side.position}-"
            melds, hand = self[p + "melds"], self[p + "hand"]
            lines = self.side_lines(side.position)
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
                    hand=hand,
                    red_threes=self[p + "red_threes"],
                    red_threes_in_hand=self[p + "red_threes_in_hand"],
                    premiums=[self[p + name] for name in entries.CONCEALED_FIELDS],
                    penalties=[self[p + name] for name in entries.PENALTY_FIELDS],
                    picker=picker(
                        [
                            PickerTarget(melds.auto_id, _("Melds"), melds=True),
                            PickerTarget(hand.auto_id, _("Hand")),
                        ]
                    ),
                    lines=lines,
                    summary=melds_summary(lines),
                )
            )
        return out

    def mode_value(self) -> str:
        return self._mode()
