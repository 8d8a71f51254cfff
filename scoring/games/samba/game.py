"""Samba on the ledger: Brazilian canasta with sambas, three decks, to 10,000."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import samba
from referee.rulings import Breakdown
from scoring.games.samba import entries
from scoring.games.samba.forms import SambaHandForm, SambaOptionsForm
from scoring.games.samba.questions import QUESTIONS
from scoring.games.samba.rules import RULES
from scoring.ledger.registry import Game, MatchView, engine_options


class Samba(Game):
    slug = "samba"
    name = _("Samba")
    description = _(
        "Brazilian canasta with sambas, three decks, to 10,000. Enter each hand as counts "
        "or card by card; every meld is checked."
    )
    engine = samba
    deck = samba.DECK
    min_sides = 2
    max_sides = 3
    max_players_per_side = 3
    default_target = samba.DEFAULT_OPTIONS.target
    options_class = samba.SambaOptions
    options_form_class = SambaOptionsForm
    hand_form_class = SambaHandForm
    hand_template = "samba/hand.html"
    rules = RULES
    api = "scoring.games.samba.api.router"
    confirm_empty_hands = True
    questions = QUESTIONS
    media = forms.Media(css={"all": ["samba/samba.css"]})

    def match_options(self, match: MatchView) -> samba.SambaOptions:
        """The house rules and the ledger's target (if the match has one)."""
        return match.derived(
            "options",
            lambda view: engine_options(samba.SambaOptions, view.options, target=view.target),
        )

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        return entries.score_entry(entry, self.match_options(match))

    def state_after(
        self, match: MatchView, entry: Mapping[str, Any], scores: Sequence[Breakdown]
    ) -> dict[str, Any]:
        # Opening minimums follow from the totals; only the way of counting carries on.
        return {"mode": entry.get("mode", entries.MODE_QUICK)}

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        if not match.hands_played:
            return []
        totals = [side.total for side in match.sides]
        if match.target is not None and not closing:
            index = samba.winner(totals, self.match_options(match))
            return [] if index is None else [match.sides[index].position]
        return super().winners(match, closing=closing)

    def side_notes(self, match: MatchView) -> dict[int, list[str]]:
        options = self.match_options(match)
        notes = {
            side.position: [
                gettext("Opening minimum: %(minimum)s")
                % {"minimum": samba.opening_minimum(side.total, options)}
            ]
            for side in match.sides
        }
        if match.target is None:  # no target: nobody passes it, nobody ties above it
            return notes
        totals = [side.total for side in match.sides]
        for index in samba.standing(totals, options).tied:
            notes[match.sides[index].position].append(
                gettext("Tied at the top: another hand is played")
            )
        return notes
