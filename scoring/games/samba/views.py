"""Samba's own pages: the live meld check of the hand form, and the referee's questions
for a dispute at the table, without a match. Each answer comes from ``referee.samba``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from referee import samba
from referee.rulings import RuleError
from scoring.games.samba.answers import (
    lines_summary,
    meld_answer,
    meld_lines,
    opening_answer,
    verdict_answer,
)
from scoring.games.samba.forms import (
    GoingOutQuestion,
    MeldQuestion,
    OpeningQuestion,
    PileQuestion,
    question_options,
)
from scoring.ledger.cards import language
from scoring.ledger.rulebook import violation_dicts

QUESTIONS: dict[str, type[forms.Form]] = {
    "meld": MeldQuestion,
    "opening": OpeningQuestion,
    "pile": PileQuestion,
    "going_out": GoingOutQuestion,
}


@require_POST
def check_melds(request: HttpRequest) -> HttpResponse:
    """One side's melds, each with its verdict, while the hand form is being filled in.

    Posted by HTMX with the whole hand form and ``side``; answers the fragment that lists
    the side's meld lines."""
    side = request.POST.get("side", "0")
    side = side if side.isdigit() else "0"
    lines = meld_lines(
        request.POST.get(f"s{side}-melds", ""),
        going_out=request.POST.get("went_out") == side,
        language=language(),
    )
    context = {"side": {"position": side, "lines": lines, "summary": lines_summary(lines)}}
    return render(request, "samba/hand.html#meld-lines", context)


def _blank(name: str) -> forms.Form:
    return QUESTIONS[name](auto_id=f"{name}-%s")


def _page(
    request: HttpRequest, asked: str | None = None, form: forms.Form | None = None,
    answer: dict[str, Any] | None = None,
) -> HttpResponse:  # fmt: skip
    questions = {name: _blank(name) for name in QUESTIONS}
    if asked is not None and form is not None:
        questions[asked] = form
    context = {"questions": questions, "answers": {asked: answer} if asked else {}}
    template = "samba/referee.html"
    if request.htmx and asked:
        template += "#" + asked
    return render(request, template, context)


def _ask(
    request: HttpRequest, name: str, answer: Callable[[dict[str, Any]], dict[str, Any]]
) -> HttpResponse:
    form = QUESTIONS[name](request.GET, auto_id=f"{name}-%s")
    result = None
    if form.is_valid():
        try:
            result = answer(form.cleaned_data)
        except RuleError as error:  # the question's own melds break a rule
            result = {"refused": True, "violations": violation_dicts(error.violations)}
    return _page(request, name, form, result)


@require_GET
def referee(request: HttpRequest) -> HttpResponse:
    return _page(request)


@require_GET
def ask_meld(request: HttpRequest) -> HttpResponse:
    return _ask(
        request,
        "meld",
        lambda data: meld_answer(data["cards"], going_out=data["going_out"], language=language()),
    )


@require_GET
def ask_opening(request: HttpRequest) -> HttpResponse:
    return _ask(
        request,
        "opening",
        lambda data: opening_answer(
            samba.check_opening(
                data["melds"],
                data["running_total"],
                question_options(data["top_minimum"]),
                data["pile_top"],
                going_out=data["going_out"],
            )
        ),
    )


@require_GET
def ask_pile(request: HttpRequest) -> HttpResponse:
    return _ask(
        request,
        "pile",
        lambda data: verdict_answer(
            samba.may_take_pile(
                data["top"],
                hand=data["hand"],
                side_melds=data["side_melds"],
                side_has_opened=data["side_has_opened"],
                first_take_this_hand=data["first_take_this_hand"],
                pile_frozen=data["pile_frozen"],
                running_total=data["running_total"],
                options=question_options(data["top_minimum"]),
            )
        ),
    )


@require_GET
def ask_going_out(request: HttpRequest) -> HttpResponse:
    return _ask(
        request,
        "going_out",
        lambda data: verdict_answer(
            samba.may_go_out(data["melds"] if data["melds"] else data["combinations"])
        ),
    )
