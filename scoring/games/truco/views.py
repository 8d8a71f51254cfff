"""Truco's own pages: the next step of a hand being called, and the trick referee.

Neither decides a rule: the hand form asks ``HandState`` what may happen, the referee form
asks ``resolve_trick`` and ``resolve_hand``.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_POST

from referee.rulings import RuleError
from scoring.games.truco.referee_forms import TrickRefereeForm
from scoring.ledger.models import Match
from scoring.ledger.rulebook import violation_dicts
from scoring.ledger.views.hands import live_context, posted_hand_form_context, read_int


@require_POST
def step(request: HttpRequest, pk: int) -> HttpResponse:
    """A call, an answer or a penalty during a hand: the hand form drawn again with it.

    Nothing is stored: the hand is recorded, through the ledger, once it is won or run from.
    """
    match = get_object_or_404(Match, pk=pk, game="truco")
    form = match.rules.hand_form(match.view(), request.POST)
    violations = []
    if form.is_valid():
        try:
            form = form.advanced()
        except RuleError as error:
            violations = violation_dicts(error.violations)
    context = posted_hand_form_context(request, match, form, violations)
    template = match.rules.match_template
    if request.htmx:
        return render(request, f"{template}#hand-form", context)
    return render(request, template, live_context(match) | context)


@require_GET
def referee(request: HttpRequest) -> HttpResponse:
    """Who takes each trick, who leads next and who wins the hand, for the cards entered.

    With ``?match=<id>`` the match's variant and seats are used."""
    match = None
    if request.GET.get("match"):
        match = get_object_or_404(Match, pk=read_int(request.GET["match"]) or 0, game="truco")
    view = match.view() if match is not None else None
    bound = "mao" in request.GET
    form = TrickRefereeForm(request.GET if bound else None, match=view)
    verdict, violations = None, []
    if bound and form.is_valid():
        try:
            verdict = form.verdict()
        except RuleError as error:
            violations = violation_dicts(error.violations)
    template = "truco/referee.html" + ("#referee" if request.htmx else "")
    context = {"form": form, "match": match, "verdict": verdict, "violations": violations}
    return render(request, template, context)
