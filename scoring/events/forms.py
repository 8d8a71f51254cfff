"""The event's forms: setting one up (with its game's own house rules, asked exactly as
a match of the game asks them), entering, withdrawing and substituting."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from referee.events import read_scale
from referee.rulings import RuleError
from scoring.clubs.models import Club, Guest
from scoring.events.models import Entrant, Event, Scale
from scoring.kit.registry import Game
from scoring.kit.rulebook import describe
from scoring.ledger.forms import MatchForm, split_names
from scoring.ledger.validators import validate_name

BANDED = (Scale.BURRACO_3, Scale.BURRACO_4, Scale.BANDS)


def read_bands(text: str) -> dict[str, Any]:
    """The club's own bands as typed: one band a line (or separated by ";"), "the largest
    difference it covers, the winner's points, the loser's", and "* winner loser" for
    what lies above the last band (20 0 if not given)."""
    bands, above = [], [20, 0]
    for item in text.replace(";", "\n").splitlines():
        words = item.replace(",", " ").split()
        if not words:
            continue
        try:
            if words[0] in ("*", "+"):
                above = [int(words[1]), int(words[2])]
            else:
                bands.append([int(words[0]), int(words[1]), int(words[2])])
        except (IndexError, ValueError) as error:
            raise forms.ValidationError(
                _("Each band is three whole numbers: “%(item)s” is not.") % {"item": item}
            ) from error
    setting = {"bands": bands, "above": above}
    try:
        read_scale(setting)
    except RuleError as error:
        raise forms.ValidationError([describe(v) for v in error.violations]) from error
    return setting


class EventForm(forms.ModelForm):
    bands_text = forms.CharField(
        label=_("The club's own bands"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "50 10 10\n150 11 9\n* 20 0"}),
        help_text=_(
            "For the club's own scale: one band a line, the largest difference it covers, "
            "then the winner's and the loser's points; “* 20 0” for above the last."
        ),
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "kind",
            "format",
            "rounds",
            "hands",
            "table_size",
            "scale",
            "bands_text",
            "bye_points",
            "win_points",
            "draw_points",
            "loss_points",
            "advance",
            "best_next",
            "best_of",
            "acceptance",
        ]
        widgets = {
            name: forms.NumberInput(attrs={"inputmode": "numeric"})
            for name in ("rounds", "hands", "table_size", "bye_points")
        }

    # A knockout's settings: an event of another format leaves them as they come.
    KNOCKOUT = ("advance", "best_next", "best_of")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in self.KNOCKOUT:
            self.fields[name].required = False

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name in self.KNOCKOUT:
            if data.get(name) in (None, ""):
                data[name] = Event._meta.get_field(name).default
        text = data.get("bands_text") or ""
        if data.get("scale") == Scale.BANDS:
            if not text.strip():
                self.add_error("bands_text", _("Type the club's bands for its own scale."))
            else:
                try:
                    self.instance.bands = read_bands(text)
                except forms.ValidationError as error:
                    self.add_error("bands_text", error)
        return data


class NewEvent:
    """The new-event page: the event's own settings, and its game's target and house
    rules (``Game.options_form``, as the start-a-match page asks them)."""

    def __init__(self, club: Club, game: Game, data: Any = None) -> None:
        self.club = club
        self.game = game
        self.event_form = EventForm(data)
        if not game.individual:
            del self.event_form.fields["table_size"]
        self.match_form = MatchForm(game, data)
        self.options_form = game.options_form(data)

    def forms(self) -> list[forms.BaseForm]:
        return [self.event_form, self.match_form, self.options_form]

    def is_valid(self) -> bool:
        valid = all([form.is_valid() for form in self.forms()])
        scale = self.event_form.cleaned_data.get("scale") if valid else None
        if self.game.individual and scale in BANDED:
            # A 20–0 band turns the difference between two scores into points.
            self.event_form.add_error(
                "scale", _("Victory-point bands score a table of two; choose another scale.")
            )
            return False
        return valid

    def save(self, user: Any) -> Event:
        event = self.event_form.save(commit=False)
        event.club = self.club
        event.game = self.game.slug
        event.options = self.options_form.cleaned_data
        event.target = self.match_form.target()
        event.created_by = user
        event.save()
        return event


class EntrantForm(forms.Form):
    """An entrant: its players from the club's roster, or typed (a name the roster does
    not know becomes one of the club's guests)."""

    players = forms.CharField(
        label=_("Players"),
        max_length=250,
        help_text=_("Names separated by commas."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "words", "list": "roster"}
        ),
    )
    name = forms.CharField(
        label=_("Name"),
        max_length=60,
        required=False,
        validators=[validate_name],
        help_text=_("Optional; the players' names by default."),
    )

    def __init__(self, event: Event, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        if event.individual:
            del self.fields["name"]
            self.fields["players"].label = _("Player")
            self.fields["players"].help_text = ""

    def clean_players(self) -> list[str]:
        names = split_names(self.cleaned_data["players"])
        for name in names:
            validate_name(name)
        game = self.event.rules
        most = 1 if self.event.individual else game.max_players_per_side
        if not names or len(names) > most:
            raise forms.ValidationError(
                _("An entrant of this event has 1 to %(n)s players.") % {"n": most}
            )
        if len({name.lower() for name in names}) < len(names):
            raise forms.ValidationError(_("A player is named twice."))
        # Two entrants face each other at a table: the game must be played so.
        violation = game.table_violation([len(names)] * self.event.seats_a_table())
        if violation is not None and not self.event.individual:
            raise forms.ValidationError(describe(violation))
        other = self.event.entrants.first()
        if other is not None and len(other.players) != len(names) and not self.event.individual:
            raise forms.ValidationError(
                _("Every entrant of this event has %(n)s players.") % {"n": len(other.players)}
            )
        return names

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        players = data.get("players")
        if players:
            name = data.get("name") or " & ".join(players)
            if self.event.entrants.filter(name__iexact=name).exists():
                self.add_error(None, _("The event already has an entrant with that name."))
            data["name"] = name
        return data

    def save(self, joined_from: int) -> Entrant:
        club = self.event.club
        players = self.cleaned_data["players"]
        known = {name.lower() for name in roster_of(club)}
        for name in players:
            if name.lower() not in known:
                Guest.objects.get_or_create(club=club, name=name)
        return Entrant.objects.create(
            event=self.event,
            name=self.cleaned_data["name"][:60],
            players=players,
            joined_from=joined_from,
        )


def roster_of(club: Club) -> list[str]:
    """The names the club's people play under: its members' and its guests'."""
    members = get_user_model().objects.filter(memberships__club=club)
    names = {member.get_full_name() or member.get_username() for member in members}
    names |= set(club.guests.values_list("name", flat=True))
    return sorted(names, key=str.lower)


class SubstituteForm(forms.Form):
    replaced = forms.ChoiceField(label=_("Plays instead of"))
    substitute = forms.CharField(
        label=_("Substitute"),
        max_length=60,
        validators=[validate_name],
        widget=forms.TextInput(attrs={"autocomplete": "off", "list": "roster"}),
    )

    def __init__(self, entrant: Entrant, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, prefix=f"sub-{entrant.pk}", **kwargs)
        self.entrant = entrant
        self.fields["replaced"].choices = [(name, name) for name in entrant.players]

    def clean_substitute(self) -> str:
        name = " ".join(self.cleaned_data["substitute"].split())
        if name.lower() in {player.lower() for player in self.entrant.players}:
            raise forms.ValidationError(_("A player is named twice."))
        return name


class DirectorForm(forms.Form):
    director = forms.ModelChoiceField(label=_("Director"), queryset=None, empty_label=None)

    def __init__(self, event: Event, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = get_user_model().objects.filter(memberships__club=event.club)
        self.fields["director"].queryset = members.order_by("username")
