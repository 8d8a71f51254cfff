"""Pif-Paf's referee over JSON: /api/v1/pifpaf/… Anything the rules refuse is a 422
naming every rule it breaks (see scoring/api/urls.py)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema
from pydantic import ConfigDict

from referee.pifpaf import PifPafOptions, check_hand, check_meld, settle
from referee.rulings import RuleError, Violation
from scoring.api.schemas import SHOWN, CardsIn, ObjectIn, ViolationOut, Violations, violations_out

router = Router(tags=["pifpaf"])

OPTIONS = Field(
    default_factory=dict,
    max_length=12,
    description='House rules: {"aces": "both"|"low", "groups": "three-suits"|"trinca"}; '
    "both may be left out (the defaults are the first of each). A session's other house "
    'rules (its chips, and "rebuy": true|false) are taken too, and checked.',
    examples=[{"aces": "both", "groups": "three-suits"}],
)


class PifPafHandIn(CardsIn):
    cards: list[str] = Field(
        max_length=20,
        description="Nine cards, or ten to find the discard",
        examples=[["AH", "2H", "3H", "7S", "7H", "7D", "QC", "KC", "AC"]],
    )
    options: dict[str, Any] = OPTIONS


class PifPafHandOut(Schema):
    goes_out: bool
    melds: list[list[str]] = Field(description="The arrangement that leaves the fewest over")
    discard: str | None = Field(description="Ten cards that go out: the card to discard")
    leftover: list[str] = Field(description="The cards no meld can take")
    melds_shown: list[list[str]] = Field(description=f"The melds. {SHOWN}")
    discard_shown: str | None = Field(description="The discard, with its suit symbol")
    leftover_shown: list[str] = Field(description=f"The cards left over. {SHOWN}")


class PifPafMeldIn(CardsIn):
    cards: list[str] = Field(max_length=20, examples=[["QS", "QH", "QD", "QD"]])
    options: dict[str, Any] = OPTIONS


class PifPafMeldOut(Schema):
    valid: bool
    kind: str = Field(
        description='"sequence" or "group" when valid; "none" when the cards make neither'
    )
    violations: list[ViolationOut]


class SettleIn(ObjectIn):
    balances: dict[str, int] = Field(
        max_length=20, examples=[{"P1": 46, "P2": 59, "P3": 49, "P4": 46}]
    )
    buy_in: int = Field(le=10**12, examples=[50])
    chip_value: str = Field(description="Money per chip, a decimal string", examples=["0.50"])
    rebuys: dict[str, int] = Field(
        default_factory=dict,
        max_length=20,
        description="How many times each player bought in again (rebuys); a player left "
        "out made none. Every buy-in counts: the balances add up to them all.",
        examples=[{"P1": 1}],
    )


class PaymentOut(Schema):
    model_config = ConfigDict(populate_by_name=True)

    from_: str = Field(alias="from")
    to: str
    amount: str = Field(description="Money, two decimal places")
    chips: int


class SettleOut(Schema):
    payments: list[PaymentOut]


def _codes(cards: Any) -> list[str]:
    return [str(card) for card in cards]


def _options(data: dict[str, Any]) -> PifPafOptions:
    return PifPafOptions.from_dict(data)


@router.post("/hands/check", response={200: PifPafHandOut, 422: Violations})
def check_a_hand(request: HttpRequest, body: PifPafHandIn) -> dict[str, Any]:
    """Does this hand go out? Nine cards all in melds, or ten with one to discard; else
    the cards that cannot be placed. Exact: every arrangement is tried."""
    verdict = check_hand(body.read(body.cards), _options(body.options))
    discard = verdict.discard
    return {
        "goes_out": verdict.goes_out,
        "melds": [_codes(meld) for meld in verdict.melds],
        "discard": str(discard) if discard else None,
        "leftover": _codes(verdict.leftover),
        "melds_shown": [body.shown(meld) for meld in verdict.melds],
        "discard_shown": body.shown([discard])[0] if discard else None,
        "leftover_shown": body.shown(verdict.leftover),
    }


@router.post("/melds/check", response={200: PifPafMeldOut, 422: Violations})
def check_a_meld(request: HttpRequest, body: PifPafMeldIn) -> dict[str, Any]:
    """Is this a sequence or a group? If not, the rules it breaks."""
    verdict = check_meld(body.read(body.cards), _options(body.options))
    return {
        "valid": verdict.valid,
        # The contract types kind as a string (as Samba's): no meld says so in words.
        "kind": verdict.kind or "none",
        "violations": violations_out(verdict.violations),
    }


@router.post("/settle", response={200: SettleOut, 422: Violations}, by_alias=True)
def settle_up(request: HttpRequest, body: SettleIn) -> dict[str, Any]:
    """Who pays whom at the end of a session, in money, with as few payments as possible,
    every buy-in counted (rebuys too)."""
    try:
        chip_value = Decimal(body.chip_value)
    except InvalidOperation:
        raise RuleError(
            Violation("pifpaf.settle.chip-value", {"chip_value": body.chip_value})
        ) from None
    payments = settle(body.balances, body.buy_in, chip_value, body.rebuys)
    return {
        "payments": [
            {"from": p.frm, "to": p.to, "amount": str(p.amount), "chips": p.chips}
            for p in payments
        ]
    }
