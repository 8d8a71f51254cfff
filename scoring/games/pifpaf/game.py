"""Pif-Paf (Cacheta): a session of chips among three to eight players, each a side.

A side's running total is the chips that player has won or lost, so their balance is the
buy-in plus that total; every hand's breakdowns add up to zero (chips are conserved).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from referee.cards import format_cards, parse_cards
from referee.pifpaf import check_hand
from referee.rulings import Breakdown, RuleError, Violation
from scoring.games.pifpaf import session
from scoring.games.pifpaf.forms import PifPafHandForm, PifPafOptionsForm
from scoring.games.pifpaf.rules import RULES
from scoring.ledger.registry import GameBase, MatchView


class PifPaf(GameBase):
    slug = "pifpaf"
    name = _("Pif-Paf")
    description = _(
        "Cacheta: 3 to 8 players, chips, antes and bets. Checks who really went out, keeps "
        "the balances and settles up in money."
    )
    min_sides = 3
    max_sides = 8
    max_players_per_side = 1
    default_target = None
    hand_template = "pifpaf/hand.html"
    match_template = "pifpaf/match.html"
    rules = RULES

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, sides: int | None = None
    ) -> PifPafOptionsForm:
        return PifPafOptionsForm(data, prefix="options", players=sides)

    def target_field(self) -> None:
        """A session has no target: the players end it, and the most chips win."""
        return None

    def hand_form(
        self, match: MatchView, data: Mapping[str, Any] | None = None, initial: Any = None
    ) -> PifPafHandForm:
        return PifPafHandForm(match, data, entry=initial)

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        result = session.settle_entry(match, entry)
        if entry.get("cards") and result.played:
            self._check_winners_cards(match, result.winner, entry["cards"])
        return [
            Breakdown.of(line for line in result.lines if line.params.get("player") == name)
            for name in session.player_names(match)
        ]

    def _check_winners_cards(self, match: MatchView, winner: str, codes: list[str]) -> None:
        verdict = check_hand(parse_cards(codes), session.house_rules(match))
        if not verdict.goes_out:
            raise RuleError(
                Violation(
                    "pifpaf.hand.not-out",
                    {"player": winner, "leftover": format_cards(verdict.leftover)},
                )
            )

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        # No target: the session ends when the players end it, and the most chips win.
        if not closing or not match.hands_played:
            return []
        best = max(side.total for side in match.sides)
        return [side.position for side in match.sides if side.total == best]

    def summary(self, match: MatchView) -> session.Summary:
        """Balances, the next dealer and the settlement, for the match page."""
        return session.summary(match)
