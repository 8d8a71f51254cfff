"""The hand's page (its trail, accept, dispute, the director's ruling), side links and the
house option. Nothing here knows a game's rules: questions come from the match's game."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from referee.rulings import RuleError
from scoring.acceptance import table
from scoring.acceptance.forms import DisputeForm, RulingForm, question_form
from scoring.acceptance.models import Dispute, HandCheck
from scoring.kit.rulebook import rule_url, violation_dicts
from scoring.ledger.access import match_for
from scoring.ledger.envelope import Envelope
from scoring.ledger.models import Hand, Match, Side
from scoring.ledger.pages import read_int
from scoring.ledger.qr import qr_svg


def _hand_or_404(match: Match, number: int) -> Hand:
    hand = match.hands.filter(number=number).order_by("undone_at").first()
    if hand is None:
        raise Http404("no such hand")
    return hand


def _say(request: HttpRequest, error: RuleError) -> None:
    for violation in violation_dicts(error.violations):
        messages.error(request, violation["message"])


def _queued_answer(error: RuleError | None) -> HttpResponse:
    """For a tap sent from the offline queue (offline.js): 204 once it is in, or 422
    with the refusal's words, which the queue shows beside the tap."""
    if error is None:
        return HttpResponse(status=204)
    said = " ".join(v["message"] for v in violation_dicts(error.violations))
    return HttpResponse(said, status=422, content_type="text/plain; charset=utf-8")


def _posted_side(request: HttpRequest, match: Match) -> Side | None:
    position = read_int(request.POST.get("side"))
    return match.sides.filter(position=position).first() if position is not None else None


def _hand_url(match: Match, number: int) -> str:
    return reverse("acceptance:hand", args=[match.code, number])


