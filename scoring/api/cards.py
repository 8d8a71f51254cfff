from __future__ import annotations

from django.http import HttpRequest
from ninja import Field, Router, Schema

from scoring.api.schemas import SHOWN, CardsIn, Violations

router = Router(tags=["cards"])


class CardList(CardsIn):
    cards: list[str] = Field(max_length=500)


class CardsOut(Schema):
    cards: list[str] = Field(description="Each card in canonical form: rank then S, H, D or C")
    shown: list[str] = Field(description=SHOWN)


@router.post("/parse", response={200: CardsOut, 422: Violations})
def parse(request: HttpRequest, body: CardList) -> dict:
    """Read cards in any accepted spelling of the chosen notation; answer them in
    canonical form, and as read with suit symbols."""
    cards = body.read(body.cards)
    return {"cards": [str(card) for card in cards], "shown": body.shown(cards)}
