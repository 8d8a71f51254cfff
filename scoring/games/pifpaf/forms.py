"""The session's settings and the hand form. They turn what was tapped into engine calls
and engine answers into form errors; the rules themselves are ``referee.pifpaf``'s."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.pifpaf import MAX_PLAYERS, MIN_PLAYERS, Action, Table, settle
from referee.rulings import RuleError, Violation
from scoring.games.pifpaf import session
from scoring.games.pifpaf.checks import ACES, GROUPS, hand_verdict
from scoring.ledger.cards import CardsField
from scoring.ledger.registry import MatchView
from scoring.ledger.rulebook import describe, violation_dicts
from scoring.ledger.views.hands import read_int

NUMERIC = {"inputmode": "numeric", "autocomplete": "off"}


class PifPafOptionsForm(forms.Form):
    buy_in = forms.IntegerField(
        label=_("Buy-in (chips for each player)"),
        initial=session.DEFAULT_BUY_IN,
        widget=forms.NumberInput(attrs=NUMERIC),
    )
    chip_value = forms.DecimalField(
        label=_("Value of a chip in money"),
        initial=Decimal(session.DEFAULT_CHIP_VALUE),
        localize=True,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )
    ante = forms.IntegerField(
        label=_("Ante (pingo), in chips"), initial=1, widget=forms.NumberInput(attrs=NUMERIC)
    )
    min_bet = forms.IntegerField(
        label=_("Minimum bet"),
        required=False,
        help_text=_("Empty: the ante."),
        widget=forms.NumberInput(attrs=NUMERIC),
    )
    max_bet = forms.IntegerField(
        label=_("Maximum bet"),
        required=False,
        help_text=_("Empty: the ante times the number of players, the most it may be."),
        widget=forms.NumberInput(attrs=NUMERIC),
    )
    aces = forms.ChoiceField(label=_("Aces in sequences"), choices=ACES, initial="both")
    groups = forms.ChoiceField(label=_("Groups"), choices=GROUPS, initial="three-suits")

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
            self._ask_engine(lambda: settle({}, data["buy_in"], data["chip_value"]))
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

BETS = ("fold", "call", "raise")
MISTAKES = {"false-out": "false_out", "rebate": "rebate", "threw-away": "threw_away"}
# The betting buttons are all named this: pressing one steps the betting and records
# nothing; the form is shown again with the bet added (or refused, with the rule).
STEP = "bet"


def parse_bets(text: str) -> list[tuple[int, str, int]]:
    """``"0:raise:3 1:call 2:fold"`` → [(0, "raise", 3), (1, "call", 0), (2, "fold", 0)]."""
    bets = []
    for token in text.split():
        player, kind, *to = token.split(":")
        if kind not in BETS or len(to) > 1:
            raise ValueError(token)
        bets.append((int(player), kind, int(to[0]) if to else 0))
    return bets


def format_bets(bets: list[tuple[int, str, int]]) -> str:
    return " ".join(
        f"{player}:{kind}:{to}" if kind == "raise" else f"{player}:{kind}"
        for player, kind, to in bets
    )


def stored_actions(entry: Mapping[str, Any]) -> list[tuple[int, str, int]]:
    """A stored entry's actions as (seat, kind, to). An action an old or garbled entry
    got wrong (no seat, no kind) is left out: the correction page still opens, and the
    engine then says what the hand lacks."""
    found = []
    for action in entry.get("actions") or ():
        if not isinstance(action, Mapping):
            continue
        seat, kind, to = action.get("player"), action.get("kind"), action.get("to", 0)
        if isinstance(seat, int) and isinstance(kind, str) and isinstance(to, int):
            found.append((seat, kind, to))
    return found


def _text(value: Any) -> str | None:
    """A stored value as the form would have posted it."""
    return None if value is None else str(value)


class PifPafHandForm(forms.Form):
    """One hand: the dealer (first hand only), the bets tapped in one by one, the
    mistakes, who went out and, optionally, the winner's cards."""

    number = forms.IntegerField(required=False, widget=forms.HiddenInput)
    dealer = forms.TypedChoiceField(
        label=_("Who deals the first hand?"), coerce=int, required=False, empty_value=None
    )
    actions = forms.CharField(required=False, widget=forms.HiddenInput)
    raise_to = forms.IntegerField(
        label=_("Raise to"), required=False, widget=forms.NumberInput(attrs=NUMERIC)
    )
    winner = forms.TypedChoiceField(
        label=_("Who went out?"), coerce=int, required=False, empty_value=None
    )
    with_discard = forms.BooleanField(
        label=_("Went out with a discard, not a card from the stock"), required=False
    )
    cards = CardsField(
        label=_("The winner's cards (optional)"),
        required=False,
        help_text=_("Nine cards, or ten with the discard: tap them in or type them."),
    )

    def __init__(
        self,
        match: MatchView,
        data: Mapping[str, Any] | None = None,
        *,
        entry: Mapping[str, Any] | None = None,
    ) -> None:
        self.match = match
        self.names = session.player_names(match)
        self.table = session.table_of(match)
        initial = self.initial_from(entry) if entry else {}
        source = data if data is not None else initial
        self.start = session.before(match, read_int(_text(source.get("number"))))
        initial["number"] = self.start.number
        self.dealer_position = self._dealer(source)
        self.stepping = data is not None and STEP in data
        self.step_violations: list[Violation] = []
        if self.stepping:
            data = self._step(data)
        super().__init__(data, initial=initial)
        seats = list(enumerate(self.names))
        self.fields["dealer"].choices = seats
        self.fields["winner"].choices = seats
        for seat in range(len(self.names)):
            for field, label in (
                ("false_out", _("False going out")),
                ("rebate", _("Rebate")),
                ("threw_away", _("Threw the cards away")),
            ):
                self.fields[f"{field}_{seat}"] = forms.BooleanField(label=label, required=False)

    # --- the table for this hand -------------------------------------------------------------

    @property
    def first_hand(self) -> bool:
        return self.start.dealer is None

    def _dealer(self, source: Mapping[str, Any]) -> int:
        if self.start.dealer is not None:
            return self.names.index(self.start.dealer)
        seat = read_int(_text(source.get("dealer")))
        return seat if seat is not None and 0 <= seat < len(self.names) else 0

    @property
    def dealer_name(self) -> str:
        return self.names[self.dealer_position]

    def _bets(self, text: str | None) -> list[tuple[int, str, int]]:
        try:
            bets = parse_bets(text or "")
        except ValueError:
            return []
        return [bet for bet in bets if 0 <= bet[0] < len(self.names)]

    def _betting(self, bets: list[tuple[int, str, int]]) -> session.Betting:
        actions = [Action(self.names[player], kind, to) for player, kind, to in bets]
        return session.betting(self.start.balances, self.table, self.dealer_name, actions)

    # --- stepping the betting ----------------------------------------------------------------

    def _step(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        data = data.copy()  # type: ignore[attr-defined]
        bets = self._bets(data.get("actions"))
        pressed = data.get(STEP) or ""
        if pressed == "" and data.get("raise_to"):
            pressed = "raise"  # Enter in the raise field
        if pressed == "undo":
            bets = bets[:-1]
        elif pressed in BETS:
            turn = self._betting(bets).turn
            if turn is not None:
                to = (read_int(data.get("raise_to")) or 0) if pressed == "raise" else 0
                tried = [*bets, (self.names.index(turn.player), pressed, to)]
                refused = self._betting(tried).violations
                if refused:
                    self.step_violations = list(refused)
                else:
                    bets = tried
                    data["raise_to"] = ""
        data["actions"] = format_bets(bets)
        return data

    def is_valid(self) -> bool:
        # A betting button was pressed: show the form again, record nothing.
        return not self.stepping and super().is_valid()

    # --- what the template shows -------------------------------------------------------------

    @cached_property
    def bets(self) -> list[tuple[int, str, int]]:
        source = self.data if self.is_bound else self.initial
        return self._bets(source.get("actions"))

    @cached_property
    def state(self) -> session.Betting:
        return self._betting(self.bets)

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
            "balance": self.start.balances[turn.player] if turn else None,
            "state": state,
            "in_hand": in_hand,
            "violations": violation_dicts([*self.step_violations, *state.violations]),
        }

    def has_mistakes(self) -> bool:
        return any(
            self[f"{field}_{seat}"].value()
            for field in MISTAKES.values()
            for seat in range(len(self.names))
        )

    def cards_verdict(self) -> dict[str, Any] | None:
        if not self.is_bound or "cards" in self.errors:
            return None
        cards = self.cleaned_data.get("cards") or []
        if not cards:
            return None
        return hand_verdict(cards, session.house_rules(self.match))

    # --- the stored entry --------------------------------------------------------------------

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        actions: list[dict[str, Any]] = [
            {"player": player, "kind": kind, "to": to} if kind == "raise" else
            {"player": player, "kind": kind}
            for player, kind, to in self.bets
        ]  # fmt: skip
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

    @staticmethod
    def initial_from(entry: Mapping[str, Any]) -> dict[str, Any]:
        actions = stored_actions(entry)
        initial: dict[str, Any] = {
            "number": entry.get("number"),
            "dealer": entry.get("dealer"),
            "actions": format_bets([action for action in actions if action[1] in BETS]),
            "winner": entry.get("winner"),
            "with_discard": bool(entry.get("with_discard")),
            "cards": " ".join(str(card) for card in entry.get("cards") or ()),
        }
        for seat, kind, _to in actions:
            if kind in MISTAKES:
                initial[f"{MISTAKES[kind]}_{seat}"] = True
        return initial
