"""Truco's forms: the house rules, and the hand as the table shouts it.

A hand is the list of what was said in it (``Event`` s: raise, accept, run, penalty,
win). The calls so far are the hand's draft, shared by every phone at the table: a call
is a ``step`` button, and the buttons on offer are the engine's (``HandState.check``
says, for each team and each action, None or the rule against it). Winning the hand or
running from a call records it. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.rulings import RuleError, Violation
from referee.truco import (
    TARGETS,
    TEAMS,
    Event,
    HandState,
    TrucoOptions,
)
from scoring.games.truco import board
from scoring.games.truco.board import ENDS_HAND, act_of, event_of
from scoring.games.truco.progress import Progress, progress
from scoring.kit.fields import checkbox
from scoring.kit.handforms import HandForm
from scoring.kit.rulebook import describe

VARIANT_CHOICES = [
    ("seed", _("Fixed manilhas (4♣ 7♥ A♠ 7♦)")),
    ("paulista", _("Paulista (vira, manilha nova)")),
    ("mineiro", _("Mineiro (hand worth 2)")),
]
BEST_OF_CHOICES = [(1, _("One game")), (3, _("Best of three"))]
TARGET_CHOICES = [(target, str(target)) for target in TARGETS]
OPTION_LABELS = {
    "target": _("Target"),
    "variant": _("Variant"),
    "best_of": _("Match"),
    "accepted_truco_trick_decides": _("The trick after an accepted truco decides"),
}


class TrucoOptionsForm(forms.Form):
    variant = forms.ChoiceField(label=_("Variant"), choices=VARIANT_CHOICES, initial="seed")
    best_of = forms.TypedChoiceField(
        label=_("Match"), choices=BEST_OF_CHOICES, coerce=int, initial=1
    )
    accepted_truco_trick_decides = checkbox(
        OPTION_LABELS["accepted_truco_trick_decides"],
        _(
            "The seed's literal reading: after a call is accepted, whoever wins the next "
            "trick wins the hand."
        ),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            TrucoOptions.from_dict(cleaned)
        except RuleError as error:
            for violation in error.violations:
                params = dict(violation.params)
                params["option"] = OPTION_LABELS.get(params.get("option"), params.get("option"))
                self.add_error("best_of", describe(Violation(violation.rule, params)))
        return cleaned


def events_of(draft: Mapping[str, Any]) -> list[Event]:
    events = []
    for data in draft.get("events") or ():
        if isinstance(data, Mapping):
            events.append(Event.from_dict(data))
    return events


class TrucoHandForm(HandForm):
    """A hand's calls (the draft) and the button that ends it (``act``: win or run)."""

    multi_step = True
    record_button = False

    act = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)

    # --- the contract -------------------------------------------------------------------

    def draft_from_entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """A stored hand being corrected: its calls, without the win or run that ended it,
        so the table taps again how it ended."""
        events = list(entry.get("events") or ())
        if events and isinstance(events[-1], Mapping) and events[-1].get("type") in ENDS_HAND:
            events = events[:-1]
        return {"events": events}

    def posted_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The calls, and the button that ended the hand (who won, or who ran)."""
        data = super().posted_from(entry)
        events = list(entry.get("events") or ())
        if events and isinstance(events[-1], Mapping) and events[-1].get("type") in ENDS_HAND:
            data["act"] = act_of(Event.from_dict(events[-1]))
        return data

    def clean_act(self) -> str:
        act = self.cleaned_data["act"].strip()
        event = event_of(act)
        if event is None or event.type not in ENDS_HAND:
            raise forms.ValidationError(_("Tap who won the hand, or who ran."))
        return act

    def entry(self) -> dict[str, Any]:
        events = [event.as_dict() for event in events_of(self.draft)]
        extra = event_of(self.cleaned_data["act"])
        if extra is not None:
            events.append(extra.as_dict())
        return {"events": events}

    def step(self) -> dict[str, Any]:
        """A call, an answer or a penalty: the draft with it, if the engine allows it."""
        events = events_of(self.draft)
        pressed = self.pressed
        if pressed == "back":
            events = events[:-1]
        elif pressed == "clear":
            events = []
        else:
            event = event_of(pressed)
            state = self._state_after(events)
            if event is None or state is None:
                raise RuleError(Violation("truco.event.unknown", {"type": pressed}))
            refused = state.check(event)
            if refused is not None:
                raise RuleError(refused)
            events.append(event)
        return {"events": [event.as_dict() for event in events]}

    # --- the board --------------------------------------------------------------------

    @cached_property
    def progress(self) -> Progress:
        return progress(self.match)

    def _state_after(self, events: Sequence[Event]) -> HandState | None:
        state = self.progress.next_hand()
        if state is None:
            return None
        for event in events:
            state = state.apply(event)
        return state

    @cached_property
    def board(self) -> board.Board | None:
        """What the buttons show for the hand so far; None once the match is won."""
        start = self.progress.next_hand()
        if start is None:
            return None
        names = {team: self._name(team) for team in TEAMS}
        return board.board(start, events_of(self.draft), names)

    def _name(self, team: str) -> str:
        """A team as the table knows it: its name (its players' names by default)."""
        position = TEAMS.index(team)
        side = next((s for s in self.match.sides if s.position == position), None)
        return side.name if side else team
