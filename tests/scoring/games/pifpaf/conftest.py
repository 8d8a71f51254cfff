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
    "rebuy": False,
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


# Rebuys on, buy-in 5. Hand 1: Duda deals; Ana bets all she has left (4), Bia calls, Caio
# and Duda fold; Bia goes out. Ana has no chips left: 0, 12, 4, 4.
BROKE_ANA = {
    "number": 1,
    "dealer": 3,
    "actions": [bet(0, "raise", 4), bet(1, "call"), bet(2, "fold"), bet(3, "fold")],
    "winner": 1,
}
# Hand 2: Bia deals; Ana buys in again (5 chips); everybody plays for the ante; Caio goes
# out. 4, 11, 7, 3: 25 chips, the four buy-ins and Ana's rebuy.
AFTER_THE_REBUY = {
    "number": 2,
    "actions": [bet(2, "call"), bet(3, "call"), bet(0, "call"), bet(1, "call")],
    "winner": 2,
}


@pytest.fixture
def four(db) -> Match:
    return make_session()


@pytest.fixture
def rebuys(db) -> Match:
    """Four players, rebuys allowed, a buy-in of 5 chips."""
    return make_session(rebuy=True, buy_in=5)
