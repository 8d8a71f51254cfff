"""An event as it stands: its rounds, each table's live state, and the standing across
tables, read in a fixed number of queries however many tables play.

Each finished (or closed) table's result becomes event points by the event's scale, and
the standing orders the entrants by them with the tiebreaks of ``referee.events``; a
table's result corrected after the next round was drawn counts as corrected, and the
drawn round is flagged."""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q
from django.utils.translation import gettext as _

from referee.events import Result, StandingLine, standing, tiebreaks_for, victory_points
from scoring.acceptance.models import Dispute
from scoring.board.paper import paper_sides
from scoring.events.models import Entrant, Event, Round, SeriesGame, Table, TableSeat
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
    # A knockout tie over several games: each game's totals, in the sides' order (its
    # ``scores`` are then the games each side won), and the game now at the table.
    games: list[list[int]] = field(default_factory=list)
    current_match: Any = None
    best_of: int = 1

    @property
    def series(self) -> bool:
        return self.best_of > 1

    @property
    def playing_match(self) -> Any:
        """The match the table plays now: its series' last game, else its own."""
        return self.current_match or self.row.match

    @property
    def needs_next_game(self) -> bool:
        """A series whose last game has finished and which nobody has won yet."""
        return (
            self.series
            and not self.finished
            and not self.closed
            and self.playing_match.is_finished
        )

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

    @property
    def beaten(self) -> list[Entrant]:
        """Who lost the table, as a knockout reads it: those whose side did not win where
        the match named a winner, else those below the best score (nobody on a level
        table: the tie is played again)."""
        if any(self.won):
            return [e for e, won in zip(self.entrants, self.won, strict=False) if not won]
        if not self.scores or self.scores.count(max(self.scores)) > 1:
            return []
        best = max(self.scores)
        return [e for e, score in zip(self.entrants, self.scores, strict=False) if score < best]

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

    @cached_property
    def lines(self) -> list[StandingLine]:
        """The standing, worked out when first asked for (the event page keeps its
        drawing under ``standing_key`` and seldom needs it)."""
        return standing_lines(self)

    def standing_key(self) -> str:
        """What the standing depends on: every result that counts (and its byes), the
        lot, and the desk's changes (entrants, withdrawals)."""
        results = repr((results_of(self), lot_seed(self), self.event.version))
        return hashlib.sha256(results.encode()).hexdigest()[:32]

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

    def over(self) -> bool:
        """The event has played its rounds: a knockout once it has its winner (however
        many rounds that took), any other format its number of rounds."""
        from scoring.events.knockout import KNOCKOUTS, bracket_round, still_in

        if self.event.format in KNOCKOUTS:
            return bracket_round(self) is not None and len(still_in(self)) <= 1
        return self.next_number() > self.event.rounds

    def champion(self) -> Entrant | None:
        from scoring.events.knockout import champion

        return champion(self)

    def can_draw(self) -> bool:
        return not self.over() and all(table.done for table in self.current_tables())

    def unsettled(self) -> bool:
        """A table of the last round played its hands and its match has not ended."""
        return any(t.done and not (t.finished or t.closed) for t in self.current_tables())

    def done_tables(self) -> list[TableState]:
        return [table for state in self.rounds for table in state.tables if table.done]


def board_of(event: Event) -> Board:
    """The whole event in a fixed number of queries however many tables: entrants,
    rounds, byes, tables (with each match and its count of hands), a series' later
    games (likewise), seats, sides, paper results. The standing is worked out when
    first asked for (``Board.lines``)."""
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
        Side.objects.filter(
            Q(match__event_table__round__event=event)
            | Q(match__series_game__table__round__event=event)
        )
        .order_by("match", "position")
        .values_list("match_id", "total", "won")
    ):
        sides.setdefault(match_id, []).append((total, won))
    sides.update(paper_sides(event))  # a result typed in from a table's score sheet
    series: dict[int, list[SeriesGame]] = {}
    for game in (
        SeriesGame.objects.filter(table__round__event=event)
        .select_related("match")
        .annotate(played=Count("match__hands", filter=live))
        .order_by("table", "number")
    ):
        series.setdefault(game.table_id, []).append(game)
    in_series = series_from(event, rounds.values())
    for table in tables:
        state = rounds[table.round_id]
        scored = sides.get(table.match_id, [])
        made = TableState(
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
        if in_series is not None and state.number >= in_series:
            play_series(made, series.get(table.pk, []), sides, event.best_of)
        state.tables.append(made)
    ordered = sorted(rounds.values(), key=lambda state: state.number)
    for before, after in itertools.pairwise(ordered):
        after.flagged = any(table.changed_after_draw for table in before.tables)
    board = Board(event, entrants, ordered)
    score_tables(board)
    return board


def series_from(event: Event, rounds: Any) -> int | None:
    """The first round whose tables play a series (best of three): the knockout's."""
    if event.best_of < 2 or event.format not in ("knockout", "groups-knockout"):
        return None
    drawn = [state.number for state in rounds if state.row.bracket]
    return min(drawn) if drawn else None


def series_score(matches: Any) -> list[int]:
    """The games each side won over ``matches`` (one query a match: for a single table)."""
    won: list[int] = []
    for match in matches:
        flags = list(match.sides.order_by("position").values_list("won", flat=True))
        won = [a + b for a, b in itertools.zip_longest(won, flags, fillvalue=0)]
    return won


def play_series(
    table: TableState,
    later: list[SeriesGame],
    sides: dict[int, list[tuple[int, bool]]],
    best_of: int,
) -> None:
    """The table's result is its series: each side's games won are its score, and the
    table is finished once a side has won more than half the games."""
    games = [(table.match, table.scores, table.won)]
    for game in later:
        scored = sides.get(game.match_id, [])
        games.append((game.match, [t for t, _w in scored], [w for _t, w in scored]))
        table.hands += game.played
    won = [0] * len(table.entrants)
    for match, _scores, flags in games:
        if match.is_finished:
            won = [count + bool(flag) for count, flag in zip(won, flags, strict=False)]
    table.best_of = best_of
    table.games = [scores for _match, scores, _flags in games]
    table.current_match = games[-1][0]
    table.scores = won
    table.won = [count * 2 > best_of for count in won]
    table.finished = any(table.won)


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
    """The entrants who play round ``number``: joined by then and not withdrawn (a
    knockout's draw then keeps only those still in its bracket)."""
    return [e for e in board.entrants if e.plays_in(number)]
