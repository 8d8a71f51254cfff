from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.ledger.registry import MatchView


class FreeOptionsForm(forms.Form):
    lowest_wins = forms.BooleanField(
        label=_("Lowest total wins"),
        required=False,
        help_text=_("For games like Copas, where points are bad."),
    )


class FreeHandForm(forms.Form):
    """One whole number per side."""

    def __init__(self, match: MatchView, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        for side in match.sides:
            self.fields[f"side_{side.position}"] = forms.IntegerField(
                label=side.name,
                min_value=-1_000_000,
                max_value=1_000_000,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
            )

    def side_fields(self) -> list[forms.BoundField]:
        return [self[f"side_{side.position}"] for side in self.match.sides]

    def entry(self) -> dict[str, Any]:
        return {"points": [self.cleaned_data[f"side_{s.position}"] for s in self.match.sides]}

    @classmethod
    def initial_from(cls, entry: dict[str, Any]) -> dict[str, int]:
        return {f"side_{i}": points for i, points in enumerate(entry.get("points", []))}
