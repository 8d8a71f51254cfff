"""Adding, stepping, correcting, undoing and redoing hands. No view here knows a game's
rules: forms come from the match's game, and the ledger refuses what must be refused."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from referee.rulings import RuleError
from scoring.ledger.forms import CorrectionForm
from scoring.ledger.handforms import HandForm
from scoring.ledger.models import Change, Match
from scoring.ledger.pages import (
    conflict_context,
    delta_context,
    hand_form_context,
    history_context,
    live_context,
    pending_context,
    posted_form_context,
    read_guard,
    read_int,
    read_uuid,
)
from scoring.ledger.rulebook import violation_dicts
from scoring.ledger.views.matches import get_match

# Refusals that mean another phone changed the match under this one.
CONFLICTS = ("ledger.hand.already-recorded", "ledger.hand.undone-meanwhile")


def fragments(
    request: HttpRequest,
    match: Match,
    form_context: dict[str, Any] | None,
    *,
    status: int = 200,
    change: Change | None = None,
) -> HttpResponse:
    """For HTMX: the hand form (if any), the scoreboard out of band with the hands that
    changed since the version this phone held (``change``: the hand just recorded),
    and the messages."""
    html = ""
    if form_context is not None:
        html += render_to_string("ledger/match.html#hand-form", form_context, request=request)
    since = read_int(request.POST.get("known_version"))
    # The chart is not drawn here (this answer reads no hand's scores back): the page
    # fetches it once the scoreboard is swapped in.
    context = live_context(request, match, change) | {"oob": True, "chart_reload": True}
    delta = delta_context(match, since, change) if since is not None else None
    if delta is not None:
        context |= delta
    else:
        context |= {"history_oob": history_context(match)}
    html += render_to_string("ledger/match.html#live", context, request=request)
    html += render_to_string("ledger/_messages.html", {}, request=request)
    return HttpResponse(html, status=status)


def _page(request: HttpRequest, match: Match, form_context: dict[str, Any]) -> HttpResponse:
    context = live_context(request, match) | {"history": history_context(match)} | form_context
    context |= pending_context()
    return render(request, "ledger/match.html", context)


def _redrawn_after_step(
    request: HttpRequest, match: Match, form: HandForm, *, shared: bool
) -> tuple[HandForm, list[dict[str, Any]]]:
    """The hand moved on a step (a call, a bet): the form again with the new draft. For the
    hand being played the draft is stored, so every phone at the table sees it."""
    try:
        draft = form.step()
        if shared:
            match.save_draft(draft, revision=read_guard(request.POST, "draft_revision"))
    except RuleError as error:
        violations = violation_dicts(error.violations)
        # Another phone moved the hand first: show the hand as it now stands.
        draft = match.draft if shared else form.draft
        return form.redrawn(draft), violations
    return form.redrawn(draft), []


@require_POST
def add_hand(request: HttpRequest, code: str) -> HttpResponse:
    match = get_match(request, code, change=True)
    view = match.view()
    form = match.rules.hand_form(view, request.POST)
    request_id = read_uuid(request.POST.get("request_id"))
    number = read_guard(request.POST, "expected_number") or view.number
    draft_revision = read_guard(request.POST, "draft_revision")
    if form.stepping:
        form, violations = _redrawn_after_step(request, match, form, shared=True)
        context = posted_form_context(request, match, form, violations=violations)
        return _answer(request, match, context, status=422 if violations else 200)
    violations: list[dict[str, Any]] = []
    conflict = None
    if form.is_valid():
        # "Record mine as the next hand", after another phone recorded this one.
        number = read_int(request.POST.get("renumber")) or number
        try:
            change = match.record_hand(
                form.entry(),
                request_id=request_id,
                expected_number=number,
                draft_revision=draft_revision,
                allow_empty=not match.rules.confirm_empty_hands
                or request.POST.get("confirmed") == "empty",
            )
        except RuleError as error:
            violations = violation_dicts(error.violations)
            if error.rules[0] in CONFLICTS:
                conflict = conflict_context(match, number)
                # The conflict's box says it, with its two buttons: said once, not
                # again in the action bar.
                violations = [v for v in violations if v["rule"] not in CONFLICTS]
        else:
            hand = change.hand
            messages.success(request, _("Hand %(number)s recorded.") % {"number": hand.number})
            if not request.htmx:
                return redirect(match)
            response = fragments(request, match, hand_form_context(match), change=change)
            # A hand sent from the offline queue learns which number it became (a retry
            # whose first answer was lost gets the hand it made): the hands queued after
            # it follow it, and are not taken for another phone's.
            return trigger_client_event(response, "handRecorded", {"number": hand.number})
    context = hand_form_context(
        match, form, violations=violations, request_id=request_id, number=number,
        conflict=conflict,
    )  # fmt: skip
    return _answer(request, match, context, status=422)


def _answer(
    request: HttpRequest, match: Match, context: dict[str, Any], *, status: int
) -> HttpResponse:
    """The form drawn again. For HTMX always a 200: the refusal is in the fragment, beside
    the button, and a browser would log any other status as an error."""
    if request.htmx:
        return fragments(request, match, context)
    response = _page(request, match, context)
    response.status_code = status
    return response


@require_safe
def hand_form(request: HttpRequest, code: str) -> HttpResponse:
    """A fresh hand form: after another phone recorded a hand, or moved the shared one.
    A phone that only watches polls it too, and gets the form without its fields."""
    match = get_match(request, code)
    return render(request, "ledger/match.html#hand-form", hand_form_context(match))


@require_POST
def live_check(request: HttpRequest, code: str, field: str) -> HttpResponse:
    """One field of the hand being entered, checked as it is typed (a side's melds, the
    winner's cards). The form asks its game; this view only draws the answer."""
    match = get_match(request, code)
    number = read_int(request.POST.get("expected_number"))
    correcting = number is not None and number < match.view().number
    view = match.view_before(number) if correcting else match.view()
    form = match.rules.hand_form(view, request.POST, redraw=True)
    check = form.live_check(field)
    if check is None:
        raise Http404("no live check for that field")
    template, context = check
    return render(request, template, context)


@require_http_methods(["GET", "HEAD", "POST"])
def edit_hand(request: HttpRequest, code: str, number: int) -> HttpResponse:
    match = get_match(request, code, change=True)
    hand = match.live_hands().filter(number=number).first()
    if hand is None:
        if request.htmx and request.method == "POST":
            # Undone on another phone while this one corrected it: an HTMX error answer
            # is drawn nowhere, so the phone is taken back to the match, told why.
            messages.error(
                request,
                _("Hand %(number)s was taken back on another phone: nothing was changed.")
                % {"number": number},
            )
            return HttpResponseClientRedirect(match.get_absolute_url())
        raise Http404("no such hand")
    view = match.view_before(number)
    violations: list[dict[str, Any]] = []
    status = 200
    if request.method == "POST":
        revision = read_guard(request.POST, "revision")
        form = match.rules.hand_form(view, request.POST, entry=hand.entry)
        who = CorrectionForm(match, request.POST)
        if form.stepping:
            form, violations = _redrawn_after_step(request, match, form, shared=False)
        elif form.is_valid() and who.is_valid():
            try:
                match.correct_hand(
                    number,
                    form.entry(),
                    by=who.cleaned_data["changed_by"],
                    revision=revision,
                )
            except RuleError as error:
                violations = violation_dicts(error.violations)
                status = 409 if error.rules[0].startswith("ledger.") else 422
            else:
                messages.success(request, _("Hand %(number)s corrected.") % {"number": number})
                if request.htmx:
                    return HttpResponseClientRedirect(match.get_absolute_url())
                return redirect(match)
        else:
            status = 422
    else:
        form = match.rules.hand_form(view, entry=hand.entry)
        who = CorrectionForm(match)
    context = {
        "match": match,
        "game": match.rules,
        "hand": hand,
        "form": form,
        "who": who,
        "violations": violations,
        "number": number,
        "revisions": hand.revisions.select_related("recorded_by", "replaced_by"),
    }
    if request.htmx:
        return render(request, "ledger/edit_hand.html#correction-form", context)
    return render(request, "ledger/edit_hand.html", context, status=status)


def _change(request: HttpRequest, match: Match, change: Any, done: str) -> HttpResponse:
    """Undo or redo: one named hand, refused with its rule when it is no longer the one."""
    try:
        made = change()
    except RuleError as error:
        made = None
        for violation in violation_dicts(error.violations):
            messages.error(request, violation["message"])
    else:
        messages.success(request, done % {"number": made.hand.number})
    if request.htmx:
        return fragments(request, match, None, change=made)
    return redirect(match)


@require_POST
def undo_hand(request: HttpRequest, code: str, number: int) -> HttpResponse:
    match = get_match(request, code, change=True)
    return _change(request, match, lambda: match.undo_hand(number), _("Hand %(number)s undone."))


@require_POST
def redo_hand(request: HttpRequest, code: str, number: int) -> HttpResponse:
    match = get_match(request, code, change=True)
    return _change(request, match, lambda: match.redo_hand(number), _("Hand %(number)s is back."))
