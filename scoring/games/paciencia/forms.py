"""Paciência's forms: a game from the table for the log, and what the replay is asked for.

A game in the log is ``{"won": bool, "deal": 1–3, "cards_left": n}``, checked by the
engine (``record_violations``) when the ledger scores it. On the log's page it takes two
taps: the deal it ended in is already 3 (where nearly every game ends), so "Won" is one
tap and "Lost" one more after the cards left; the buttons carry the result. A correction
asks for the result as a choice instead, under the ledger's own save button.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from referee.cards import Card
from referee.paciencia import DEALS, DECK, DECK_SIZE, PILES, deck_violations
from scoring.kit.cardfields import CardsField
from scoring.kit.fields import StepperInput, WholeNumberField
from scoring.kit.handforms import HandForm
from scoring.kit.notation import card_views
from scoring.kit.rulebook import violation_dicts

WON, LOST = "won", "lost"
RESULT_CHOICES = [(WON, _("Won")), (LOST, _("Lost"))]
DEAL_CHOICES = [(deal, str(deal)) for deal in range(1, DEALS + 1)]
MOST_LEFT = DECK_SIZE - PILES  # 96: everything but the kings
# A deck typed in short lacks dozens of cards: the page names the first few.
MISSING_SHOWN = 8


class CardsLeftInput(StepperInput):
    """The cards left off the piles: a number between − and + buttons by tens and ones,
    since a lost game leaves anything from 2 to 96."""

    template_name = "paciencia/widgets/cards_left.html"


class PacienciaHandForm(HandForm):
    """One game played at the table."""

    record_button = False

    result = forms.ChoiceField(
        label=_("Result"), choices=RESULT_CHOICES, required=False, widget=forms.RadioSelect
    )
    deal = forms.TypedChoiceField(
        label=_("Deal it ended in"),
        choices=DEAL_CHOICES,
        coerce=int,
        initial=DEALS,
        widget=forms.RadioSelect,
    )
    # Bounded loosely here: the engine says what a real game can leave, with its rule.
    cards_left = WholeNumberField(
        label=_("Cards left off the piles"),
        required=False,
        min_value=0,
        max_value=DECK_SIZE,
        widget=CardsLeftInput(attrs={"min": 0, "max": MOST_LEFT}),
    )

    @property
    def correcting(self) -> bool:
        return self.stored_entry is not None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        if cleaned.get("result") not in (WON, LOST):
            raise forms.ValidationError(_("Tap Won or Lost."))
        if cleaned["result"] == LOST and cleaned.get("cards_left") is None:
            self.add_error("cards_left", _("How many cards were left off the piles?"))
        return cleaned

    def entry(self) -> dict[str, Any]:
        won = self.cleaned_data["result"] == WON
        left = self.cleaned_data["cards_left"]
        # Cards typed in for a won game are the engine's to refuse (a won game leaves
        # none), never quietly dropped.
        if won:
            left = left or 0
        return {"won": won, "deal": self.cleaned_data["deal"], "cards_left": left}

    def initial_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        won = bool(entry.get("won"))
        return {
            "result": WON if won else LOST,
            "deal": entry.get("deal", DEALS),
            "cards_left": None if won else entry.get("cards_left"),
        }


# --- the replay's questions -----------------------------------------------------------------


class ShuffleForm(forms.Form):
    """A shuffle number to replay; the engine says whether it is one."""

    shuffle = WholeNumberField(
        label=_("Shuffle number"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off", "min": 0}),
    )


class DeckForm(forms.Form):
    """The 104 cards of a real table's deal, in the order they were dealt."""

    cards = CardsField(
        label=_("The cards, in the order dealt"),
        deck=DECK,
        help_text=_(
            "All 104, the kings wherever they came (they go to the piles). Type them or "
            "tap them: a rank, then a suit."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What the deck breaks, each with its rule (for the page to link).
        self.violations: list[dict[str, Any]] = []
        # cards entered too few times beyond those listed (a short deck lacks dozens)
        self.more_missing = 0
        self.read: list[Card] = []

    def clean_cards(self) -> list[Card]:
        cards: list[Card] = self.cleaned_data["cards"]
        self.read = cards
        found = deck_violations(cards)
        if found:
            missing = [v for v in found if v.rule == "paciencia.deck.missing"]
            shown = [v for v in found if v.rule != "paciencia.deck.missing"]
            shown += missing[:MISSING_SHOWN]
            self.more_missing = len(missing) - len(missing[:MISSING_SHOWN])
            self.violations = violation_dicts(shown)
            message = ngettext(
                "This %(count)s card is not the two decks; see below.",
                "These %(count)s cards are not the two decks; see below.",
                len(cards),
            )
            raise forms.ValidationError(message % {"count": len(cards)})
        return cards

    def read_views(self) -> list[Any]:
        """The cards as they were read, with suit symbols, so a misreading shows."""
        return card_views(self.read)
