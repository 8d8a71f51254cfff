"""Pinkerton's referee questions, the API's three in a form: does this throw meet the
stack, may this card go onto it, and what a stack scores. Each reads the question and asks
``referee.pinkerton``; the answer names the rule. A stack the decks cannot make (a joker,
a third K♥) is refused with the deck rule. Asked from a match, its extra deck counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from referee import pinkerton
from referee.pinkerton import THROW, PinkertonOptions, Round
from referee.rulings import RuleError, Violation
from scoring.games.pinkerton.table import house_rules, round_of, stored_events, to_engine
from scoring.kit.cardfields import CardField, CardsField
from scoring.kit.fields import WholeNumberField
from scoring.kit.match import MatchView
from scoring.kit.questions import Answer, Question, answer
from scoring.kit.rulebook import label

# The centre holds two cards from phase II on: nothing is added, and no round ends, before.
FIRST_ADD = 2


class PinkertonQuestion(Question):
    def options(self) -> PinkertonOptions:
        return house_rules(self.match) if self.match is not None else pinkerton.DEFAULT_OPTIONS


class ThrowQuestion(PinkertonQuestion):
    title = _("Does this throw meet the stack?")
    short = _("A throw")
    submit = _("Check the throw")

    # Never empty at a table: phase I begins with the centre card turned.
    stack = CardsField(
        label=_("The cards in the centre"),
        help_text=_("The centre card in phase I, then every card of the stack."),
    )
    throw = CardsField(label=_("The cards thrown"))

    @classmethod
    def from_entry(
        cls, entry: Mapping[str, Any], side: int | None, match: MatchView | None = None
    ) -> dict[str, Any]:
        """The round's last throw (seat ``side``'s, if that seat threw) and the centre it
        was thrown on, the round played again up to it from the match before."""
        if match is None:
            return {}
        try:
            start = round_of(match, {**entry, "events": []})
            events = [to_engine(event, start.players) for event in stored_events(entry)]
            throws = [i for i, event in enumerate(events) if event.type == THROW]
            if not throws:
                return {}
            seat = start.players[side] if side is not None and side < len(start.players) else None
            own = [i for i in throws if events[i].player == seat]
            at = (own or throws)[-1]
            before = Round.replay(
                start.players, start.dealer, events[:at], start.scores, start.options
            )
        except RuleError:  # unreadable cards (CardError) among them
            return {}  # a round the engine no longer replays prefills nothing
        return {
            "stack": " ".join(str(card) for card in before.stack),
            "throw": " ".join(str(card) for card in events[at].cards),
        }

    def verdict(self) -> Answer:
        stack, cards = self.cleaned_data["stack"], self.cleaned_data["throw"]
        check = pinkerton.check_throw(stack, cards, self.options())
        numbers = {"sum": check.sum, "value": check.stack_value, "k": check.required_cards}
        if check.exact:
            headline = gettext("Yes, exactly: %(sum)s on a value of %(value)s") % numbers
            rule = "pinkerton.meet.exact"
        elif check.meets:
            headline = gettext("Yes: %(sum)s meets a value of %(value)s") % numbers
            rule = (
                "pinkerton.meet.positive"
                if check.stack_value > 0
                else "pinkerton.meet.negative"
                if check.stack_value < 0
                else "pinkerton.meet.zero"
            )
        else:
            headline = gettext("No: %(sum)s does not meet a value of %(value)s") % numbers
            rule = check.violations[0].rule if check.violations else None
        details = [
            ngettext(
                "A throw has %(k)s card at this value.",
                "A throw has %(k)s cards at this value.",
                check.required_cards,
            )
            % numbers
        ]
        if check.stack_value == 0:
            # Rule 2, from phase II on (phase I's one centre card is never 0).
            details.append(
                gettext(
                    "At 0 the player may also skip the throw (rule 2): in phase II the turn "
                    "moves on, in phase III a card is added."
                )
            )
        if not check.meets:
            # Rule 1's ruling: the free pass replaces the add, never the throw.
            details.append(
                gettext(
                    "A player who cannot meet the stack passes, and the pass counts: the pass "
                    "without consequence (rule 1) only replaces the card added after a throw."
                )
            )
        return answer(
            check.meets,
            headline,
            rule=rule,
            cards=cards,
            violations=check.violations,
            details=details,
        )


class AddQuestion(PinkertonQuestion):
    title = _("May this card go onto the stack?")
    short = _("An added card")
    submit = _("Check the card")

    stack = CardsField(label=_("The stack"))
    card = CardField(label=_("The card to add"))

    def verdict(self) -> Answer:
        card, stack = self.cleaned_data["card"], self.cleaned_data["stack"]
        if len(stack) < FIRST_ADD:
            # As a round refuses it: nothing is added before phase III, when the stack
            # holds the two centre cards.
            refused = Violation("pinkerton.add.not-in-phase", {"phase": 1})
            return answer(False, gettext("No"), rule=refused.rule, violations=[refused])
        check = pinkerton.check_add(stack, card, self.options())
        if check.allowed:
            headline = gettext("Yes: the stack is then %(value)s") % {"value": check.stack_value}
            # A J, Q or K goes on by rule 1; any other card as phase III says.
            face = card.rank in pinkerton.FACE_CARDS
            rule = "pinkerton.rule1.face-card" if face else "pinkerton.round.phase-three"
        else:
            headline = gettext("No")
            rule = check.violations[0].rule if check.violations else None
        details = []
        if rule == "pinkerton.rule1.face-card":
            details.append(
                gettext(
                    "A player who has met the stack and has no card that may be added passes "
                    "without consequence (rule 1): nothing added, no pass counted."
                )
            )
        return answer(
            check.allowed,
            headline,
            rule=rule,
            cards=[card],
            violations=check.violations,
            details=details,
        )


class PointsQuestion(PinkertonQuestion):
    title = _("How many points does the round's winner score?")
    short = _("The points")
    submit = _("Count the points")

    cards = WholeNumberField(
        label=_("Cards in the stack"),
        min_value=0,
        max_value=len(pinkerton.EXTRA_DECK),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def verdict(self) -> Answer:
        n = self.cleaned_data["cards"]
        options = self.options()
        if n < FIRST_ADD:
            # As a round refuses it: a round ends with the two centre cards at least.
            params = {"cards": n, "min": FIRST_ADD, "max": len(options.deck)}
            refused = Violation("pinkerton.points.card-count", params)
            return answer(False, gettext("No"), rule=refused.rule, violations=[refused])
        breakdown = pinkerton.round_breakdown(n, options)
        return answer(
            None,
            ngettext(
                "%(n)s card scores %(points)s points",
                "%(n)s cards score %(points)s points",
                n,
            )
            % {"n": n, "points": breakdown.total},
            rule="pinkerton.points.bonus",
            details=[f"{label(line.rule)}: {line.points}" for line in breakdown.lines],
        )


QUESTIONS = {"throw": ThrowQuestion, "add": AddQuestion, "points": PointsQuestion}
