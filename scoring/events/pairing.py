"""Drawing a round: the event's entrants as ``referee.events`` sees them (their points,
the opponents they have met, their byes, their seed), in standing order, paired by the
event's format. A knockout's rounds after its first are drawn from its bracket: those
still in, each with the seed it had there."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from referee.events import Entrant as Drawn
from referee.events import entrants_after, pair, tiebreaks_for
from scoring.events.knockout import KNOCKOUTS, bracket_round, still_in
from scoring.events.standing import lot_seed, results_of

if TYPE_CHECKING:
    from scoring.events.models import Entrant, Event
    from scoring.events.standing import Board


@dataclass
class Drawing:
    """A round drawn: its tables (table 1 the top), its byes, and (a knockout's first
    round) its bracket, the entrants' pks by seed."""

    tables: list[list[Entrant]]
    byes: list[Entrant]
    bracket: list[str] | None = None


def options_for(event: Event) -> dict[str, Any]:
    """The format's own options, from the event's settings."""
    if event.format == "knockout":
        return {"best_of": event.best_of}
    if event.format == "groups-knockout":
        return {"advance": event.advance, "best_next": event.best_next, "best_of": event.best_of}
    return {}


def fixed_seeds(entrants: list[Entrant]) -> dict[str, int]:
    """Every entrant's seed: its own, else after the seeded in the order of entry, so a
    knockout's or the groups' field stays the same from round to round."""
    seeds = {str(e.pk): e.seed for e in entrants if e.seed}
    after = max(seeds.values(), default=0)
    for entrant in entrants:
        if not entrant.seed:
            after += 1
            seeds[str(entrant.pk)] = after
    return seeds


def draw(event: Event, board: Board, active: list[Entrant], number: int, seed: int) -> Drawing:
    """Round ``number`` among the ``active`` entrants."""
    playing = {str(entrant.pk): entrant for entrant in active}
    if event.format in KNOCKOUTS and bracket_round(board) is not None:
        field = [
            Drawn(str(entrant.pk), seed=place)
            for place, entrant in still_in(board)
            if str(entrant.pk) in playing
        ]
        drawn = pair("knockout", field, round=number, best_of=event.best_of)
        return _seated(drawn, playing)
    knockout = event.format in KNOCKOUTS
    ranked = entrants_after(
        [str(entrant.pk) for entrant in board.entrants],
        results_of(board),
        seeds=fixed_seeds(board.entrants)
        if knockout
        else {str(e.pk): e.seed for e in board.entrants if e.seed},
        tiebreaks=tiebreaks_for(event.format),
        seed=lot_seed(board),
    )
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
        **options_for(event),
    )
    made = _seated(drawn, playing)
    made.bracket = list(drawn.seeds) or None
    return made


def _seated(drawn: Any, playing: dict[str, Entrant]) -> Drawing:
    return Drawing(
        [[playing[i] for i in table] for table in drawn.tables],
        [playing[i] for i in drawn.byes],
    )
