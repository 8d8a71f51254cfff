"""Canastra's forms: the house rules, and the add-hand form (quick counts or card by card)
with the hand's buraco ladder. They read what was typed or tapped and hand it to
``referee.canastra``; nothing here decides a rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from referee import canastra
from scoring.games.canastra import entries
from scoring.games.canastra.entries import Opening
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
from scoring.ledger.rulebook import label, rule_url

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


def melds_summary(lines: list[MeldLine]) -> str:
    """A pair's melds in one line: the card points and the canastras they make."""
    valid = [line for line in lines if line.valid]
    # A line names its kind only through the rule that defines it.
    clean = sum(1 for line in valid if line.url == rule_url(CLEAN_RULE))
    dirty = sum(1 for line in valid if line.url == rule_url(DIRTY_RULE))
    return gettext(
        "%(points)s card points on the table · clean canastras: %(clean)s · dirty: %(dirty)s"
    ) % {"points": sum(line.points for line in valid), "clean": clean, "dirty": dirty}


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
    untaken_morto_penalty = forms.BooleanField(
        label=_("A pair that never took its morto loses 100"),
        required=False,
        help_text=_("The AACRT rules name no such penalty."),
    )


# --------------------------------------------------------------------------- the hand


@dataclass
class PairFields:
    """One pair's part of the hand form, as the template lays it out."""

    position: int
    name: str
    counts: list[forms.BoundField]  # quick: clean and dirty canastras
    points: list[forms.BoundField]  # quick: card points on the table and left in hand
    melds: forms.BoundField  # cards
    hand: forms.BoundField  # cards
    took_morto: forms.BoundField
    picker: dict[str, Any] = field(default_factory=dict)
    lines: list[MeldLine] = field(default_factory=list)
    summary: str = ""


