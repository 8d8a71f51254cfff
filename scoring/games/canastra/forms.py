"""Canastra's forms: the house rules, and the add-hand form (quick counts or card by card)
with the hand's buraco ladder. They read what was typed or tapped and hand it to
``referee.canastra``; nothing here decides a rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from referee import canastra
from referee.cards import Card
from scoring.games.canastra import entries
from scoring.games.canastra.entries import Opening
from scoring.kit.cardfields import MeldCheck, MeldLine
from scoring.kit.fields import checkbox, count_field
from scoring.kit.rulebook import label, rule_url
from scoring.kit.sides import SideFields, SidesHandForm, prefix

# The step buttons of the buraco ladder: ``fail:<position>`` and ``unfail:<position>``.
FAIL = "fail"
UNFAIL = "unfail"
CLEAN_RULE = f"canastra.kind.{canastra.CLEAN_CANASTRA}"
DIRTY_RULE = f"canastra.kind.{canastra.DIRTY_CANASTRA}"
OPENING_RULE = "canastra.opening.minimum"


def meld_check(cards: list[Any]) -> MeldCheck:
    """One meld as the live check shows it: its kind is the rule that defines it."""
    verdict = canastra.check_meld(cards)
    return MeldCheck(
        valid=verdict.valid,
        rule=f"canastra.kind.{verdict.kind}" if verdict.valid else None,
        points=verdict.points,
        seven=verdict.valid and verdict.is_canastra,
        violations=verdict.violations,
    )


# --------------------------------------------------------------------------- house rules


class CanastraOptionsForm(forms.Form):
    """The house rules a match chooses; ``cleaned_data`` is stored as the match's options,
    in the engine's own names (``CanastraOptions``)."""

    hand_to_opponents = forms.TypedChoiceField(
        label=_("Cards left in hand when the hand ends"),
        choices=[
            ("opponents", _("Go to the opponents' count (the AACRT rule)")),
            ("own", _("Are subtracted from the pair's own count (classic)")),
        ],
        coerce=lambda value: value == "opponents",
        initial="opponents",
        widget=forms.RadioSelect,
    )
    untaken_morto_penalty = checkbox(
        _("A pair that never took its morto loses 100"),
        _("The AACRT rules name no such penalty."),
    )


# --------------------------------------------------------------------------- the hand


@dataclass(kw_only=True)
class PairFields(SideFields):
    """A pair's part of the hand form, with its morto."""

    took_morto: forms.BoundField


class CanastraHandForm(SidesHandForm):
    """A hand of Canastra in quick mode (counts per pair) or cards mode (melds per pair),
    and, while it is being played, the buraco ladder (the draft ``{"failed": [k0, k1]}``,
    moved by the step buttons and shared by every phone at the table)."""

    multi_step = True
    quick_fields = entries.COUNT_FIELDS
    quick_counts = ("clean_canastras", "dirty_canastras")
    quick_points = ("meld_points", "hand_points")
    sides_key = "pairs"
    went_out_label = _("Who made the final going out?")
    # The kit's "Cards left in hand": a pair's two hands, or one player's (the game for two).

    def add_side_fields(self, p: str) -> None:
        # The caps are what two decks can hold (referee.canastra's deck facts).
        points, step = canastra.MOST_CARD_POINTS, canastra.CARD_POINTS_STEP
        # A pair rarely lays more than three canastras of a kind: 0–3 are one tap each.
        self.fields[p + "clean_canastras"] = count_field(
            _("Clean canastras"), canastra.MOST_CLEAN_CANASTRAS, chips=4
        )
        self.fields[p + "dirty_canastras"] = count_field(
            _("Dirty canastras"), canastra.MOST_DIRTY_CANASTRAS, chips=4
        )
        self.fields[p + "meld_points"] = count_field(
            _("Card points on the table"), points, step=step
        )
        self.fields[p + "hand_points"] = count_field(
            _("Card points left in hand"), points, step=step
        )
        self.fields[p + "took_morto"] = checkbox(_("Took its morto"))

    def side_entry(self, p: str) -> dict[str, Any]:
        return {"took_morto": bool(self.cleaned_data.get(p + "took_morto"))}

    def side_initial(self, p: str, side: Mapping[str, Any]) -> dict[str, Any]:
        return {p + "took_morto": bool(side.get("took_morto"))}

    def entry(self) -> dict[str, Any]:
        """The plain dict stored for the hand (see ``entries``), with its buraco ladder."""
        return {**super().entry(), "failed": self.failed}

    def check_meld(self, cards: list[Card], position: int) -> MeldCheck:
        return meld_check(cards)

    def melds_summary(self, lines: list[MeldLine]) -> str:
        """A pair's melds in one line: the card points and the canastras they make."""
        valid = [line for line in lines if line.valid]
        clean = sum(1 for line in valid if line.rule == CLEAN_RULE)
        dirty = sum(1 for line in valid if line.rule == DIRTY_RULE)
        return gettext(
            "%(points)s card points on the table · clean canastras: %(clean)s · dirty: %(dirty)s"
        ) % {"points": sum(line.points for line in valid), "clean": clean, "dirty": dirty}

    # --- the buraco ladder: steps -------------------------------------------------------

    @property
    def failed(self) -> list[int]:
        return [opening.failed for opening in self.openings]

    def draft_from_entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        failed = entries.failed_of(entry, len(self.match.sides))
        return {"failed": failed} if any(failed) else {}

    def step(self) -> dict[str, Any]:
        """A failed opening (``fail:<position>``) raises that pair's requirement; a mistap
        is taken back (``unfail:<position>``). A pair below 1,500 has no ladder to move,
        and past what two decks can reach no further failure is counted."""
        action, _sep, position = self.pressed.partition(":")
        failed = self.failed
        for index, opening in enumerate(self.openings):
            if str(opening.position) != position:
                continue
            if action == FAIL and opening.may_fail_again:
                failed[index] += 1
            elif action == UNFAIL and failed[index] > 0:
                failed[index] -= 1
        return {"failed": failed} if any(failed) else {}

    @cached_property
    def openings(self) -> list[Opening]:
        return entries.openings(self.match.sides, self.draft)

    def fields_key(self) -> Any:
        """Besides the mode, a fresh hand shows the buraco ladder of each pair at 1,500
        or more, which its total sets."""
        ladder = [opening.total if opening.under_buraco else None for opening in self.openings]
        return [super().fields_key(), ladder]

    def buraco(self) -> list[Opening]:
        """The pairs under the buraco rule, with their ladder this hand."""
        return [opening for opening in self.openings if opening.under_buraco]

    def buraco_rule(self) -> dict[str, Any]:
        """The rule the ladder follows, as the page links it."""
        return {"title": label(OPENING_RULE), "url": rule_url(OPENING_RULE)}

    # --- laying out ---------------------------------------------------------------------

    def pairs(self) -> list[PairFields]:
        return [
            self.side_fields(
                side, PairFields, took_morto=self[prefix(side.position) + "took_morto"]
            )
            for side in self.match.sides
        ]


def opening_note(opening: Opening) -> str:
    """A pair's opening requirement as the scoreboard says it."""
    if not opening.failed:
        return gettext("Buraco: opens with %(required)s") % {"required": opening.required}
    return ngettext(
        "Buraco: opens with %(required)s (%(failed)s failed opening)",
        "Buraco: opens with %(required)s (%(failed)s failed openings)",
        opening.failed,
    ) % {"required": opening.required, "failed": opening.failed}
