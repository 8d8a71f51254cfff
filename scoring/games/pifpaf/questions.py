"""Pif-Paf's referee questions — did they go out, is it a meld, who gets the discard — as
forms with a ``verdict()``. The engine decides; these only read the input and word the
answer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee.cards import Card
from referee.pifpaf import MAX_PLAYERS, MIN_PLAYERS, PifPafOptions, check_hand, check_meld
from referee.pifpaf import claim_discard as engine_claim
from scoring.kit.cardfields import CardsField
from scoring.kit.match import MatchView
from scoring.kit.notation import card_views
from scoring.kit.questions import Answer, Question, answer, players_field

ACES = [("both", _("Below the 2 or above the king")), ("low", _("Low only (below the 2)"))]
GROUPS = [
    ("three-suits", _("3 or more cards, 3 suits")),
    ("trinca", _("Exactly 3 cards, 3 suits")),
]


def hand_answer(cards: list[Card], options: PifPafOptions) -> Answer:
    """Does this hand go out: its melds, the discard, or the cards that cannot be placed."""
    verdict = check_hand(cards, options)
    headline = gettext("Goes out.") if verdict.goes_out else gettext("Does not go out.")
    shown = {
        "melds": [card_views(meld) for meld in verdict.melds],
        "leftover": card_views(verdict.leftover),
        "discard": card_views([verdict.discard]) if verdict.discard else [],
    }
    # The going-out rule decides both answers.
    return answer(verdict.goes_out, headline, rule="pifpaf.hand.not-out", cards=cards, **shown)


class HouseRulesQuestion(Question):
    aces = forms.ChoiceField(label=_("Aces in sequences"), choices=ACES, initial="both")
    groups = forms.ChoiceField(label=_("Groups"), choices=GROUPS, initial="three-suits")

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        if self.match_options is not None:
            # Asked from a session, it is judged by the session's own house rules.
            for name in ("aces", "groups"):
                self.initial[name] = getattr(self.match_options, name)
                self.fields[name].disabled = True

    def house_rules(self) -> PifPafOptions:
        return PifPafOptions(self.cleaned_data["aces"], self.cleaned_data["groups"])


class HandQuestion(HouseRulesQuestion):
    title = _("Did they go out?")
    short = _("A hand")
    submit = _("Check the hand")
    answer_template = "pifpaf/_hand_answer.html"

    cards = CardsField(
        label=_("Nine cards, or ten with the discard"),
        help_text=_("For example: AH 2H 3H 7S 7H 7D QC KC AC"),
    )
    field_order = ["cards", "aces", "groups"]

    @classmethod
    def from_entry(
        cls, entry: Mapping[str, Any], side: int | None, match: MatchView | None = None
    ) -> dict[str, Any]:
        """The winner's cards, where the hand's entry keeps them: whoever went out."""
        cards = entry.get("cards")
        if entry.get("winner") is None or not isinstance(cards, list) or not cards:
            return {}
        return {"cards": " ".join(str(card) for card in cards)}

    def verdict(self) -> Answer:
        return hand_answer(self.cleaned_data["cards"], self.house_rules())


class MeldQuestion(HouseRulesQuestion):
    title = _("Is it a meld?")
    short = _("A meld")
    submit = _("Check the meld")

    cards = CardsField(label=_("The meld's cards"), help_text=_("For example: QS QH QD QD"))
    field_order = ["cards", "aces", "groups"]

    def verdict(self) -> Answer:
        cards = self.cleaned_data["cards"]
        rules = self.house_rules()
        verdict = check_meld(cards, rules)
        # A meld is cited by the rule that makes it one: consecutive cards of one suit, or
        # one rank in three suits (in exactly three cards, under the trinca house rule).
        if not verdict.valid:
            headline, rule = gettext("Not a meld."), "pifpaf.meld.mixed"
        elif verdict.kind == "sequence":
            headline, rule = gettext("A sequence."), "pifpaf.sequence.gap"
        else:
            trinca = rules.groups == "trinca"
            headline = gettext("A group.")
            rule = "pifpaf.group.trinca" if trinca else "pifpaf.group.three-suits"
        return answer(
            verdict.valid, headline, rule=rule, cards=cards, violations=verdict.violations
        )


SEATS = [(seat, str(seat)) for seat in range(1, MAX_PLAYERS + 1)]


def seats_field(label: Any, *, required: bool = True) -> forms.TypedMultipleChoiceField:
    """Seats ticked among the table's, numbered from 1."""
    return forms.TypedMultipleChoiceField(
        label=label,
        coerce=int,
        choices=SEATS,
        required=required,
        widget=forms.CheckboxSelectMultiple,
    )


class ClaimQuestion(Question):
    """Seats are numbered from 1 in turn order here; the engine counts from 0."""

    title = _("Who gets the discard?")
    short = _("A discard")
    submit = _("Settle the claim")

    players = players_field(range(MIN_PLAYERS, MAX_PLAYERS + 1), initial=4)
    discarder = forms.TypedChoiceField(
        label=_("Seat of the player who discarded"), coerce=int, choices=SEATS, initial=1
    )
    claimants = seats_field(_("Seats that want to go out with it"))
    stock_only = seats_field(_("Seats flagged “only from the stock”"), required=False)

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        if self.match is not None:
            # Asked from a session, the table is the session's.
            self.initial["players"] = len(self.match.player_names)
            self.fields["players"].disabled = True

    def verdict(self) -> Answer:
        data = self.cleaned_data
        seat = engine_claim(
            data["discarder"] - 1,
            [seat - 1 for seat in data["claimants"]],
            data["players"],
            stock_only=[seat - 1 for seat in data["stock_only"]],
        )
        return answer(
            True,
            gettext("Seat %(seat)s gets the discard.") % {"seat": seat + 1},
            rule="pifpaf.claim.next-in-turn",
        )


QUESTIONS: dict[str, type[Question]] = {
    "hand": HandQuestion,
    "meld": MeldQuestion,
    "claim": ClaimQuestion,
}
