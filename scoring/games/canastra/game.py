"""Canastra on the ledger: the AACRT 2016 rules, two pairs, two decks, two mortos, to 3,000.

A hand is entered as counts or card by card (``forms.CanastraHandForm``) and scored by
``referee.canastra``; the buraco ladder of the hand being played (each pair's failed
openings) is the hand's draft, so every phone at the table shows the same requirement.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee import canastra
from scoring.games.canastra import entries
from scoring.games.canastra.forms import CanastraHandForm, CanastraOptionsForm, opening_note
from scoring.kit.match import MatchView
from scoring.kit.sides import SidesGame


class Canastra(SidesGame):
    slug = "canastra"
    name = _("Canastra")
    description = _(
        "The AACRT 2016 rules: two pairs, two decks, two mortos, sequences only, to 3,000. "
        "Enter each hand as counts or card by card; the buraco rule's opening minimum is "
        "kept on the scoreboard."
    )
    engine = canastra
    min_sides = max_sides = canastra.PAIRS
    max_players_per_side = 2  # a pair
    # Two pairs; or two players alone (canastra.ruling.two-players).
    tables = frozenset({(2, 2), (1, 1)})
    options_class = canastra.CanastraOptions
    options_form_class = CanastraOptionsForm
    hand_form_class = CanastraHandForm

    def side_notes(self, match: MatchView) -> dict[int, list[str]]:
        """Under each pair's total: its opening requirement if the buraco rule holds it
        (with this hand's failed openings, from the shared draft)."""
        notes: dict[int, list[str]] = {side.position: [] for side in match.sides}
        for opening in entries.openings(match.sides, match.draft):
            if opening.under_buraco:
                notes[opening.position].append(opening_note(opening))
        return self.with_ties(match, notes)
