"""Samba's referee questions for a dispute at the table: a meld, an opening, the pile,
going out. Each reads the question and asks ``referee.samba``; the answer names the rule."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import samba
from scoring.games.samba.forms import TopMinimumField, meld_check
from scoring.kit import questions
from scoring.kit.cardfields import CardField, CardsField, MeldsField
from scoring.kit.fields import number_field
from scoring.kit.match import MatchView
from scoring.kit.questions import Answer, Question, answer, yes_no
from scoring.kit.rulebook import label


def options(top_minimum: int | None) -> samba.SambaOptions:
    return samba.SambaOptions(top_minimum=top_minimum or samba.DEFAULT_OPTIONS.top_minimum)


class MatchMinimum(Question):
    """A question whose answer depends on the opening minimum from 7,000 (its
    ``top_minimum`` field): asked from a match, the match's house rule decides it."""

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        if self.match_options is not None:
            self.initial["top_minimum"] = self.match_options.top_minimum
            self.fields["top_minimum"].disabled = True


def ruled(verdict: samba.Verdict) -> Answer:
    """A yes/no answer with the rule that decides it, and the minimum an opening in that
    play must reach."""
    details = []
    minimum = verdict.params.get("minimum")
    if verdict.allowed and minimum:
        details.append(
            gettext("Opening in that play, the side needs at least %(minimum)s points.")
            % {"minimum": minimum}
        )
    return yes_no(verdict, details=details)


def entered_side(entry: Mapping[str, Any], side: int | None) -> Mapping[str, Any]:
    """Side ``side`` of a hand entered card by card ({} for a quick count, or none)."""
    sides = entry.get("sides") or []
    if entry.get("mode") != "cards" or side is None or not 0 <= side < len(sides):
        return {}
    return sides[side]


class MeldQuestion(questions.MeldQuestion):
    cards = CardsField(label=_("Cards of the meld"), help_text=_("For example: KH KS KD JK"))
    going_out = forms.BooleanField(label=_("The side is going out"), required=False)

    @classmethod
    def from_entry(
        cls, entry: Mapping[str, Any], side: int | None, match: MatchView | None = None
    ) -> dict[str, Any]:
        """A disputed hand's first meld of ``side``, as the question's initial data."""
        found = entered_side(entry, side)
        melds = found.get("melds") or []
        if not melds:
            return {}
        return {"cards": " ".join(melds[0]), "going_out": bool(found.get("went_out"))}

    def verdict(self) -> Answer:
        cards = self.cleaned_data["cards"]
        check = meld_check(cards, going_out=self.cleaned_data["going_out"])
        kind = label(check.rule) if check.rule else ""
        if check.valid:
            headline = gettext("%(kind)s, %(points)s card points") % {
                "kind": kind,
                "points": check.points,
            }
        else:
            headline = gettext("Not a valid meld")
            if kind:
                headline += f" ({kind})"
        return answer(
            check.valid, headline, rule=check.rule, cards=cards, violations=check.violations
        )


class OpeningQuestion(MatchMinimum, questions.OpeningQuestion):
    title = _("Does this opening reach the minimum?")

    melds = MeldsField(label=_("Melds laid in this play, one per line"))
    running_total = number_field(
        _("The side's running total before the hand"), -(10**9), 10**9, initial=0
    )
    going_out = forms.BooleanField(label=_("The side is going out"), required=False)
    # The pile's questions together: its top card, then what makes it need a pair.
    pile_top = CardField(
        label=_("The pile's top card, if the pile is taken with it"), required=False
    )
    pile_taken_this_hand = forms.BooleanField(
        label=_("Someone has already taken the pile this hand"), required=False
    )
    pile_frozen = forms.BooleanField(
        label=_("The pile is premiado (frozen)"),
        required=False,
        help_text=_(
            "A wild was discarded on it (or a red three or a wild turned up at the start): "
            "it is taken only with two natural cards from hand equal to the top card."
        ),
    )
    top_minimum = TopMinimumField()

    def verdict(self) -> Answer:
        data = self.cleaned_data
        verdict = samba.check_opening(
            data["melds"],
            data["running_total"],
            options(data["top_minimum"]),
            data["pile_top"],
            going_out=data["going_out"],
            pile_taken_this_hand=data["pile_taken_this_hand"],
            pile_frozen=data["pile_frozen"],
        )
        numbers = {"points": verdict.points, "minimum": verdict.minimum}
        rule = "samba.opening.minimum"
        if verdict.valid:
            headline = gettext("Yes: %(points)s points, the minimum is %(minimum)s") % numbers
        elif verdict.points >= verdict.minimum and verdict.violations:
            # The minimum is met: what refuses the opening is another rule (the pile's).
            headline = (
                gettext(
                    "No: %(points)s points reach the minimum of %(minimum)s, but a rule is broken"
                )
                % numbers
            )
            rule = verdict.violations[0].rule
        else:
            headline = gettext("No: %(points)s points, the minimum is %(minimum)s") % numbers
        cards = [card for meld in data["melds"] for card in meld]
        return answer(
            verdict.valid,
            headline,
            rule=rule,
            cards=cards,
            violations=verdict.violations,
        )


class PileQuestion(MatchMinimum, questions.PileQuestion):
    title = _("May this player take the pile now?")

    top = CardField(label=_("The pile's top card"))
    hand = CardsField(label=_("The player's hand"), required=False)
    side_melds = MeldsField(label=_("The side's melds on the table, one per line"), required=False)
    side_has_opened = forms.BooleanField(label=_("The side has opened"), required=False)
    pile_taken_this_hand = forms.BooleanField(
        label=_("Someone has already taken the pile this hand"),
        required=False,
        help_text=_("The hand's first take needs two naturals from hand."),
    )
    pile_frozen = forms.BooleanField(label=_("The pile is premiado (frozen)"), required=False)
    running_total = number_field(
        _("The side's running total (for its opening minimum)"), -(10**9), 10**9, required=False
    )
    top_minimum = TopMinimumField()

    def verdict(self) -> Answer:
        data = self.cleaned_data
        verdict = samba.may_take_pile(
            data["top"],
            hand=data["hand"],
            side_melds=data["side_melds"],
            side_has_opened=data["side_has_opened"],
            pile_taken_this_hand=data["pile_taken_this_hand"],
            pile_frozen=data["pile_frozen"],
            running_total=data["running_total"],
            options=options(data["top_minimum"]),
        )
        return ruled(verdict)


class GoingOutQuestion(questions.GoingOutQuestion):
    title = _("May this side go out?")

    melds = MeldsField(
        label=_("The side's melds, those laid now included, one per line"), required=False
    )
    combinations = number_field(
        _("Or: how many 7-card combinations the side has"),
        0,
        samba.MOST_COMBINATIONS,
        required=False,
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("melds") and data.get("combinations") is None and not self.errors:
            raise forms.ValidationError(_("Enter the side's melds or its number of combinations."))
        return data

    @classmethod
    def from_entry(
        cls, entry: Mapping[str, Any], side: int | None, match: MatchView | None = None
    ) -> dict[str, Any]:
        """A disputed hand's melds of ``side``, one per line."""
        melds = entered_side(entry, side).get("melds") or []
        return {"melds": "\n".join(" ".join(meld) for meld in melds)} if melds else {}

    def verdict(self) -> Answer:
        data = self.cleaned_data
        return ruled(samba.may_go_out(data["melds"] if data["melds"] else data["combinations"]))


QUESTIONS: dict[str, type[Question]] = {
    "meld": MeldQuestion,
    "opening": OpeningQuestion,
    "pile": PileQuestion,
    "going_out": GoingOutQuestion,
}
