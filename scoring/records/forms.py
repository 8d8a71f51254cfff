from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.clubs.models import Club
from scoring.kit.fields import WholeNumberField
from scoring.kit.registry import game_choices
from scoring.records.stats import Period


def _games() -> list[tuple[str, str]]:
    return [("", _("Every game")), *game_choices()]


class RecordsFilter(forms.Form):
    """Which finished matches a records page counts: a game, a season or a date range,
    and for the match history a search and a player."""

    game = forms.ChoiceField(label=_("Game"), choices=_games, required=False)
    season = WholeNumberField(
        label=_("Season"),
        required=False,
        min_value=2000,
        max_value=2999,
        help_text=_("A year; or choose dates below."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    start = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    q = forms.CharField(label=_("Search"), required=False, max_length=60)
    club = forms.ChoiceField(label=_("Club"), required=False, choices=())

    def __init__(self, data=None, *, user=None) -> None:
        super().__init__(data)
        clubs = []
        if user is not None and user.is_authenticated:
            clubs = list(Club.objects.filter(memberships__user=user).values_list("code", "name"))
        if clubs:
            self.fields["club"].choices = [("", _("All my matches")), *clubs]
        else:
            del self.fields["club"]

    def period(self) -> Period:
        if not self.is_valid():
            return Period()
        data = self.cleaned_data
        if data.get("season"):
            return Period.season(data["season"])
        return Period(data.get("start"), data.get("end"))

    def chosen_game(self) -> str:
        return self.cleaned_data.get("game", "") if self.is_valid() else ""

    def search(self) -> str:
        return " ".join(self.cleaned_data.get("q", "").split()) if self.is_valid() else ""


class HeadToHeadForm(forms.Form):
    first = forms.CharField(
        label=_("Player or pair"),
        max_length=130,
        help_text=_("A name, or two separated by a comma."),
        widget=forms.TextInput(attrs={"list": "player-names", "autocomplete": "off"}),
    )
    second = forms.CharField(
        label=_("Against"),
        max_length=130,
        widget=forms.TextInput(attrs={"list": "player-names", "autocomplete": "off"}),
    )


class ApiTokenForm(forms.Form):
    """A new API token: a name to know it by, and how long it works."""

    LASTS = [
        ("30", _("30 days")),
        ("90", _("90 days")),
        ("365", _("A year")),
        ("", _("Until I revoke it")),
    ]

    name = forms.CharField(
        label=_("Name"), max_length=60, help_text=_("Where it is used, e.g. “league sheet”.")
    )
    lasts = forms.ChoiceField(label=_("Works for"), choices=LASTS, required=False, initial="90")

    def days(self) -> int | None:
        return int(self.cleaned_data["lasts"]) if self.cleaned_data["lasts"] else None
