"""Pif-Paf (Cacheta): a session of chips among three to eight players, each a side.

A side's running total is the chips that player has won or lost, so their balance is
every buy-in they made (the first and each rebuy) plus that total; every hand's
breakdowns add up to zero (chips are conserved; a rebuy's line shows the chips bought and
counts 0). The running state kept with each hand is every balance, who deals next and
each player's rebuys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from referee import pifpaf
from referee.cards import format_cards, parse_cards
from referee.pifpaf import check_hand
from referee.rulings import Breakdown, RuleError, Violation
from scoring.games.pifpaf import session
from scoring.games.pifpaf.forms import PifPafHandForm, PifPafOptionsForm
from scoring.kit.match import MatchView
from scoring.kit.registry import Game
from scoring.kit.rulebook import violation_dicts


class PifPaf(Game):
    slug = "pifpaf"
    name = _("Pif-Paf")
    description = _(
        "Cacheta: 3 to 8 players, chips, antes and bets. Checks who really went out, keeps "
        "the balances and settles up in money."
    )
    engine = pifpaf
    min_sides, max_sides = pifpaf.MIN_PLAYERS, pifpaf.MAX_PLAYERS
    individual = True
    options_class = pifpaf.PifPafOptions
    hand_form_class = PifPafHandForm
    finish_label = _("End the session")
    finished_text = _("Session over.")
    finish_confirm = _("End the session now? The chips are settled as they stand.")

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, sides: int | None = None
    ) -> PifPafOptionsForm:
        return PifPafOptionsForm(data, prefix="options", players=sides)

    def match_options(self, match: MatchView) -> pifpaf.PifPafOptions:
        return session.house_rules(match)

    def target_field(self) -> None:
        """A session has no target: the players end it, and the most chips win."""
        return None

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        result = session.settle_entry(match, entry)
        if entry.get("cards") and result.played:
            self._check_winners_cards(match, result.winner, entry["cards"])
        return [
            Breakdown.of(line for line in result.lines if line.params.get("player") == name)
            for name in match.player_names
        ]

    def state_after(
        self, match: MatchView, entry: Mapping[str, Any], scores: Sequence[Breakdown]
    ) -> dict[str, Any]:
        return session.state_after(match, entry)

    def _check_winners_cards(self, match: MatchView, winner: str, codes: list[str]) -> None:
        verdict = check_hand(parse_cards(codes), session.house_rules(match))
        if not verdict.goes_out:
            raise RuleError(
                Violation(
                    "pifpaf.hand.not-out",
                    {"player": winner, "leftover": format_cards(verdict.leftover)},
                )
            )

    def scoreboard(self, match: MatchView) -> dict[str, Any]:
        """Balances, rebuys, the next dealer and the settlement if the session ended now."""
        summary = session.summary(match)
        rows = [
            {
                "side": side,
                "balance": balance,
                "rebuys": rebuys,
                "deals": side.position == summary.dealer,
            }
            for side, balance, rebuys in zip(
                match.sides, summary.balances, summary.rebuys, strict=True
            )
        ]
        return {
            "rows": rows,
            "summary": summary,
            "violations": violation_dicts(summary.violations),
        }
