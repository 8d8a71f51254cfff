"""Canastra's referee questions for a dispute at the table: a meld, an opening under the
buraco rule, the discard pile, going out and the morto. Each reads the question and asks
``referee.canastra``; every answer names and links the rule that decides it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import canastra
from referee.cards import Card
from referee.rulings import RuleError
from scoring.kit import questions
from scoring.kit.cardfields import CardField, CardsField, MeldsField
from scoring.kit.fields import number_field
from scoring.kit.match import MatchView
from scoring.kit.notation import shown
from scoring.kit.questions import Answer, Question, answer, yes_no
from scoring.kit.rulebook import label

# The most failed openings worth asking about: past it the two decks cannot open at all.
MOST_FAILED = (canastra.MOST_CARD_POINTS - canastra.AFTER_FAILURE) // canastra.FAILURE_STEP + 2
# No running total of a real match comes near it.
MOST_TOTAL = 10**6


def entered_pair(entry: Mapping[str, Any], side: int | None) -> Mapping[str, Any]:
    """Pair ``side`` of a recorded hand ({} if the entry has no such pair)."""
    pairs = entry.get("pairs") or []
    if side is None or not 0 <= side < len(pairs) or not isinstance(pairs[side], Mapping):
        return {}
    return pairs[side]


def melds_text(melds: Iterable[Iterable[str]]) -> str:
    """Melds as a question's field takes them: one per line."""
    return "\n".join(" ".join(meld) for meld in melds)


def fits_the_deck(cards: Iterable[Card]) -> None:
    """A question's cards, all together, within the two decks; RuleError if not."""
    found = canastra.DECK.violations(cards)
    if found:
        raise RuleError(found)


class MeldQuestion(questions.MeldQuestion):
    cards = CardsField(label=_("Cards of the meld"), help_text=_("For example: 2H 3H 4H JK"))

    @classmethod
    def from_entry(
        cls, entry: Mapping[str, Any], side: int | None, match: MatchView | None = None
    ) -> dict[str, Any]:
        """The pair's first meld, where the hand was entered card by card."""
        melds = entered_pair(entry, side).get("melds") or []
        return {"cards": " ".join(melds[0])} if melds else {}

    def verdict(self) -> Answer:
        cards = self.cleaned_data["cards"]
        verdict = canastra.check_meld(cards)
        violations = [*verdict.violations, *canastra.DECK.violations(cards)]
        if not verdict.valid or violations:
            return answer(False, gettext("Not a valid meld"), cards=cards, violations=violations)
        rule = f"canastra.kind.{verdict.kind}"
        details = []
        if verdict.wild is not None:
            # Where the wild stands: the meld is dirty because of it.
            details.append(
                gettext("%(wild)s stands for %(card)s.")
                % {
                    "wild": shown(verdict.wild.card),
                    "card": shown(Card(verdict.wild.rank, verdict.arrangement.suit)),
                }
            )
        headline = gettext("%(kind)s, %(points)s card points") % {
            "kind": label(rule),
            "points": verdict.points,
        }
        return answer(True, headline, rule=rule, cards=cards, details=details)


class OpeningQuestion(questions.OpeningQuestion):
    title = _("Does this opening meet the buraco rule?")

    melds = MeldsField(
        label=_("Melds laid down to open, one per line"),
        help_text=_("With the pile's top card, if the pile was taken to open."),
    )
    total = number_field(
        _("The pair's running total before the hand"), -MOST_TOTAL, MOST_TOTAL, initial=0
    )
    failed = number_field(_("Failed openings of the pair in this hand"), 0, MOST_FAILED, initial=0)

    def verdict(self) -> Answer:
        data = self.cleaned_data
        verdict = canastra.check_opening(data["melds"], data["total"], data["failed"])
        numbers = {"value": verdict.value, "required": verdict.required}
        if verdict.meets:
            headline = gettext("Yes: %(value)s card points, %(required)s needed") % numbers
        else:
            headline = gettext("No: %(value)s card points, %(required)s needed") % numbers
        details = []
        if not verdict.required:
            details.append(gettext("Below 1,500 points a pair opens with any valid meld."))
        return answer(
            verdict.meets,
            headline,
            rule="canastra.opening.minimum",
            cards=[card for meld in data["melds"] for card in meld],
            violations=verdict.violations,
            details=details,
        )


class PileQuestion(questions.PileQuestion):
    title = _("May this player take the discard pile?")

    top = CardField(label=_("The pile's top card"))
    hand = CardsField(label=_("The player's hand"))
    pair_melds = MeldsField(label=_("The pair's melds on the table, one per line"), required=False)
    locked = forms.BooleanField(
        label=_("The player before melded a wild (the pile is locked)"), required=False
    )

    def verdict(self) -> Answer:
        data = self.cleaned_data
        melds = data["pair_melds"]
        fits_the_deck([data["top"], *data["hand"], *(card for meld in melds for card in meld)])
        verdict = canastra.may_take_pile(data["top"], data["hand"], melds, locked=data["locked"])
        return yes_no(verdict, cards=[data["top"]])


