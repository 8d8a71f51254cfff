"""What a side says is wrong with a hand, and what a director rules."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.acceptance.models import Ruling
from scoring.kit.questions import Question
from scoring.kit.rulebook import label
from scoring.ledger.models import Hand, Match


class DisputeForm(forms.Form):
    text = forms.CharField(
        label=_("What is wrong?"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
        required=False,
    )


def question_form(
    match: Match, hand: Hand, name: str, data: Any = None, side: int | None = None
) -> Question | None:
    """The game's referee question ``name`` within ``match``, prefilled from the hand's
    entry where the question can read one (its ``from_entry``)."""
    rules = match.rules
    question_class = rules.questions.get(name)
    if question_class is None:
        return None
    view = match.view_before(hand.number)
    initial = question_class.from_entry(hand.entry, side, view) if data is None else {}
    return question_class(
        data,
        match=view,
        match_options=rules.match_options(view),
        deck=rules.deck,
        prefix="question",
        initial=initial,
        auto_id="%s",
    )


class RulingForm(forms.Form):
    decision = forms.ChoiceField(
        label=_("Decision"), choices=Ruling.Decision.choices, widget=forms.RadioSelect
    )
    rule = forms.ChoiceField(label=_("The rule it rests on"))
    text = forms.CharField(
        label=_("Written ruling"), widget=forms.Textarea(attrs={"rows": 3}), max_length=4000
    )

    def __init__(self, match: Match, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rules = [rule.id for rule in match.rules.rules]
        self.fields["rule"].choices = [(rule, f"{label(rule)} ({rule})") for rule in rules]
