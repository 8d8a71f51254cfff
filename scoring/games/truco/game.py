"""Truco on the ledger: two teams, each hand the list of what was called in it.

A hand's entry is ``{"events": [{"type": "raise", "team": "A"}, ..., {"type": "win",
"team": "A"}]}``; it is scored by replaying it through ``referee.truco.score_events`` from
the score of the game in play, which itself comes from replaying the earlier hands
(``progress``). Side position 0 is team A, position 1 team B.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee.rulings import Breakdown, RuleError, Violation
from referee.truco import TEAMS, TrucoOptions, score_events
from scoring.games.truco.forms import TARGET_CHOICES, TrucoHandForm, TrucoOptionsForm
from scoring.games.truco.progress import Progress, beans, progress, team_of
from scoring.games.truco.rules import RULES
from scoring.ledger.registry import GameBase, MatchView


@dataclass(frozen=True)
class Half:
    """One team's half of the phone: its tentos in the game in play, as beans too."""

    team: str
    position: int
    tentos: int
    games: int
    beans: tuple[tuple[bool, ...], ...]


@dataclass(frozen=True)
class Table:
    """What the scoreboard shows besides the ledger's totals."""

    progress: Progress
    halves: tuple[Half, ...]

    @property
    def best_of_three(self) -> bool:
        return self.progress.options.best_of == 3

    @property
    def dealer(self) -> str:
        seat = self.progress.dealer
        return seat.name if seat else ""

    @property
    def mao(self) -> str:
        seat = self.progress.mao
        return seat.name if seat else ""


class Truco(GameBase):
    slug = "truco"
    name = _("Truco")
    description = _(
        "Two teams to 12 tentos: one tap for a plain hand, truco and its raises refereed, "
        "mão de onze and mão de ferro, and a trick referee."
    )
    min_sides = 2
    max_sides = 2
    max_players_per_side = 3
    default_target = TrucoOptions().target
    hand_template = "truco/hand.html"
    match_template = "truco/match.html"
    rules = RULES

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, sides: int | None = None
    ) -> TrucoOptionsForm:
        return TrucoOptionsForm(data, prefix="options")

    def target_field(self) -> forms.TypedChoiceField:
        return forms.TypedChoiceField(
            label=_("Tentos to win a game"),
            choices=TARGET_CHOICES,
            coerce=int,
            initial=self.default_target,
        )

    def hand_form(
        self, match: MatchView, data: Mapping[str, Any] | None = None, initial: Any = None
    ) -> TrucoHandForm:
        return TrucoHandForm(match, data, initial=initial)

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        state = progress(match)
        if state.winner is not None:
            raise RuleError(Violation("truco.match.over", {"winner": state.winner}))
        outcome = score_events(state.score, entry.get("events", []), state.options)
        return [outcome.breakdowns[team_of(side.position)] for side in match.sides]

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        state = progress(match)
        teams = [state.winner] if state.winner else (state.leaders() if closing else [])
        return [TEAMS.index(team) for team in teams]

    def side_notes(self, match: MatchView) -> dict[int, list[str]]:
        state = progress(match)
        if state.options.best_of == 1:
            return {}
        return {
            position: [gettext("Games won: %(n)s") % {"n": state.match.games[team]}]
            for position, team in enumerate(TEAMS)
        }

    def table(self, match: MatchView) -> Table:
        state = progress(match)
        target = state.options.target
        return Table(
            progress=state,
            halves=tuple(
                Half(
                    team=team,
                    position=position,
                    tentos=state.score[team],
                    games=state.match.games[team],
                    beans=beans(state.score[team], target),
                )
                for position, team in enumerate(TEAMS)
            ),
        )
