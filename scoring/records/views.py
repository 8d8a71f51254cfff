"""The records pages. Every page counts only the matches its viewer may see
(``visibility``) and costs a fixed number of queries however long the history."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.core.paginator import Paginator
from django.db.models import Q
from django.http import (
    HttpRequest,
    HttpResponse,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_safe

from scoring.clubs.models import Club, roster_names
from scoring.ledger import standing
from scoring.ledger.forms import split_names
from scoring.ledger.models import Match, Player, Seat
from scoring.ledger.pages import listed_items
from scoring.ratings.lists import beside_standings
from scoring.records import charts, stats
from scoring.records.exports import export_matches, match_csv, match_text, records_csv
from scoring.records.forms import HeadToHeadForm, RecordsFilter
from scoring.records.visibility import match_for, viewer_key, visible_matches

HISTORY_PAGE = 25


def read_club(request: HttpRequest) -> str:
    """The club whose records are asked for (``?club=<code>``), or "" for all."""
    return request.GET.get("club", "")[:16]


NAMES_OFFERED = 12


def _visible(request: HttpRequest):
    matches = visible_matches(request)
    club = read_club(request)
    return matches.filter(club__code=club) if club else matches


def cached_page(
    request: HttpRequest,
    page: str,
    context: Callable[[], dict],
    template: str,
    generation: Callable[[], str] = stats.standing_generation,
) -> HttpResponse:
    """A records page drawn once per ``generation`` and kept whole (``standing.kept_page``)."""
    path = request.get_full_path() + ("#htmx" if getattr(request, "htmx", False) else "")
    return standing.kept_page(
        request, cache_key(page, request, path, generation), context, template
    )


def cache_key(
    page: str,
    request: HttpRequest,
    query: str,
    generation: Callable[[], str] = stats.standing_generation,
) -> str:
    """A records page's cache key: the generation it is kept under (by default the
    standings', which only what may change a standing moves), the viewer (what they may
    see) and the query; ``standing.page_key`` adds the language and the release."""
    return standing.page_key(f"records-{page}", generation(), viewer_key(request), query)


def _match(request: HttpRequest, code: str) -> Match:
    return match_for(request, code)


def _chosen_club(filters: RecordsFilter) -> int | None:
    """The id of the club chosen (one of the viewer's own, the form checks), if any."""
    code = filters.cleaned_data.get("club") if filters.is_valid() else None
    return Club.objects.filter(code=code).values_list("pk", flat=True).first() if code else None


@require_safe
def standings(request: HttpRequest) -> HttpResponse:
    def context() -> dict:
        filters = RecordsFilter(request.GET, user=request.user)
        table = stats.standings(_visible(request), filters.chosen_game(), filters.period())
        rated = beside_standings(table, _chosen_club(filters), filters.chosen_game())
        return {"filters": filters, "table": table, "rated": rated}

    return cached_page(request, "standings", context, "records/standings.html")


@require_safe
def player(request: HttpRequest, pk: int) -> HttpResponse:
    def context() -> dict:
        matches = _visible(request)
        # Only a player this phone may see at the table: a name typed only into someone
        # else's private match is not there for anyone else (404, as the match itself).
        seen = Player.objects.filter(pk=pk, seats__side__match__in=matches.values("pk"))
        person = get_object_or_404(seen.distinct())
        form = stats.player_form(person, matches)
        return {
            "player": person,
            "records": stats.player_record(person, matches),
            "recent": listed_items(stats.recent_matches(person, matches)),
            "form": form,
            "chart": charts.form_chart([(p.code, p.won, p.margin) for p in form]),
        }

    # It counts every hand, of matches still going on too: kept under any change.
    return cached_page(request, "player", context, "records/player.html", stats.generation)


@require_safe
def player_names(request: HttpRequest) -> HttpResponse:
    """Names to offer as a name is typed (a ``<datalist>``'s options): players of the
    matches this viewer may see whose name, or a word of it, starts with what was typed."""
    # ``q``: the value of the name field being typed in (tento.js sends it).
    typed = " ".join(request.GET.get("q", "").split())[:250]
    # In a list of names ("Ana, Bia, Ca") the last one is being typed; each option is the
    # whole list with it completed, as a datalist replaces the field's whole value.
    before, _comma, typed = typed.rpartition(",")
    before = f"{before.strip()}, " if before.strip() else ""
    typed = typed.strip()[:60]
    seen = Seat.objects.filter(side__match__in=visible_matches(request).values("pk"))
    names = Player.objects.filter(pk__in=seen.values("player_id")).order_by("name")
    if typed:
        names = names.filter(Q(name__istartswith=typed) | Q(name__icontains=f" {typed}"))
    # The clubs' rosters too: a guest or a member who has not played yet.
    wanted = typed.lower()
    roster = [
        name
        for name in roster_names(request.user)
        if name.lower().startswith(wanted) or f" {wanted}" in name.lower()
    ]
    offered = {
        n.lower(): n for n in [*roster, *names.values_list("name", flat=True)[:NAMES_OFFERED]]
    }
    return render(
        request,
        "records/_names.html",
        {"names": sorted(offered.values(), key=str.lower)[:NAMES_OFFERED], "before": before},
    )


def _players(text: str) -> list[Player] | None:
    names = split_names(text)[:2]
    found = {p.name.lower(): p for p in Player.objects.filter(name__in=names)}
    found |= {
        p.name.lower(): p
        for name in names
        if name.lower() not in found
        for p in Player.objects.filter(name__iexact=name)[:1]
    }
    people = [found.get(name.lower()) for name in names]
    return people if people and all(people) else None  # type: ignore[return-value]


@require_safe
def head_to_head(request: HttpRequest) -> HttpResponse:
    form = HeadToHeadForm(request.GET or None)
    filters = RecordsFilter(request.GET, user=request.user)
    result = missing = None
    if form.is_valid():
        first, second = _players(form.cleaned_data["first"]), _players(form.cleaned_data["second"])
        if first and second:
            result = stats.head_to_head(
                first, second, _visible(request), filters.chosen_game(), filters.period()
            )
        else:
            missing = True
    return render(
        request,
        "records/head_to_head.html",
        {"form": form, "filters": filters, "result": result, "missing": missing},
    )


@require_safe
def history(request: HttpRequest) -> HttpResponse:
    """Every match, newest first, searchable by side or player name, 25 a page."""
    filters = RecordsFilter(request.GET, user=request.user)
    matches = _filtered(request, filters)
    if text := filters.search():
        hits = Q(sides__name__icontains=text) | Q(sides__seats__player__name__icontains=text)
        matches = matches.filter(pk__in=Match.objects.filter(hits).values("pk"))
    page = Paginator(matches.order_by("-updated_at", "-pk"), HISTORY_PAGE).get_page(
        request.GET.get("page")
    )
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "records/history.html",
        {
            "filters": filters,
            "page": page,
            "items": listed_items(list(page.object_list)),
            "query": query.urlencode(),
        },
    )


