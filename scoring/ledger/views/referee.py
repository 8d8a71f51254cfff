"""Every game's referee page: its questions, one form each, answered on the page.

``GET /<game>/referee/`` draws every question; ``?q=<question>&…`` answers that one (with
HTMX only its section comes back). ``?match=<code>`` asks within a match (its variant,
its seats). The answers are the game's ``Question.verdict()``; nothing is decided here.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from referee.rulings import RuleError
from scoring.kit.questions import Answer, refused
from scoring.kit.registry import GAMES, get_game
from scoring.ledger.access import match_for
from scoring.ledger.models import Match


@require_safe
def referee(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GAMES or not get_game(game).questions:
        raise Http404("no referee for that game")
    rules = get_game(game)
    match = None
    if request.GET.get("match"):
        # Asking within a match shows its seats: only to a phone that may see it.
        match = match_for(request, request.GET["match"], queryset=Match.objects.filter(game=game))
    view = match.view() if match is not None else None
    options = rules.match_options(view) if view is not None else None
    asked = request.GET.get("q")
    questions = []
    for name, question_class in rules.questions.items():
        bound = name == asked
        form = question_class(
            request.GET if bound else None,
            match=view,
            match_options=options,
            deck=rules.deck,
            auto_id=f"{name}-%s",
        )
        verdict: Answer | None = None
        if bound and form.is_valid():
            try:
                verdict = form.verdict()
            except RuleError as error:
                verdict = refused(error.violations)
        questions.append({"name": name, "form": form, "answer": verdict})
    # The game's stylesheet (its answers' look), then every question's assets once (two
    # card fields must not bring the picker twice).
    media = sum((question["form"].media for question in questions), rules.media)
    context = {"game": rules, "match": match, "questions": questions, "media": media}
    if request.htmx and asked in rules.questions:
        context["question"] = next(q for q in questions if q["name"] == asked)
        return render(request, "ledger/referee.html#question", context)
    return render(request, "ledger/referee.html", context)
