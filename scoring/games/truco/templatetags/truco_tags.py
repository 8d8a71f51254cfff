"""What the Truco match page needs besides the ledger's context, asked of the game."""

from __future__ import annotations

import uuid
from typing import Any

from django import template

from scoring.ledger.registry import get_game

register = template.Library()


@register.simple_tag
def truco_table(match: Any, sides: Any) -> dict[str, Any]:
    """The game in play (its tentos, beans, games won, whose deal) next to each side."""
    table = get_game("truco").table(match.view())
    by_position = {side.position: side for side in sides}
    return {
        "table": table,
        "halves": [(half, by_position.get(half.position)) for half in table.halves],
    }


@register.simple_tag
def truco_new_hand(match: Any) -> dict[str, Any]:
    """A fresh hand form, for a phone that sees another phone record a hand."""
    return {"form": get_game("truco").hand_form(match.view()), "request_id": uuid.uuid4()}
