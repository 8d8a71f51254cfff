"""Truco's forms: the house rules, and the hand as the table shouts it.

A hand is the list of what was said in it (``Event`` s: raise, accept, run, penalty,
win). The calls so far are the hand's draft, shared by every phone at the table: a call
is a ``step`` button, and the buttons on offer are the engine's (``HandState.check``
says, for each team and each action, None or the rule against it). Winning the hand or
running from a call records it. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee.rulings import RuleError, Violation
from referee.truco import (
    MAO_DE_DEZ,
    MAO_DE_FERRO,
    MAO_DE_ONZE,
    PENALTY_REASONS,
    TARGETS,
    TEAMS,
    Event,
    HandState,
    TrucoOptions,
)
from scoring.games.truco.progress import Progress, progress
from scoring.kit.fields import checkbox
from scoring.kit.handforms import HandForm
from scoring.kit.rulebook import describe, label, rule_text, rule_url, violation_dicts

VARIANT_CHOICES = [
    ("seed", _("Fixed manilhas (4♣ 7♥ A♠ 7♦)")),
    ("paulista", _("Paulista (vira, manilha nova)")),
    ("mineiro", _("Mineiro (hand worth 2)")),
]
BEST_OF_CHOICES = [(1, _("One game")), (3, _("Best of three"))]
TARGET_CHOICES = [(target, str(target)) for target in TARGETS]
OPTION_LABELS = {
    "target": _("Target"),
    "variant": _("Variant"),
    "best_of": _("Match"),
    "accepted_truco_trick_decides": _("The trick after an accepted truco decides"),
}

NO_WINNING_TENTO = "truco.penalty.no-winning-tento"
# What players shout for each stake; the first raise of every ladder is the truco.
RAISE_SHOUTS = {6: _("Six!"), 9: _("Nine!"), 10: _("Ten!"), 12: _("Twelve!")}
# Ends the hand: recorded at once. Every other call is a step of the hand.
ENDS_HAND = ("win", "run")


def shout(options: TrucoOptions, stake: int) -> str:
    if stake == options.stakes[1]:
        return gettext("Truco!")
    return str(RAISE_SHOUTS[stake])


class TrucoOptionsForm(forms.Form):
    variant = forms.ChoiceField(label=_("Variant"), choices=VARIANT_CHOICES, initial="seed")
    best_of = forms.TypedChoiceField(
        label=_("Match"), choices=BEST_OF_CHOICES, coerce=int, initial=1
    )
    accepted_truco_trick_decides = checkbox(
        OPTION_LABELS["accepted_truco_trick_decides"],
        _(
            "The seed's literal reading: after a call is accepted, whoever wins the next "
            "trick wins the hand."
        ),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            TrucoOptions.from_dict(cleaned)
        except RuleError as error:
            for violation in error.violations:
                params = dict(violation.params)
                params["option"] = OPTION_LABELS.get(params.get("option"), params.get("option"))
                self.add_error("best_of", describe(Violation(violation.rule, params)))
        return cleaned


# --- what the buttons show -----------------------------------------------------------------


def act_of(event: Event) -> str:
    """A button's value: ``type:team[:reason]`` (``win:`` is a hand nobody won)."""
    value = f"{event.type}:{event.team or ''}"
    if event.reason:
        value += ":" + event.reason.removeprefix("truco.penalty.")
    return value


def event_of(act: str) -> Event | None:
    kind, _sep, rest = act.strip().partition(":")
    team, _sep, reason = rest.partition(":")
    if not kind:
        return None
    return Event(kind, team.upper() or None, f"truco.penalty.{reason}" if reason else None)


def why(violation: Violation | None) -> dict[str, Any] | None:
    """The rule against a button, as the ledger shows a violation; None if allowed."""
    return None if violation is None else violation_dicts([violation])[0]


@dataclass(frozen=True)
class Action:
    """One button: ``act`` is what it sends; ``step``: the hand goes on (the buttons are
    drawn again) rather than being recorded."""

    act: str
    kind: str
    label: str
    why: dict[str, Any] | None
    step: bool
    prompt: bool = False

    @property
    def allowed(self) -> bool:
        return self.why is None

    @property
    def id(self) -> str:
        return "act-" + self.act.replace(":", "-").replace(".", "-").strip("-")


@dataclass(frozen=True)
class PenaltyEffect:
    """What a penalty against a team would do now, as the engine scores it: ``name``'s
    team scores ``points`` under ``rule``."""

    rule: str
    name: str
    points: int

    @property
    def no_winning_tento(self) -> bool:
        return self.rule == NO_WINNING_TENTO

    @property
    def title(self) -> str:
        return label(self.rule)

    @property
    def text(self) -> str:
        rule = rule_text(self.rule)
        return str(rule.text) if rule and rule.text else self.title

    @property
    def url(self) -> str | None:
        return rule_url(self.rule)


