"""Plain helpers the page tests share: the request headers a phone sends, what the
start-a-match page posts, a hand posted the way the match page posts it, what a filled
form posts back, and a body posted to the API."""

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


def reposted(form: Any) -> dict[str, str]:
    """What a form, filled from a stored entry, posts back as a browser sends it: a ticked
    box as "on", an unticked box or an empty field not at all, any other value as text."""
    posted = {}
    for name in form.fields:
        value = form[name].value()
        if value is True:
            posted[name] = "on"
        elif value is not None and value is not False:
            posted[name] = str(value)
    return posted


def page(client: Any, url: str, **extra: Any) -> str:
    """A page's HTML as a reader of English gets it."""
    return client.get(url, **EN | extra).content.decode()


def api_post(client: Any, path: str, body: Mapping[str, Any], **extra: Any) -> Any:
    """A JSON body posted to the API, at ``/api/v1/<path>``, by a reader of English."""
    return client.post(
        f"/api/v1/{path}", dict(body), content_type="application/json", **EN | extra
    )


def meld_answer(response: Any) -> tuple[bool, str, int]:
    """What an API meld check answers (a 200, with violations when and only when the
    meld is not valid): whether the meld is valid, its kind and its card points."""
    assert response.status_code == 200
    body = response.json()
    assert bool(body["violations"]) is not body["valid"]
    return body["valid"], body["kind"], body["points"]


def scored_sides(response: Any, sides: str = "sides") -> list[dict[str, Any]]:
    """What an API hand score answers (a 200): each side's score (``sides="pairs"`` in
    Canastra), whose lines, each with its rule, label, count and points, add up to its
    total."""
    assert response.status_code == 200
    scored = response.json()[sides]
    for side in scored:
        assert sum(line["points"] for line in side["lines"]) == side["total"]
        assert all({"rule", "label", "count", "points"} <= set(line) for line in side["lines"])
    return scored


def points_by_rule(side: Mapping[str, Any]) -> dict[str, int]:
    """A scored side's points, rule by rule."""
    return {line["rule"]: line["points"] for line in side["lines"]}
