"""The trick referee: the cards of a trick, or of a whole hand, in the order played.

Four seats in the order of play, A1, B1, A2, B2 (a match of two players a side names them);
the mão leads the first trick and the engine says who leads each next one, so the cards
of every trick are entered in play order and the seats they came from follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.cards import DECKS, CardError
from referee.rulings import RuleError
from referee.truco import (
    PLAYERS,
    TIE,
    HandResult,
    Play,
    TrickResult,
    TrucoOptions,
    card_strength,
    resolve_hand,
    resolve_trick,
)
from scoring.games.truco.forms import VARIANT_CHOICES
from scoring.games.truco.progress import Seat, match_options, progress
from scoring.ledger.registry import MatchView
from scoring.ledger.rulebook import label, rule_url

TRICKS = 3
GENERIC_SEATS = (Seat("A", "A1"), Seat("B", "B1"), Seat("A", "A2"), Seat("B", "B2"))


def card_field(trick: int, index: int) -> str:
    return f"t{trick}c{index}"


def down_field(trick: int, index: int) -> str:
    return f"t{trick}d{index}"


@dataclass(frozen=True)
class PlayedCard:
    seat: Seat
    card: str
    face_down: bool
    wins: bool


@dataclass(frozen=True)
class TrickVerdict:
    number: int
    leader: Seat
    plays: tuple[PlayedCard, ...]
    result: TrickResult | None
    next_leader: Seat | None
    rule: str | None

    @property
    def played(self) -> bool:
        return self.result is not None

    @property
    def rule_label(self) -> str:
        return label(self.rule) if self.rule else ""

    @property
    def rule_url(self) -> str | None:
        return rule_url(self.rule) if self.rule else None


@dataclass(frozen=True)
class HandVerdict:
    tricks: tuple[TrickVerdict, ...]
    hand: HandResult
    options: TrucoOptions

    @property
    def rule(self) -> str:
        if self.hand.decided and self.hand.winner is None:
            return "truco.hand.no-winner"
        return "truco.hand.two-tricks"

    @property
    def rule_label(self) -> str:
        return label(self.rule)

    @property
    def rule_url(self) -> str | None:
        return rule_url(self.rule)


class TrickRefereeForm(forms.Form):
    variant = forms.ChoiceField(label=_("Variant"), choices=VARIANT_CHOICES, initial="seed")
    vira = forms.CharField(
        label=_("Vira (Paulista)"),
        required=False,
        max_length=8,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )
    mao = forms.TypedChoiceField(label=_("The mão (leads the first trick)"), coerce=int)

    def __init__(self, data: Any = None, *, match: MatchView | None = None) -> None:
        self.seats = GENERIC_SEATS
        initial: dict[str, Any] = {"mao": 0}
        if match is not None:
            state = progress(match)
            if len(state.seats) == PLAYERS:
                self.seats = state.seats
            initial["variant"] = match_options(match).variant
            initial["mao"] = state.hands_played % PLAYERS
        super().__init__(data, initial=initial)
        self.fields["mao"].choices = [(i, self.seat_label(i)) for i in range(PLAYERS)]
        if match is not None:
            # A match's trick is judged by the match's own variant.
            self.fields["variant"].disabled = True
        for trick in range(1, TRICKS + 1):
            for index in range(PLAYERS):
                self.fields[card_field(trick, index)] = forms.CharField(
                    label=_("Card %(n)s") % {"n": index + 1},
                    required=False,
                    max_length=8,
                    widget=forms.TextInput(
                        attrs={
                            "autocomplete": "off",
                            "autocapitalize": "characters",
                            "placeholder": "3H",
                            "size": 4,
                        }
                    ),
                )
                if trick > 1:
                    self.fields[down_field(trick, index)] = forms.BooleanField(
                        label=_("face down"), required=False
                    )

    def seat_label(self, index: int) -> str:
        seat = self.seats[index]
        generic = GENERIC_SEATS[index].name
        return generic if seat.name == generic else f"{seat.name} ({generic})"

    def tricks(self) -> list[dict[str, Any]]:
        """The card fields grouped by trick, for the template."""
        return [
            {
                "number": trick,
                "cards": [
                    (self[card_field(trick, i)], self[down_field(trick, i)] if trick > 1 else None)
                    for i in range(PLAYERS)
                ],
            }
            for trick in range(1, TRICKS + 1)
        ]

    def _options(self) -> TrucoOptions:
        return TrucoOptions.from_dict(
            {"variant": self.cleaned_data["variant"], "vira": self.cleaned_data["vira"] or None}
        )

    def _entered(self) -> list[list[tuple[str, bool]]]:
        tricks = []
        for trick in range(1, TRICKS + 1):
            cards = [
                (self.cleaned_data[card_field(trick, i)].strip(),
                 bool(self.cleaned_data.get(down_field(trick, i))))
                for i in range(PLAYERS)
            ]  # fmt: skip
            tricks.append([(card, down) for card, down in cards if card])
        while tricks and not tricks[-1]:
            tricks.pop()
        return tricks

    def verdict(self) -> HandVerdict | None:
        """Each trick's winner and next leader, and the hand's result; RuleError for cards
        the rules cannot accept. None when no card was entered."""
        options = self._options()
        entered = self._entered()
        if not entered:
            return None
        # Every card first, so one answer names every card that cannot be read, and a
        # card entered twice anywhere in the hand is caught: one deck.
        errors, cards = [], []
        for trick in entered:
            for token, _down in trick:
                try:
                    cards.append(Play("A", token).card)
                except CardError as error:
                    errors.extend(error.violations)
        errors.extend(DECKS["truco"].violations(cards))
        if errors:
            raise RuleError(errors)
        leader = self.cleaned_data["mao"]
        results: list[str] = []
        verdicts: list[TrickVerdict] = []
        decided = False
        for number, trick in enumerate(entered, start=1):
            seats = [self.seats[(leader + i) % PLAYERS] for i in range(len(trick))]
            if decided:
                plays = tuple(
                    PlayedCard(s, c, d, False) for s, (c, d) in zip(seats, trick, strict=True)
                )
                verdicts.append(TrickVerdict(number, seats[0], plays, None, None, None))
                continue
            # Teams alternate from the leader's, whatever was left empty: the engine then
            # names only the missing cards.
            teams = [GENERIC_SEATS[(leader + i) % PLAYERS].team for i in range(len(trick))]
            plays = [
                Play(team, card, down) for team, (card, down) in zip(teams, trick, strict=True)
            ]
            result = resolve_trick(plays, options, trick_number=number)
            verdicts.append(self._trick_verdict(number, seats, plays, result, options))
            results.append(result.winner or TIE)
            leader = (leader + result.next_leader) % PLAYERS
            decided = resolve_hand(results).decided
        return HandVerdict(tuple(verdicts), resolve_hand(results), options)

    def _trick_verdict(
        self,
        number: int,
        seats: list[Seat],
        plays: list[Play],
        result: TrickResult,
        options: TrucoOptions,
    ) -> TrickVerdict:
        best = None if result.winning_play is None else plays[result.winning_play]
        tied = []
        if best is not None:
            strength = card_strength(best.card, options)
            tied = [
                i
                for i, play in enumerate(plays)
                if not play.face_down and card_strength(play.card, options) == strength
            ]
        if result.winner is None:
            rule = "truco.trick.empate"
        elif len(tied) > 1:
            rule = "truco.trick.partners-tie"
        else:
            rule = "truco.trick.highest"
        shown = tuple(
            PlayedCard(seat, str(play.card), play.face_down, i in tied)
            for i, (seat, play) in enumerate(zip(seats, plays, strict=True))
        )
        return TrickVerdict(number, seats[0], shown, result, seats[result.next_leader], rule)
