"""Drawing a round: the event's entrants as ``referee.events`` sees them (their points,
the opponents they have met, their byes, their seed), in standing order, paired by the
event's format."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from referee.events import entrants_after, pair, tiebreaks_for
from scoring.events.standing import lot_seed, results_of

if TYPE_CHECKING:
    from scoring.events.models import Entrant, Event
    from scoring.events.standing import Board


def draw(
    event: Event, board: Board, active: list[Entrant], number: int, seed: int
) -> tuple[list[list[Entrant]], list[Entrant]]:
    """The tables (each its entrants, table 1 the top of the standing) and the byes of
    round ``number``, among the ``active`` entrants."""
    ranked = entrants_after(
        [str(entrant.pk) for entrant in board.entrants],
        results_of(board),
        seeds={str(e.pk): e.seed for e in board.entrants if e.seed},
        tiebreaks=tiebreaks_for(event.format),
        seed=lot_seed(board),
    )
    playing = {str(entrant.pk): entrant for entrant in active}
    # Whom a withdrawn entrant met no longer matters to the draw (and is no entrant of it).
    field = [
        replace(entrant, opponents=tuple(o for o in entrant.opponents if o in playing))
        for entrant in ranked
        if entrant.id in playing
    ]
    drawn = pair(
        str(event.format),
        field,
        round=number,
        table_size=event.seats_a_table(),
        seed=seed,
    )
    tables = [[playing[i] for i in table] for table in drawn.tables]
    return tables, [playing[i] for i in drawn.byes]
