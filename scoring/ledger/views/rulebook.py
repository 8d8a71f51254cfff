from __future__ import annotations

from itertools import groupby

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from scoring.ledger.registry import GAMES, get_game
from scoring.ledger.rulebook import BOOKS, rules_of

# A rulebook beyond the games with a name of its own (the shared ones are card notation's).
BOOK_TITLES = {"events": _("Club events")}


@require_safe
def rulebook(request: HttpRequest, game: str) -> HttpResponse:
    """A game's rules, each under its id as an anchor that verdicts and score lines link to."""
    owner = None
    if game in GAMES:
        owner = get_game(game)
        title = owner.name
        rules = list(owner.rules)
    elif game in BOOKS:
        title = BOOK_TITLES.get(game)
        rules = rules_of(game)
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
