"""The event's pages: the event itself (entrants, rounds, each table's live state, the
standing), the director's desk, an entrant's own view, and the exports.

Only the club's admins and the event's directors create, draw and adjust; anyone the
club lets see its records sees the event (its members, and a phone that may see one of
its tables' matches, as the records allow). Anyone else is told it does not exist."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoring.acceptance.table import renew_side_link
from scoring.acceptance.views import side_links_context
from scoring.clubs.models import Club, Role
from scoring.events import exports, models
from scoring.events.drawing import drawn_rounds
from scoring.events.forms import (
    DirectorForm,
    EntrantForm,
    NewEvent,
    SubstituteForm,
    roster_of,
)
from scoring.events.models import Entrant, Event, Table
from scoring.events.standing import Board, board_of, reason
from scoring.kit.registry import GAMES, all_games, get_game
from scoring.ledger import access
from scoring.ledger.qr import qr_svg
from scoring.records.visibility import visible_matches


def event_for(request: HttpRequest, code: str, *, direct: bool = False) -> Event:
    """The event if this request may see it (and direct it, with ``direct``); else 404."""
    event = Event.objects.select_related("club").filter(code=code).first()
    if event is None:
        raise Http404("no such event")
    event.can_direct = event.may_direct(request.user)
    if direct and not event.can_direct:
        raise Http404("no such event")
    if not (event.can_direct or _may_see(request, event)):
        raise Http404("no such event")
    return event


def _may_see(request: HttpRequest, event: Event) -> bool:
    if access.club_role(request.user, event.club_id) is not None:
        return True
    tables = visible_matches(request).filter(event_table__round__event=event)
    return tables.exists()


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def new_event(request: HttpRequest, club: str) -> HttpResponse:
    """A club's admin sets up an event: first its game, then the event and the game's
    house rules."""
    found = get_object_or_404(Club, code=club)
    if found.role_of(request.user) != Role.ADMIN and not request.user.is_superuser:
        raise Http404("no such club")
    slug = request.POST.get("game") or request.GET.get("game")
    if slug not in GAMES:
        return render(request, "events/pick_game.html", {"club": found, "games": all_games()})
    setup = NewEvent(found, get_game(slug), request.POST if request.method == "POST" else None)
    if request.method == "POST" and setup.is_valid():
        event = setup.save(request.user)
        return redirect("events:desk", event.code)
    return render(request, "events/new.html", {"club": found, "setup": setup})


def _event_context(request: HttpRequest, event: Event, board: Board) -> dict[str, object]:
    return {"event": event, "board": board, "lines": named_lines(board)}


def named_lines(board: Board) -> list[dict[str, object]]:
    """The standing's lines with each entrant by name."""
    by_id = {str(entrant.pk): entrant for entrant in board.entrants}
    return [
        {"line": line, "entrant": by_id[line.entrant], "reason": reason(line, index == 0)}
        for index, line in enumerate(board.lines)
    ]


@require_safe
def event_page(request: HttpRequest, code: str) -> HttpResponse:
    """The event as anyone may follow it. Its drawing is kept under ``drawing_key`` (no
    viewer's own data in it): the board is read only when something changed."""
    event = event_for(request, code)
    board = SimpleLazyObject(lambda: board_of(event))
    context = {
        "event": event,
        "board": board,
        # Each worked out only where a fragment kept under its key must be drawn again.
        "rounds": SimpleLazyObject(lambda: drawn_rounds(board)),
        "standing_key": SimpleLazyObject(lambda: board.standing_key()),
        "lines": SimpleLazyObject(lambda: named_lines(board)),
        "drawing_key": event.drawing_key(),
    }
    template = "events/event.html"
    if request.htmx:  # the board's poll: the rounds and the standing only
        template += "#board"
    return render(request, template, context)


@require_safe
def desk(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code, direct=True)
    board = board_of(event)
    # Every round's tables keep their links: a director who is only a member of the club
    # corrects an older table through its own.
    for table in (table for state in board.rounds for table in state.tables):
        token = table.playing_match.edit_token
        url = request.build_absolute_uri(reverse("ledger:score", args=[token]))
        table.link = {"url": url, "qr": qr_svg(url)}
        table.side_links = side_links_context(request, table.playing_match)
    for entrant in board.entrants:
        entrant.substitute_form = SubstituteForm(entrant)
    context = _event_context(request, event, board) | {
        "entrant_form": EntrantForm(event),
        "director_form": DirectorForm(event),
        "directors": event.directors.all(),
        "is_admin": event.club.role_of(request.user) == Role.ADMIN,
        "roster": roster_of(event.club),
        "disputes": models.open_disputes(event),
    }
    return render(request, "events/desk.html", context)


def _to_desk(event: Event) -> HttpResponse:
    return redirect("events:desk", event.code)


