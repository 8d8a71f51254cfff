"""The trick referee: the cards of a trick, or of a whole hand, in the order played.

Two, four or six seats in the order of play (A1, B1, A2, B2 …; a match names them); the
mão leads the first trick and the engine (``referee.truco.judge_hand``) says who takes
each trick, which rule decided it, who leads the next and who wins the hand. This form
only reads the cards and words the answer.

Under the house rule ``accepted_truco_trick_decides`` (the match's, or ticked here when no
match is given) the trick in which a truco or a raise was accepted decides the hand once
it is won; the form then asks for that trick.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee.cards import Card, CardError
from referee.rulings import RuleError, Violation
from referee.truco import (
    DECK,
    PLAYER_COUNTS,
    PLAYERS,
    Event,
    HandJudgement,
    TrucoOptions,
    judge_hand,
    score_events,
    seat_name,
)
from scoring.games.truco.board import act_of, event_of
from scoring.games.truco.forms import VARIANT_CHOICES, TrucoOptionsForm
from scoring.games.truco.progress import NEW_GAME, match_options, progress
from scoring.kit.cardfields import CARD_INPUT, CardField, PickerMedia, PickerTarget, picker
from scoring.kit.match import MatchView
from scoring.kit.notation import CardView, card_views, parse_typed
from scoring.kit.questions import Answer, Question, answer, players_field
from scoring.kit.rulebook import CitesRule

TRICKS = 3
MOST_PLAYERS = max(PLAYER_COUNTS)
# The trick played once a call was accepted, as the table says it ("na segunda").
ACCEPTED_IN_CHOICES = [
    ("", _("Not accepted")),
    (1, _("In the first trick")),
    (2, _("In the second trick")),
    (3, _("In the third trick")),
]


def card_field(trick: int, index: int) -> str:
    return f"t{trick}c{index}"


def down_field(trick: int, index: int) -> str:
    return f"t{trick}d{index}"


@dataclass(frozen=True)
class SeatedCard:
    seat: str
    card: CardView
    face_down: bool
    wins: bool


@dataclass(frozen=True)
class TrickAnswer(CitesRule):
    number: int
    plays: tuple[SeatedCard, ...]
    played: bool
    winner: str | None
    next_leader: str
    rule: str | None


class TrickQuestion(Question):
    title = _("Who takes the trick, and the hand?")
    short = _("Tricks")
    submit = _("Judge")
    answer_template = "truco/_tricks_answer.html"
    fields_template = "truco/_tricks_fields.html"
    # Each trick's card fields share one picker (``tricks``), drawn by the template.
    Media = PickerMedia

    variant = forms.ChoiceField(label=_("Variant"), choices=VARIANT_CHOICES, initial="seed")
    vira = CardField(label=_("Vira (Paulista)"), required=False)
    players = players_field(PLAYER_COUNTS, initial=PLAYERS)
    mao = forms.TypedChoiceField(label=_("The mão (leads the first trick)"), coerce=int)
    # The same house rule, label and help as when a match is set up.
    accepted_truco_trick_decides = TrucoOptionsForm.base_fields["accepted_truco_trick_decides"]
    truco_accepted_in = forms.TypedChoiceField(
        label=_("Truco accepted"),
        choices=ACCEPTED_IN_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("A raise accepted counts too."),
    )

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.seat_names: dict[int, str] = {}
        match = self.match
        if match is not None:
            state = progress(match)
            count = len(state.seats)
            if count in PLAYER_COUNTS:
                self.seat_names = {i: seat.name for i, seat in enumerate(state.seats)}
                self.initial |= {"players": count, "mao": state.hands_played % count}
            options = match_options(match)
            self.initial["variant"] = options.variant
            # A match's trick is judged by the match's own variant, table and house rules.
            self.fields["variant"].disabled = True
            if options.variant != "paulista":
                del self.fields["vira"]  # only the Paulista's manilhas follow the vira
            self.fields["players"].disabled = bool(self.seat_names)
            if options.accepted_truco_trick_decides:
                self.initial["accepted_truco_trick_decides"] = True
                self.fields["accepted_truco_trick_decides"].disabled = True
            else:
                # Without the house rule an accepted truco changes nothing: not asked.
                del self.fields["accepted_truco_trick_decides"]
                del self.fields["truco_accepted_in"]
        # A card field for each seat: the match's table, or the largest one the page may
        # be asked about (the players field says how many play).
        self.seats = len(self.seat_names) or MOST_PLAYERS
        self.fields["mao"].choices = [(i, self.seat_label(i)) for i in range(self.seats)]
        for trick in range(1, TRICKS + 1):
            for index in range(self.seats):
                self.fields[card_field(trick, index)] = forms.CharField(
                    label=_("Card %(n)s") % {"n": index + 1},
                    required=False,
                    max_length=8,
                    widget=forms.TextInput(attrs={**CARD_INPUT, "size": 4}),
                )
                if trick > 1:
                    self.fields[down_field(trick, index)] = forms.BooleanField(
                        label=_("face down"), required=False
                    )

    @property
    def asks_accepted_in(self) -> bool:
        """Whether the page asks in which trick a truco was accepted (the house rule is
        the match's, or may be ticked here)."""
        return "truco_accepted_in" in self.fields

    def seat_label(self, index: int) -> str:
        """A seat as the mão's choices show it: "Bia (B1)", or "B1" without a match."""
        generic = seat_name(index)
        name = self.seat_names.get(index)
        return generic if not name or name == generic else f"{name} ({generic})"

    def who(self, index: int) -> str:
        """A seat as the verdict names it: the player, or "B1" without a match."""
        return self.seat_names.get(index) or seat_name(index)

    def tricks(self) -> list[dict[str, Any]]:
        """The card fields grouped by trick, for the template, and each trick's picker:
        one card per field, then on to the next card of the trick."""
        grouped = []
        for trick in range(1, TRICKS + 1):
            cards = [self[card_field(trick, i)] for i in range(self.seats)]
            targets = [PickerTarget(card.id_for_label, card.label, one=True) for card in cards]
            grouped.append(
                {
                    "number": trick,
                    "cards": [
                        (card, self[down_field(trick, i)] if trick > 1 else None)
                        for i, card in enumerate(cards)
                    ],
                    "picker": picker(targets, self.deck or DECK),
                }
            )
        return grouped

    def _entered(self) -> list[list[tuple[Card, bool]]]:
        """The tricks' cards, read as this page reads what is typed (its letters, the
        English ones where not ambiguous): the engine is given cards, not letters."""
        data = self.cleaned_data
        tricks: list[list[tuple[Card, bool]]] = []
        unread: list[Violation] = []
        for trick in range(1, TRICKS + 1):
            played = []
            for i in range(self.seats):
                token = data[card_field(trick, i)].strip()
                if not token:
                    continue
                try:
                    (card,) = parse_typed([token])
                except CardError as error:
                    unread += error.violations
                    continue
                played.append((card, bool(data.get(down_field(trick, i)))))
            tricks.append(played)
        if unread:
            raise RuleError(unread)
        while tricks and not tricks[-1]:
            tricks.pop()
        return tricks

    def verdict(self) -> Answer:
        data = self.cleaned_data
        decides = bool(data.get("accepted_truco_trick_decides"))
        options = TrucoOptions.from_dict(
            {
                "variant": data["variant"],
                "vira": str(data["vira"]) if data.get("vira") else None,
                "accepted_truco_trick_decides": decides,
            }
        )
        judged = judge_hand(
            self._entered(),
            players=data["players"],
            mao=data["mao"],
            options=options,
            # A trick chosen and the house rule then unticked is not asked about.
            truco_accepted_in=data.get("truco_accepted_in") if decides else None,
        )
        return self._answer(judged)

    def _answer(self, judged: HandJudgement) -> Answer:
        tricks = []
        for trick in judged.tricks:
            views = card_views(trick.cards)
            plays = tuple(
                SeatedCard(self.who(seat), view, down, seat in trick.winning_seats)
                for seat, view, down in zip(trick.seats, views, trick.face_down, strict=True)
            )
            tricks.append(
                TrickAnswer(
                    number=trick.number,
                    plays=plays,
                    played=trick.played,
                    winner=trick.winner,
                    next_leader=(
                        self.who(trick.next_leader) if trick.next_leader is not None else ""
                    ),
                    rule=trick.rule,
                )
            )
        if judged.winner:
            headline = gettext("Team %(team)s wins the hand.") % {"team": judged.winner}
        elif judged.decided:
            headline = gettext("Three tied tricks: nobody wins the hand.")
        else:
            headline = gettext("The hand is not decided yet: enter the next trick.")
        return Answer(
            ok=None,
            headline=headline,
            # Until the tricks settle it, the answer cites how a hand is won.
            rule=judged.rule or "truco.hand.two-tricks",
            extra={"tricks": tricks, "hand": judged},
        )


# The most calls a hand's question reads: far beyond a real hand's.
MOST_CALLS = 40


class CallsQuestion(Question):
    """Were the hand's calls allowed, in the order they were made? Each call as the hand's
    buttons name it (``raise:A``, ``accept:B``, ``run:A``, ``win:B``); the engine plays
    them from the score before the hand (the match's) and names the rule of the first it
    refuses, or what the hand is worth."""

    title = _("Were the hand's calls allowed?")
    short = _("A raise")
    submit = _("Check the calls")

    calls = forms.CharField(
        label=_("The hand's calls, in order, one per line"),
        help_text=_("The team after the colon: raise:A, accept:B, run:A, win:B."),
        max_length=MOST_CALLS * 24,
        widget=forms.Textarea(attrs={"rows": 5, "autocapitalize": "off"}),
    )

    @classmethod
    def from_entry(
        cls, entry: Mapping[str, Any], side: int | None, match: MatchView | None = None
    ) -> dict[str, Any]:
        """The hand's calls as recorded, the win or run that ended it included."""
        events = [Event.from_dict(e) for e in entry.get("events") or () if isinstance(e, Mapping)]
        return {"calls": "\n".join(act_of(event) for event in events)} if events else {}

    def clean_calls(self) -> list[Event]:
        lines = [line for line in self.cleaned_data["calls"].splitlines() if line.strip()]
        events = [event_of(line) for line in lines[:MOST_CALLS]]
        if not events or None in events:
            raise forms.ValidationError(_("Write each call as raise:A, accept:B, run:A or win:B."))
        return events

    def verdict(self) -> Answer:
        if self.match is not None:
            state = progress(self.match)
            score, options = state.score, state.options
        else:
            score, options = NEW_GAME, TrucoOptions()
        # A refused call raises RuleError: the page names its rule.
        outcome = score_events(score, self.cleaned_data["calls"], options, allow_unfinished=True)
        lines = outcome.state.lines
        numbers = {"team": outcome.winner, "stake": outcome.stake}
        if outcome.winner:
            headline = gettext("Yes: team %(team)s takes %(stake)s.") % numbers
        elif outcome.finished:
            headline = gettext("Yes: nobody wins the hand.")
        else:
            headline = gettext("Yes so far: the hand is worth %(stake)s.") % numbers
        return answer(True, headline, rule=lines[-1][1].rule if lines else "truco.hand.won")


QUESTIONS: dict[str, type[Question]] = {"tricks": TrickQuestion, "calls": CallsQuestion}
