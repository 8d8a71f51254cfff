"""Results written on paper: a table's final scores, typed in by a director, stand for
the table's result (``scoring.events.standing`` reads them beside the matches' totals)."""

from __future__ import annotations

from scoring.board.models import PaperResult
from scoring.events.models import Event


def paper_sides(event: Event) -> dict[int, list[tuple[int, bool]]]:
    """Each paper result of ``event`` by its table's match: (score, won) in seat order,
    as the standing reads a match's sides; the highest score wins, a tie wins nothing."""
    found: dict[int, list[tuple[int, bool]]] = {}
    for match_id, scores in PaperResult.objects.filter(table__round__event=event).values_list(
        "table__match_id", "scores"
    ):
        best = max(scores)
        alone = scores.count(best) == 1
        found[match_id] = [(score, alone and score == best) for score in scores]
    return found