@require_safe
def hand_page(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """A hand's page: its scores, where it stands, its trail, its disputes and what this
    phone may do about it (accept, dispute, rule)."""
    match = match_for(request, code)
    hand = _hand_or_404(match, number)
    actor = table.actor_for(request, match)
    check = HandCheck.objects.filter(hand=hand).select_related("by_side").first()
    sides = list(match.sides.all())
    disputes = list(hand.disputes.select_related("side", "ruling"))
    open_dispute = next((d for d in disputes if d.status == Dispute.Status.OPEN), None)
    director = table.is_director(request.user, match)
    context = {
        "match": match,
        "game": match.rules,
        "hand": hand,
        "title": match.rules.hand_name(hand.number),
        "scores": hand.scores.select_related("side"),
        "check": check,
        "status": table.status_of(hand),
        "ask": [
            (side, uuid.uuid4())
            for side in (table.sides_to_ask(check, sides, actor) if check else [])
            if not hand.is_undone
        ],
        "trail": hand.trail.select_related("side", "user"),
        "disputes": [
            (d, rule_url(d.verdict["rule"]) if d.verdict and d.verdict.get("rule") else None)
            for d in disputes
        ],
        "open_dispute": open_dispute,
        "director": director and open_dispute is not None,
        "ruling_form": RulingForm(match, initial=_ruling_initial(open_dispute)),
        "request_id": uuid.uuid4(),
    }
    return render(request, "acceptance/hand.html", context)


def _ruling_initial(disputed: Dispute | None) -> dict[str, Any]:
    if disputed is None or not disputed.verdict:
        return {}
    return {"rule": disputed.verdict.get("rule")}


@require_POST
def accept_hand(request: HttpRequest, code: str, number: int) -> HttpResponse:
    # A phone that only watches never accepts: to it, as for every change, no match.
    match = match_for(request, code, change=True)
    envelope = Envelope.read(request.POST)
    try:
        table.accept(
            match,
            number,
            table.actor_for(request, match),
            as_side=_posted_side(request, match),
            revision=envelope.value("revision"),
            request_id=envelope.request(),
            seen=request.POST.get("seen") or None,
        )
    except RuleError as error:
        if request.htmx:
            return _queued_answer(error)
        _say(request, error)
    else:
        if request.htmx:
            return _queued_answer(None)
        messages.success(request, _("Hand %(number)s accepted.") % {"number": number})
    if request.POST.get("next") == "hand":
        return redirect(_hand_url(match, number))
    return redirect(match)


@require_http_methods(["GET", "HEAD", "POST"])
def dispute_hand(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """What is wrong: free text and, where the game has one, the referee question that
    fits, prefilled from the hand; the verdict is shown at once on the hand's page."""
    match = match_for(request, code, change=True)
    hand = _hand_or_404(match, number)
    asked = request.POST.get("q") or request.GET.get("q") or ""
    side = _posted_side(request, match) if request.method == "POST" else None
    position = read_int(request.GET.get("side") or request.POST.get("side"))
    data = request.POST if request.method == "POST" else None
    form = DisputeForm(data)
    # The question is about another side's part of the hand than the disputing side's.
    about = next((s.position for s in match.sides.all() if s.position != position), None)
    question = question_form(match, hand, asked, data, about) if asked else None
    if request.method == "POST" and form.is_valid():
        verdict = None
        if question is not None and question.is_valid():
            verdict = verdict_of(question)
        complaint = table.Complaint(
            text=form.cleaned_data["text"],
            question=asked if verdict else "",
            asked=_as_typed(question) if verdict else None,
            verdict=verdict,
        )
        envelope = Envelope.read(request.POST)
        try:
            table.dispute(
                match,
                number,
                table.actor_for(request, match),
                complaint,
                as_side=side,
                revision=envelope.value("revision"),
                request_id=envelope.request(),
            )
        except RuleError as error:
            if request.htmx:
                return _queued_answer(error)
            _say(request, error)
        else:
            if request.htmx:
                return _queued_answer(None)
            messages.success(request, _("Hand %(number)s disputed.") % {"number": number})
        return redirect(_hand_url(match, number))
    context = {
        "match": match,
        "game": match.rules,
        "hand": hand,
        "title": match.rules.hand_name(hand.number),
        "form": form,
        "question": question,
        "asked": asked,
        "questions": match.rules.questions,
        "side": position,
        "request_id": uuid.uuid4(),
    }
    return render(request, "acceptance/dispute.html", context)


def _as_typed(question: Any) -> dict[str, Any]:
    """The question's fields as the player typed them (kept with the dispute)."""
    return {name: question.data.get(question.add_prefix(name)) for name in question.fields}


def verdict_of(question: Any) -> dict[str, Any]:
    try:
        answer = question.verdict()
    except RuleError as error:
        found = violation_dicts(error.violations)
        return {"ok": False, "headline": found[0]["message"], "rule": found[0]["rule"]}
    return {
        "ok": answer.ok,
        "headline": str(answer.headline),
        "rule": answer.rule,
        "message": str(answer.message),
    }


@require_POST
def rule_dispute(request: HttpRequest, code: str, number: int, pk: int) -> HttpResponse:
    match = match_for(request, code)
    disputed = get_object_or_404(Dispute, pk=pk, hand__match=match)
    form = RulingForm(match, request.POST)
    if not form.is_valid():
        messages.error(request, _("Write the ruling and name the rule it rests on."))
        return redirect(_hand_url(match, number))
    decision = table.Decision(
        form.cleaned_data["decision"], form.cleaned_data["text"], form.cleaned_data["rule"]
    )
    try:
        table.rule(disputed, request.user, decision)
    except RuleError as error:
        _say(request, error)
    else:
        messages.success(request, _("Ruling recorded."))
    return redirect(_hand_url(match, number))


@require_safe
def side_link(request: HttpRequest, token: str) -> HttpResponse:
    """A side's link: this phone records and accepts as that side from now on."""
    side = table.open_side_link(request, token)
    if side is None:
        raise Http404("no such link")
    return redirect(side.match)


@require_POST
def renew_side_link(request: HttpRequest, code: str) -> HttpResponse:
    """Give a side its own link, or replace it (the old one stops at once). Asked by the
    table's phone, never by a side's own link."""
    match = match_for(request, code, change=True)
    side = _posted_side(request, match)
    if side is None or table.actor_for(request, match).side is not None:
        return HttpResponseBadRequest()
    table.renew_side_link(side)
    messages.success(request, _("New link for %(side)s.") % {"side": side.name})
    return redirect(match.get_absolute_url() + "#share")


@require_POST
def house_option(request: HttpRequest, code: str) -> HttpResponse:
    match = match_for(request, code, change=True)
    if table.actor_for(request, match).side is not None:
        return HttpResponseBadRequest()
    table.require_acceptance(match, request.POST.get("required") == "on")
    return redirect(match.get_absolute_url() + "#share")


def side_links_context(request: HttpRequest, match: Match) -> list[dict[str, Any]]:
    """Each side's link and QR code, for the share panel of the table's phone."""
    links = []
    for side in match.sides.select_related("link"):
        link = getattr(side, "link", None)
        url = (
            request.build_absolute_uri(reverse("acceptance:side", args=[link.token]))
            if link
            else ""
        )
        links.append({"side": side, "url": url, "qr": qr_svg(url) if url else ""})
    return links
