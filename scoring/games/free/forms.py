from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.kit.fields import WholeNumberField, checkbox
from scoring.kit.handforms import HandForm

MOST_POINTS = 1_000_000


class FreeOptionsForm(forms.Form):
    lowest_wins = checkbox(
        _("Lowest total wins"), _("For games like Copas, where points are bad.")
    )


class FreeHandForm(HandForm):
    """One whole number per side; a side left empty scores 0."""

    def add_fields(self) -> None:
        for side in self.match.sides:
            self.fields[f"side_{side.position}"] = WholeNumberField(
                label=side.name,
                required=False,
                min_value=-MOST_POINTS,
                max_value=MOST_POINTS,
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "autocomplete": "off", "placeholder": "0"}
                ),
            )

    def fields_key(self) -> Any:
        # One number box per side: nothing the hands change shows in them.
        return ""

    def side_fields(self) -> list[forms.BoundField]:
        return [self[f"side_{side.position}"] for side in self.match.sides]

    def entry(self) -> dict[str, Any]:
        return {
            "points": [
                self.cleaned_data[f"side_{side.position}"] or 0 for side in self.match.sides
            ]
        }

    def initial_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        return {f"side_{i}": points for i, points in enumerate(entry.get("points", []))}
