"""Free scoring (placar livre): any game, each hand a number per side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from referee.rulings import Breakdown, ScoreLine
from scoring.games.free.forms import FreeHandForm, FreeOptionsForm
from scoring.kit.match import MatchView
from scoring.kit.registry import Game


class FreeScoring(Game):
    slug = "free"
    name = _("Free scoring")
    description = _("Any game: each hand, a number per side. Optional target.")
    min_sides = 2
    max_sides = 8
    options_form_class = FreeOptionsForm
    hand_form_class = FreeHandForm
    confirm_empty_hands = True

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        return [Breakdown.of([ScoreLine("free.points", 1, points)]) for points in entry["points"]]

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        if not match.hands_played:
            return []
        totals = {side.position: side.total for side in match.sides}
        pick = min if match.options.get("lowest_wins") else max
        if match.target is not None and not closing:
            reached = [p for p, total in totals.items() if total >= match.target]
            if not reached:
                return []
            # Highest wins among those who reached it; lowest wins across everyone.
            pool = totals if pick is min else {p: totals[p] for p in reached}
            best = pick(pool.values())
            leaders = [p for p, total in pool.items() if total == best]
            return leaders if len(leaders) == 1 else []
        if closing:
            best = pick(totals.values())
            return [p for p, total in totals.items() if total == best]
        return []
