"""A Pif-Paf session of four: Ana, Bia, Caio and Duda sit in that order (clockwise)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from scoring.ledger.models import Match
from tests.conftest import make_match

FOUR = ("Ana", "Bia", "Caio", "Duda")
OPTIONS = {
    "buy_in": 50,
    "chip_value": "0.50",
    "ante": 1,
    "min_bet": None,
    "max_bet": None,
    "aces": "both",
    "groups": "three-suits",
}


def make_session(players=FOUR, **options: Any) -> Match:
    return make_match("pifpaf", [(name,) for name in players], options=OPTIONS | options)


def codes(text: str) -> list[str]:
    """Cards as the API and the entries write them: ``codes("AH 2H")`` → ["AH", "2H"]."""
    return text.split()


def bet(player: int, kind: str, to: int | None = None) -> dict[str, Any]:
    return {"player": player, "kind": kind} | ({"to": to} if to is not None else {})


# The page's hand: everyone antes (pot 4); Ana bets 3, Bia calls, Caio folds, Duda calls.
PAGE_BETS = [bet(0, "raise", 3), bet(1, "call"), bet(2, "fold"), bet(3, "call")]


def page_hand(**extra: Any) -> dict[str, Any]:
    """Duda deals; Bia goes out and takes the pot of 13."""
    return {"number": 1, "dealer": 3, "actions": list(PAGE_BETS), "winner": 1} | extra


def hand_post(**fields: Any) -> dict[str, str]:
    data = {"request_id": str(uuid.uuid4())}
    data.update({key: str(value) for key, value in fields.items()})
    return data


@pytest.fixture
def four(db) -> Match:
    return make_session()
