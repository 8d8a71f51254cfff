"""The referee page: check a hand, check a meld, settle a claim on a discard."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from scoring.games.pifpaf.checks import CheckHandForm, CheckMeldForm, ClaimForm

CHECKS = {"hand": CheckHandForm, "meld": CheckMeldForm, "claim": ClaimForm}


@require_http_methods(["GET", "POST"])
def referee(request: HttpRequest) -> HttpResponse:
    """All three checks on one page; a POST answers the one it names (``check``). With
    HTMX only that check's panel comes back."""
    forms = {name: form(prefix=name) for name, form in CHECKS.items()}
    verdicts: dict[str, dict] = {}
    check = request.POST.get("check")
    if request.method == "POST" and check in CHECKS:
        form = forms[check] = CHECKS[check](request.POST, prefix=check)
        if form.is_valid():
            verdicts[check] = form.verdict()
    context = {"forms": forms, "verdicts": verdicts}
    if request.htmx and check in CHECKS:
        context |= {"form": forms[check], "verdict": verdicts.get(check)}
        return render(request, f"pifpaf/referee.html#{check}-panel", context)
    return render(request, "pifpaf/referee.html", context)


@require_http_methods(["POST"])
def hand_verdict(request: HttpRequest) -> HttpResponse:
    """The winner's cards, checked on the spot from the hand form (HTMX)."""
    form = CheckHandForm(request.POST)
    verdict, errors = None, []
    if request.POST.get("cards", "").strip():
        if form.is_valid():
            verdict = form.verdict()
        else:
            errors = [error for field in form.errors.values() for error in field]
    context = {"verdict": verdict, "errors": errors}
    return render(request, "pifpaf/referee.html#hand-verdict", context)
