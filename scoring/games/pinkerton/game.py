"""Pinkerton on the ledger: 2 to 6 players, each a side; a round is a hand.

The round in progress is the hand's shared draft (its events, see ``table``); a recorded
round is scored again from its events by ``referee.pinkerton``: its winner scores the
stack's cards (n + 10 × ⌊n / 10⌋), everyone else nothing. The running state stored with
each round is the match points, who deals next and the match's winner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee import pinkerton
from referee.pinkerton import PinkertonOptions
from referee.rulings import Breakdown, RuleError, Violation
from scoring.games.pinkerton import table
from scoring.games.pinkerton.forms import PinkertonHandForm, PinkertonOptionsForm
from scoring.kit.fields import WholeNumberField
from scoring.kit.match import MatchView
from scoring.kit.registry import Game


class Pinkerton(Game):
    slug = "pinkerton"
    name = _("Pinkerton")
    description = _(
        "2 to 6 players around a running stack value: throws checked as you tap them, "
        "passes and eliminations kept, the value shown only to whoever asks, the round's "
        "points counted."
    )
    engine = pinkerton
    min_sides, max_sides = pinkerton.MIN_PLAYERS, pinkerton.MAX_PLAYERS
    individual = True
    options_class = PinkertonOptions
    options_form_class = PinkertonOptionsForm
    hand_form_class = PinkertonHandForm
    finish_label = _("Time is up: end the match")
    hand_title = _("Round %(n)s")
    history_title = _("Rounds")
    no_hands_text = _("No rounds yet.")
    earlier_text = _("Earlier rounds")

    def target_field(self) -> forms.IntegerField:
        return WholeNumberField(
            label=_("Target"),
            required=False,
            min_value=1,
            max_value=pinkerton.MAX_TARGET,
            initial=self.default_target,
            help_text=_("Points that win the match. Leave empty to play to a time limit."),
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, sides: int | None = None
    ) -> PinkertonOptionsForm:
        return PinkertonOptionsForm(data, prefix="options", players=sides)

    def match_options(self, match: MatchView) -> PinkertonOptions:
        return table.house_rules(match)

    def target(self, match: MatchView) -> int | None:
        return table.house_rules(match).target

    def closable(self, match: MatchView) -> bool:
        """With a time limit the table may say the time is up between rounds."""
        return table.house_rules(match).time_limit is not None

    # --- rounds -------------------------------------------------------------------------

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        round_ = table.round_of(match, entry)
        if not round_.over:
            raise RuleError(Violation("pinkerton.round.unfinished", {"step": round_.step}))
        points = round_.breakdown()
        return [
            points if name == round_.winner else Breakdown.of([]) for name in match.player_names
        ]

    def state_after(
        self, match: MatchView, entry: Mapping[str, Any], scores: Sequence[Breakdown]
    ) -> dict[str, Any]:
        return table.state_after(match, entry)

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        """The match's winner once a round took a player to the target (or ended after
        the time was up with one player ahead); when the table ends the match, the one
        player ahead. A tie at the top plays on (ruling match-end)."""
        state = table.standing(match)
        if state.winner is not None:
            return [state.winner]
        if closing and match.hands_played:
            leader = table.sole_leader(state)
            return [] if leader is None else [leader]
        return []

    # --- the match page -------------------------------------------------------------------

    def side_notes(self, match: MatchView) -> dict[int, list[str]]:
        state = table.standing(match)
        if state.winner is not None:
            return {}
        if not state.options.dealer_plays:
            # The house rule: the dealer deals and counts only (rule 4's ruling).
            return {state.dealer_for(match.draft): [gettext("Deals, does not play")]}
        return {state.dealer_for(match.draft): [gettext("Deals")]}

    def scoreboard(self, match: MatchView) -> dict[str, Any]:
        """The ledger's scoreboard, and the time limit when the match has one."""
        state = table.standing(match)
        return {"time_limit": state.options.time_limit, "time_up": state.time_up}