@dataclass(frozen=True)
class TeamActions:
    team: str
    name: str
    win: Action
    call: Action
    accept: Action
    run: Action
    penalties: tuple[Action, ...]
    # None once no penalty can be given (the hand has ended).
    penalty: PenaltyEffect | None = None

    @property
    def buttons(self) -> tuple[Action, ...]:
        return (self.win, self.call, self.accept, self.run)

    @property
    def answering(self) -> bool:
        """This team has a call (or the mão de onze) to answer: its answers come first."""
        return self.accept.prompt and self.accept.allowed


@dataclass(frozen=True)
class Board:
    """The hand in progress as the phone shows it."""

    state: HandState
    events: tuple[Event, ...]
    log: tuple[str, ...]
    teams: tuple[TeamActions, ...]
    nobody: Action
    names: Mapping[str, str]
    dropped: tuple[dict[str, Any], ...] = ()

    @property
    def kind(self) -> str:
        return self.state.kind

    @property
    def at_eleven(self) -> bool:
        return self.state.kind in (MAO_DE_ONZE, MAO_DE_DEZ)

    @property
    def iron(self) -> bool:
        return self.state.kind == MAO_DE_FERRO

    @property
    def leader_name(self) -> str:
        return self.names.get(self.state.leader or "", "")

    @property
    def opponent_name(self) -> str:
        leader = self.state.leader
        return next((self.names[t] for t in TEAMS if t != leader), "") if leader else ""

    @property
    def eleven(self) -> int:
        return self.state.options.eleven

    @property
    def run_stake(self) -> int:
        return self.state.run_stake

    @property
    def caller_name(self) -> str:
        return self.names.get(self.state.last_raiser or "", "")

    @property
    def offer_shout(self) -> str:
        return shout(self.state.options, self.state.offer) if self.state.offer else ""

    @property
    def answerer_name(self) -> str:
        raiser = self.state.last_raiser
        return next((self.names[t] for t in TEAMS if t != raiser), "") if raiser else ""

    @property
    def answering(self) -> TeamActions | None:
        """The team that must answer now (a call, or the mão de onze), if any."""
        return next((team for team in self.teams if team.answering), None)


def events_of(draft: Mapping[str, Any]) -> list[Event]:
    events = []
    for data in draft.get("events") or ():
        if isinstance(data, Mapping):
            events.append(Event.from_dict(data))
    return events


