"""An event as CSV (one row per entrant per table) and as JSON (the event, its
entrants, its rounds and tables, the standing with its reasons)."""

from __future__ import annotations

import io
from typing import Any

from scoring.events.models import Substitution
from scoring.events.standing import Board
from scoring.records.exports import SafeWriter

CSV_HEADER = [
    "event",
    "round",
    "table",
    "match",
    "state",
    "hands",
    "entrant",
    "players",
    "score",
    "points",
]


def event_csv(board: Board) -> str:
    out = io.StringIO()
    writer = SafeWriter(out)
    writer.writerow(CSV_HEADER)
    event = board.event
    for state in board.rounds:
        for table in state.tables:
            for entrant, score, points in table.sides():
                writer.writerow(
                    [
                        event.name,
                        state.number,
                        table.number,
                        table.match.code,
                        table.state,
                        table.hands,
                        entrant.name,
                        ", ".join(entrant.players),
                        score,
                        "" if points is None else points,
                    ]
                )
        for entrant in state.byes:
            writer.writerow(
                [
                    event.name,
                    state.number,
                    "",
                    "",
                    "bye",
                    0,
                    entrant.name,
                    ", ".join(entrant.players),
                    "",
                    event.bye_points,
                ]
            )
    return out.getvalue()


def event_dict(board: Board) -> dict[str, Any]:
    event = board.event
    names = {str(entrant.pk): entrant.name for entrant in board.entrants}
    substitutions: dict[int, list[dict[str, Any]]] = {}
    for sub in Substitution.objects.filter(entrant__event=event):
        substitutions.setdefault(sub.entrant_id, []).append(
            {"replaced": sub.replaced, "substitute": sub.substitute, "from_round": sub.from_round}
        )
    return {
        "code": event.code,
        "name": event.name,
        "club": event.club.code,
        "game": event.game,
        "options": event.options,
        "target": event.target,
        "kind": event.kind,
        "format": event.format,
        "rounds": event.rounds,
        "hands": event.hands,
        "scale": event.scale,
        "bye_points": event.bye_points,
        "entrants": [
            {
                "id": str(entrant.pk),
                "name": entrant.name,
                "players": entrant.players,
                "joined_from": entrant.joined_from,
                "withdrawn_from": entrant.withdrawn_from,
                "substitutions": substitutions.get(entrant.pk, []),
            }
            for entrant in board.entrants
        ],
        "round_list": [
            {
                "round": state.number,
                "seed": state.row.seed,
                "flagged": state.flagged,
                "byes": [str(entrant.pk) for entrant in state.byes],
                "tables": [
                    {
                        "table": table.number,
                        "match": table.match.code,
                        "state": table.state,
                        "hands": table.hands,
                        "changed_after_draw": table.changed_after_draw,
                        "entrants": [str(entrant.pk) for entrant in table.entrants],
                        "scores": table.scores,
                        "points": table.points,
                    }
                    for table in state.tables
                ],
            }
            for state in board.rounds
        ],
        "standing": [line_dict(line, names) for line in board.lines],
    }


def line_dict(line: Any, names: dict[str, str]) -> dict[str, Any]:
    from dataclasses import asdict, is_dataclass

    data = asdict(line) if is_dataclass(line) else dict(line)
    data["name"] = names.get(str(data.get("entrant")), "")
    return data
