"""An event as it stands: its rounds, each table's live state, and the standing across
tables, read in a fixed number of queries however many tables play.

Each finished (or closed) table's result becomes event points by the event's scale, and
the standing orders the entrants by them with the tiebreaks of ``referee.events``; a
table's result corrected after the next round was drawn counts as corrected, and the
drawn round is flagged."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q
from django.utils.translation import gettext as _

from referee.events import Result, StandingLine, standing, tiebreaks_for, victory_points
from scoring.acceptance.models import Dispute
from scoring.board.paper import paper_sides
from scoring.events.models import Entrant, Event, Round, Table, TableSeat
from scoring.ledger.models import Side


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
    # A hand of its match is disputed and no director has ruled yet.
    disputed: bool = False

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
        """Its result counts: the match finished, a director closed the table, it has
        played the event's hands, or the next round was drawn on its result (a
        correction since, which may reopen its match, still counts)."""
        drawn_on = self.row.result_at_draw is not None
        return self.finished or self.closed or self.played_its_hands or drawn_on

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

    @property
    def drawing_key(self) -> str:
        """What the round's drawing depends on: its tables' matches (whose versions only
        grow), their closing, and the flag."""
        played = sum(table.match.version for table in self.tables)
        closed = sum(table.closed for table in self.tables)
        return f"{self.row.pk}.{played}.{closed}.{int(self.flagged)}"


@dataclass
class Board:
    event: Event
    entrants: list[Entrant]
    rounds: list[RoundState]
    lines: list[StandingLine] = field(default_factory=list)

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

    def unsettled(self) -> bool:
        """A table of the last round played its hands and its match has not ended."""
        return any(t.done and not (t.finished or t.closed) for t in self.current_tables())

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
        .annotate(
            played=Count("match__hands", filter=live),
            disputed=Exists(
                Dispute.objects.filter(
                    hand__match_id=OuterRef("match_id"), status=Dispute.Status.OPEN
                )
            ),
        )
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
    sides.update(paper_sides(event))  # a result typed in from a table's score sheet
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
                disputed=table.disputed,
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
    scale = board.event.scale_setting()
    for table in board.done_tables():
        if len(table.scores) >= 2:
            table.points = list(victory_points(scale, table.scores)[0])


def results_of(board: Board) -> list[Result]:
    """Every table that counts, and every bye (a table of one, with the event's points
    for a bye), as ``referee.events`` reads them."""
    results = [
        Result(
            entrants=tuple(str(e.pk) for e in table.entrants),
            points=tuple(table.points),
            scores=tuple(table.scores),
        )
        for table in board.done_tables()
        if table.points is not None
    ]
    for state in board.rounds:
        results += [Result((str(e.pk),), (board.event.bye_points,)) for e in state.byes]
    return results


def lot_seed(board: Board) -> int:
    """The lot that breaks the last ties: the first round's recorded seed."""
    return board.rounds[0].row.seed if board.rounds else 0


def standing_lines(board: Board) -> list[StandingLine]:
    """The standing across tables: event points, then the event's tiebreaks."""
    return standing(
        [str(e.pk) for e in board.entrants],
        results_of(board),
        tiebreaks=tiebreaks_for(board.event.format),
        seed=lot_seed(board),
    )


def reason(line: StandingLine, first: bool) -> str:
    """How the line was reached, in the reader's language."""
    values = {key: _number(value) for key, value in line.tiebreaks.items()}
    if line.reached_by == "events.standing.head-to-head":
        return _("Level on points; ahead on the tables among them (%(n)s).") % {
            "n": values.get("head-to-head", 0)
        }
    if line.reached_by == "events.standing.opponents-points":
        return _("Level on points; their opponents scored more (%(n)s).") % {
            "n": values.get("opponents-points", 0)
        }
    if line.reached_by == "events.standing.score-difference":
        return _("Level on points; better score difference (%(n)s).") % {
            "n": values.get("score-difference", 0)
        }
    if line.reached_by == "events.standing.lot":
        return _("Level on everything: placed by lot.")
    if first:
        return _("Most event points.")
    return _("Fewer event points than the line above.")


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def entrants_for_draw(event: Event, board: Board, number: int) -> list[Entrant]:
    """The entrants who play round ``number``: joined by then and not withdrawn (and, in
    a knockout, not knocked out: beaten at a table that named a winner)."""
    out = knocked_out(board) if event.format == "knockout" else set()
    return [e for e in board.entrants if e.plays_in(number) and e.pk not in out]


def knocked_out(board: Board) -> set[int]:
    beaten: set[int] = set()
    for table in board.done_tables():
        if any(table.won):
            beaten |= {e.pk for e, won in zip(table.entrants, table.won, strict=False) if not won}
    return beaten
