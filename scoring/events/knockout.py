"""A knockout as it stands: its bracket (kept by the round that drew it), who is still
in (every entrant of the bracket not beaten at a knockout table; a bye advances), and
whether it has its winner. The later rounds are drawn from this, so that the winners of
the bracket's pairs meet in the bracket's order."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoring.events.models import Entrant
    from scoring.events.standing import Board, RoundState

KNOCKOUTS = ("knockout", "groups-knockout")


def bracket_round(board: Board) -> RoundState | None:
    """The round that drew the knockout's first round (and keeps its bracket)."""
    return next((state for state in board.rounds if state.row.bracket), None)


def still_in(board: Board) -> list[tuple[int, Entrant]]:
    """Those still in, each with its seed of the bracket (1 the best), by seed."""
    first = bracket_round(board)
    if first is None:
        return []
    by_pk = {str(entrant.pk): entrant for entrant in board.entrants}
    beaten = {
        entrant.pk
        for state in board.rounds
        if state.number >= first.number
        for table in state.tables
        if table.done
        for entrant in table.beaten
    }
    return [
        (seed, by_pk[pk])
        for seed, pk in enumerate(first.row.bracket, start=1)
        if pk in by_pk and by_pk[pk].pk not in beaten
    ]


def champion(board: Board) -> Entrant | None:
    """The knockout's winner, once the final is done: the one still in."""
    if board.event.format not in KNOCKOUTS or not all(
        table.done for table in board.current_tables()
    ):
        return None
    left = still_in(board)
    return left[0][1] if len(left) == 1 and bracket_round(board) else None
