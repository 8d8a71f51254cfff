"""Pinkerton's forms: the house rules, and a round as the table plays it.

A round is one ledger hand entered in steps. What has happened so far — the centre cards
turned, each throw, added card, pass and request for the value — is the hand's draft,
shared by every phone at the table: each of those is a ``step`` button, applied by the
engine (``referee.pinkerton.Round``) to the round rebuilt from the draft, and refused
with its rule when the rules forbid it. Once one player is left, "Record the round"
stores it. Nothing here decides a rule.

Rule 4: the stack's value is the dealer's to count, and only on a player's request. The
page is drawn from a ``Board`` that holds the value only as ``Round.shown_value`` gives
it, and the moves offered do not give it away either (see ``VALUE_RULES``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import pinkerton
from referee.cards import Card, CardError
from referee.pinkerton import (
    ADD,
    ASK,
    FREE_PASS,
    PASS,
    SHOW_VALUE,
    SKIP,
    STEP_ADD,
    STEP_OPEN,
    STEP_TURN,
    THROW,
    TURN,
    Event,
    PinkertonOptions,
    Round,
    card_value,
)
from referee.rulings import RuleError, Violation
from scoring.games.pinkerton.board import Board, SeatView, log_line
from scoring.games.pinkerton.table import (
    Standing,
    seat_of,
    standing,
    stored_events,
    to_engine,
    to_stored,
)
from scoring.kit.cardfields import MAX_CARDS_TEXT, CardsField, problem_dicts
from scoring.kit.fields import WholeNumberField, checkbox, read_whole_number
from scoring.kit.handforms import HandForm
from scoring.kit.notation import card_views, parse_typed
from scoring.kit.rulebook import describe, line_dicts, violation_dicts

# The engine's ways of showing the stack's value (``SHOW_VALUE``), as the page words them.
SHOW_VALUE_LABELS = {
    "on-request": _("Only when a player asks the dealer (rule 4)"),
    "always": _("Always"),
}
SHOW_VALUE_CHOICES = [(choice, SHOW_VALUE_LABELS[choice]) for choice in SHOW_VALUE]
# Rule 4's ruling: the dealer may play or not.
DEALER_PLAYS_CHOICES = [
    (True, _("Plays too")),
    (False, _("Deals and counts only, without playing")),
]

OPTION_LABELS = {
    "pass_limit": _("Passes that put a player out of the round"),
    "show_value": _("Show the stack's value"),
    "extra_deck": _("An extra deck when the dealer runs out (rule 5)"),
    "dealer_plays": _("The dealer"),
    "time_limit": _("Time limit (minutes)"),
    "target": _("Target"),
}

# The moves whose refusal depends on the stack's value alone: a stack of 0 (rule 2) or
# the face-card zone (rule 1). While the value is hidden these moves are offered anyway,
# and refused only if tapped, as the dealer would: which buttons the page shows must not
# tell the table the value.
VALUE_RULES = frozenset(
    {
        "pinkerton.rule2.no-pass",
        "pinkerton.rule1.free-pass-every-card",
        "pinkerton.add.throw-first",
        "pinkerton.rule2.skip-not-zero",
    }
)
# The steps of a round a button can send, besides "dealer:<seat>", "ask:<seat>" and
# "back". The ones that take cards read them from the cards field.
CARD_MOVES = (TURN, THROW, ADD)
MOVES = (*CARD_MOVES, PASS, FREE_PASS, SKIP)
# How many of the latest happenings the page lists: what the table just saw. Not the
# whole round, which would add up the stack for everyone (rule 4).
LOG_LINES = 6


class PinkertonOptionsForm(forms.Form):
    pass_limit = WholeNumberField(
        label=OPTION_LABELS["pass_limit"],
        initial=pinkerton.DEFAULT_PASS_LIMIT,
        min_value=2,
        max_value=pinkerton.MAX_PASS_LIMIT,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    show_value = forms.ChoiceField(
        label=OPTION_LABELS["show_value"], choices=SHOW_VALUE_CHOICES, initial="on-request"
    )
    extra_deck = checkbox(OPTION_LABELS["extra_deck"])
    dealer_plays = forms.TypedChoiceField(
        label=OPTION_LABELS["dealer_plays"],
        choices=DEALER_PLAYS_CHOICES,
        coerce=lambda value: value in (True, "True"),
        # Left out (an older page, another client): the dealer plays, as by default.
        required=False,
        empty_value=True,
        initial=True,
        widget=forms.RadioSelect,
    )
    time_limit = WholeNumberField(
        label=OPTION_LABELS["time_limit"],
        required=False,
        min_value=1,
        max_value=pinkerton.MAX_TIME_LIMIT,
        help_text=_(
            "Optional. When the agreed time is up, the player with the most points at "
            "the end of the round wins."
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, *args: Any, players: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # How many play the match, once the page knows: a dealer who does not play
        # needs two others.
        self.players = players

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        if self.players is not None and not cleaned.get("dealer_plays", True):
            sitting_out = PinkertonOptions(dealer_plays=False)
            for violation in pinkerton.table_size_violations(self.players, sitting_out):
                self.add_error("dealer_plays", describe(violation))
        # The target is the start page's own field (the ledger's target), beside these.
        target = str((self.data or {}).get("target") or "").strip()
        try:
            PinkertonOptions.from_dict({**cleaned, "target": int(target) if target else None})
        except ValueError:
            pass  # the target field says what is wrong with it
        except RuleError as error:
            for violation in error.violations:
                if violation.params.get("option") == "target":
                    self.add_error("time_limit", gettext("Set a target, a time limit, or both."))
                    continue
                params = dict(violation.params)
                option = params.get("option")
                params["option"] = OPTION_LABELS.get(option, option)
                self.add_error(None, describe(Violation(violation.rule, params)))
        return cleaned


class PinkertonHandForm(HandForm):
    """A round: its events so far (the shared draft), the cards field the picker types
    into for a turned card, a throw or an added card, and, once one player is left, the
    button that records the round."""

    multi_step = True
    record_button = False

    cards = CardsField(
        label=_("Cards"),
        required=False,
        help_text=_("Tap the cards: the card turned or added, or the cards thrown."),
    )

    def add_fields(self) -> None:
        if self.standing.options.time_limit is not None:
            self.fields["time_up"] = checkbox(
                _("The agreed time is up"),
                _("The player with the most points then wins the match."),
            )

    # --- the round so far ---------------------------------------------------------------

    @cached_property
    def standing(self) -> Standing:
        return standing(self.match)

    @property
    def names(self) -> tuple[str, ...]:
        return self.standing.names

    @property
    def dealer_seat(self) -> int:
        return self.standing.dealer_for(self.draft)

    @cached_property
    def played(self) -> tuple[Round | None, list[str], list[str], list[Violation]]:
        """The round after the draft's events: the round (None once the match is won),
        the events kept, the log, and why any stale events were left out."""
        state = self.standing
        if state.winner is not None:
            return None, [], [], []
        try:
            round_ = state.start(self.dealer_seat)
        except RuleError as error:  # a table the engine refuses (hand-edited data)
            return None, [], [], list(error.violations)
        kept: list[str] = []
        log: list[str] = []
        dropped: list[Violation] = []
        for data in stored_events(self.draft):
            try:
                event = to_engine(data, self.names)
            except RuleError as error:  # a card that does not read (old or garbled data)
                dropped.extend(error.violations)
                break
            refused = round_.violations(event)
            if refused:
                # Events that no longer fit (a round undone under this one) are left out,
                # and said.
                dropped.extend(refused)
                break
            after = round_.apply(event)
            log += log_line(round_, event, after, len(kept))
            kept.append(to_stored(event, self.names))
            round_ = after
        return round_, kept, log, dropped

    @property
    def round(self) -> Round | None:
        return self.played[0]

    @property
    def kept_events(self) -> list[str]:
        return self.played[1]

    def _offered(self, round_: Round) -> dict[str, bool]:
        if round_.over:
            return dict.fromkeys(MOVES, False)
        if round_.step == STEP_TURN:
            return {move: move == TURN for move in MOVES}
        allowed = round_.allowed(round_.to_play or "")
        hidden = not round_.value_shown
        offered = {
            move: allowed[move] is None or (hidden and allowed[move].rule in VALUE_RULES)
            for move in MOVES
            if move != TURN
        } | {TURN: False}
        # Rule 1's free pass replaces the add only: it is offered where a card is added
        # next (after a throw, or a throw skipped at 0, or at the opening), never in
        # place of a throw. A throw is skipped at 0 only from phase II on (rule 2).
        offered[FREE_PASS] &= round_.step in (STEP_OPEN, STEP_ADD)
        offered[SKIP] &= round_.phase >= 2
        return offered

    @cached_property
    def board(self) -> Board | None:
        """What the page shows of the round; None once the match is won."""
        round_, kept, log, dropped = self.played
        if round_ is None:
            return None
        options = round_.options
        requests = round_.requests
        shown = round_.shown_value
        seats = tuple(
            SeatView(
                seat=seat,
                name=name,
                dealer=name == round_.dealer,
                plays=name not in round_.sitting_out,
                to_play=name == round_.to_play,
                out=name in round_.out,
                passes=round_.passes[name],
                marks=tuple(i < round_.passes[name] for i in range(options.pass_limit)),
                points=self.standing.scores[seat],
                may_ask=round_.allowed(name)[ASK] is None,
            )
            for seat, name in enumerate(self.names)
        )
        over: dict[str, Any] = {}
        if round_.over:
            after = round_.scores_after
            reached = pinkerton.match_winner(after, options, time_up=self.standing.time_up)
            over = {
                "winner": round_.winner,
                "points": round_.points,
                "lines": tuple(line_dicts(round_.breakdown().lines)),
                "totals": tuple((name, after[name]) for name in self.names),
                "match_winner": reached,
            }
        top = round_.stack[-1:] if round_.stack else ()
        return Board(
            phase=round_.phase,
            step=round_.step,
            dealer=round_.dealer,
            to_play=round_.to_play,
            seats=seats,
            required=round_.required_cards,
            shown_value=shown,
            asked_by=requests[-1].player if requests and shown is not None else None,
            always_shown=options.show_value == "always",
            stack_count=len(round_.stack),
            top=card_views(top)[0] if top else None,
            deal=round_.deal,
            moves={move.replace("-", "_"): on for move, on in self._offered(round_).items()},
            log=tuple(log[-LOG_LINES:]),
            events=len(kept),
            choose_dealer=self.standing.first_round and not kept,
            pass_limit=options.pass_limit,
            dropped=tuple(violation_dicts(dropped)),
            asking=tuple(s for s in seats if s.may_ask) if shown is None else (),
            **over,
        )

    @property
    def time_up_field(self) -> forms.BoundField | None:
        return self["time_up"] if "time_up" in self.fields else None

    # --- what was tapped -------------------------------------------------------------------

    def tapped(self) -> dict[str, Any] | None:
        """The cards in the cards field as read, their sum and how many a throw needs
        (the player's own cards: nothing here is the stack's)."""
        text = str(self["cards"].value() or "").strip()[:MAX_CARDS_TEXT]
        if not text:
            return None
        round_ = self.round
        required = round_.required_cards if round_ is not None else None
        try:
            cards = parse_typed(text)
        except CardError as error:
            return {"violations": problem_dicts(error.violations), "required": required}
        playable = [card for card in cards if not card.is_joker]
        return {
            "cards": card_views(cards),
            "count": len(cards),
            "sum": sum(card_value(card) for card in playable),
            "required": required,
            "violations": violation_dicts(
                pinkerton.DECK.violations(c for c in cards if c.is_joker)
            ),
        }

    def live_check(self, field: str) -> tuple[str, dict[str, Any]] | None:
        if field != "cards":
            return None
        return "pinkerton/_tapped.html", {"tapped": self.tapped(), "board": self.board}

    def _read_cards(self) -> list[Card]:
        text = str(self.data.get("cards") or "")[:MAX_CARDS_TEXT]
        return parse_typed(text)

    # --- steps -------------------------------------------------------------------------------

    def step(self) -> dict[str, Any]:
        """The draft after the button pressed, if the engine allows it."""
        round_ = self.round
        events = list(self.kept_events)
        draft: dict[str, Any] = {"events": events}
        if self.standing.first_round:
            draft["dealer"] = self.dealer_seat
        pressed = self.pressed
        kind, _sep, rest = pressed.partition(":")
        if round_ is None or not pressed:
            return draft  # the match is won, or Enter with nothing to do: drawn again
        if kind == "dealer":
            seat = seat_of(read_whole_number(rest), len(self.names))
            if self.standing.first_round and not events and seat is not None:
                draft["dealer"] = seat
            return draft
        if kind == "back":
            draft["events"] = events[:-1]
            return draft
        if kind == ASK:
            seat = seat_of(read_whole_number(rest), len(self.names))
            event = Event(ASK, self.names[seat] if seat is not None else rest)
        elif kind in CARD_MOVES:
            event = Event(kind, round_.to_play if kind != TURN else None, self._read_cards())
        elif kind in MOVES:
            event = Event(kind, round_.to_play)
        else:
            raise RuleError(Violation("pinkerton.event.unknown", {"type": pressed[:40]}))
        refused = round_.violations(event)
        if refused:
            raise RuleError(refused)
        draft["events"] = [*events, to_stored(event, self.names)]
        return draft

    def redrawn(self, draft: Mapping[str, Any]) -> HandForm:
        form = super().redrawn(draft)
        # The cards went on the table (or the round moved on): the field starts empty
        # again. A request for the value keeps what was tapped for the throw to come.
        moved = stored_events(draft) != stored_events(self.draft)
        if moved and not self.pressed.startswith(ASK):
            form.data["cards"] = ""
        return form

    # --- the contract ------------------------------------------------------------------------

    def draft_from_entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        draft: dict[str, Any] = {"events": stored_events(entry)}
        if "dealer" in entry:
            draft["dealer"] = entry["dealer"]
        return draft

    def initial_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        return {"time_up": bool(entry.get("time_up"))}

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        board = self.board
        if board is None:
            winner = self.standing.winner
            refused = self.played[3] or [
                Violation("pinkerton.match.over", {"winner": self.names[winner or 0]})
            ]
            raise forms.ValidationError([describe(v) for v in refused])
        if not board.over:
            raise forms.ValidationError(
                describe(Violation("pinkerton.round.unfinished", {"step": board.step}))
            )
        return cleaned

    def entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"events": list(self.kept_events)}
        if self.standing.first_round:
            entry["dealer"] = self.dealer_seat
        if "time_up" in self.fields:
            entry["time_up"] = bool(self.cleaned_data.get("time_up"))
        return entry
