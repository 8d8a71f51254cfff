"""Samba on the ledger: Brazilian canasta with sambas, three decks, to 10,000."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import samba
from scoring.games.samba.forms import SambaHandForm, SambaOptionsForm
from scoring.kit.match import MatchView
from scoring.kit.sides import SidesGame


class Samba(SidesGame):
    slug = "samba"
    name = _("Samba")
    description = _(
        "Brazilian canasta with sambas, three decks, to 10,000. Enter each hand as counts "
        "or card by card; every meld is checked."
    )
    engine = samba
    min_sides, max_sides = min(samba.SIDES_ALLOWED), max(samba.SIDES_ALLOWED)
    max_players_per_side = 3
    # Two or three players alone, two pairs, or six: two teams of three or three pairs.
    tables = frozenset({(1, 1), (1, 1, 1), (2, 2), (3, 3), (2, 2, 2)})
    options_class = samba.SambaOptions
    options_form_class = SambaOptionsForm
    hand_form_class = SambaHandForm

    def side_notes(self, match: MatchView) -> dict[int, list[str]]:
        options = self.match_options(match)
        notes = {
            side.position: [
                gettext("Opening minimum: %(minimum)s")
                % {"minimum": samba.opening_minimum(side.total, options)}
            ]
            for side in match.sides
        }
        return self.with_ties(match, notes)
