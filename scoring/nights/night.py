"""An entrant's night as it is handed to them: every table they sat at (round, table,
opponents, the hands with each side's points, the table's totals and event points), the
rounds they sat out, and the whole standing; as a page, as text for the phone's share
sheet and the mail, and as a picture of the standing (SVG, drawn by the server)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from scoring.events.models import Entrant
from scoring.events.standing import Board, TableState
from scoring.ledger.models import HandScore


@dataclass
class Sitting:
    """One table of the entrant's night, from the entrant's chair."""

    table: TableState
    mine: int  # the entrant's side in the table's match
    hands: list[list[int]] = field(default_factory=list)

    @property
    def round(self) -> int:
        return self.table.round

    @property
    def opponents(self) -> list[Entrant]:
        return [e for i, e in enumerate(self.table.entrants) if i != self.mine]

    @property
    def score(self) -> int:
        return self.table.scores[self.mine] if self.table.scores else 0

    @property
    def opponents_scores(self) -> list[int]:
        return [s for i, s in enumerate(self.table.scores) if i != self.mine]

    @property
    def points(self) -> int | None:
        return self.table.points[self.mine] if self.table.points else None

    def hand_rows(self) -> list[dict[str, Any]]:
        """Each hand: its number, the entrant's points and the opponents'."""
        return [
            {
                "number": number,
                "mine": row[self.mine],
                "theirs": [p for i, p in enumerate(row) if i != self.mine],
            }
            for number, row in enumerate(self.hands, start=1)
        ]


@dataclass
class Night:
    board: Board
    entrant: Entrant
    sittings: list[Sitting]
    byes: list[int]
    # The entrant's players' ratings over the night (``nights.ratings``), once rated.
    ratings: list[Any] = field(default_factory=list)

    @property
    def line(self) -> Any:
        return next(
            (line for line in self.board.lines if line.entrant == str(self.entrant.pk)), None
        )

    @property
    def place(self) -> int | None:
        line = self.line
        return line.place if line else None

    @property
    def points(self) -> int | float:
        line = self.line
        return line.points if line else 0


def night_of(board: Board, entrant: Entrant) -> Night:
    """The entrant's night, with each table's hands in one query."""
    sittings = [
        Sitting(table, [e.pk for e in table.entrants].index(entrant.pk))
        for state in board.rounds
        for table in state.tables
        if any(e.pk == entrant.pk for e in table.entrants)
    ]
    by_match = {s.table.row.match_id: s for s in sittings}
    rows: dict[tuple[int, int], list[int]] = {}
    for match_id, number, _position, total in (
        HandScore.objects.filter(hand__match_id__in=by_match, hand__undone_at__isnull=True)
        .order_by("hand__match", "hand__number", "side__position")
        .values_list("hand__match_id", "hand__number", "side__position", "total")
    ):
        rows.setdefault((match_id, number), []).append(total)
    for (match_id, _number), row in sorted(rows.items()):
        by_match[match_id].hands.append(row)
    byes = [state.number for state in board.rounds if any(e.pk == entrant.pk for e in state.byes)]
    return Night(board, entrant, sittings, byes)


def summary_text(night: Night, url: str = "") -> str:
    """The night in a few lines of text: the share sheet's and the mail's."""
    event = night.board.event
    lines = [
        _("%(event)s · %(club)s") % {"event": event.name, "club": event.club.name},
        _("%(name)s: place %(place)s of %(count)s, %(points)s event points")
        % {
            "name": night.entrant.name,
            "place": night.place or "–",
            "count": len(night.board.lines),
            "points": night.points,
        },
    ]
    for sitting in night.sittings:
        lines.append(
            _("Round %(round)s, table %(table)s: %(score)s – %(theirs)s v %(opponents)s")
            % {
                "round": sitting.round,
                "table": sitting.table.number,
                "score": sitting.score,
                "theirs": " – ".join(str(s) for s in sitting.opponents_scores),
                "opponents": ", ".join(e.name for e in sitting.opponents),
            }
        )
    for number in night.byes:
        lines.append(_("Round %(round)s: a bye") % {"round": number})
    if night.ratings:
        changes = ", ".join(
            f"{r.name} {r.change:+d} ({r.before} → {r.after})" for r in night.ratings
        )
        lines.append(_("Rating: %(changes)s") % {"changes": changes})
    lines.append(_("Standing:"))
    names = {str(e.pk): e.name for e in night.board.entrants}
    for line in night.board.lines:
        lines.append(f"{line.place}. {names[line.entrant]} · {line.points}")
    if url:
        lines.append(url)
    return "\n".join(lines)


def standing_svg(board: Board, lines: list[dict[str, Any]]) -> str:
    """A picture of the standing for the messaging apps, drawn by the server."""
    row = 44
    return render_to_string(
        "nights/standing.svg",
        {
            "event": board.event,
            "lines": [item | {"y": 120 + row * i} for i, item in enumerate(lines)],
            "height": 140 + row * len(lines),
        },
    )