class CanastraHandForm(HandForm):
    """A hand of Canastra in quick mode (counts per pair) or cards mode (melds per pair),
    and, while it is being played, the buraco ladder (the draft ``{"failed": [k0, k1]}``,
    moved by the step buttons and shared by every phone at the table).

    Field names are ``s<position>-<name>``; ``mode`` and ``went_out`` are the hand's.
    Only the chosen mode's fields are read; the other mode's are ignored.
    """

    multi_step = True

    mode = forms.ChoiceField(
        label=_("Entry"),
        choices=[
            (entries.MODE_QUICK, _("Quick count")),
            (entries.MODE_CARDS, _("Card by card")),
        ],
        widget=forms.RadioSelect,
        initial=entries.MODE_QUICK,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["went_out"] = forms.ChoiceField(
            label=_("Who made the final going out?"),
            choices=[
                *((str(side.position), side.name) for side in self.match.sides),
                ("", _("Nobody (the stock ran out)")),
            ],
            required=False,
            widget=forms.RadioSelect,
        )
        for side in self.match.sides:
            self._add_pair_fields(side.position)

    def _add_pair_fields(self, position: int) -> None:
        p = f"s{position}-"
        # The caps are what two decks can hold (referee.canastra's deck facts).
        points, step = canastra.MOST_CARD_POINTS, canastra.CARD_POINTS_STEP
        # A pair rarely lays more than three canastras of a kind: 0–3 are one tap each.
        self.fields[p + "clean_canastras"] = count_field(
            _("Clean canastras"), canastra.MOST_CANASTRAS, chips=4
        )
        self.fields[p + "dirty_canastras"] = count_field(
            _("Dirty canastras"), canastra.MOST_DIRTY_CANASTRAS, chips=4
        )
        self.fields[p + "meld_points"] = count_field(
            _("Card points on the table"), points, step=step
        )
        self.fields[p + "hand_points"] = count_field(
            _("Card points left in the pair's hands"), points, step=step
        )
        # Plain text, read in ``clean`` only in cards mode: in quick mode they may hold
        # anything without stopping the hand. One picker per pair serves both.
        self.fields[p + "melds"] = forms.CharField(
            label=_("Melds on the table, one per line"),
            required=False,
            max_length=MAX_CARDS_TEXT,
            widget=forms.Textarea(attrs={"rows": 3, **CARD_INPUT}),
        )
        self.fields[p + "hand"] = forms.CharField(
            label=_("Cards left in both players' hands"),
            required=False,
            max_length=MAX_CARDS_TEXT,
            widget=forms.TextInput(attrs=CARD_INPUT),
        )
        self.fields[p + "took_morto"] = forms.BooleanField(
            label=_("Took its morto"), required=False
        )

    # --- reading ------------------------------------------------------------------------

    def mode_value(self) -> str:
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
        """The plain dict stored for the hand (see ``entries``)."""
        data = self.cleaned_data
        mode = data["mode"]
        went_out = data.get("went_out") or ""
        pairs = []
        for side in self.match.sides:
            p = f"s{side.position}-"
            if mode == entries.MODE_CARDS:
                own: dict[str, Any] = {
                    "melds": [[str(card) for card in meld] for meld in data[p + "melds"]],
                    "hand": [str(card) for card in data[p + "hand"]],
                }
            else:
                own = {name: data.get(p + name) or 0 for name in entries.COUNT_FIELDS}
            own["took_morto"] = bool(data.get(p + "took_morto"))
            own["went_out"] = went_out == str(side.position)
            pairs.append(own)
        return {"mode": mode, "failed": self.failed, "pairs": pairs}

    def initial_for_new(self) -> dict[str, Any]:
        """Tables keep to one way of counting: a new hand starts in the last hand's mode."""
        last = self.match.state.get("mode")
        return {"mode": last} if last in entries.MODES else {}

    def initial_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The form's fields filled from a stored entry (to correct a hand)."""
        initial: dict[str, Any] = {"mode": entry.get("mode", entries.MODE_QUICK), "went_out": ""}
        for position, pair in enumerate(entry.get("pairs") or ()):
            p = f"s{position}-"
            if pair.get("went_out"):
                initial["went_out"] = str(position)
            initial[p + "took_morto"] = bool(pair.get("took_morto"))
            for name in entries.COUNT_FIELDS:
                if name in pair:
                    initial[p + name] = pair[name]
            if "melds" in pair:
                initial[p + "melds"] = "\n".join(written_cards(meld) for meld in pair["melds"])
            if "hand" in pair:
                initial[p + "hand"] = written_cards(pair["hand"])
        return initial

    # --- the buraco ladder: steps -------------------------------------------------------

    @property
    def failed(self) -> list[int]:
        return entries.failed_of(self.draft, len(self.match.sides))

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

    def buraco(self) -> list[Opening]:
        """The pairs under the buraco rule, with their ladder this hand."""
        return [opening for opening in self.openings if opening.under_buraco]

    def buraco_rule(self) -> dict[str, Any]:
        """The rule the ladder follows, as the page links it."""
        return {"title": label(OPENING_RULE), "url": rule_url(OPENING_RULE)}

    # --- checked as typed ---------------------------------------------------------------

    def pair_lines(self, position: int) -> list[MeldLine]:
        return meld_lines(str(self[f"s{position}-melds"].value() or ""), meld_check)

    def live_check(self, field: str) -> tuple[str, dict[str, Any]] | None:
        for side in self.match.sides:
            if field == f"s{side.position}-melds":
                lines = self.pair_lines(side.position)
                return "ledger/_meld_lines.html", {
                    "lines": lines,
                    "summary": melds_summary(lines),
                }
        return None

    # --- laying out ---------------------------------------------------------------------

    def pairs(self) -> list[PairFields]:
        out = []
        for side in self.match.sides:
            p = f"s{side.position}-"
            melds, hand = self[p + "melds"], self[p + "hand"]
            lines = self.pair_lines(side.position)
            out.append(
                PairFields(
                    position=side.position,
                    name=side.name,
                    counts=[self[p + "clean_canastras"], self[p + "dirty_canastras"]],
                    points=[self[p + "meld_points"], self[p + "hand_points"]],
                    melds=melds,
                    hand=hand,
                    took_morto=self[p + "took_morto"],
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


def opening_note(opening: Opening) -> str:
    """A pair's opening requirement as the scoreboard says it."""
    if not opening.failed:
        return gettext("Buraco: opens with %(required)s") % {"required": opening.required}
    return ngettext(
        "Buraco: opens with %(required)s (%(failed)s failed opening)",
        "Buraco: opens with %(required)s (%(failed)s failed openings)",
        opening.failed,
    ) % {"required": opening.required, "failed": opening.failed}
