"""The replay: a shuffle, or a deal typed in from a real table, played out move by move.

``/paciencia/<n>/?move=i`` is shuffle ``n`` after ``i`` moves; ``/paciencia/deck/<code>/``
the same for a deal typed in, whose address is its deck code (the 104 cards, a letter
each: nothing is stored). Every step is drawn by the server: the links step forward and
back without script, and with HTMX only the step is swapped (and the address follows).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from referee.paciencia import Game
from referee.rulings import RuleError
from scoring.games.paciencia.forms import DeckForm, ShuffleForm
from scoring.games.paciencia.replay import (
    deck_code,
    deck_game,
    outcome,
    shuffle_game,
    step,
)
from scoring.kit.fields import read_whole_number
from scoring.kit.notation import card_views
from scoring.kit.registry import get_game
from scoring.kit.rulebook import violation_dicts

# A random shuffle is drawn from these, the numbers the odds were computed over and more.
RANDOM_BELOW = 1_000_000


def _index(
    request: HttpRequest,
    *,
    shuffle_form: ShuffleForm | None = None,
    deck_form: DeckForm | None = None,
    violations: list[dict[str, Any]] | None = None,
    status: int = 200,
) -> HttpResponse:
    deck_form = deck_form or DeckForm()
    context = {
        "game": get_game("paciencia"),
        "shuffle_form": shuffle_form or ShuffleForm(),
        "deck_form": deck_form,
        "violations": violations or [],
        "deck_violations": deck_form.violations,
    }
    return render(request, "paciencia/index.html", context, status=status)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """Ask for a shuffle number or a deal from the table, and go to its replay."""
    if "shuffle" in request.GET:
        form = ShuffleForm(request.GET)
        if form.is_valid():
            number = form.cleaned_data["shuffle"]
            try:
                shuffle_game(number)
            except RuleError as error:
                return _index(
                    request,
                    shuffle_form=form,
                    violations=violation_dicts(error.violations),
                    status=422,
                )
            return redirect("paciencia:shuffle", number=number)
        return _index(request, shuffle_form=form, status=422)
    if "cards" in request.GET:
        form = DeckForm(request.GET)
        if form.is_valid():
            return redirect("paciencia:deck", code=deck_code(form.cleaned_data["cards"]))
        return _index(request, deck_form=form, status=422)
    return _index(request)


@require_safe
def random_shuffle(request: HttpRequest) -> HttpResponse:
    return redirect("paciencia:shuffle", number=secrets.randbelow(RANDOM_BELOW))


@require_safe
def shuffle_replay(request: HttpRequest, number: int) -> HttpResponse:
    try:
        played = shuffle_game(number)
    except RuleError as error:
        return _index(request, violations=violation_dicts(error.violations), status=404)
    title = _("Shuffle %(number)s") % {"number": number}
    return _replay(request, played, title=title, shuffle=number)


@require_safe
def deck_replay(request: HttpRequest, code: str) -> HttpResponse:
    try:
        played = deck_game(code)
    except ValueError:
        raise Http404("not a deck code") from None
    except RuleError as error:
        return _index(request, violations=violation_dicts(error.violations), status=404)
    return _replay(request, played, title=_("A deal from the table"), code=code)


def _replay(
    request: HttpRequest,
    played: Game,
    *,
    title: str,
    shuffle: int | None = None,
    code: str | None = None,
) -> HttpResponse:
    number = read_whole_number(request.GET.get("move")) or 0
    context = {
        "game": get_game("paciencia"),
        "title": title,
        "shuffle": shuffle,
        "code": code or deck_code(played.deck),
        "step": step(played, number),
        "outcome": outcome(played),
        "deck": card_views(played.deck),
        "path": request.path,
    }
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.history_restore_request:
        response = render(request, "paciencia/replay.html#step", context)
    else:
        response = render(request, "paciencia/replay.html", context)
    # the same address answers a whole page or only the step: caches must tell them apart
    patch_vary_headers(response, ["HX-Request"])
    return response
