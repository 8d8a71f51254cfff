from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Schema

from referee.cards import parse_cards

router = Router(tags=["cards"])


class CardList(Schema):
    cards: list[str]


class Violations(Schema):
    violations: list[dict]


@router.post("/parse", response={200: CardList, 422: Violations})
def parse(request: HttpRequest, body: CardList) -> dict:
    """Read cards in any accepted spelling; answer them in canonical form."""
    return {"cards": [str(card) for card in parse_cards(body.cards)]}