class TrucoHandForm(HandForm):
    """A hand's calls (the draft) and the button that ends it (``act``: win or run)."""

    multi_step = True
    record_button = False

    act = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)

    # --- the contract -------------------------------------------------------------------

    def draft_from_entry(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """A stored hand being corrected: its calls, without the win or run that ended it,
        so the table taps again how it ended."""
        events = list(entry.get("events") or ())
        if events and isinstance(events[-1], Mapping) and events[-1].get("type") in ENDS_HAND:
            events = events[:-1]
        return {"events": events}

    def posted_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The calls, and the button that ended the hand (who won, or who ran)."""
        data = super().posted_from(entry)
        events = list(entry.get("events") or ())
        if events and isinstance(events[-1], Mapping) and events[-1].get("type") in ENDS_HAND:
            data["act"] = act_of(Event.from_dict(events[-1]))
        return data

    def clean_act(self) -> str:
        act = self.cleaned_data["act"].strip()
        event = event_of(act)
        if event is None or event.type not in ENDS_HAND:
            raise forms.ValidationError(_("Tap who won the hand, or who ran."))
        return act

    def entry(self) -> dict[str, Any]:
        events = [event.as_dict() for event in events_of(self.draft)]
        extra = event_of(self.cleaned_data["act"])
        if extra is not None:
            events.append(extra.as_dict())
        return {"events": events}

    def step(self) -> dict[str, Any]:
        """A call, an answer or a penalty: the draft with it, if the engine allows it."""
        events = events_of(self.draft)
        pressed = self.pressed
        if pressed == "back":
            events = events[:-1]
        elif pressed == "clear":
            events = []
        else:
            event = event_of(pressed)
            state = self._state_after(events)
            if event is None or state is None:
                raise RuleError(Violation("truco.event.unknown", {"type": pressed}))
            refused = state.check(event)
            if refused is not None:
                raise RuleError(refused)
            events.append(event)
        return {"events": [event.as_dict() for event in events]}

    # --- the board --------------------------------------------------------------------

    @cached_property
    def progress(self) -> Progress:
        return progress(self.match)

    def _state_after(self, events: Sequence[Event]) -> HandState | None:
        state = self.progress.next_hand()
        if state is None:
            return None
        for event in events:
            state = state.apply(event)
        return state

    @cached_property
    def board(self) -> Board | None:
        """What the buttons show for the hand so far; None once the match is won."""
        start = self.progress.next_hand()
        if start is None:
            return None
        names = {team: self._name(team) for team in TEAMS}
        state, log, dropped = start, [], []
        for event in events_of(self.draft):
            violation = state.check(event)
            if violation is not None:
                # Stale calls (the score moved under this hand) are left out, and said.
                dropped.append(why(violation))
                break
            log.append(self._log_line(state, event, names))
            state = state.apply(event)
        return Board(
            state=state,
            events=state.events,
            log=tuple(log),
            teams=tuple(self._team_actions(state, team, names) for team in TEAMS),
            nobody=replace(
                self._action(state, Event("win", None), self._nobody_label(state)), kind="nobody"
            ),
            names=names,
            dropped=tuple(dropped),
        )

    # -- helpers

    def _name(self, team: str) -> str:
        """A team as the table knows it: its name (its players' names by default)."""
        position = TEAMS.index(team)
        side = next((s for s in self.match.sides if s.position == position), None)
        return side.name if side else team

    def _action(self, state: HandState, event: Event, text: str, **kw: Any) -> Action:
        step = event.type not in ENDS_HAND
        return Action(act_of(event), event.type, text, why(state.check(event)), step, **kw)

    def _team_actions(self, state: HandState, team: str, names: Mapping[str, str]) -> TeamActions:
        options = state.options
        if state.kind == MAO_DE_FERRO:
            win_label = gettext("Won the game")
        else:
            win_label = self._win_label(state, team)
        answering = state.offer is not None and team != state.last_raiser
        deciding = state.leader == team and not state.decided
        return TeamActions(
            team=team,
            name=names[team],
            win=self._action(state, Event("win", team), win_label),
            call=self._action(state, Event("raise", team), shout(options, state.call_stake)),
            accept=self._action(
                state, Event("accept", team), gettext("I accept"), prompt=answering or deciding
            ),
            run=self._action(
                state, Event("run", team), gettext("I run"), prompt=answering or deciding
            ),
            penalties=tuple(
                self._action(state, Event("penalty", team, reason), label(reason))
                for reason in PENALTY_REASONS
            ),
            penalty=self._penalty_effect(state, team, names),
        )

    def _win_label(self, state: HandState, team: str) -> str:
        """What winning the hand scores, as the engine scores it: the stake, or less when
        the game ends at its target (then the label says so)."""
        event = Event("win", team)
        if state.check(event) is not None:
            return gettext("Won the hand · +%(n)s") % {"n": state.stake}
        scored = state.apply(event).lines[-1][1].points
        if scored < state.stake:
            return gettext("Won the hand · +%(n)s (the game ends at %(target)s)") % {
                "n": scored,
                "target": state.options.target,
            }
        return gettext("Won the hand · +%(n)s") % {"n": scored}

    def _penalty_effect(
        self, state: HandState, team: str, names: Mapping[str, str]
    ) -> PenaltyEffect | None:
        # Whatever the fault, a penalty scores the same: the first reason stands for all.
        event = Event("penalty", team, PENALTY_REASONS[0])
        if state.check(event) is not None:
            return None
        owner, line = state.apply(event).lines[-1]
        return PenaltyEffect(line.rule, names.get(owner, owner), line.points)

    def _nobody_label(self, state: HandState) -> str:
        if state.kind == MAO_DE_FERRO:
            return gettext("Nobody won: deal again")
        return gettext("Nobody won (three tied tricks)")

    def _log_line(self, state: HandState, event: Event, names: Mapping[str, str]) -> str:
        """What was said, as the call log shows it; ``event`` is one the engine allowed."""
        name = names.get(event.team or "", "")
        if event.type == "raise":
            return f"{name}: {shout(state.options, state.call_stake)}"
        if event.type == "accept":
            return f"{name}: {gettext('I accept')}"
        if event.type == "run":
            return f"{name}: {gettext('I run')}"
        if event.type == "penalty":
            return gettext("Penalty against %(team)s: %(reason)s") % {
                "team": name,
                "reason": label(event.reason or "truco.penalty.fault"),
            }
        if event.team is None:
            return self._nobody_label(state)
        if state.kind == MAO_DE_FERRO:
            return gettext("%(team)s won the game") % {"team": name}
        return gettext("%(team)s won the hand") % {"team": name}
