from __future__ import annotations

from itertools import groupby

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scoring.kit.registry import GAMES, get_game
from scoring.kit.rulebook import CORE_RULES, rules_of


@require_safe
def rulebook(request: HttpRequest, game: str) -> HttpResponse:
    """A game's rules, each under its id as an anchor that verdicts and score lines link to."""
    owner = None
    if game in GAMES:
        owner = get_game(game)
        title = owner.name
        rules = list(owner.rules)
    elif game in {"cards", "ledger", "api"}:
        title = None
        rules = [rule for rule in CORE_RULES if rule.id.startswith(game + ".")]
    else:
        raise Http404("no such rulebook")
    sections = [
        (section, list(items)) for section, items in groupby(rules, key=lambda r: r.section)
    ]
    return render(
        request,
        "ledger/rulebook.html",
        {
            "slug": game,
            "title": title,
            "sections": sections,
            "all": rules_of(game),
            # the game's own content above its rules, if it has any
            "game": owner,
            "extra": owner.rulebook_context() if owner and owner.rulebook_template else {},
        },
    )
