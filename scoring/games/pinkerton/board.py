"""A Pinkerton round as the page shows it: the seats, the stack (never its value unless
``Round.shown_value`` gives it: rule 4), the moves on offer and the log of what the
table saw, in words.

The hand form (``forms.py``) reads what was tapped and builds this from the engine's
``Round``, as every game that draws a board keeps it (``HandForm.board``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, ngettext

from referee.pinkerton import (
    ADD,
    ASK,
    FREE_PASS,
    PASS,
    SKIP,
    STEP_ADD,
    STEP_OPEN,
    STEP_THROW,
    STEP_TURN,
    THROW,
    TURN,
    Event,
    Round,
)
from scoring.kit.notation import CardView, written_cards


@dataclass(frozen=True)
class SeatView:
    """A player at the table, as the round stands."""

    seat: int
    name: str
    dealer: bool
    # False for a dealer who deals and counts only (the house rule).
    plays: bool
    to_play: bool
    out: bool
    passes: int
    # One mark per pass the limit allows: True for a card laid face down.
    marks: tuple[bool, ...]
    points: int
    may_ask: bool


@dataclass(frozen=True)
class Board:
    """The round in progress, in what the page may show: never the stack's value unless
    ``shown_value`` (rule 4)."""

    phase: int
    step: str
    dealer: str
    to_play: str | None
    seats: tuple[SeatView, ...]
    required: int
    shown_value: int | None
    asked_by: str | None
    always_shown: bool
    stack_count: int
    top: CardView | None
    deal: int
    moves: Mapping[str, bool]
    log: tuple[str, ...]
    events: int
    choose_dealer: bool
    pass_limit: int
    dropped: tuple[dict[str, Any], ...] = ()
    winner: str | None = None
    points: int | None = None
    lines: tuple[dict[str, Any], ...] = ()
    totals: tuple[tuple[str, int], ...] = ()
    match_winner: str | None = None
    asking: tuple[SeatView, ...] = field(default=())

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def turning(self) -> bool:
        return self.step == STEP_TURN

    @property
    def card_move(self) -> str:
        """The move the cards field is for now (the form's default button)."""
        if self.over:
            return ""
        if self.step == STEP_TURN:
            return TURN
        return THROW if self.step == STEP_THROW else ADD

    @property
    def numeral(self) -> str:
        """The phase as the page names it: I, II, III."""
        return "I" * self.phase if self.phase < 4 else str(self.phase)

    @property
    def opening(self) -> bool:
        return self.step == STEP_OPEN

    @property
    def adding(self) -> bool:
        return self.step == STEP_ADD


def log_line(before: Round, event: Event, after: Round, index: int) -> list[str]:
    """What the table just saw, in words; ``event`` is one the engine allowed."""
    player = event.player or ""
    lines = []
    if event.type == TURN:
        lines.append(
            gettext("%(dealer)s turned %(card)s.")
            % {"dealer": before.dealer, "card": written_cards(event.cards)}
        )
    elif event.type == THROW:
        line = gettext("%(player)s threw %(cards)s.") % {
            "player": player,
            "cards": written_cards(event.cards),
        }
        if index in after.took_back:
            line += " " + gettext("Exact: a pass taken back.")
        lines.append(line)
    elif event.type == ADD:
        lines.append(
            gettext("%(player)s added %(card)s.")
            % {"player": player, "card": written_cards(event.cards)}
        )
    elif event.type == PASS:
        lines.append(
            gettext("%(player)s passed (%(n)s of %(limit)s).")
            % {"player": player, "n": after.passes[player], "limit": after.options.pass_limit}
        )
        if player in after.out:
            lines.append(gettext("%(player)s is out of the round.") % {"player": player})
    elif event.type == FREE_PASS:
        lines.append(gettext("%(player)s passed without consequence.") % {"player": player})
    elif event.type == SKIP:
        lines.append(gettext("%(player)s skipped the throw (rule 2).") % {"player": player})
    elif event.type == ASK:
        lines.append(gettext("%(player)s asked the dealer for the value.") % {"player": player})
    if len(after.deals) > len(before.deals):
        dealt = ngettext(
            "The dealer deals %(n)s card each.", "The dealer deals %(n)s cards each.", after.deal
        )
        lines.append(dealt % {"n": after.deal})
    return lines
