"""Adding, stepping, correcting, undoing and redoing hands. No view here knows a game's
rules: forms come from the match's game, and the ledger refuses what must be refused.
Every hidden field a change posts is read by one form (``envelope.Envelope``), and every
page and fragment is drawn from one builder (``pages.MatchPage``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from referee.rulings import RuleError
from scoring.kit.handforms import HandForm
from scoring.kit.rulebook import violation_dicts
from scoring.ledger.envelope import Envelope
from scoring.ledger.forms import CorrectionForm
from scoring.ledger.models import Change, Match
from scoring.ledger.pages import MatchPage, conflict_context
from scoring.ledger.views.matches import HtmxHttpRequest, get_match

# Refusals that mean another phone changed the match under this one.
CONFLICTS = ("ledger.hand.already-recorded", "ledger.hand.undone-meanwhile")


def fragments(
    request: HtmxHttpRequest,
    page: MatchPage,
    envelope: Envelope,
    form_context: dict[str, Any] | None,
) -> HttpResponse:
    """For HTMX: the hand form (if any), the scoreboard out of band with the hands that
    changed since the version this phone held, and the messages."""
    html = ""
    if form_context is not None:
        html += render_to_string("ledger/match.html#hand-form", form_context, request=request)
    context = page.answer(envelope.value("known_version"))
    html += render_to_string("ledger/match.html#live", context, request=request)
    html += render_to_string("ledger/_messages.html", {}, request=request)
    return HttpResponse(html)


def _redrawn_after_step(
    match: Match, form: HandForm, envelope: Envelope, *, shared: bool
) -> tuple[HandForm, list[dict[str, Any]]]:
    """The hand moved on a step (a call, a bet): the form again with the new draft. For the
    hand being played the draft is stored, so every phone at the table sees it."""
    try:
        draft = form.step()
        if shared:
            match.save_draft(draft, revision=envelope.value("draft_revision"))
    except RuleError as error:
        violations = violation_dicts(error.violations)
        # Another phone moved the hand first: show the hand as it now stands.
        draft = match.draft if shared else form.draft
        return form.redrawn(draft), violations
    return form.redrawn(draft), []


@require_POST
def add_hand(request: HtmxHttpRequest, code: str) -> HttpResponse:
    match = get_match(request, code, change=True)
    envelope = Envelope.read(request.POST)
    view = match.view()
    # The posted hand's form, made once; the next hand's is made only if it is drawn.
    form = match.rules.hand_form(view, request.POST)
    if form.stepping:
        form, violations = _redrawn_after_step(match, form, envelope, shared=True)
        page = MatchPage(request, match)
        context = page.hand_form(form, violations=violations, envelope=envelope)
        return _answer(request, page, envelope, context, status=422 if violations else 200)
    number = envelope.value("expected_number") or view.number
    violations: list[dict[str, Any]] = []
    conflict = None
    if form.is_valid():
        # "Record mine as the next hand", after another phone recorded this one.
        number = envelope.value("renumber") or number
        try:
            change = match.record_hand(
                form.entry(),
                request_id=envelope.request(),
                expected_number=number,
                draft_revision=envelope.value("draft_revision"),
                allow_empty=not match.rules.confirm_empty_hands
                or envelope.value("confirmed") == "empty",
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
            page = MatchPage(request, match, change)
            response = fragments(request, page, envelope, page.hand_form())
            # A hand sent from the offline queue learns which number it became (a retry
            # whose first answer was lost gets the hand it made): the hands queued after
            # it follow it, and are not taken for another phone's.
            return trigger_client_event(response, "handRecorded", {"number": hand.number})
    page = MatchPage(request, match)
    context = page.hand_form(
        form, violations=violations, envelope=envelope, number=number, conflict=conflict
    )
    return _answer(request, page, envelope, context, status=422)


def _answer(
    request: HtmxHttpRequest,
    page: MatchPage,
    envelope: Envelope,
    context: dict[str, Any],
    *,
    status: int,
) -> HttpResponse:
    """The form drawn again. For HTMX always a 200: the refusal is in the fragment, beside
    the button, and a browser would log any other status as an error."""
    if request.htmx:
        return fragments(request, page, envelope, context)
    return render(request, "ledger/match.html", page.page(context), status=status)


@require_safe
def hand_form(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A fresh hand form: after another phone recorded a hand, or moved the shared one.
    A phone that only watches polls it too, and gets the form without its fields."""
    match = get_match(request, code)
    context = MatchPage(request, match).hand_form()
    return render(request, "ledger/match.html#hand-form", context)


@require_POST
def live_check(request: HtmxHttpRequest, code: str, field: str) -> HttpResponse:
    """One field of the hand being entered, checked as it is typed (a side's melds, the
    winner's cards). The form asks its game; this view only draws the answer."""
    match = get_match(request, code)
    # It writes nothing: an unreadable number is no number.
    number = Envelope.read(request.POST, guarding=False).value("expected_number")
    correcting = number is not None and number < match.view().number
    view = match.view_before(number) if correcting else match.view()
    form = match.rules.hand_form(view, request.POST, redraw=True)
    check = form.live_check(field)
    if check is None:
        raise Http404("no live check for that field")
    template, context = check
    return render(request, template, context)


@require_http_methods(["GET", "HEAD", "POST"])
def edit_hand(request: HtmxHttpRequest, code: str, number: int) -> HttpResponse:
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
        envelope = Envelope.read(request.POST)
        form = match.rules.hand_form(view, request.POST, entry=hand.entry)
        who = CorrectionForm(match, request.POST)
        if form.stepping:
            form, violations = _redrawn_after_step(match, form, envelope, shared=False)
        elif form.is_valid() and who.is_valid():
            try:
                match.correct_hand(
                    number,
                    form.entry(),
                    by=who.cleaned_data["changed_by"],
                    revision=envelope.value("revision"),
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
        "envelope": Envelope.drawn(revision=hand.revision, expected_number=number),
        "revisions": hand.revisions.select_related("recorded_by", "replaced_by"),
    }
    if request.htmx:
        return render(request, "ledger/edit_hand.html#correction-form", context)
    return render(request, "ledger/edit_hand.html", context, status=status)


def _change(
    request: HtmxHttpRequest, match: Match, change: Callable[[], Change], done: str
) -> HttpResponse:
    """Undo or redo: one named hand, refused with its rule when it is no longer the one."""
    envelope = Envelope.read(request.POST)
    made = None
    try:
        made = change()
    except RuleError as error:
        for violation in violation_dicts(error.violations):
            messages.error(request, violation["message"])
    else:
        messages.success(request, done % {"number": made.hand.number})
    if request.htmx:
        return fragments(request, MatchPage(request, match, made), envelope, None)
    return redirect(match)


@require_POST
def undo_hand(request: HtmxHttpRequest, code: str, number: int) -> HttpResponse:
    match = get_match(request, code, change=True)
    return _change(request, match, lambda: match.undo_hand(number), _("Hand %(number)s undone."))


@require_POST
def redo_hand(request: HtmxHttpRequest, code: str, number: int) -> HttpResponse:
    match = get_match(request, code, change=True)
    return _change(request, match, lambda: match.redo_hand(number), _("Hand %(number)s is back."))
