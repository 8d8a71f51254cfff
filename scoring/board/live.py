"""What the board shows changes only when one of these moves: a table's match (its
version rises with every hand, correction, undo and ending), the tables drawn or
closed, a paper result, the entrants (late, withdrawn, substituted) and the clock. Each
only ever grows, so their sums name one state of the event: the board's ETag, read in
three queries however many tables play."""

from __future__ import annotations

from django.db.models import Count, Max, Q, Sum
from django.utils.translation import get_language

from scoring.board.models import RoundClock
from scoring.events.models import Entrant, Event, Table


def board_version(event: Event) -> str:
    tables = Table.objects.filter(round__event=event).aggregate(
        versions=Sum("match__version"),
        tables=Count("pk"),
        closed=Count("pk", filter=Q(closed=True)),
        sheets=Count("paper"),
        sheets_at=Max("paper__entered_at"),
    )
    entrants = Entrant.objects.filter(event=event).aggregate(
        entrants=Count("pk", distinct=True),
        last=Max("pk"),
        withdrawn=Count("pk", distinct=True, filter=Q(withdrawn_from__isnull=False)),
        substitutions=Count("substitutions", distinct=True),
    )
    clocks = RoundClock.objects.filter(round__event=event).aggregate(revisions=Sum("revision"))
    sheets_at = tables.pop("sheets_at")
    parts = [tables[k] or 0 for k in ("versions", "tables", "closed", "sheets")]
    parts.append(int(sheets_at.timestamp()) if sheets_at else 0)
    parts += [entrants[k] or 0 for k in ("entrants", "last", "withdrawn", "substitutions")]
    parts.append(clocks["revisions"] or 0)
    return f"e{event.pk}-" + "-".join(str(p) for p in parts) + f"-{get_language()}"
