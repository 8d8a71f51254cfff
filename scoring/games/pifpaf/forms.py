"""The session's settings and the hand form. They turn what was tapped into engine calls
and engine answers into form errors; the rules themselves are ``referee.pifpaf``'s."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.pifpaf import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Table,
    check_terms,
    rebuying,
    sitting_out,
)
from referee.rulings import RuleError
from scoring.games.pifpaf import session
from scoring.games.pifpaf.questions import ACES, GROUPS, hand_answer
from scoring.kit.cardfields import CardsField, read_cards
from scoring.kit.fields import PlainDecimalField, checkbox, number_field, read_whole_number
from scoring.kit.handforms import HandForm
from scoring.kit.notation import written_cards
from scoring.kit.questions import Answer, refused
from scoring.kit.rulebook import describe, violation_dicts


class PifPafOptionsForm(forms.Form):
    buy_in = number_field(
        _("Buy-in (chips for each player)"), 1, MAX_CHIPS, initial=session.DEFAULT_BUY_IN
    )
    chip_value = PlainDecimalField(
        label=_("Value of a chip in money"),
        initial=Decimal(session.DEFAULT_CHIP_VALUE),
        localize=True,
        max_digits=12,
        decimal_places=2,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )
    ante = number_field(_("Ante (pingo), in chips"), 1, MAX_CHIPS, initial=1)
    min_bet = number_field(
        _("Minimum bet"), 1, MAX_CHIPS, required=False, help_text=_("Empty: the ante.")
    )
    max_bet = number_field(
        _("Maximum bet"),
        1,
        MAX_CHIPS,
        required=False,
        help_text=_("Empty: the ante times the number of players, the most it may be."),
    )
    aces = forms.ChoiceField(label=_("Aces in sequences"), choices=ACES, initial="both")
    groups = forms.ChoiceField(label=_("Groups"), choices=GROUPS, initial="three-suits")
    # The page's option, off by default; how it goes is ruling ``pifpaf.ruling.rebuy``.
    rebuy = checkbox(
        _("Rebuys"),
        help_text=_(
            "A player with no chips left buys in again for the buy-in at the next hand, "
            "instead of sitting out. The settlement counts every buy-in."
        ),
    )

    # Which field shows an engine violation about the settings.
    FIELDS = {
        "pifpaf.settle.buy-in": "buy_in",
        "pifpaf.settle.chip-value": "chip_value",
        "pifpaf.chips.ante-positive": "ante",
        "pifpaf.chips.min-bet": "min_bet",
        "pifpaf.chips.max-bet-limit": "max_bet",
    }

    def __init__(self, *args: Any, players: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # How many players the session starts with, once the ledger has them right; the
        # maximum bet depends on it.
        self.players = players if players and MIN_PLAYERS <= players <= MAX_PLAYERS else None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "buy_in" in data and "chip_value" in data:
            self._ask_engine(lambda: check_terms(data["buy_in"], data["chip_value"]))
        players = self.players
        if {"ante", "min_bet", "max_bet"} <= set(data) and players:
            self._ask_engine(
                lambda: Table(
                    tuple(str(seat) for seat in range(players)),
                    data["ante"],
                    data["min_bet"],
                    data["max_bet"],
                )
            )
        if "chip_value" in data:
            data["chip_value"] = str(data["chip_value"])  # money stays exact in JSON
        return data

    def _ask_engine(self, check: Any) -> None:
        try:
            check()
        except RuleError as error:
            for violation in error.violations:
                self.add_error(self.FIELDS.get(violation.rule), describe(violation))


# --- the hand ------------------------------------------------------------------------------

BETS = ("fold", "call", "raise", "all-in")
MISTAKES = {"false-out": "false_out", "rebate": "rebate", "threw-away": "threw_away"}


def _whole(value: Any) -> bool:
    """A seat or a bet as JSON writes a whole number: ``true`` is none."""
    return isinstance(value, int) and not isinstance(value, bool)


def stored_bets(draft: Mapping[str, Any]) -> list[tuple[int, str, int]]:
    """The bets of a draft or a stored entry as (seat, kind, to). An action an old or
    garbled entry got wrong (no seat, no kind) is left out: the page still opens, and
    the engine then says what the hand lacks."""
    found = []
    for action in draft.get("actions") or ():
        if not isinstance(action, Mapping):
            continue
        seat, kind, to = action.get("player"), action.get("kind"), action.get("to", 0)
        if _whole(seat) and isinstance(kind, str) and _whole(to):
            found.append((seat, kind, to))
    return found


def bet_dicts(bets: list[tuple[int, str, int]]) -> list[dict[str, Any]]:
    return [
        {"player": player, "kind": kind, "to": to}
        if kind == "raise"
        else {"player": player, "kind": kind}
        for player, kind, to in bets
    ]


class PifPafHandForm(HandForm):
    """One hand: the dealer (first hand only) and the bets tapped in one by one — the
    hand's draft, which every phone at the table shares — then the mistakes, who went
    out and, optionally, the winner's cards."""

    multi_step = True

    raise_to = number_field(_("Raise to"), 0, 10**9, required=False)
    winner = forms.TypedChoiceField(
        label=_("Who went out?"), coerce=int, required=False, empty_value=None
    )
    with_discard = checkbox(_("Went out with a discard, not a card from the stock"))
    cards = CardsField(
        label=_("The winner's cards (optional)"),
        required=False,
        help_text=_("Nine cards, or ten with the discard: tap them in or type them."),
    )

    def add_fields(self) -> None:
        self.names = self.match.player_names
        self.table = session.table_of(self.match)
        self.start = session.before(self.match)
        # Who buys in again as this hand is dealt (rebuys), and who sits it out: the engine's.
        self.rebuying = rebuying(self.start.balances, self.table)
        self.sitting_out = sitting_out(self.start.balances, self.table)
        seats = list(enumerate(self.names))
        self.fields["winner"].choices = seats
        for seat in range(len(self.names)):
            for field, label in (
                ("false_out", _("False going out")),
                ("rebate", _("Rebate")),
                ("threw_away", _("Threw the cards away")),
            ):
                self.fields[f"{field}_{seat}"] = checkbox(label)

    # --- the table for this hand ---------------------------------------------------------

    @property
    def first_hand(self) -> bool:
        return self.start.dealer is None

    @property
    def dealer_position(self) -> int:
        if self.start.dealer is not None:
            return self.names.index(self.start.dealer)
        seat = self.draft.get("dealer")
        return seat if _whole(seat) and 0 <= seat < len(self.names) else 0

    @property
    def dealer_name(self) -> str:
        return self.names[self.dealer_position]

    @cached_property
    def bets(self) -> list[tuple[int, str, int]]:
        return [bet for bet in stored_bets(self.draft) if 0 <= bet[0] < len(self.names)]

    def _betting(self, bets: list[tuple[int, str, int]]) -> session.Betting:
        actions = [Action(self.names[player], kind, to) for player, kind, to in bets]
        return session.betting(self.start.balances, self.table, self.dealer_name, actions)

    @cached_property
    def state(self) -> session.Betting:
        return self._betting(self.bets)

    # --- steps: the dealer, then the bets ------------------------------------------------

    def draft_from_entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        draft: dict[str, Any] = {
            "actions": bet_dicts([bet for bet in stored_bets(entry) if bet[1] in BETS])
        }
        if "dealer" in entry:
            draft["dealer"] = entry["dealer"]
        return draft

    def step(self) -> dict[str, Any]:
        """The dealer chosen, or one more bet (or the last one taken back), if the
        engine allows it."""
        draft = dict(self.draft)
        pressed = self.pressed
        if pressed.startswith("dealer:"):
            seat = read_whole_number(pressed.removeprefix("dealer:"))
            if self.first_hand and not self.bets and seat is not None:
                draft["dealer"] = max(0, min(seat, len(self.names) - 1))
            return draft
        bets = list(self.bets)
        if pressed == "" and self.data.get("raise_to"):
            pressed = "raise"  # Enter in the raise field
        if pressed == "undo":
            bets = bets[:-1]
        elif pressed in BETS:
            turn = self.state.turn
            if turn is None:  # the betting is over: nothing more to bet
                return draft
            to = (read_whole_number(self.data.get("raise_to")) or 0) if pressed == "raise" else 0
            tried = [*bets, (self.names.index(turn.player), pressed, to)]
            refused = self._betting(tried).violations
            if refused:
                raise RuleError(refused)
            bets = tried
        draft["actions"] = bet_dicts(bets)
        if self.first_hand and "dealer" not in draft:
            draft["dealer"] = self.dealer_position
        return draft

    def redrawn(self, draft: Mapping[str, Any]) -> HandForm:
        form = super().redrawn(draft)
        if self.pressed in BETS:  # the raise is in: its field starts empty again
            form.data["raise_to"] = ""
        return form

    # --- checked as typed ------------------------------------------------------------------

    def live_check(self, field: str) -> tuple[str, dict[str, Any]] | None:
        if field != "cards":
            return None
        return "pifpaf/_hand_verdict.html", {
            "verdict": self.cards_verdict(),
            "card_notes": self.card_notes,
            "oob": True,
        }

    def cards_verdict(self) -> Answer | None:
        """The winner's cards checked; None when empty or when a token does not read
        (that is said once, beside the button: ``card_notes``)."""
        text = str(self["cards"].value() or "").strip()
        if not text:
            return None
        try:
            cards = read_cards(text)
        except forms.ValidationError:
            return None
        try:
            return hand_answer(cards, session.house_rules(self.match))
        except RuleError as error:  # too few cards yet, more than the decks hold …
            return refused(error.violations, cards)

    # --- what the template shows -----------------------------------------------------------

    def panel(self) -> dict[str, Any]:
        state = self.state
        seats = {name: seat for seat, name in enumerate(self.names)}
        in_hand = [
            {
                "seat": seats[name],
                "name": name,
                "chosen": str(self["winner"].value()) == str(seats[name]),
                "mistakes": [self[f"{field}_{seats[name]}"] for field in MISTAKES.values()],
            }
            for name in state.in_hand
        ]
        turn = state.turn
        return {
            "number": self.start.number,
            "dealer": self.dealer_name,
            "choose_dealer": self.first_hand and not self.bets,
            "ante": self.table.ante,
            "bets": [
                {"name": self.names[player], "kind": kind, "to": to}
                for player, kind, to in self.bets
            ],
            "turn": turn,
            "balance": self.chips(turn.player) if turn else None,
            "rebuying": list(self.rebuying),
            "rebuy_chips": self.table.rebuy,
            "sat_out": self.sitting_out,
            "state": state,
            "in_hand": in_hand,
            "violations": violation_dicts(state.violations),
        }

    def chips(self, name: str) -> int:
        """A player's chips as the hand is dealt: their balance, and a rebuy if they make
        one."""
        return self.start.balances[name] + self.rebuying.get(name, 0)

    def has_mistakes(self) -> bool:
        return any(
            self[f"{field}_{seat}"].value()
            for field in MISTAKES.values()
            for seat in range(len(self.names))
        )

    # --- the stored entry ----------------------------------------------------------------

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        actions = bet_dicts(self.bets)
        # The mistakes in the order the engine takes them: a flagged player may still
        # throw their cards away afterwards.
        for kind in ("false-out", "rebate", "threw-away"):
            actions.extend(
                {"player": seat, "kind": kind}
                for seat in range(len(self.names))
                if data.get(f"{MISTAKES[kind]}_{seat}")
            )
        entry: dict[str, Any] = {
            "number": self.start.number,
            "actions": actions,
            "winner": data.get("winner"),
            "with_discard": bool(data.get("with_discard")),
        }
        if self.first_hand:
            entry["dealer"] = self.dealer_position
        if data.get("cards"):
            entry["cards"] = [str(card) for card in data["cards"]]
        return entry

    def initial_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "winner": entry.get("winner"),
            "with_discard": bool(entry.get("with_discard")),
            "cards": written_cards(entry.get("cards") or ()),
        }
        for seat, kind, _to in stored_bets(entry):
            if kind in MISTAKES:
                initial[f"{MISTAKES[kind]}_{seat}"] = True
        return initial
