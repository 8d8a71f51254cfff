"""The hand form every game's form builds on: one contract, one multi-step mechanism.

A ``HandForm`` is made from the match as plain data (``MatchView``), what a phone posted,
and, when a past hand is being corrected, that hand's stored entry. ``entry()`` is the
plain dict the ledger stores and scores.

Some hands are entered in steps (a Truco hand's calls, a Pif-Paf hand's bets, a
Pinkerton round's turns). Their progress is the hand's **draft**: plain JSON that rides
in the form (``draft``) and, for the hand being played, is stored on the match so every
phone at the table sees the same calls. A submit named ``step`` asks the form for the
next draft (``step()``) and the form is drawn again with it: nothing is recorded. Only
the ledger's views run this; a game writes ``step()`` and reads ``self.draft``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar, TypedDict

from django import forms
from django.forms.utils import ErrorDict

from referee.cards import Deck
from scoring.kit.cardfields import CardsField, fit_pickers, read_cards
from scoring.kit.match import MatchView

# The name of every button that moves a hand on a step rather than recording it.
STEP = "step"
# Bounds on what a phone may send as a draft: a real hand never comes near them.
MAX_DRAFT_BYTES = 20_000


def read_draft(text: str | None) -> dict[str, Any] | None:
    """A posted draft; {} when none was posted; None for anything that is not a small
    JSON object (then the form keeps the draft it knows, never an empty one)."""
    if not text:
        return {}
    if len(text) > MAX_DRAFT_BYTES:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


class HandFormKeywords(TypedDict, total=False):
    """What a hand form is made with besides the match and what was posted: the stored
    entry of a past hand being corrected, and whether it is drawn again after a step."""

    entry: Mapping[str, Any] | None
    redraw: bool


class HandForm(forms.Form):
    """A game's hand. Subclasses declare their fields (in ``add_fields`` those that depend
    on the match) and implement ``entry()``; multi-step games also ``step()``."""

    # Whether the hand is entered in steps (its buttons named ``step``).
    multi_step: ClassVar[bool] = False
    # Whether the ledger draws its "Record hand" button (a game whose buttons record the
    # hand themselves, like Truco's "won the hand", draws its own).
    record_button: ClassVar[bool] = True
    # The hand so far as the game's hand template draws it (a Truco hand's buttons, a
    # Pinkerton round's table), None where the fields say it all: a presenter the game
    # keeps in its app's ``board.py``, built from the engine's state, never in its forms.
    board: Any = None

    draft_json = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        match: MatchView,
        data: Mapping[str, Any] | None = None,
        *,
        entry: Mapping[str, Any] | None = None,
        redraw: bool = False,
        deck: Deck | None = None,
    ) -> None:
        self.match = match
        # The deck in play (the game's): what the card pickers offer.
        self.deck = deck
        self.stored_entry = entry
        # Drawn again after a step: show what was posted, judge nothing yet.
        self.redraw = redraw
        posted = read_draft(data.get("draft_json")) if data is not None else None
        if posted is not None:
            self.draft = posted
        elif entry is not None:
            self.draft = self.draft_from_entry(entry)
        else:
            # Nothing readable was posted: the hand as the match keeps it, not an empty one.
            self.draft = dict(match.draft)
        initial = self.initial_from(entry) if entry is not None else self.initial_for_new()
        initial["draft_json"] = json.dumps(self.draft, separators=(",", ":"))
        super().__init__(data, initial=initial)
        self.add_fields()
        fit_pickers(self.fields.values(), deck)
        for field in self.fields.values():
            if isinstance(field, CardsField) and not field.required:
                field.lenient = True

    @property
    def card_notes(self) -> list[dict[str, Any]]:
        """What the hand's optional card fields could not read, as the action bar shows
        it beside the button, once: the hand is recorded without those cards unless
        they are corrected (an optional field never blocks a hand)."""
        if not self.is_bound:
            return []
        notes = []
        for name, field in self.fields.items():
            if not (isinstance(field, CardsField) and field.lenient):
                continue
            text = str(self.data.get(self.add_prefix(name)) or "").strip()
            try:
                read_cards(text) if text else None
            except forms.ValidationError as error:
                notes.append({"field": name, "label": field.label, "problems": error.messages})
        return notes

    def add_fields(self) -> None:
        """Add the fields that depend on the match (its players, its options, the hand's
        draft); ``self.match``, ``self.draft`` and ``self.initial`` are set."""

    # --- the contract -------------------------------------------------------------------

    def entry(self) -> dict[str, Any]:
        """The plain dict stored for the hand, once ``is_valid()``: enough to score it
        again and to fill this form again."""
        raise NotImplementedError

    def initial_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The form's fields filled from a stored entry (a correction)."""
        return {}

    def initial_for_new(self) -> dict[str, Any]:
        """The fields of a new hand (say, the way the last one was entered)."""
        return {}

    def posted_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """What a phone posts to record ``entry`` as it stands: this form's fields as
        filled from it (``initial_from``, ``draft_from_entry``; the form is made with
        ``entry``), written as a browser sends them. A game whose hand ends with a button
        adds what that button sends. An entry sent by a program (the records API) is
        checked by posting this: the same checks and bounds as a phone's."""
        data: dict[str, Any] = {}
        for name, field in self.fields.items():
            value = self[name].value()
            if isinstance(field.widget, forms.CheckboxInput):
                if value:
                    data[name] = "on"
            elif isinstance(value, list | tuple):
                data[name] = [str(item) for item in value]
            elif value is not None:
                data[name] = str(value)
        return data

    def fields_key(self) -> Any:
        """What a fresh form's fields show of the match besides its sides, its options
        and the hand's draft (say, the way the last hand was entered), as plain JSON
        data: every phone, and every version of the match, shares one drawing of the
        fields while it stays the same. None (the default): the fields may show anything
        the hands change (a total, the running state), and are drawn for each version."""
        return None

    @classmethod
    def fresh_fields_key(cls, match: MatchView) -> Any:
        """``fields_key`` of a fresh form for ``match``, asked before the form is made: the
        match page makes it only when the cache does not hold its fields. So
        ``fields_key`` reads nothing but ``self.match`` and ``self.draft``."""
        shell = cls.__new__(cls)
        shell.match, shell.draft, shell.stored_entry = match, dict(match.draft), None
        return shell.fields_key()

    def live_check(self, field: str) -> tuple[str, dict[str, Any]] | None:
        """A field checked as it is typed (a side's melds): the template and context of
        the answer, or None if the field has no such check."""
        return None

    # --- steps --------------------------------------------------------------------------

    def draft_from_entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The draft of a stored hand being corrected (its calls, its bets)."""
        return {}

    @property
    def stepping(self) -> bool:
        return self.is_bound and STEP in self.data

    @property
    def pressed(self) -> str:
        """The step button pressed (its value)."""
        return str(self.data.get(STEP, "")) if self.is_bound else ""

    def step(self) -> dict[str, Any]:
        """The draft after the step button pressed; RuleError if the rules refuse it.
        The form's other fields are readable in ``self.data``."""
        return dict(self.draft)

    def redrawn(self, draft: Mapping[str, Any]) -> HandForm:
        """This form again, with the new draft and what was typed kept."""
        data = self.data.copy()
        data.pop(STEP, None)
        data["draft_json"] = json.dumps(dict(draft), separators=(",", ":"))
        return type(self)(self.match, data, entry=self.stored_entry, redraw=True, deck=self.deck)

    def full_clean(self) -> None:
        if self.redraw:
            self._errors = ErrorDict()
            self.cleaned_data = {}
            return
        super().full_clean()

    def is_valid(self) -> bool:
        # A step button records nothing: the view asks for ``step()`` instead.
        return not self.stepping and not self.redraw and super().is_valid()