def _chart_context(match: Match) -> dict:
    return {"match": match, "chart": stats.running_chart(match)}


@require_safe
def match_record(request: HttpRequest, code: str) -> HttpResponse:
    match = _match(request, code)
    # The summary is pasted in a chat: it links the read-only link, as the match's own
    # address is private (404 for a friend).
    url = request.build_absolute_uri(match.get_watch_url())
    context = _chart_context(match) | {"summary": match_text(match, url)}
    return render(request, "records/match.html", context)


@require_safe
def match_chart(request: HttpRequest, code: str) -> HttpResponse:
    """The running-totals chart alone, for the match page to load after it is drawn."""
    return render(request, "records/_chart.html", _chart_context(_match(request, code)))


def _download(content, content_type: str, filename: str) -> HttpResponse:
    response_class = StreamingHttpResponse if not isinstance(content, str) else HttpResponse
    response = response_class(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
def match_summary(request: HttpRequest, code: str) -> HttpResponse:
    match = _match(request, code)
    text = match_text(match, request.build_absolute_uri(match.get_watch_url()))
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


@require_safe
def match_hands_csv(request: HttpRequest, code: str) -> HttpResponse:
    match = _match(request, code)
    return _download(match_csv(match), "text/csv; charset=utf-8", f"tento-{match.code}.csv")


def _filtered(request: HttpRequest, filters: RecordsFilter):
    """Visible matches of the chosen game finished within the chosen dates (if any)."""
    matches = _visible(request)
    period = filters.period()
    if period.start or period.end:
        matches = period.filter(matches)
    if filters.chosen_game():
        matches = matches.filter(game=filters.chosen_game())
    return matches


def _exported(request: HttpRequest):
    return _filtered(request, RecordsFilter(request.GET, user=request.user))


@require_safe
def export_csv(request: HttpRequest) -> HttpResponse:
    return _download(records_csv(_exported(request)), "text/csv; charset=utf-8", "tento.csv")


@require_safe
def export_json(request: HttpRequest) -> HttpResponse:
    """The records as JSON, streamed match by match (``import_records`` reads it back)."""
    now = timezone.now()

    def chunks():
        yield '{"format": "tento-records", "version": 1, '
        yield f'"exported_at": {json.dumps(now.isoformat())}, "matches": ['
        for n, match in enumerate(export_matches(_exported(request))):
            yield ("," if n else "") + json.dumps(match, ensure_ascii=False)
        yield "]}\n"

    return _download(chunks(), "application/json", "tento-records.json")
