"""The room's slots in other apps' pages: the round clock on a table's match page, and
the room's part of the director's desk."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.board.forms import ClockRulesForm
from scoring.board.models import ClockRules
from scoring.events.models import Event

register = template.Library()


@register.inclusion_tag("board/_match_clock.html")
def round_clock(match: Any) -> dict[str, Any]:
    """The round clock on the match page of a table of an event (one query); nothing on
    a match played on its own."""
    event = Event.objects.filter(round__tables__match=match).first()
    return {"event": event}


@register.inclusion_tag("board/_desk.html", takes_context=True)
def room_desk(context: template.Context, event: Event, board: Any) -> dict[str, Any]:
    return {
        "event": event,
        "board": board,
        "clock_rules_form": ClockRulesForm(instance=ClockRules.of(event)),
        "csrf_token": context.get("csrf_token"),
        "request": context.get("request"),
    }
