"""Paciência do Cachorro on the ledger: a player's log of the games played at the table.

A patience has no opponent, so a "match" here is one player's log: one side, one player,
and each hand one game played, entered as ``{"won": bool, "deal": 1–3, "cards_left": n}``
and checked by the engine (``record_violations``). A game scores one line citing its
outcome rule, worth 1 if it came out and 0 if not, so the side's total is the games won.
The running state kept with each game is the log's tally (played, won, the deals they
came out in, the cards left in the lost ones); the scoreboard sets it beside the odds
computed over 100,000 shuffles (``odds.json``).

The patience itself is played out move by move on the replay pages (``views.py``), and
its odds are drawn on the rulebook page (``rulebook_template``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from referee import paciencia
from referee.paciencia import DEALS, record_violations
from referee.rulings import Breakdown, RuleError, ScoreLine
from scoring.games.paciencia.forms import PacienciaHandForm
from scoring.games.paciencia.odds import endings, histogram, load_odds, record
from scoring.kit.match import MatchView
from scoring.kit.registry import Game


def tally_after(state: Mapping[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    """The log's tally once ``entry`` is added to ``state`` (the tally before it)."""
    won = entry.get("won") is True
    deal = str(entry.get("deal"))
    left = int(entry.get("cards_left") or 0)
    in_deal = {str(d): int((state.get("won_in_deal") or {}).get(str(d), 0)) for d in (1, 2, 3)}
    if won:
        in_deal[deal] = in_deal.get(deal, 0) + 1
    fewest = state.get("fewest_left")
    if not won:
        fewest = left if fewest is None else min(int(fewest), left)
    return {
        "played": int(state.get("played", 0)) + 1,
        "won": int(state.get("won", 0)) + won,
        "won_in_deal": in_deal,
        "lost_cards_left": int(state.get("lost_cards_left", 0)) + (0 if won else left),
        "fewest_left": fewest,
    }


class Paciencia(Game):
    slug = "paciencia"
    name = _("Paciência do Cachorro")
    description = _(
        "The dog's patience, for one player: record each game played at the table in two "
        "taps and see your rate against the odds of 100,000 shuffles; replay any shuffle, "
        "or a deal typed in, move by move."
    )
    engine = paciencia
    min_sides = max_sides = 1
    individual = True
    hand_form_class = PacienciaHandForm
    rulebook_template = "paciencia/_rulebook.html"
    finish_label = _("Close the log")
    finished_text = _("Log closed.")
    hand_title = _("Game %(n)s")
    history_title = _("Games")
    no_hands_text = _("No games yet.")
    earlier_text = _("Earlier games")

    def target_field(self) -> None:
        """A log has no target: the player closes it when they like."""
        return None

    def hand_total_text(self, total: int) -> str:
        """A game scores 1 if it came out: the history says won or lost."""
        return str(_("won") if total else _("lost"))

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        """A log is no contest: closing it names no winner (the records count no win)."""
        return []

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        won = entry.get("won") is True
        deal, left = entry.get("deal"), entry.get("cards_left")
        found = record_violations(won, deal, left)  # type: ignore[arg-type]
        if found:
            raise RuleError(found)
        if won:
            line = ScoreLine("paciencia.outcome.won", 1, 1, {"deal": deal})
        else:
            line = ScoreLine("paciencia.outcome.lost", 1, 0, {"deal": deal, "cards_left": left})
        return [Breakdown.of([line])]

    def state_after(
        self, match: MatchView, entry: Mapping[str, Any], scores: Sequence[Breakdown]
    ) -> dict[str, Any]:
        return tally_after(match.state, entry)

    def scoreboard(self, match: MatchView) -> dict[str, Any]:
        """The player's games, won and rate, against the computed odds."""
        state = match.state
        played = int(state.get("played", 0))
        won = int(state.get("won", 0))
        lost = played - won
        in_deal = state.get("won_in_deal") or {}
        return {
            "record": record(played, won, load_odds()),
            "lost": lost,
            "won_in_deal": [(d, int(in_deal.get(str(d), 0))) for d in range(1, DEALS + 1)],
            "average_left": state.get("lost_cards_left", 0) / lost if lost else None,
            "fewest_left": state.get("fewest_left"),
        }

    def rulebook_context(self) -> dict[str, Any]:
        odds = load_odds()
        if odds is None:
            return {"odds": None}
        return {"odds": odds, "histogram": histogram(odds), "endings": endings(odds)}
