"""Adding, correcting, undoing and redoing hands."""

from __future__ import annotations

import uuid
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from referee.rulings import RuleError
from scoring.ledger.forms import CorrectionForm
from scoring.ledger.models import Hand, Match
from scoring.ledger.rulebook import line_dicts, violation_dicts


def live_etag(pk: int, version: int) -> str:
    """The live scoreboard's ETag: the match's version, in the viewer's language."""
    return f"m{pk}-v{version}-{get_language()}"


def _lines_by_side(hand: Hand) -> list[tuple[Any, int, list[dict[str, Any]]]]:
    return [(score.side, score.total, line_dicts(score.lines)) for score in hand.scores.all()]


def live_context(match: Match) -> dict[str, Any]:
    sides = list(match.sides.all())
    view = match.view()
    notes = match.rules.side_notes(view)
    for side in sides:
        side.notes = notes.get(side.position, [])
    hands = list(match.live_hands().prefetch_related("scores__side").order_by("-number"))
    for hand in hands:
        # Called by the template only when the hand's cached rendering is missing.
        hand.lines_by_side = partial(_lines_by_side, hand)
    # The sides the game would name as winners if the match ended now.
    leaders = match.rules.winners(view, closing=True) if hands else []
    return {
        "match": match,
        "sides": sides,
        "leaders": leaders,
        "hands": hands,
        "undone": match.last_undone_hand(),
        "etag": live_etag(match.pk, match.version),
        "expected_number": match.next_hand_number(),
        "poll_ms": settings.LIVE_POLL_MS,
    }


def hand_form_context(
    match: Match, form: Any = None, violations: list[dict[str, Any]] | None = None,
    request_id: uuid.UUID | None = None, expected_number: int | None = None,
) -> dict[str, Any]:  # fmt: skip
    view = match.view()
    return {
        "match": match,
        "game": match.rules,
        "form": form if form is not None else match.rules.hand_form(view),
        "violations": violations or [],
        "request_id": request_id or uuid.uuid4(),
        "expected_number": expected_number or view.hands_played + 1,
    }


def read_uuid(value: str | None) -> uuid.UUID:
    try:
        return uuid.UUID(value or "")
    except ValueError:
        return uuid.uuid4()


def read_int(value: str | None) -> int | None:
    try:
        return int(value or "")
    except ValueError:
        return None


def posted_hand_form_context(
    request: HttpRequest, match: Match, form: Any, violations: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The hand form drawn again for the phone that sent it, keeping its request id and
    the hand number it expected (a game's own step views use this too)."""
    return hand_form_context(
        match,
        form,
        violations,
        request_id=read_uuid(request.POST.get("request_id")),
        expected_number=read_int(request.POST.get("expected_number")),
    )


def _fragments(request: HttpRequest, match: Match, form_context: dict[str, Any]) -> HttpResponse:
    """For HTMX: the hand form, plus the scoreboard swapped in out of band."""
    template = match.rules.match_template
    html = render_to_string(f"{template}#hand-form", form_context, request=request)
    html += render_to_string(
        f"{template}#live", live_context(match) | {"oob": True}, request=request
    )
    html += render_to_string("ledger/_messages.html", {}, request=request)
    return HttpResponse(html)


@require_POST
def add_hand(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    form = match.rules.hand_form(match.view(), request.POST)
    request_id = read_uuid(request.POST.get("request_id"))
    expected = read_int(request.POST.get("expected_number"))
    if form.is_valid():
        try:
            hand = match.record_hand(form.entry(), request_id=request_id, expected_number=expected)
        except RuleError as error:
            match.refresh_from_db()
            context = hand_form_context(
                match, form, violation_dicts(error.violations), request_id=request_id
            )
        else:
            match.refresh_from_db()
            messages.success(request, _("Hand %(number)s recorded.") % {"number": hand.number})
            if not request.htmx:
                return redirect(match)
            return _fragments(request, match, hand_form_context(match))
    else:
        context = hand_form_context(match, form, request_id=request_id, expected_number=expected)
    if request.htmx:
        return _fragments(request, match, context)
    return render(request, match.rules.match_template, live_context(match) | context)


@require_http_methods(["GET", "POST"])
def edit_hand(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    hand = get_object_or_404(match.live_hands(), number=number)
    view = match.view()
    violations: list[dict[str, Any]] = []
    if request.method == "POST":
        form = match.rules.hand_form(view, request.POST)
        who = CorrectionForm(match, request.POST)
        if form.is_valid() and who.is_valid():
            try:
                match.correct_hand(number, form.entry(), by=who.cleaned_data["changed_by"])
            except RuleError as error:
                violations = violation_dicts(error.violations)
            else:
                messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
                return redirect(match)
    else:
        form = match.rules.hand_form(view, initial=hand.entry)
        who = CorrectionForm(match)
    return render(
        request,
        "ledger/edit_hand.html",
        {
            "match": match,
            "game": match.rules,
            "hand": hand,
            "form": form,
            "who": who,
            "violations": violations,
            "revisions": hand.revisions.select_related("recorded_by", "replaced_by"),
        },
    )


@require_POST
def undo_hand(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    hand = match.undo_last_hand()
    match.refresh_from_db()
    if hand is None:
        messages.info(request, _("There is no hand to undo."))
    else:
        messages.success(request, _("Hand %(number)s undone.") % {"number": hand.number})
    if request.htmx:
        return _fragments(request, match, hand_form_context(match))
    return redirect(match)


@require_POST
def redo_hand(request: HttpRequest, pk: int, hand_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    try:
        hand: Hand = match.redo_hand(hand_id)
    except RuleError as error:
        for violation in violation_dicts(error.violations):
            messages.error(request, violation["message"])
    else:
        messages.success(request, _("Hand %(number)s is back.") % {"number": hand.number})
    match.refresh_from_db()
    if request.htmx:
        return _fragments(request, match, hand_form_context(match))
    return redirect(match)
