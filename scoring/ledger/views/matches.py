"""Starting matches and looking at them. No view here knows a game's rules: they hand
forms and entries to the match's game through the ledger."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import condition, require_GET, require_http_methods, require_POST

from scoring.ledger.forms import NewMatch
from scoring.ledger.models import Match
from scoring.ledger.registry import GAMES, Game, all_games, get_game
from scoring.ledger.views.hands import hand_form_context, live_context, live_etag


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    matches = Match.objects.with_sides()
    return render(
        request,
        "ledger/home.html",
        {
            "in_progress": matches.in_progress()[:50],
            "finished": matches.finished().order_by("-finished_at")[:20],
            "games": all_games(),
        },
    )


@require_GET
def pick_game(request: HttpRequest) -> HttpResponse:
    return render(request, "ledger/pick_game.html", {"games": all_games()})


def _game_or_404(slug: str) -> Game:
    if slug not in GAMES:
        raise Http404("no such game")
    return get_game(slug)


@require_http_methods(["GET", "POST"])
def new_match(request: HttpRequest, game: str) -> HttpResponse:
    rules = _game_or_404(game)
    if request.method == "POST":
        setup = NewMatch(rules, request.POST)
        if setup.is_valid():
            return redirect(setup.save())
    else:
        try:
            sides = int(request.GET.get("sides", ""))
        except ValueError:
            sides = None
        setup = NewMatch(rules, sides=sides)
    template = "ledger/new_match.html"
    if request.htmx and request.method == "GET":
        template += "#match-setup"
    return render(request, template, {"game": rules, "setup": setup})


@require_GET
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match.objects.with_sides(), pk=pk)
    context = live_context(match) | hand_form_context(match)
    return render(request, match.rules.match_template, context)


def _match_etag(request: HttpRequest, pk: int) -> str | None:
    version = Match.objects.filter(pk=pk).values_list("version", flat=True).first()
    if version is None:
        return None
    return live_etag(pk, version)


@require_GET
@condition(etag_func=_match_etag)
def live(request: HttpRequest, pk: int) -> HttpResponse:
    """The scoreboard and history, polled by every phone watching the match. Answers 304
    while the match's version (and the viewer's language) is unchanged."""
    match = get_object_or_404(Match.objects.with_sides(), pk=pk)
    response = render(request, f"{match.rules.match_template}#live", live_context(match))
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
def finish_match(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    match.finish()
    return redirect(match)
