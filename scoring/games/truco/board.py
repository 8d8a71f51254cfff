"""Truco's hand as the phone shows it: the buttons each team may tap (and the rule
against each it may not), the call log and what a penalty would score.

The hand form (``forms.py``) reads what was tapped; this draws the hand from the engine's
``HandState``, as every game that draws a board keeps it (``HandForm.board``): the
buttons on offer are the engine's, and nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee.rulings import Violation
from referee.truco import (
    MAO_DE_DEZ,
    MAO_DE_FERRO,
    MAO_DE_ONZE,
    PENALTY_REASONS,
    TEAMS,
    Event,
    HandState,
    TrucoOptions,
)
from scoring.kit.rulebook import CitesRule, label, violation_dicts

NO_WINNING_TENTO = "truco.penalty.no-winning-tento"
# What players shout for each stake; the first raise of every ladder is the truco.
RAISE_SHOUTS = {6: _("Six!"), 9: _("Nine!"), 10: _("Ten!"), 12: _("Twelve!")}
# Ends the hand: recorded at once. Every other call is a step of the hand.
ENDS_HAND = ("win", "run")


def shout(options: TrucoOptions, stake: int) -> str:
    if stake == options.stakes[1]:
        return gettext("Truco!")
    return str(RAISE_SHOUTS[stake])


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
class PenaltyEffect(CitesRule):
    """What a penalty against a team would do now, as the engine scores it: ``name``'s
    team scores ``points`` under ``rule``."""

    rule: str
    name: str
    points: int

    @property
    def no_winning_tento(self) -> bool:
        return self.rule == NO_WINNING_TENTO


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


def board(start: HandState, events: Iterable[Event], names: Mapping[str, str]) -> Board:
    """The hand after ``events`` from ``start``, its teams called by ``names``. Stale
    calls (the score moved under the hand) are left out, and said."""
    state, log, dropped = start, [], []
    for event in events:
        violation = state.check(event)
        if violation is not None:
            dropped.append(why(violation))
            break
        log.append(_log_line(state, event, names))
        state = state.apply(event)
    return Board(
        state=state,
        events=state.events,
        log=tuple(log),
        teams=tuple(_team_actions(state, team, names) for team in TEAMS),
        nobody=replace(_action(state, Event("win", None), _nobody_label(state)), kind="nobody"),
        names=names,
        dropped=tuple(dropped),
    )


def _action(state: HandState, event: Event, text: str, **kw: Any) -> Action:
    step = event.type not in ENDS_HAND
    return Action(act_of(event), event.type, text, why(state.check(event)), step, **kw)


def _team_actions(state: HandState, team: str, names: Mapping[str, str]) -> TeamActions:
    options = state.options
    won = gettext("Won the game") if state.kind == MAO_DE_FERRO else _win_label(state, team)
    answering = state.offer is not None and team != state.last_raiser
    deciding = state.leader == team and not state.decided
    return TeamActions(
        team=team,
        name=names[team],
        win=_action(state, Event("win", team), won),
        call=_action(state, Event("raise", team), shout(options, state.call_stake)),
        accept=_action(
            state, Event("accept", team), gettext("I accept"), prompt=answering or deciding
        ),
        run=_action(state, Event("run", team), gettext("I run"), prompt=answering or deciding),
        penalties=tuple(
            _action(state, Event("penalty", team, reason), label(reason))
            for reason in PENALTY_REASONS
        ),
        penalty=_penalty_effect(state, team, names),
    )


def _win_label(state: HandState, team: str) -> str:
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


def _penalty_effect(state: HandState, team: str, names: Mapping[str, str]) -> PenaltyEffect | None:
    # Whatever the fault, a penalty scores the same: the first reason stands for all.
    event = Event("penalty", team, PENALTY_REASONS[0])
    if state.check(event) is not None:
        return None
    owner, line = state.apply(event).lines[-1]
    return PenaltyEffect(line.rule, names.get(owner, owner), line.points)


def _nobody_label(state: HandState) -> str:
    if state.kind == MAO_DE_FERRO:
        return gettext("Nobody won: deal again")
    return gettext("Nobody won (three tied tricks)")


def _log_line(state: HandState, event: Event, names: Mapping[str, str]) -> str:
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
        return _nobody_label(state)
    if state.kind == MAO_DE_FERRO:
        return gettext("%(team)s won the game") % {"team": name}
    return gettext("%(team)s won the hand") % {"team": name}
