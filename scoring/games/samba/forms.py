"""Samba's forms: the house rules and the add-hand form (quick counts or card by card).
They read what was typed or tapped and hand it to ``referee.samba``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import samba
from referee.cards import Card
from scoring.games.samba import entries
from scoring.games.samba.rules import RULES
from scoring.kit.cardfields import MeldCheck, MeldLine
from scoring.kit.fields import checkbox, count_field
from scoring.kit.sides import SideFields, SidesHandForm, prefix

TITLES = {rule.id: rule.title for rule in RULES}
PENALTY_RULES = dict(samba.PENALTY_RULES)
CONCEALED_RULES = {name: rule for name, rule, _points in samba.CONCEALED_PREMIUMS}
# Not a deck fact like the other caps: only a bound on what a stepper may reach.
MOST_PENALTIES = 20
# The premiums and faults that need a partner: not offered to a player alone.
PARTNER_ONLY = frozenset((*samba.PARTNER_PREMIUMS, *samba.PARTNER_FAULTS))


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
    cumulative_canastra_bonus = checkbox(
        _("Canastrão and canastra de canastras add up"),
        _("Seven or more canastras earn 2,500 instead of 2,000."),
    )


# --------------------------------------------------------------------------- the hand


def _as_int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 1  # something unreadable is there: show it


@dataclass(kw_only=True)
class SambaSide(SideFields):
    """A side's part of the hand form, with Samba's own fields."""

    red_threes: forms.BoundField
    red_threes_in_hand: forms.BoundField  # quick; cards mode sees them in the hand
    premiums: list[forms.BoundField]
    penalties: list[forms.BoundField]

    @property
    def extras_used(self) -> bool:
        """Whether any premium or penalty is filled in (then they start unfolded)."""
        return any(_as_int(bound.value()) for bound in (*self.premiums, *self.penalties))


class SambaHandForm(SidesHandForm):
    """A hand of Samba, in quick mode (counts per side) or cards mode (melds per side),
    with each side's red threes, concealed canastras and penalties in either mode."""

    quick_fields = entries.QUICK_FIELDS
    quick_counts = ("clean_canastras", "dirty_canastras", "sambas", "wild_canastras")
    quick_points = ("table_points", "hand_points")

    def add_side_fields(self, p: str) -> None:
        fields_ = self.fields
        # The caps are what three decks can hold (referee.samba's deck facts).
        combinations, points, step = (
            samba.MOST_COMBINATIONS,
            samba.MOST_CARD_POINTS,
            samba.CARD_POINTS_STEP,
        )
        # The counts a table most often has are one tap each.
        fields_[p + "clean_canastras"] = count_field(
            _("Clean canastras"), samba.MOST_CLEAN_CANASTRAS, chips=4
        )
        # each dirty canastra holds a wild
        fields_[p + "dirty_canastras"] = count_field(
            _("Dirty canastras"), samba.WILDS_IN_GAME, chips=4
        )
        fields_[p + "sambas"] = count_field(_("Sambas"), samba.MOST_SAMBAS, chips=4)
        fields_[p + "wild_canastras"] = count_field(
            _("Canastras de curingas"), samba.MOST_WILD_CANASTRAS
        )
        fields_[p + "table_points"] = count_field(_("Card points on the table"), points, step=step)
        fields_[p + "hand_points"] = count_field(_("Card points left in hand"), points, step=step)
        fields_[p + "red_threes_in_hand"] = count_field(
            TITLES["samba.penalty.red-three-in-hand"], samba.RED_THREES_IN_GAME
        )
        fields_[p + "red_threes"] = count_field(
            _("Red threes laid"), samba.RED_THREES_IN_GAME, chips=4
        )
        for name in entries.CONCEALED_FIELDS:  # each premium needs its canastra
            fields_[p + name] = count_field(TITLES[CONCEALED_RULES[name]], combinations)
        for name in entries.PENALTY_FIELDS:
            fields_[p + name] = count_field(TITLES[PENALTY_RULES[name]], MOST_PENALTIES)

    def side_entry(self, p: str) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "red_threes": data.get(p + "red_threes") or 0,
            "concealed": {name: data.get(p + name) or 0 for name in entries.CONCEALED_FIELDS},
            "penalties": {name: data.get(p + name) or 0 for name in entries.PENALTY_FIELDS},
        }

    def side_initial(self, p: str, side: Mapping[str, Any]) -> dict[str, Any]:
        initial = {p + "red_threes": side["red_threes"]} if "red_threes" in side else {}
        for key, names in (
            ("concealed", entries.CONCEALED_FIELDS),
            ("penalties", entries.PENALTY_FIELDS),
        ):
            for name in names:
                initial[p + name] = (side.get(key) or {}).get(name, 0)
        return initial

    def check_meld(self, cards: list[Card], position: int) -> MeldCheck:
        # Black threes are a meld only for the side going out.
        return meld_check(cards, going_out=self.went_out_value() == str(position))

    def melds_summary(self, lines: list[MeldLine]) -> str:
        points = sum(line.points for line in lines if line.valid)
        combinations = sum(1 for line in lines if line.seven)
        return gettext("%(points)s card points on the table · 7-card combinations: %(n)s") % {
            "points": points,
            "n": combinations,
        }

    def sides(self) -> list[SambaSide]:
        out = []
        for side in self.match.sides:
            p = prefix(side.position)
            # A player alone is not offered what needs a partner (the engine refuses it).
            alone = len(side.players) == 1
            premiums = [n for n in entries.CONCEALED_FIELDS if not (alone and n in PARTNER_ONLY)]
            penalties = [n for n in entries.PENALTY_FIELDS if not (alone and n in PARTNER_ONLY)]
            out.append(
                self.side_fields(
                    side,
                    SambaSide,
                    red_threes=self[p + "red_threes"],
                    red_threes_in_hand=self[p + "red_threes_in_hand"],
                    premiums=[self[p + name] for name in premiums],
                    penalties=[self[p + name] for name in penalties],
                )
            )
        return out
