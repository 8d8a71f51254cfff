"""Samba on the ledger: Brazilian canasta with sambas, three decks, to 10,000."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import samba
from referee.rulings import Breakdown
from scoring.games.samba import entries
from scoring.games.samba.forms import SambaHandForm, SambaOptionsForm
from scoring.games.samba.rules import RULES
from scoring.ledger.registry import GameBase, MatchView


def match_options(match: MatchView) -> samba.SambaOptions:
    """The engine's options for a match: its house rules and its target, if it has one."""
    return entries.options_for(match.options, match.target)


class Samba(GameBase):
    slug = "samba"
    name = _("Samba")
    description = _(
        "Brazilian canasta with sambas, three decks, to 10,000. Enter each hand as counts "
        "or card by card; every meld is checked."
    )
    min_sides = 2
    max_sides = 3
    max_players_per_side = 3
    default_target = samba.DEFAULT_OPTIONS.target
    hand_template = "samba/hand.html"
    rules = RULES

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, sides: int | None = None
    ) -> SambaOptionsForm:
        return SambaOptionsForm(data, prefix="options")

    def hand_form(
        self, match: MatchView, data: Mapping[str, Any] | None = None, initial: Any = None
    ) -> SambaHandForm:
        return SambaHandForm(match, data, initial=SambaHandForm.initial_from(initial, match))

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        return entries.score_entry(entry, match_options(match))

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        if not match.hands_played:
            return []
        totals = [side.total for side in match.sides]
        if match.target is not None and not closing:
            index = samba.winner(totals, match_options(match))
            return [] if index is None else [match.sides[index].position]
        if not closing:
            return []
        best = max(totals)
        return [side.position for side in match.sides if side.total == best]

    def side_notes(self, match: MatchView) -> dict[int, list[str]]:
        options = match_options(match)
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
