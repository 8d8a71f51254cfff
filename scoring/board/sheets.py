"""The columns of a score sheet: what each side writes down for a hand, as the game's own
hand form asks for it. A game entered per side in counts (Samba's and Canastra's quick
mode) gets a column for each count; every game ends the side's columns with the hand's
points."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.kit.sides import SidesHandForm, prefix


def sheet_columns(match: Any) -> list[str]:
    """The labels of one side's columns, drawn from ``match``'s blank hand form."""
    form = match.rules.hand_form(match.view())
    columns = []
    if isinstance(form, SidesHandForm):
        first = prefix(0)
        columns = [
            str(form.fields[first + name].label)
            for name in form.quick_fields
            if first + name in form.fields
        ]
    return [*columns, _("Points")]