class LockQuestion(Question):
    title = _("Does the card just played lock the pile?")
    short = _("A locked pile")
    submit = _("Ask about the lock")

    played = CardField(label=_("The card played"))
    meld = CardsField(
        label=_("The meld it went into, after the play"),
        required=False,
        help_text=_("Leave empty if the card was discarded."),
    )
    meld_before = CardsField(
        label=_("The same meld before the play"),
        required=False,
        help_text=_("Leave empty for a new meld."),
    )

    def verdict(self) -> Answer:
        data = self.cleaned_data
        meld = data["meld"] or None
        # The meld before is the meld after less the card played: each fits on its own.
        fits_the_deck(meld or ())
        fits_the_deck(data["meld_before"])
        verdict = canastra.may_next_player_take_pile(data["played"], meld, data["meld_before"])
        return yes_no(verdict, cards=[data["played"]], yes=gettext("Open"), no=gettext("Locked"))


# Where the pair stands when the player goes out.
MORTO_TO_TAKE = "morto"
MORTO_TAKEN = "taken"
MORTO_IS_STOCK = "stock"


class GoingOutQuestion(questions.GoingOutQuestion):
    title = _("May this pair go out (and take its morto)?")

    morto = forms.ChoiceField(
        label=_("The pair's morto"),
        choices=[
            (MORTO_TO_TAKE, _("Not taken yet: going out takes it")),
            (MORTO_TAKEN, _("Already taken: this going out ends the hand")),
            (MORTO_IS_STOCK, _("It became the stock: this going out ends the hand")),
        ],
        initial=MORTO_TO_TAKE,
        widget=forms.RadioSelect,
    )
    melds = MeldsField(
        label=_("The pair's melds, those laid now included, one per line"), required=False
    )
    clean_canastras = number_field(
        _("Or: the pair's clean canastras"), 0, canastra.MOST_CLEAN_CANASTRAS, required=False
    )
    dirty_canastras = number_field(
        _("… and its dirty canastras"), 0, canastra.MOST_DIRTY_CANASTRAS, required=False
    )

    @classmethod
    def from_entry(
        cls, entry: Mapping[str, Any], side: int | None, match: MatchView | None = None
    ) -> dict[str, Any]:
        """The going out that ended the hand: the pair that went out (``side``'s if it
        did), its melds or its canastras as entered, and where its morto stood."""
        pairs = [
            entered_pair(entry, position) for position in range(len(entry.get("pairs") or []))
        ]
        out = [position for position, pair in enumerate(pairs) if pair.get("went_out")]
        if not out:
            return {}
        pair = pairs[side if side in out else out[0]]
        # A going out that ends the hand: the morto was taken, or it became the stock.
        initial = {"morto": MORTO_TAKEN if pair.get("took_morto") else MORTO_IS_STOCK}
        if pair.get("melds"):
            return initial | {"melds": melds_text(pair["melds"])}
        counts = ("clean_canastras", "dirty_canastras")
        return initial | {name: pair[name] for name in counts if name in pair}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        counts = (data.get("clean_canastras"), data.get("dirty_canastras"))
        counted = any(count is not None for count in counts)
        if not data.get("melds") and not counted and not self.errors:
            raise forms.ValidationError(_("Enter the pair's melds or count its canastras."))
        return data

    def verdict(self) -> Answer:
        data = self.cleaned_data
        flags = {
            "took_morto": data["morto"] == MORTO_TAKEN,
            "morto_available": data["morto"] != MORTO_IS_STOCK,
        }
        melds = data["melds"]
        if melds:
            fits_the_deck(card for meld in melds for card in meld)
            return yes_no(canastra.may_go_out(melds, **flags))
        verdict = canastra.may_go_out_counted(
            data.get("clean_canastras") or 0, data.get("dirty_canastras") or 0, **flags
        )
        return yes_no(verdict)


class FirstCardQuestion(Question):
    title = _("May the first player refuse the card drawn?")
    short = _("The first card")
    submit = _("Ask about the first card")

    first_card_of_hand = forms.BooleanField(
        label=_("It is the first card drawn in the hand, by the first player"), required=False
    )
    mixed_into_hand = forms.BooleanField(
        label=_("The card was already mixed into the hand"), required=False
    )

    def verdict(self) -> Answer:
        data = self.cleaned_data
        return yes_no(
            canastra.may_refuse_first_card(
                first_card_of_hand=data["first_card_of_hand"],
                mixed_into_hand=data["mixed_into_hand"],
            )
        )


QUESTIONS: dict[str, type[Question]] = {
    "meld": MeldQuestion,
    "opening": OpeningQuestion,
    "pile": PileQuestion,
    "lock": LockQuestion,
    "going_out": GoingOutQuestion,
    "first_card": FirstCardQuestion,
}
