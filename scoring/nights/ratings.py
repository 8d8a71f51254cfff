"""What the night did to each entrant's ratings: for every player who sat down for an
entrant, the club's rating before the night's first match and after its last, from the
ratings app's changes (``RatingChange``) of the night's matches, read in one query."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, Subquery

from scoring.events.standing import Board
from scoring.ledger.models import Seat
from scoring.ratings.model import figure
from scoring.ratings.models import RatingChange


@dataclass
class NightRating:
    name: str
    before: int
    after: int

    @property
    def change(self) -> int:
        return self.after - self.before


def rating_changes(board: Board) -> dict[int, list[NightRating]]:
    """Each entrant's players (by the entrant's pk) with their rating over the night;
    an entrant whose matches are not rated (a table still playing) has none yet."""
    tables = {table.row.match_id: table for state in board.rounds for table in state.tables}
    seat = Seat.objects.filter(
        side__match_id=OuterRef("match_id"), player_id=OuterRef("player_id")
    ).values("side__position")[:1]
    rows = (
        RatingChange.objects.filter(match_id__in=list(tables))
        .annotate(position=Subquery(seat))
        .order_by("finished_at", "match_id", "pk")
        .values_list(
            "match_id",
            "position",
            "player_id",
            "player__name",
            "mu_before",
            "sigma_before",
            "mu",
            "sigma",
        )
    )
    found: dict[tuple[int, int], NightRating] = {}
    for match_id, position, player_id, name, mu_before, sigma_before, mu, sigma in rows:
        entrants = tables[match_id].entrants
        if position is None or position >= len(entrants):
            continue
        key = (entrants[position].pk, player_id)
        if key not in found:
            found[key] = NightRating(name, figure(mu_before, sigma_before), 0)
        found[key].after = figure(mu, sigma)
    changes: dict[int, list[NightRating]] = {}
    for (entrant_pk, _player), rating in found.items():
        changes.setdefault(entrant_pk, []).append(rating)
    return changes
