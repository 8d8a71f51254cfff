"""Plain helpers the page tests share: the request headers a phone sends, what the
start-a-match page posts, and a hand posted the way the match page posts it."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.ledger.models import Match

# An HTMX request (the page swaps a fragment) and a reader of English.
HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def new_match_data(sides: Sequence[str], fields: Mapping[str, Any] = ()) -> dict[str, str]:
    """What the start-a-match page posts: each side's players as typed ("Ana, Bia"), and
    its other fields (``target``, ``options-…``, ``sides-1-name``)."""
    data = {"sides-TOTAL_FORMS": str(len(sides)), "sides-INITIAL_FORMS": str(len(sides))}
    data |= {f"sides-{index}-players": players for index, players in enumerate(sides)}
    return data | {name: str(value) for name, value in dict(fields).items()}


def form_state(match: Match) -> dict[str, str]:
    """What a phone's hand form carries besides the fields: the hand and its draft."""
    match.refresh_from_db()
    return {
        "request_id": str(uuid.uuid4()),
        "expected_number": str(match.view().number),
        "draft_revision": str(match.draft_revision),
        "draft_json": json.dumps(match.draft),
    }


def post_hand(client: Any, match: Match, data: Mapping[str, Any], **extra: Any) -> Any:
    """A hand posted from the match page, in English letters (KH is the king of hearts
    only in English)."""
    return client.post(
        f"/matches/{match.code}/hands/", form_state(match) | dict(data), **EN | extra
    )


def page(client: Any, url: str, **extra: Any) -> str:
    """A page's HTML as a reader of English gets it."""
    return client.get(url, **EN | extra).content.decode()
