from __future__ import annotations

from typing import Any

from django import forms
from django.db import transaction
from django.forms.renderers import TemplatesSetting
from django.utils.translation import gettext_lazy as _

from referee.rulings import Violation
from scoring.kit.registry import Game
from scoring.kit.rulebook import describe
from scoring.ledger.models import Match, Player, Seat, Side
from scoring.ledger.validators import validate_name


class TentoRenderer(TemplatesSetting):
    """Forms and widgets drawn from the project's templates: a field is a label, the
    widget, its help and its errors (``ledger/_field.html``)."""

    field_template_name = "ledger/_field.html"


def split_names(text: str) -> list[str]:
    return [" ".join(name.split()) for name in text.replace(";", ",").split(",") if name.strip()]


class SideForm(forms.Form):
    players = forms.CharField(
        label=_("Players"),
        max_length=250,
        validators=[validate_name],
        help_text=_("Names separated by commas, in seating order."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "words", "list": "player-names"}
        ),
    )
    name = forms.CharField(
        label=_("Side name"),
        max_length=60,
        validators=[validate_name],
        required=False,
        help_text=_("Optional; the players' names by default."),
    )

    def clean_players(self) -> list[str]:
        return split_names(self.cleaned_data["players"])


def check_side_count(game: Game, count: int) -> None:
    """ValidationError unless the game is played by ``count`` sides."""
    if not game.min_sides <= count <= game.max_sides:
        limits = {"min": game.min_sides, "max": game.max_sides}
        raise forms.ValidationError(describe(Violation("ledger.sides.count", limits)))


class BaseSideFormSet(forms.BaseFormSet):
    game: Game

    def clean(self) -> None:
        if any(self.errors):
            return
        filled = [form for form in self.forms if form.cleaned_data.get("players")]
        game = self.game
        check_side_count(game, len(filled))
        seen: set[str] = set()
        for form in filled:
            names = form.cleaned_data["players"]
            if len(names) > game.max_players_per_side:
                form.add_error(
                    "players",
                    describe(
                        Violation("ledger.sides.players", {"max": game.max_players_per_side})
                    ),
                )
            for name in names:
                if name.lower() in seen:
                    form.add_error(
                        "players",
                        describe(Violation("ledger.sides.duplicate-player", {"name": name})),
                    )
                seen.add(name.lower())
        if not any(form.errors for form in filled):
            table = game.table_violation([len(form.cleaned_data["players"]) for form in filled])
            if table is not None:
                raise forms.ValidationError(describe(table))

    def sides(self) -> list[tuple[str, list[str]]]:
        return [
            (
                form.cleaned_data["name"] or " & ".join(form.cleaned_data["players"]),
                form.cleaned_data["players"],
            )
            for form in self.forms
            if form.cleaned_data.get("players")
        ]


SideFormSet = forms.formset_factory(SideForm, formset=BaseSideFormSet, extra=0, max_num=8)


class MatchForm(forms.Form):
    """The match's own settings: its target, asked for the way its game takes it."""

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = game.target_field()
        if field is not None:
            self.fields["target"] = field

    def target(self) -> int | None:
        return self.cleaned_data.get("target")


class PlayersForm(forms.Form):
    """For a game where everyone plays alone: the players, one per line or separated by
    commas, in seating order. Each becomes a side of their own."""

    players = forms.CharField(
        label=_("Players"),
        max_length=1000,
        help_text=_("One per line, or separated by commas, in seating order."),
        widget=forms.Textarea(
            attrs={
                "rows": 4,
                "autocomplete": "off",
                "autocapitalize": "words",
                "list": "player-names",
            }
        ),
    )

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game

    def clean_players(self) -> list[str]:
        text = self.cleaned_data["players"].replace("\n", ",")
        names = split_names(text)
        game = self.game
        check_side_count(game, len(names))
        seen: set[str] = set()
        for name in names:
            validate_name(name)  # each name; the lines between them are the separators
            if len(name) > 60:
                raise forms.ValidationError(_("A name has at most 60 letters."))
            if name.lower() in seen:
                raise forms.ValidationError(
                    describe(Violation("ledger.sides.duplicate-player", {"name": name}))
                )
            seen.add(name.lower())
        return names

    def sides(self) -> list[tuple[str, list[str]]]:
        return [(name, [name]) for name in self.cleaned_data.get("players") or ()]


def initial_from(form: forms.BaseForm, data: Any) -> dict[str, Any]:
    """What was typed into ``form`` (posted as ``data``), as its initial values: to draw
    the form again (one more side) without judging it yet."""
    initial: dict[str, Any] = {}
    for name, field in form.fields.items():
        key = form.add_prefix(name)
        if isinstance(field, forms.BooleanField):
            initial[name] = key in data
        elif key in data:
            initial[name] = data.get(key)
    return initial


class NewMatch:
    """The start-a-match page: target, sides (or, for a game of individuals, its
    players) and the game's own house rules, together.

    ``resize``: the phone asked for one side more or fewer; everything typed is drawn
    again as it was, nothing judged yet."""

    def __init__(
        self, game: Game, data: Any = None, sides: int | None = None, *, resize: bool = False
    ) -> None:
        self.game = game
        count = sides or game.min_sides
        count = max(game.min_sides, min(game.max_sides, count))
        self.resized = resize and data is not None
        bound = None if self.resized else data
        self.match_form = MatchForm(game, bound)
        self.players_form = PlayersForm(game, bound) if game.individual else None
        sides_initial: list[dict[str, Any]] = [{}] * count
        if self.resized:
            self.match_form.initial = initial_from(self.match_form, data)
            sides_initial = [
                {key: data.get(f"sides-{i}-{key}", "") for key in ("players", "name")}
                for i in range(count)
            ]
        self.sides = SideFormSet(
            None if game.individual else bound, prefix="sides", initial=sides_initial
        )
        self.sides.game = game
        self.side_count = len(self.sides.forms)
        # House rules may depend on how many sides play (Pif-Paf's maximum bet).
        playing = None
        if bound is not None:
            if self.players_form is not None and self.players_form.is_valid():
                playing = len(self.players_form.sides())
            elif self.players_form is None and self.sides.is_valid():
                playing = len(self.sides.sides())
        self.options_form = game.options_form(bound, sides=playing)
        if self.resized:
            self.options_form.initial = initial_from(self.options_form, data)

    def chosen_sides(self) -> list[tuple[str, list[str]]]:
        if self.players_form is not None:
            return self.players_form.sides()
        return self.sides.sides()

    def is_valid(self) -> bool:
        if self.resized:
            return False
        chosen = self.players_form if self.players_form is not None else self.sides
        forms_ = (self.match_form, self.options_form, chosen)
        return all([form.is_valid() for form in forms_])

    @transaction.atomic
    def save(self) -> Match:
        match = Match.objects.create(
            game=self.game.slug,
            options=self.options_form.cleaned_data,
            target=self.match_form.target(),
        )
        for position, (name, players) in enumerate(self.chosen_sides()):
            side = Side.objects.create(match=match, position=position, name=name)
            Seat.objects.bulk_create(
                Seat(side=side, player=Player.named(player), order=order)
                for order, player in enumerate(players)
            )
        return match


class CorrectionForm(forms.Form):
    """Who is correcting a hand: kept with the version it replaces."""

    changed_by = forms.ModelChoiceField(
        label=_("Who is correcting?"), queryset=Player.objects.none(), empty_label=None
    )

    def __init__(self, match: Match, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["changed_by"].queryset = Player.objects.filter(sides__match=match)
