from __future__ import annotations

import datetime as dt

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class FixturesForm(forms.Form):
    opens = forms.DateField(
        label=_("First window opens"), widget=forms.DateInput(attrs={"type": "date"})
    )
    days = forms.IntegerField(
        label=_("Days each fixture's window lasts"), min_value=1, max_value=90, initial=7
    )

    def opens_at(self) -> dt.datetime:
        day = self.cleaned_data["opens"]
        return timezone.make_aware(dt.datetime.combine(day, dt.time.min))


class ReportForm(forms.Form):
    home = forms.IntegerField(min_value=0, required=False)
    away = forms.IntegerField(min_value=0, required=False)

    def clean(self):
        data = super().clean()
        if (data.get("home") is None) != (data.get("away") is None):
            raise forms.ValidationError(_("Type both sides' final scores, none below zero."))
        return data

    def scores(self) -> list[int] | None:
        if self.cleaned_data.get("home") is None:
            return None  # the fixture's match, as it stands
        return [self.cleaned_data["home"], self.cleaned_data["away"]]


class ExtendForm(forms.Form):
    deadline = forms.DateField(
        label=_("New deadline"), widget=forms.DateInput(attrs={"type": "date"})
    )

    def deadline_at(self) -> dt.datetime:
        day = self.cleaned_data["deadline"]
        return timezone.make_aware(dt.datetime.combine(day, dt.time.max))
