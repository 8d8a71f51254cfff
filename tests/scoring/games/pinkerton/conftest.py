from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.ledger.models import Match
from tests.conftest import make_match

HTMX = {"HTTP_HX_REQUEST": "true"}
PLAYERS = (("Ana",), ("Bea",), ("Cid",))


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """English letters and words, whatever an earlier request left active in this thread."""
    with translation.override("en"):
        yield


def may_score(client, match: Match) -> None:
    """Another phone may change the match: it opens the match's scorer link."""
    client.get(reverse("ledger:score", args=[match.edit_token]))


@pytest.fixture
def match(db) -> Match:
    """Ana, Bea and Cid, in that seat order, to 100 (a test hands it to its scorer)."""
    return make_match("pinkerton", PLAYERS, target=100)


def post(client, match: Match, step: str = "", *, cards: str = "", **data: Any):
    """What a phone sends from the round form it was shown (the match's shared draft)."""
    match.refresh_from_db()
    headers = {key: data.pop(key) for key in list(data) if key.startswith("HTTP_")}
    body = {
        "draft_json": json.dumps(match.draft),
        "draft_revision": str(match.draft_revision),
        "request_id": str(uuid.uuid4()),
        "expected_number": str(match.view().number),
        "cards": cards,
        **data,
    }
    if step:
        body["step"] = step
    headers.setdefault("HTTP_ACCEPT_LANGUAGE", "en")
    return client.post(f"/matches/{match.code}/hands/", body, **headers)


# A whole round at Ana's, Bea's and Cid's table (Ana deals), as the buttons send it:
# phase I on 3♥ (Bea passes, Cid meets, Ana is exact), phase II at −2 (Bea's exact throw
# takes her pass back, Cid and Ana pass), phase III from 2 (Ana opens with 4♦, Bea throws
# and adds 8♦, Cid and Ana pass a second time and are out). Bea wins the 4-card stack.
ROUND: tuple[tuple[str, str], ...] = (
    ("turn", "3H"),
    ("pass", ""),
    ("throw", "10D JD"),
    ("throw", "AD 2H"),
    ("turn", "5S"),
    ("throw", "3S AH"),
    ("pass", ""),
    ("pass", ""),
    ("add", "4D"),
    ("throw", "10H 9H"),
    ("add", "8D"),
    ("pass", ""),
    ("pass", ""),
)
# The same round as stored (players by seat: Ana 0, Bea 1, Cid 2).
ROUND_EVENTS: list[str] = [
    "turn 3H",
    "1 pass",
    "2 throw 10D JD",
    "0 throw AD 2H",
    "turn 5S",
    "1 throw 3S AH",
    "2 pass",
    "0 pass",
    "0 add 4D",
    "1 throw 10H 9H",
    "1 add 8D",
    "2 pass",
    "0 pass",
]
