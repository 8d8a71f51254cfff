"""The ratings pages: a club's list for a game and season, a player's "why my rating
moved", and the club's rules and seasons (admins). Members of the club see them; anyone
else gets 404, as for the club's own page. Each answers in a fixed number of queries."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scoring.clubs.models import Club, Role
from scoring.kit.registry import GAMES, get_game
from scoring.ratings import lists
from scoring.ratings.chart import rating_chart
from scoring.ratings.forms import RulesForm, SeasonForm
from scoring.ratings.models import Season
from scoring.records.exports import ratings_csv, ratings_json


def _club(request: HttpRequest, code: str, *roles: str) -> Club:
    club = Club.objects.filter(code=code).first()
    role = club.role_of(request.user) if club is not None else None
    if role is None or (roles and role not in roles):
        raise Http404
    return club


def _choice(request: HttpRequest, club: Club, games: list[str] | None = None):
    """The game and season asked for: ``?game=`` (else the first the club has ratings
    in) and ``?season=`` (an id or ``none``; else the current season)."""
    seasons = list(Season.objects.filter(club=club))
    season = lists.chosen_season(seasons, request.GET.get("season"))
    asked = request.GET.get("game", "")
    games = lists.games_rated(club.pk) if games is None else games
    game = asked if asked in GAMES else (games[0] if games else "")
    return game, season, seasons, games


def _context(request: HttpRequest, club: Club) -> dict:
    game, season, seasons, games = _choice(request, club)
    return {
        "club": club,
        "game": game,
        "game_name": get_game(game).name if game else "",
        "games": [(slug, get_game(slug).name) for slug in games],
        "season": season,
        "seasons": seasons,
        "no_season": lists.NO_SEASON,
        "season_value": str(season.pk) if season else lists.NO_SEASON,
    }


@require_safe
def club_ratings(request: HttpRequest, code: str) -> HttpResponse:
    club = _club(request, code)
    context = _context(request, club)
    rules = lists.rules_of(club.pk)
    season = context["season"]
    lines = []
    if context["game"]:
        lines = lists.rating_list(
            club.pk,
            context["game"],
            season.pk if season else None,
            rules.minimum_matches,
            timezone.now(),
        )
    return render(
        request,
        "ratings/club.html",
        context
        | {
            "rules": rules,
            "listed": [line for line in lines if line.listed],
            "waiting": [line for line in lines if not line.listed],
            "is_admin": club.role_of(request.user) == Role.ADMIN,
        },
    )


@require_safe
def player_rating(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    club = _club(request, code)
    # Only a player the club has rated: no other name is the club's to show.
    player = get_object_or_404(lists.rated_players(club.pk), pk=pk)
    context = _context(request, club)
    season = context["season"]
    changes = []
    if context["game"]:
        changes = lists.changes(player.pk, club.pk, context["game"], season.pk if season else None)
    figures = [changes[0].figure_before, *(c.figure for c in changes)] if changes else []
    return render(
        request,
        "ratings/player.html",
        context
        | {
            "player": player,
            "changes": changes[::-1],
            "latest": changes[-1] if changes else None,
            "eased": lists.eased_off(changes[-1], timezone.now()) if changes else None,
            "chart": rating_chart(player.name, figures),
        },
    )


def rules(request: HttpRequest, code: str) -> HttpResponse:
    """The club's rating rules and seasons (admins)."""
    club = _club(request, code, Role.ADMIN)
    known = lists.rules_of(club.pk)
    rules_form = RulesForm(instance=known)
    season_form = SeasonForm(instance=Season(club=club))
    if request.method == "POST":
        if "minimum_matches" in request.POST:
            rules_form = RulesForm(request.POST, instance=known)
            if rules_form.is_valid():
                rules_form.save()
                saved = _("Rating rules saved; the ratings are worked out again.")
                messages.success(request, saved)
                return redirect("ratings:rules", club.code)
        else:
            season_form = SeasonForm(request.POST, instance=Season(club=club))
            if season_form.is_valid():
                season_form.save()
                messages.success(request, _("Season added; the ratings are worked out again."))
                return redirect("ratings:rules", club.code)
    return render(
        request,
        "ratings/rules.html",
        {
            "club": club,
            "rules_form": rules_form,
            "season_form": season_form,
            "seasons": Season.objects.filter(club=club),
        },
    )


@require_POST
def delete_season(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    club = _club(request, code, Role.ADMIN)
    get_object_or_404(Season, club=club, pk=pk).delete()
    messages.success(request, _("Season removed; the ratings are worked out again."))
    return redirect("ratings:rules", club.code)


def _download(content: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _export(request: HttpRequest, code: str):
    club = _club(request, code)
    game, season, _seasons, _games = _choice(request, club)
    return club, game, season, ratings_rows(club, game, season)


def ratings_rows(club: Club, game: str, season: Season | None) -> list[lists.Line]:
    if not game:
        return []
    minimum = lists.rules_of(club.pk).minimum_matches
    return lists.rating_list(club.pk, game, season.pk if season else None, minimum, timezone.now())


@require_safe
def export_csv(request: HttpRequest, code: str) -> HttpResponse:
    _, game, season, lines = _export(request, code)
    text = ratings_csv(lines, game, season)
    return _download(text, "text/csv; charset=utf-8", "tento-ratings.csv")


@require_safe
def export_json(request: HttpRequest, code: str) -> HttpResponse:
    club, game, season, lines = _export(request, code)
    text = json.dumps(ratings_json(club, game, season, lines), ensure_ascii=False)
    return _download(text, "application/json", "tento-ratings.json")
