"""An event as it stands: its rounds, each table's live state, and the standing across
tables, read in a fixed number of queries however many tables play.

Each finished (or closed) table's result becomes event points by the event's scale, and
the standing orders the entrants by them with the tiebreaks of ``referee.events``; a
table's result corrected after the next round was drawn counts as corrected, and the
drawn round is flagged."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db.models import Count, Q

from scoring.events.models import Entrant, Event, Round, Table, TableSeat
from scoring.ledger.models import Side

if TYPE_CHECKING:
    from collections.abc import Sequence


@dataclass
class TableState:
    row: Table
    round: int
    entrants: list[Entrant]
    scores: list[int]
    won: list[bool]
    hands: int
    finished: bool
    hands_per_table: int | None
    points: list[int] | None = None

    @property
    def number(self) -> int:
        return self.row.number

    @property
    def match(self) -> Any:
        return self.row.match

    @property
    def closed(self) -> bool:
        return self.row.closed

    @property
    def played_its_hands(self) -> bool:
        return self.hands_per_table is not None and self.hands >= self.hands_per_table

    @property
    def done(self) -> bool:
        """Its result counts: the match finished, a director closed the table, or it has
        played the event's hands."""
        return self.finished or self.closed or self.played_its_hands

    @property
    def state(self) -> str:
        if self.closed:
            return "closed"
        return "finished" if self.done else "playing"

    @property
    def changed_after_draw(self) -> bool:
        drawn = self.row.result_at_draw
        return drawn is not None and list(drawn) != self.scores

    def sides(self) -> list[tuple[Entrant, int, int | None]]:
        """Each entrant with its score and (once the table is done) its event points."""
        points = self.points or [None] * len(self.entrants)
        return list(zip(self.entrants, self.scores, points, strict=False))


@dataclass
class RoundState:
    row: Round
    tables: list[TableState] = field(default_factory=list)
    byes: list[Entrant] = field(default_factory=list)
    # A table of the round before had its result changed after this one was drawn.
    flagged: bool = False

    @property
    def number(self) -> int:
        return self.row.number

    @property
    def done(self) -> bool:
        return all(table.done for table in self.tables)


@dataclass
class Board:
    event: Event
    entrants: list[Entrant]
    rounds: list[RoundState]
    lines: list[Any] = field(default_factory=list)

    def current(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    def current_tables(self) -> list[TableState]:
        current = self.current()
        return current.tables if current is not None else []

    def table_of(self, entrant: Entrant) -> TableState | None:
        for table in self.current_tables():
            if any(e.pk == entrant.pk for e in table.entrants):
                return table
        return None

    def next_number(self) -> int:
        return len(self.rounds) + 1

    def can_draw(self) -> bool:
        return self.next_number() <= self.event.rounds and all(
            table.done for table in self.current_tables()
        )

    def done_tables(self) -> list[TableState]:
        return [table for state in self.rounds for table in state.tables if table.done]


def board_of(event: Event) -> Board:
    """The whole event in seven queries: entrants, rounds, byes, tables (with each
    match and its count of hands), seats, sides; and the standing."""
    entrants = list(event.entrants.all())
    by_pk = {entrant.pk: entrant for entrant in entrants}
    rounds = {
        row.pk: RoundState(row, byes=[by_pk[e.pk] for e in row.byes.all()])
        for row in Round.objects.filter(event=event).prefetch_related("byes")
    }
    live = Q(match__hands__undone_at__isnull=True)
    tables = (
        Table.objects.filter(round__event=event)
        .select_related("match")
        .annotate(played=Count("match__hands", filter=live))
        .order_by("round__number", "number")
    )
    seated: dict[int, list[Entrant]] = {}
    for table_id, entrant_id in (
        TableSeat.objects.filter(table__round__event=event)
        .order_by("table", "position")
        .values_list("table_id", "entrant_id")
    ):
        seated.setdefault(table_id, []).append(by_pk[entrant_id])
    sides: dict[int, list[tuple[int, bool]]] = {}
    for match_id, total, won in (
        Side.objects.filter(match__event_table__round__event=event)
        .order_by("match", "position")
        .values_list("match_id", "total", "won")
    ):
        sides.setdefault(match_id, []).append((total, won))
    for table in tables:
        state = rounds[table.round_id]
        scored = sides.get(table.match_id, [])
        state.tables.append(
            TableState(
                row=table,
                round=state.number,
                entrants=seated.get(table.pk, []),
                scores=[total for total, _won in scored],
                won=[won for _total, won in scored],
                hands=table.played,
                finished=table.match.is_finished,
                hands_per_table=event.hands,
            )
        )
    ordered = sorted(rounds.values(), key=lambda state: state.number)
    for before, after in itertools.pairwise(ordered):
        after.flagged = any(table.changed_after_draw for table in before.tables)
    board = Board(event, entrants, ordered)
    score_tables(board)
    board.lines = standing_lines(board)
    return board


def score_tables(board: Board) -> None:
    """Each done table's event points, by the event's scale."""
    from referee.events import victory_points

    scale = board.event.scale_setting()
    for table in board.done_tables():
        table.points = list(victory_points(scale, table.scores)[0])


def standing_lines(board: Board) -> list[Any]:
    """The standing across tables, each line with how it was reached."""
    from referee.events import standing

    return list(
        standing([str(e.pk) for e in board.entrants], results_of(board), **_setting(board))
    )


def _setting(board: Board) -> dict[str, Any]:
    return {}


def results_of(board: Board) -> Sequence[Any]:
    from referee.events import TableResult

    results: list[Any] = [
        TableResult(
            round=table.round,
            entrants=tuple(str(e.pk) for e in table.entrants),
            scores=tuple(table.scores),
            points=tuple(table.points or ()),
        )
        for table in board.done_tables()
    ]
    return results


def entrants_for_draw(event: Event, board: Board, number: int) -> list[Entrant]:
    """The entrants who play round ``number``: joined by then and not withdrawn."""
    return [entrant for entrant in board.entrants if entrant.plays_in(number)]
