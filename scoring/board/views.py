"""The room's pages: the board for the club's TV, the round clock (read by every phone,
run by the directors), and paper for the tables (table cards, score sheets, and a
result typed in from a sheet). Who may see or direct is the event's own rule
(``scoring.events.views.event_for``)."""

from __future__ import annotations

from itertools import batched

from django.contrib import messages
from django.core.signing import Signer
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_POST, require_safe

from scoring.board.clock import clock_payload, current_round
from scoring.board.forms import ClockRulesForm, PaperForm
from scoring.board.live import board_version
from scoring.board.models import ACTIONS, ClockRules, PaperResult, RoundClock
from scoring.board.sheets import sheet_columns
from scoring.events.models import Event, Table
from scoring.events.standing import Board, board_of
from scoring.events.views import event_for, named_lines
from scoring.ledger.qr import qr_svg

# How much one page of the board holds, at 1920×1080 and 1280×720 alike (the board's
# type is sized by the screen's height): more than that, and the board turns pages.
TABLES_A_PAGE = 8
LINES_A_PAGE = 10
# Extra minutes a director's button adds to the round.
EXTENSIONS = (1, 5)
# A score sheet for a match played to its target has this many rows for hands.
SHEET_ROWS = 15


# --- the board -----------------------------------------------------------------------------


def board_key(event: Event) -> str:
    """The key of the board's own link: a TV opened on it follows the board (and its
    clock) with no one signed in on it, and sees nothing else of the event."""
    return Signer(salt="tento.board.link").signature(event.code)


def board_event(request: HttpRequest, code: str) -> Event:
    """The event, for the board's link (its key) or for anyone who may see the event."""
    key = request.GET.get("key")
    if key:
        event = Event.objects.select_related("club").filter(code=code).first()
        if event is not None and constant_time_compare(key, board_key(event)):
            event.can_direct = False
            return event
    return event_for(request, code)


def signed(request: HttpRequest, tag: str) -> str:
    """``tag`` signed for this phone's session: a phone holds it only because a response
    that checked its access handed it out, so an unchanged poll is answered 304 without
    checking again (as the match's live poll is)."""
    session = getattr(request, "session", None)
    viewer = (session.session_key if session is not None else None) or ""
    signature = salted_hmac("tento.board.etag", f"{tag}:{viewer}", algorithm="sha256")
    return f"{tag}.{signature.hexdigest()[:20]}"


def _board_etag(request: HttpRequest, code: str) -> str | None:
    event = Event.objects.filter(code=code).first()
    return signed(request, board_version(event)) if event is not None else None


def board_pages(event: Event, board: Board) -> list[dict[str, object]]:
    """The board's pages: the current round's tables (its seating, once drawn and before
    a hand is played), then the standing, each cut to what a screen holds."""
    pages: list[dict[str, object]] = []
    current = board.current()
    if current is not None:
        seating = not any(table.hands for table in current.tables)
        for tables in batched(current.tables, TABLES_A_PAGE):
            pages.append(
                {"kind": "seating" if seating else "tables", "round": current, "tables": tables}
            )
    lines = named_lines(board)
    for chunk in batched(lines, LINES_A_PAGE) if lines else [()]:
        pages.append({"kind": "standing", "lines": chunk})
    for number, page in enumerate(pages, start=1):
        page["number"] = number
    return pages


def _board_context(request: HttpRequest, event: Event) -> dict[str, object]:
    """The board's pages are drawn once per ``board_version`` (every TV and phone sees
    the same; the version names the language too) and kept: the board itself is read
    only when the kept drawing is gone."""
    version = board_version(event)
    board = SimpleLazyObject(lambda: board_of(event))
    return {
        "key": request.GET.get("key", ""),
        "event": event,
        "board": board,
        "pages": SimpleLazyObject(lambda: board_pages(event, board)),
        "version": version,
        "etag": signed(request, version),
    }


@require_safe
def board(request: HttpRequest, code: str) -> HttpResponse:
    """The board for the club's TV: the round's clock, every table, the standing."""
    event = board_event(request, code)
    return render(request, "board/board.html", _board_context(request, event))


@require_safe
@condition(etag_func=_board_etag)
def board_live(request: HttpRequest, code: str) -> HttpResponse:
    """The board's pages, polled: 304 while nothing on them has changed."""
    event = board_event(request, code)
    response = render(request, "board/board.html#pages", _board_context(request, event))
    patch_cache_control(response, no_cache=True)
    return response


