"""Truco on the ledger: two teams of one, two or three players, each hand the list of
what was called in it.

A hand's entry is ``{"events": [{"type": "raise", "team": "A"}, ..., {"type": "win",
"team": "A"}]}``; it is scored through ``referee.truco.score_events`` from the score of
the game in play, which the ledger keeps as the running state of the hand before
(``progress``). Side position 0 is team A, position 1 team B.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import truco
from referee.rulings import Breakdown, RuleError, Violation
from referee.truco import TEAMS, TrucoOptions, score_events
from scoring.games.truco.forms import TARGET_CHOICES, TrucoHandForm, TrucoOptionsForm
from scoring.games.truco.progress import beans, match_options, progress, team_of
from scoring.kit.match import MatchView
from scoring.kit.registry import Game


class Truco(Game):
    slug = "truco"
    name = _("Truco")
    description = _(
        "Two teams to 12 tentos, one against one up to three against three: one tap for a "
        "plain hand, truco and its raises refereed, mão de onze and mão de ferro, and a "
        "trick referee."
    )
    engine = truco
    min_sides = max_sides = len(TEAMS)
    max_players_per_side = max(truco.PLAYER_COUNTS) // len(TEAMS)
    # Two teams of the same size: one against one, two against two, three against three.
    tables = frozenset((count // len(TEAMS),) * len(TEAMS) for count in truco.PLAYER_COUNTS)
    options_class = TrucoOptions
    options_form_class = TrucoOptionsForm
    hand_form_class = TrucoHandForm

    def target_field(self) -> forms.TypedChoiceField:
        return forms.TypedChoiceField(
            label=_("Tentos to win a game"),
            choices=TARGET_CHOICES,
            coerce=int,
            initial=self.default_target,
        )

    def match_options(self, match: MatchView) -> TrucoOptions:
        return match_options(match)

    def target(self, match: MatchView) -> int:
        return match_options(match).target  # the engine's when the match stores none

    def closable(self, match: MatchView) -> bool:
        return False  # a game ends at its target

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        state = progress(match)
        if state.winner is not None:
            raise RuleError(Violation("truco.match.over", {"winner": state.winner}))
        outcome = score_events(state.score, entry.get("events", []), state.options)
        return [outcome.breakdowns[team_of(side.position)] for side in match.sides]

    def state_after(
        self, match: MatchView, entry: Mapping[str, Any], scores: Sequence[Breakdown]
    ) -> dict[str, Any]:
        return progress(match).after(entry.get("events", [])).as_state()

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

    def scoreboard(self, match: MatchView) -> dict[str, Any]:
        """Each team's half of the phone: its tentos in the game in play, as beans too;
        whose deal it is; the games of a best of three."""
        state = progress(match)
        target = state.options.target
        notes = self.side_notes(match)
        return {
            "progress": state,
            "target": target,
            "halves": [
                {
                    "side": side,
                    "team": team_of(side.position),
                    "tentos": state.score[team_of(side.position)],
                    "beans": beans(state.score[team_of(side.position)], target),
                    "notes": notes.get(side.position, []),
                }
                for side in match.sides
            ],
            "dealer": state.dealer.name if state.dealer else "",
            "mao": state.mao.name if state.mao else "",
            "best_of_three": state.options.best_of == 3,
        }
