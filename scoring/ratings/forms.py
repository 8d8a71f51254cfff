from __future__ import annotations

from django import forms

from scoring.ratings.models import ClubRatings, Season


class RulesForm(forms.ModelForm):
    class Meta:
        model = ClubRatings
        fields = ["minimum_matches", "fresh_seasons"]
        widgets = {"minimum_matches": forms.NumberInput(attrs={"min": 1, "max": 100})}


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "start", "end"]
        widgets = {
            "start": forms.DateInput(attrs={"type": "date"}),
            "end": forms.DateInput(attrs={"type": "date"}),
        }
