from __future__ import annotations

from django import forms

from scoring.board.models import ClockRules


class ClockRulesForm(forms.ModelForm):
    class Meta:
        model = ClockRules
        fields = ["minutes", "warning", "at_time"]
        widgets = {
            "minutes": forms.NumberInput(attrs={"inputmode": "numeric", "min": 1}),
            "warning": forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
        }


class PaperForm(forms.Form):
    """A table's final scores as its score sheet says, one per side in seat order."""

    def __init__(self, names: list[str], *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for position, name in enumerate(names):
            self.fields[f"score_{position}"] = forms.IntegerField(
                label=name,
                min_value=-(10**9),
                max_value=10**9,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    def scores(self) -> list[int]:
        return [self.cleaned_data[name] for name in self.fields]
