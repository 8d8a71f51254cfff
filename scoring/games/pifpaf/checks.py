"""The referee's three checks as forms — a hand, a meld, a claim on a discard — and their
verdicts as plain data for the templates. The engine decides; these only read the input
and word the answer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.cards import Card, format_card
from referee.pifpaf import MAX_PLAYERS, MIN_PLAYERS, PifPafOptions, check_hand, check_meld
from referee.pifpaf import claim_discard as engine_claim
from referee.rulings import RuleError
from scoring.ledger.cards import CardsField, language
from scoring.ledger.rulebook import violation_dicts

ACES = [("both", _("Below the 2 or above the king")), ("low", _("Low only (below the 2)"))]
GROUPS = [
    ("three-suits", _("3 or more cards, 3 suits")),
    ("trinca", _("Exactly 3 cards, 3 suits")),
]


def card_dicts(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """Cards as the page shows them: local rank letters, suit symbols, red or black."""
    shown = language()
    return [
        {"code": str(card), "text": format_card(card, shown), "red": card.is_red} for card in cards
    ]


def hand_verdict(cards: list[Card], options: PifPafOptions) -> dict[str, Any]:
    try:
        verdict = check_hand(cards, options)
    except RuleError as error:
        return {"violations": violation_dicts(error.violations)}
    return {
        "goes_out": verdict.goes_out,
        "melds": [card_dicts(meld) for meld in verdict.melds],
        "discard": str(verdict.discard) if verdict.discard else None,
        "discard_list": card_dicts([verdict.discard] if verdict.discard else []),
        "leftover": card_dicts(verdict.leftover),
        "count": len(cards),
    }


class HouseRulesForm(forms.Form):
    aces = forms.ChoiceField(label=_("Aces in sequences"), choices=ACES, initial="both")
    groups = forms.ChoiceField(label=_("Groups"), choices=GROUPS, initial="three-suits")

    def house_rules(self) -> PifPafOptions:
        return PifPafOptions(self.cleaned_data["aces"], self.cleaned_data["groups"])


class CheckHandForm(HouseRulesForm):
    cards = CardsField(
        label=_("Nine cards, or ten with the discard"),
        help_text=_("For example: AH 2H 3H 7S 7H 7D QC KC AC"),
    )
    field_order = ["cards", "aces", "groups"]

    def verdict(self) -> dict[str, Any]:
        return hand_verdict(self.cleaned_data["cards"], self.house_rules())


class CheckMeldForm(HouseRulesForm):
    cards = CardsField(label=_("The meld's cards"), help_text=_("For example: QS QH QD QD"))
    field_order = ["cards", "aces", "groups"]

    def verdict(self) -> dict[str, Any]:
        try:
            verdict = check_meld(self.cleaned_data["cards"], self.house_rules())
        except RuleError as error:
            return {"valid": False, "violations": violation_dicts(error.violations)}
        return {
            "valid": verdict.valid,
            "kind": verdict.kind,
            "cards": card_dicts(self.cleaned_data["cards"]),
            "violations": violation_dicts(verdict.violations),
        }


SEATS = [(seat, str(seat)) for seat in range(1, MAX_PLAYERS + 1)]


class ClaimForm(forms.Form):
    """Seats are numbered from 1 in turn order here; the engine counts from 0."""

    players = forms.TypedChoiceField(
        label=_("Players at the table"),
        coerce=int,
        choices=[(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
        initial=4,
    )
    discarder = forms.TypedChoiceField(
        label=_("Seat of the player who discarded"), coerce=int, choices=SEATS, initial=1
    )
    claimants = forms.TypedMultipleChoiceField(
        label=_("Seats that want to go out with it"),
        coerce=int,
        choices=SEATS,
        widget=forms.CheckboxSelectMultiple,
    )
    stock_only = forms.TypedMultipleChoiceField(
        label=_("Seats flagged “only from the stock”"),
        coerce=int,
        choices=SEATS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def verdict(self) -> dict[str, Any]:
        data = self.cleaned_data
        try:
            seat = engine_claim(
                data["discarder"] - 1,
                [seat - 1 for seat in data["claimants"]],
                data["players"],
                stock_only=[seat - 1 for seat in data["stock_only"]],
            )
        except RuleError as error:
            return {"violations": violation_dicts(error.violations)}
        return {"seat": seat + 1}
