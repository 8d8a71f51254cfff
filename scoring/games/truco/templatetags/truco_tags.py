"""What the Truco match page needs besides the ledger's context, asked of the game."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.games.truco.progress import match_options
from scoring.ledger.registry import get_game
from scoring.ledger.views.hands import hand_form_context

register = template.Library()


@register.simple_tag
def truco_target(match: Any) -> int:
    """The tentos a game is played to, as the engine's options have it."""
    return match_options(match.view()).target


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
    """The ledger's context for a fresh hand form (a new request id), for a phone that
    sees another phone record a hand."""
    return hand_form_context(match)
