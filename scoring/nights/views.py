"""The night's results: each entrant's night with the whole standing and a share
button, the standing as a picture, the director's close, and a member's opt-in to get
the club's nights by e-mail."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scoring.clubs.models import Club, Membership
from scoring.events.standing import board_of
from scoring.events.views import event_for, named_lines
from scoring.nights.closing import close_night
from scoring.nights.models import Closing, ResultsByMail
from scoring.nights.night import night_of, standing_svg, summary_text
from scoring.nights.ratings import rating_changes


@require_safe
def night(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    event = event_for(request, code)
    board = board_of(event)
    entrant = next((e for e in board.entrants if e.pk == pk), None)
    if entrant is None:
        raise Http404("no such entrant")
    mine = night_of(board, entrant)
    url = request.build_absolute_uri()
    lines = named_lines(board)
    changes = rating_changes(board)
    mine.ratings = changes.get(entrant.pk, [])
    context = {
        "event": event,
        "board": board,
        "lines": lines,
        "ratings": [
            (item["entrant"], changes[item["entrant"].pk])
            for item in lines
            if item["entrant"].pk in changes
        ],
        "night": mine,
        "closed": Closing.objects.filter(event=event).first(),
        "url": url,
        "summary": summary_text(mine, url),
    }
    return render(request, "nights/night.html", context)


@require_safe
def standing_image(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code)
    board = board_of(event)
    response = HttpResponse(
        standing_svg(board, named_lines(board)), content_type="image/svg+xml; charset=utf-8"
    )
    response["Content-Disposition"] = f'inline; filename="standing-{event.code}.svg"'
    return response


@require_POST
def close(request: HttpRequest, code: str) -> HttpResponse:
    """The director closes the night; the mails go with the first close only."""
    event = event_for(request, code, direct=True)
    try:
        sent = close_night(event, by=request.user, base_url=request.build_absolute_uri("/")[:-1])
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect("events:desk", event.code)
    messages.success(
        request,
        _("The night is closed; %(n)s results sent by e-mail.") % {"n": sent},
    )
    return redirect("events:event", event.code)


@require_POST
@login_required
def mail_choice(request: HttpRequest, club: str) -> HttpResponse:
    """A member asks for the club's nights by e-mail, or stops asking."""
    found = get_object_or_404(Club, code=club)
    membership = get_object_or_404(Membership, club=found, user=request.user)
    if request.POST.get("results_by_mail"):
        ResultsByMail.objects.get_or_create(membership=membership)
        if not request.user.email:
            messages.warning(request, _("Add an e-mail address to your account to get them."))
    else:
        ResultsByMail.objects.filter(membership=membership).delete()
    return redirect(found.get_absolute_url())
