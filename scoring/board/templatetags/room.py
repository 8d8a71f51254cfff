"""The room's slots in other apps' pages: the round clock on a table's match page, and
the room's part of the director's desk."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse

from scoring.board.clock import clock_of, current_round
from scoring.board.forms import ClockRulesForm
from scoring.board.models import ClockRules
from scoring.board.views import board_key
from scoring.events.models import Event
from scoring.ledger.qr import qr_svg

register = template.Library()


@register.inclusion_tag("board/_match_clock.html")
def round_clock(match: Any) -> dict[str, Any]:
    """The round clock on the match page of a table of an event (one query); nothing on
    a match played on its own."""
    event = Event.objects.filter(round__tables__match=match).first()
    return {"event": event}


@register.inclusion_tag("board/_desk.html", takes_context=True)
def room_desk(context: template.Context, event: Event, board: Any) -> dict[str, Any]:
    request = context["request"]
    path = reverse("board:board", args=[event.code]) + "?" + urlencode({"key": board_key(event)})
    url = request.build_absolute_uri(path)
    return {
        "clock": clock_of(current_round(event)),
        "board_link": {"url": url, "qr": qr_svg(url)},
        "event": event,
        "board": board,
        "clock_rules_form": ClockRulesForm(instance=ClockRules.of(event)),
        "csrf_token": context.get("csrf_token"),
        "request": request,
    }
