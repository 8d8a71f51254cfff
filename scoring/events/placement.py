"""Where a match sits in a club event, for the records (their pages, exports and API):
the event, the round and the table, or None for a match played on its own."""

from __future__ import annotations

from typing import Any

# Read with a match in the same query: ``matches.select_related(*PLACED)`` (a series'
# later games, best of three, are placed through their table).
PLACED = ("event_table__round__event", "series_game__table__round__event")


def placement(match: Any) -> dict[str, Any] | None:
    # A match with no table raises RelatedObjectDoesNotExist, an AttributeError.
    table = getattr(match, "event_table", None)
    if table is None:
        game = getattr(match, "series_game", None)
        table = game.table if game is not None else None
    if table is None:
        return None
    event = table.round.event
    return {
        "code": event.code,
        "name": event.name,
        "round": table.round.number,
        "table": table.number,
    }