# --- the round clock -------------------------------------------------------------------------


def _clock_etag(request: HttpRequest, code: str) -> str | None:
    """The clock's ETag in one query: the current round, its clock's revision, the
    event's clock settings, and the viewer's language (the answer's texts)."""
    fields = ("pk", "round__number", "round__clock__revision")
    fields += ("clock_rules__minutes", "clock_rules__warning", "clock_rules__at_time")
    row = Event.objects.filter(code=code).values_list(*fields).order_by("-round__number")[:1]
    if not row:
        return None
    parts = "-".join(str(part or 0) for part in row[0])
    return signed(request, f"c{parts}-{get_language()}")


@require_safe
@condition(etag_func=_clock_etag)
def clock(request: HttpRequest, code: str) -> JsonResponse:
    """The current round's clock, with the server's ``now`` (``clock.clock_payload``)."""
    event = board_event(request, code)
    response = JsonResponse(clock_payload(event))
    patch_cache_control(response, no_cache=True)
    return response


@require_POST
def control_clock(request: HttpRequest, code: str, action: str) -> HttpResponse:
    """A director starts, pauses or extends (``minutes``) the current round's clock."""
    event = event_for(request, code, direct=True)
    if action not in ACTIONS:
        raise Http404("no such action")
    round = current_round(event)
    if round is None:
        messages.error(request, _("Draw a round before starting its clock."))
        return redirect("events:desk", event.code)
    try:
        minutes = int(request.POST.get("minutes", "0"))
    except ValueError:
        minutes = 0
    if action == "extend" and minutes not in EXTENSIONS:
        raise Http404("no such extension")
    RoundClock.control(round, action, by=request.user, minutes=minutes)
    return redirect(reverse("events:desk", args=[event.code]) + "#clock")


@require_POST
def clock_rules(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code, direct=True)
    form = ClockRulesForm(request.POST, instance=ClockRules.of(event))
    if form.is_valid():
        form.save()
        messages.success(request, _("The clock's settings are saved."))
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect(reverse("events:desk", args=[event.code]) + "#clock")


# --- paper -------------------------------------------------------------------------------------


def _paper_context(request: HttpRequest, event: Event) -> dict[str, object]:
    """The current round's tables, each with its scorer link and QR code, and the rows of
    its score sheet; ``?paper=letter`` prints on Letter instead of A4."""
    board = board_of(event)
    current = board.current()
    tables = current.tables if current is not None else []
    for table in tables:
        url = request.build_absolute_uri(reverse("ledger:score", args=[table.match.edit_token]))
        table.link = {"url": url, "qr": qr_svg(url)}
    rows = event.hands or SHEET_ROWS
    # Every table plays the event's game with its options: one table's form says it.
    columns = sheet_columns(tables[0].match) if tables else []
    return {
        "columns": columns,
        "event": event,
        "round": current,
        "tables": tables,
        "paper": "letter" if request.GET.get("paper") == "letter" else "a4",
        "rows": range(1, rows + 1),
    }


@require_safe
def table_cards(request: HttpRequest, code: str) -> HttpResponse:
    """Printable table cards: the table's number, who sits where, the scorer link's QR
    code. Only directors: the link changes the table's match."""
    event = event_for(request, code, direct=True)
    return render(request, "board/cards.html", _paper_context(request, event))


@require_safe
def score_sheets(request: HttpRequest, code: str) -> HttpResponse:
    """Printable score sheets, one a table: the names, a row a hand, totals, signatures."""
    event = event_for(request, code, direct=True)
    return render(request, "board/sheets.html", _paper_context(request, event))


@require_POST
def paper_result(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """A director types in a table's final scores from its score sheet: they stand for
    its result, and the table is closed."""
    event = event_for(request, code, direct=True)
    table = get_object_or_404(
        Table.objects.select_related("match", "round"), pk=pk, round__event=event
    )
    names = [seat.entrant.name for seat in table.seats.select_related("entrant")]
    form = PaperForm(names, request.POST)
    if form.is_valid():
        PaperResult.enter(table, form.scores(), by=request.user)
        messages.success(
            request, _("Table %(n)s: the score sheet's result is recorded.") % {"n": table.number}
        )
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect(reverse("events:desk", args=[event.code]) + f"#table-{table.number}")
