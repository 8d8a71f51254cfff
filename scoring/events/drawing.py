"""The event page's tables, each drawn once per change of its own match.

Right after a hand at one table of a fifty-table night, only that table's fragment is
drawn again: every table's is kept in the cache under what it shows (its match's
version, its state, its scores and points, the reader's language), and all of them are
fetched in one round trip (``get_many``). A key names a table's content, never "the
latest", so a cache every process shares can answer for any of them."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

if TYPE_CHECKING:
    from scoring.events.standing import Board, RoundState, TableState

# A fragment outlives a night; its key changes with what it shows.
KEPT_SECONDS = 6 * 3600


def table_key(table: TableState, language: str) -> str:
    shown = repr(
        (
            table.row.pk,
            table.match.version,
            table.playing_match.version,
            table.games,
            table.state,
            table.hands,
            table.scores,
            table.points,
            table.changed_after_draw,
            language,
        )
    )
    return "event-table:" + hashlib.sha256(shown.encode()).hexdigest()[:32]


def drawn_rounds(board: Board) -> list[RoundState]:
    """The board's rounds, each table with its fragment (``table.drawn``) from the cache
    or drawn now and kept."""
    language = get_language()
    tables = {table_key(t, language): t for state in board.rounds for t in state.tables}
    kept = cache.get_many(list(tables))
    drawn = {}
    for key, table in tables.items():
        fragment = kept.get(key)
        if fragment is None:
            fragment = drawn[key] = render_to_string(
                "events/_table.html", {"table": table, "event": board.event}
            )
        table.drawn = mark_safe(fragment)
    if drawn:
        cache.set_many(drawn, KEPT_SECONDS)
    return board.rounds
