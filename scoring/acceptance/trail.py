"""A hand's standing and trail as the records API answers them (``hand_acceptance``)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from ninja import Field, Schema

from scoring.acceptance import table
from scoring.ledger.models import Hand

HandStatus = Literal["accepted", "pending", "disputed", "ruled"]


class TrailStepOut(Schema):
    kind: str = Field(description="recorded, accepted, disputed, settled, ruled, corrected…")
    side: int | None = Field(description="The position of the side that acted, if one did")
    via: str = Field(description="side-link, scorer-link, owner, admin, scorer, director, api")
    user: str | None
    revision: int
    note: str
    at: dt.datetime


def hand_acceptance(hand: Hand) -> dict[str, Any]:
    """A hand's ``status`` and ``trail`` for the records API."""
    trail = hand.trail.all()  # prefetched with its sides and users where many are read
    return {
        "status": table.status_of(hand),
        "trail": [
            {
                "kind": step.kind,
                "side": step.side.position if step.side else None,
                "via": step.via,
                "user": step.user.get_username() if step.user else None,
                "revision": step.revision,
                "note": step.note,
                "at": step.at,
            }
            for step in trail
        ],
    }