@require_POST
def draw(request: HttpRequest, code: str) -> HttpResponse:
    """Draw the next round. The round's number is posted: a second director's tap on a
    round already drawn is told so, and draws nothing."""
    event = event_for(request, code, direct=True)
    try:
        number = int(request.POST.get("round", ""))
    except ValueError:
        number = event.next_number()
    try:
        made = event.draw_round(number, by=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Round %(n)s drawn.") % {"n": made.number})
    return _to_desk(event)


@require_POST
def close_table(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """A director closes a table: what stands is its result."""
    event = event_for(request, code, direct=True)
    table = get_object_or_404(Table.objects.select_related("match"), pk=pk, round__event=event)
    try:
        table.close(by=request.user)
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("Table %(n)s closed as it stands.") % {"n": table.number})
    return _to_desk(event)


@require_POST
def next_game(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """A series' next game (best of three) at the table: started by a director, or by
    whoever may change the table's last game (its scorer link), who is taken to the new
    game's scorer link."""
    event = Event.objects.filter(code=code).first()
    table = get_object_or_404(
        Table.objects.select_related("match", "round__event__club"), pk=pk, round__event=event
    )
    last = table.series.select_related("match").last()
    playing = last.match if last is not None else table.match
    directs = event.may_direct(request.user)
    if not (directs or access.can_change(request, playing)):
        raise Http404("no such table")
    try:
        made = table.next_game()
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return _to_desk(event) if directs else redirect(playing)
    messages.success(
        request,
        _("Table %(n)s: game %(game)s of the series.") % {"n": table.number, "game": made.number},
    )
    if directs:
        return _to_desk(event)
    return redirect("ledger:score", made.match.edit_token)


def side_link(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """A director gives a side of a table its own link, or replaces it (the old one
    stops at once): that side's phone records and accepts as that side."""
    event = event_for(request, code, direct=True)
    table = get_object_or_404(Table.objects.select_related("match"), pk=pk, round__event=event)
    position = request.POST.get("side", "")
    side = table.match.sides.filter(position=position).first() if position.isdigit() else None
    if side is None:
        raise Http404("no such side")
    renew_side_link(side)
    messages.success(request, _("New link for %(side)s.") % {"side": side.name})
    return redirect(reverse("events:desk", args=[event.code]) + f"#table-{table.number}")


def _refused(request: HttpRequest, error: ValidationError) -> None:
    for message in error.messages:
        messages.error(request, message)


@require_POST
def settle(request: HttpRequest, code: str) -> HttpResponse:
    """End the matches of the tables that played the round's hands, as they stand."""
    event = event_for(request, code, direct=True)
    try:
        models.settle(board_of(event))
    except ValidationError as error:
        _refused(request, error)
    return _to_desk(event)


@require_POST
def add_entrant(request: HttpRequest, code: str) -> HttpResponse:
    """An entrant, before the first round or late: a late one plays from the next round."""
    event = event_for(request, code, direct=True)
    form = EntrantForm(event, request.POST)
    if form.is_valid():
        entrant = form.save(joined_from=event.next_number())
        event.touch()
        messages.success(request, _("%(name)s entered.") % {"name": entrant.name})
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return _to_desk(event)


@require_POST
def withdraw(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """The entrant plays no more rounds; its results stand."""
    event = event_for(request, code, direct=True)
    entrant = get_object_or_404(Entrant, pk=pk, event=event)
    if entrant.withdrawn_from is None:
        entrant.withdrawn_from = event.next_number()
        entrant.save(update_fields=["withdrawn_from"])
        event.touch()
        messages.success(request, _("%(name)s withdrew.") % {"name": entrant.name})
    return _to_desk(event)


@require_POST
def substitute(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    event = event_for(request, code, direct=True)
    entrant = get_object_or_404(Entrant, pk=pk, event=event)
    form = SubstituteForm(entrant, request.POST)
    if form.is_valid():
        entrant.substitute(
            form.cleaned_data["replaced"], form.cleaned_data["substitute"], event.next_number()
        )
        messages.success(
            request,
            _("%(substitute)s plays for %(name)s from the next round.")
            % {"substitute": form.cleaned_data["substitute"], "name": entrant.name},
        )
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return _to_desk(event)


@require_POST
def add_director(request: HttpRequest, code: str) -> HttpResponse:
    """The club's admins name the event's directors, among the club's people."""
    event = event_for(request, code, direct=True)
    if event.club.role_of(request.user) != Role.ADMIN and not request.user.is_superuser:
        raise Http404("no such event")
    form = DirectorForm(event, request.POST)
    if form.is_valid():
        event.directors.add(form.cleaned_data["director"])
    return _to_desk(event)


@require_safe
def entrant_page(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """An entrant's own view: its table now, against whom, and the table's link (the
    scorer link to whoever may change that match, the read-only one to anyone else)."""
    event = event_for(request, code)
    board = board_of(event)
    entrant = next((e for e in board.entrants if e.pk == pk), None)
    if entrant is None:
        raise Http404("no such entrant")
    table = board.table_of(entrant)
    context = _event_context(request, event, board) | {"entrant": entrant, "table": table}
    if table is not None:
        match = table.playing_match
        context["may_start_next"] = event.can_direct or access.can_change(request, match)
        if event.can_direct or access.can_change(request, match):
            url = reverse("ledger:score", args=[match.edit_token])
        else:
            url = match.get_watch_url()
        context["link"] = request.build_absolute_uri(url)
        context["qr"] = qr_svg(context["link"])
        context["opponents"] = [e for e in table.entrants if e.pk != entrant.pk]
    return render(request, "events/entrant.html", context)


@require_safe
def export_csv(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code)
    response = HttpResponse(exports.event_csv(board_of(event)), content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="event-{event.code}.csv"'
    return response


@require_safe
def export_json(request: HttpRequest, code: str) -> JsonResponse:
    event = event_for(request, code)
    response = JsonResponse(exports.event_dict(board_of(event)))
    response["Content-Disposition"] = f'attachment; filename="event-{event.code}.json"'
    return response
