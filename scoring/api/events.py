"""Club events over JSON, stateless: a round's draw and a table's victory points, under
/api/v1/events/. The answers are ``referee.events``'s; what it cannot do is a 422 naming
every rule broken (``scoring.api.urls``), like every referee answer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Router, Schema
from pydantic import BaseModel, Discriminator, Tag

from referee.events import FORMATS, SCALES, Entrant, bye_points, pair, victory_points
from scoring.api.schemas import ObjectIn, Violations

router = Router(tags=["events"])

# A field larger than any club night, and histories longer than any event: refused
# before anything is drawn. With at most 64 meetings each, a swiss field of 130 or more
# always has a pairing without a rematch (each could still meet half the field), so the
# matching never has to weigh every pair of a large field.
MOST_ENTRANTS = 256
MOST_MEETINGS = 64
LARGEST_SEED = 2**53
LARGEST_SCORE = 10**7
EntrantId = Field(min_length=1, max_length=100, description="The entrant's own id")


class EntrantIn(ObjectIn):
    id: str = EntrantId
    points: float = Field(0, ge=-1e9, le=1e9, description="Event points so far")
    opponents: list[Annotated[str, Field(max_length=100)]] = Field(
        default_factory=list,
        max_length=MOST_MEETINGS,
        description="Whom it has met, once per meeting (swiss avoids a rematch)",
    )
    byes: int = Field(0, ge=0, le=MOST_MEETINGS, description="Byes so far")
    seed: int | None = Field(
        None, ge=1, le=MOST_ENTRANTS * 2, description="1 the best: for knockout and groups"
    )


class PairingsIn(ObjectIn):
    format: str = Field(max_length=40, description=", ".join(FORMATS))
    round: int = Field(
        1, le=MOST_ENTRANTS * 2, description="For round-robin, that round of the whole schedule"
    )
    entrants: list[EntrantIn] = Field(
        max_length=MOST_ENTRANTS, description="In standing order: equal points keep it"
    )
    table_size: int = Field(2, le=20, description="For seated: the most a table seats")
    seed: int | None = Field(
        None, ge=0, le=LARGEST_SEED, description="The recorded seed of a draw by lot"
    )
    options: dict[str, Annotated[int, Field(ge=-1, le=MOST_ENTRANTS)]] = Field(
        default_factory=dict,
        max_length=8,
        description=(
            "groups-knockout: groups, advance, best_next, best_of; knockout: best_of; "
            "seated: min_table_size"
        ),
    )


class TableOut(Schema):
    table: int = Field(description="1 is the top of the standing")
    entrants: list[str]


class PairingsOut(Schema):
    tables: list[TableOut]
    byes: list[str]
    groups: list[list[str]] = Field(
        default_factory=list, description="groups-knockout: each group's entrants by seed"
    )
    seeds: list[str] = Field(
        default_factory=list,
        description="knockout: the entrants by seed; later rounds are drawn with these",
    )
    best_of: int = Field(1, description="Games a knockout tie is played over")


Score = Annotated[int, Field(ge=-LARGEST_SCORE, le=LARGEST_SCORE)]
Band = Annotated[list[Score], Field(min_length=3, max_length=3)]
Pair = Annotated[list[Score], Field(min_length=2, max_length=2)]


class BandsIn(ObjectIn):
    bands: list[Band] = Field(
        min_length=1,
        max_length=40,
        description="Each band: the largest difference it covers, winner's, loser's points",
    )
    above: Pair = Field(default_factory=lambda: [20, 0], description="Points above the last")


Points = Annotated[int | float, Field(ge=-1000, le=1000)]


class WinDrawLossIn(ObjectIn):
    win: Points = 2
    draw: Points = 1
    loss: Points = 0


def _scale_kind(value: Any) -> str:
    """Which shape a scale is read as: a name, a club's bands, or its win/draw/loss."""
    if isinstance(value, str):
        return "name"
    if isinstance(value, Mapping | BaseModel) and "bands" in (
        value if isinstance(value, Mapping) else value.model_fields_set
    ):
        return "bands"
    return "points"


ScaleIn = Annotated[
    Annotated[str, Tag("name"), Field(max_length=40)]
    | Annotated[BandsIn, Tag("bands")]
    | Annotated[WinDrawLossIn, Tag("points")],
    Discriminator(_scale_kind),
]


class VictoryPointsIn(ObjectIn):
    scale: ScaleIn = Field(
        description=f"{', '.join(SCALES)}, or a club's own bands, or its win/draw/loss points"
    )
    scores: list[Score] = Field(max_length=8, description="Each side's score at the table")


class VictoryPointsOut(Schema):
    points: list[int | float] = Field(description="Each side's event points, in the scores' order")
    difference: int = Field(description="The best score minus the next")
    bye: int | float = Field(description="What a bye scores on this scale by default")


@router.post("/pairings", response={200: PairingsOut, 422: Violations})
def pairings(request: HttpRequest, body: PairingsIn) -> dict[str, Any]:
    """Draw a round: its tables, table 1 the top of the standing, and its byes."""
    entrants = [Entrant(e.id, e.points, tuple(e.opponents), e.byes, e.seed) for e in body.entrants]
    draw = pair(
        body.format,
        entrants,
        round=body.round,
        table_size=body.table_size,
        seed=body.seed,
        **body.options,
    )
    return draw.as_dict() | {
        "groups": [list(group) for group in draw.groups],
        "seeds": list(draw.seeds),
        "best_of": draw.best_of,
    }


@router.post("/victory-points", response={200: VictoryPointsOut, 422: Violations})
def victory_points_endpoint(request: HttpRequest, body: VictoryPointsIn) -> dict[str, Any]:
    """A table's event points on a scale, in the order of its scores."""
    scale = body.scale if isinstance(body.scale, str) else body.scale.model_dump()
    points, difference = victory_points(scale, body.scores)
    return {"points": points, "difference": difference, "bye": bye_points(scale)}
