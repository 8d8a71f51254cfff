"""Drawing a round: the event's entrants as ``referee.events`` sees them (their points,
the opponents they have met, their byes, their seed), paired by the event's format."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoring.events.models import Entrant, Event
    from scoring.events.standing import Board


def draw(
    event: Event, board: Board, active: list[Entrant], number: int, seed: int
) -> tuple[list[list[Entrant]], list[Entrant]]:
    """The tables (each its entrants, table 1 the top of the standing) and the byes of
    round ``number``."""
    from referee.events import Entrant as Drawn
    from referee.events import pair

    points: dict[str, int] = {}
    opponents: dict[str, set[str]] = {}
    byes: dict[str, int] = {}
    for table in board.done_tables():
        ids = [str(e.pk) for e in table.entrants]
        for entrant_id, earned in zip(ids, table.points or (), strict=False):
            points[entrant_id] = points.get(entrant_id, 0) + earned
            opponents.setdefault(entrant_id, set()).update(i for i in ids if i != entrant_id)
    for state in board.rounds:
        for entrant in state.byes:
            key = str(entrant.pk)
            byes[key] = byes.get(key, 0) + 1
            points[key] = points.get(key, 0) + event.bye_points
    drawn = [
        Drawn(
            id=str(entrant.pk),
            points=points.get(str(entrant.pk), 0),
            opponents=tuple(sorted(opponents.get(str(entrant.pk), ()))),
            byes=byes.get(str(entrant.pk), 0),
            seed=entrant.seed or index,
        )
        for index, entrant in enumerate(active, start=1)
    ]
    result = pair(
        str(event.format), drawn, round=number, table_size=event.seats_a_table(), seed=seed
    )
    by_id = {str(entrant.pk): entrant for entrant in active}
    tables = [[by_id[i] for i in _ids(table)] for table in result.tables]
    return tables, [by_id[i] for i in result.byes]


def _ids(table: object) -> list[str]:
    return list(getattr(table, "entrants", table))  # type: ignore[call-overload]
