"""The league's page: each fixture with its window and state, what this member's side
may do on it (report, confirm or refuse), the standing of the settled fixtures, and for
the director the fixtures to lay out and those past their deadline to rule on."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scoring.events.models import Entrant, Event
from scoring.events.views import event_for
from scoring.leagues.forms import ExtendForm, FixturesForm, ReportForm
from scoring.leagues.league import league_standing, make_fixtures, named
from scoring.leagues.models import Fixture


@require_safe
def fixtures(request: HttpRequest, code: str) -> HttpResponse:
    event = event_for(request, code)
    rows = list(
        Fixture.objects.filter(event=event).select_related("home", "away", "match", "walkover_to")
    )
    now = timezone.now()
    for fixture in rows:
        fixture.mine = fixture.side_of(request.user)
        fixture.late = fixture.overdue(now)
        fixture.window_open = fixture.is_open(now)
        if fixture.match and (event.can_direct or fixture.mine is not None):
            fixture.match_url = reverse("ledger:score", args=[fixture.match.edit_token])
    context = {
        "event": event,
        "fixtures": rows,
        "lines": named(league_standing(event, rows), event),
        "overdue": [f for f in rows if f.late],
        "fixtures_form": FixturesForm(),
        "extend_form": ExtendForm(),
    }
    return render(request, "leagues/fixtures.html", context)


def _act(
    request: HttpRequest,
    code: str,
    pk: int,
    act: Callable[[Fixture], str],
    *,
    direct: bool = False,
) -> HttpResponse:
    event = event_for(request, code, direct=direct)
    fixture = get_object_or_404(
        Fixture.objects.select_related("home", "away", "match"), pk=pk, event=event
    )
    try:
        said = act(fixture)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        event.touch()
        messages.success(request, said)
    return redirect("leagues:fixtures", event.code)


@require_POST
def report(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    def act(fixture: Fixture) -> str:
        form = ReportForm(request.POST)
        if not form.is_valid():
            raise ValidationError([e for errors in form.errors.values() for e in errors])
        fixture.report(request.user, form.scores())
        if fixture.settled:
            return _("Result settled: the other side accepted every hand at the table.")
        return _("Result reported: it stands once the other side confirms it.")

    return _act(request, code, pk, act)


@require_POST
def confirm(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    def act(fixture: Fixture) -> str:
        fixture.confirm(request.user)
        return _("Result confirmed.")

    return _act(request, code, pk, act)


@require_POST
def reject(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    def act(fixture: Fixture) -> str:
        fixture.reject(request.user)
        return _("Report refused: the fixture is open again.")

    return _act(request, code, pk, act)


@require_POST
def walkover(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    def act(fixture: Fixture) -> str:
        winner = get_object_or_404(
            Entrant, pk=request.POST.get("winner") or 0, event=fixture.event
        )
        fixture.rule_walkover(winner, request.user)
        return _("Walkover to %(name)s.") % {"name": winner.name}

    return _act(request, code, pk, act, direct=True)


@require_POST
def extend(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    def act(fixture: Fixture) -> str:
        form = ExtendForm(request.POST)
        if not form.is_valid():
            raise ValidationError([e for errors in form.errors.values() for e in errors])
        fixture.extend(form.deadline_at(), request.user)
        return _("The window is extended.")

    return _act(request, code, pk, act, direct=True)


@require_POST
def lay_out(request: HttpRequest, code: str) -> HttpResponse:
    event: Event = event_for(request, code, direct=True)
    form = FixturesForm(request.POST)
    if form.is_valid():
        made = make_fixtures(event, form.opens_at(), form.cleaned_data["days"])
        messages.success(request, _("%(n)s fixtures laid out.") % {"n": len(made)})
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect("leagues:fixtures", event.code)
