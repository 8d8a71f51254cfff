"""The dog's patience in JSON: /api/v1/paciencia/. A shuffle number or a deck that is not
one is a 422 naming its rule (see scoring/api/urls.py)."""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import Field, Router, Schema
from pydantic import StrictInt

from referee import paciencia
from referee.rulings import RuleError, Violation
from scoring.api.schemas import SHOWN, CardsIn, ViolationOut, Violations
from scoring.games.paciencia.replay import deck_code, said
from scoring.kit.rulebook import describe

router = Router(tags=["paciencia"])

# A deck longer than this is not worth reading; up to it, a wrong count is the game's
# own refusal (paciencia.deck.size), not a malformed body.
MOST_TOKENS = 2 * paciencia.DECK_SIZE
Token = Annotated[str, Field(max_length=12)]


class PatienceIn(CardsIn):
    # strict: true is not shuffle 1, nor "12" a number
    shuffle: StrictInt | None = Field(
        None,
        # Advertised, not enforced here: the engine refuses it naming the shuffle rule.
        json_schema_extra={"minimum": 0, "maximum": paciencia.SHUFFLE_MAX},
        description=f"A shuffle number, 0 to {paciencia.SHUFFLE_MAX}: the two decks in a fixed "
        "order shuffled by Python's random.Random(n).shuffle (see the rulebook's ruling).",
    )
    deck: list[Token] | None = Field(
        None,
        max_length=MOST_TOKENS,
        description="Or the 104 cards as dealt at a real table, the next to deal first; the "
        "kings may be anywhere (they go to the piles).",
    )


class MoveOut(Schema):
    card: str
    from_: dict[str, Any] = Field(alias="from", description="where the card was taken from")
    to: dict[str, Any] = Field(description="where it was put")
    rule: str = Field(description="why: the rule that moved it")
    deal: int
    params: dict[str, Any]
    text: str = Field(description="the move as a sentence, in the request's language")


class ReplayOut(Schema):
    deck: list[str] = Field(description="the deck as dealt, kings included")
    deck_shown: list[str] = Field(description=f"The deck. {SHOWN}")
    moves: list[MoveOut]


class PlayOut(Schema):
    won: bool
    deal: int = Field(description="the deal it ended in, 1 to 3")
    cards_left: int = Field(description="cards left off the piles (0 when won)")
    moves: int = Field(description="how many cards were moved")
    outcome: ViolationOut = Field(description="the outcome as the rule that names it")
    replay_url: str = Field(description="the game move by move, on the web")
    replay: ReplayOut | None = Field(None, description="every move, with ?moves=1")


def _game(body: PatienceIn) -> tuple[paciencia.Game, str]:
    if (body.shuffle is None) == (body.deck is None):
        raise RuleError(
            Violation(
                "api.body.invalid",
                {"field": "shuffle, deck", "problem": _("give a shuffle number or a deck")},
            )
        )
    if body.deck is not None:
        game = paciencia.play(body.read(body.deck))
        return game, reverse("paciencia:deck", args=[deck_code(game.deck)])
    game = paciencia.play_shuffle(body.shuffle)  # type: ignore[arg-type]
    return game, reverse("paciencia:shuffle", args=[body.shuffle])


@router.post("/play", response={200: PlayOut, 422: Violations}, by_alias=True)
def play(request: HttpRequest, body: PatienceIn, moves: bool = False) -> dict[str, Any]:
    """Play a shuffle, or a deal from the table, out: whether it came out, in which deal,
    how many cards were left off the piles and how many moved; with ``?moves=1`` also
    the deck and every move (card, from, to, the rule that moved it, and as a sentence).
    A shuffle number out of range, or a deck that is not exactly the two 52-card decks,
    is a 422 naming the rule it breaks."""
    game, path = _game(body)
    data = game.as_dict(moves=moves)
    data["outcome"] = said(game.outcome) | {"params": dict(game.outcome.params)}
    data["replay_url"] = request.build_absolute_uri(path)
    if moves:
        data["replay"]["deck_shown"] = body.shown(game.deck)
        for move, out in zip(game.moves, data["replay"]["moves"], strict=True):
            out["text"] = describe(Violation(move.rule, move.params))
    return data
