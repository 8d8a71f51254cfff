"""A stored Canastra hand (the ledger's ``entry``) and the hand's draft, read into engine calls.

An entry is plain JSON, enough to score the hand again and to refill the form; each pair
is given in side order (position 0, then 1)::

    {"mode": "cards", "failed": [1, 0],
     "pairs": [{"melds": [["3H", "4H", …], …], "hand": ["7D", "8D"],
                "took_morto": true, "went_out": true}, …]}
    {"mode": "quick", "failed": [0, 0],
     "pairs": [{"clean_canastras": 1, "dirty_canastras": 0, "meld_points": 80,
                "hand_points": 15, "took_morto": true, "went_out": true}, …]}

``failed`` is the buraco ladder of the hand as it was played: each pair's failed
openings. It changes no score; it is kept so that a correction shows the hand as it was.

The hand in progress (the draft every phone shares) is ``{"failed": [k0, k1]}``.
Whatever the hand breaks, the engine says (``RuleError``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from referee import canastra
from referee.rulings import Breakdown
from scoring.kit.sides import MODE_QUICK

# What the quick entry asks of each pair: the engine's PairTally, field for field.
TALLY_FIELDS = tuple(f.name for f in fields(canastra.PairTally))
COUNT_FIELDS = ("clean_canastras", "dirty_canastras", "meld_points", "hand_points")
FLAG_FIELDS = ("took_morto", "went_out")


def score_entry(
    entry: Mapping[str, Any],
    options: canastra.CanastraOptions,
    players: Sequence[int | None] | None = None,
) -> list[Breakdown]:
    """One breakdown per pair; ``RuleError`` for an impossible hand. ``players``: how
    many play each side (the match's, not the entry's), None when unknown."""
    pairs = entry.get("pairs") or ()
    if entry.get("mode") == MODE_QUICK:
        return canastra.score_quick(canastra.read_tallies(pairs), options, players)
    return canastra.score_hand(canastra.read_pairs(pairs), options, players)


# --------------------------------------------------------------------------- the buraco ladder


def failed_of(data: Mapping[str, Any], pairs: int = canastra.PAIRS) -> list[int]:
    """Each pair's failed openings in a draft or a stored entry; 0 for anything a phone
    could have garbled (a draft is whatever was posted)."""
    given = data.get("failed")
    if not isinstance(given, Sequence) or isinstance(given, str):
        given = ()
    counts = [
        value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0
        for value in list(given)[:pairs]
    ]
    return counts + [0] * (pairs - len(counts))


@dataclass(frozen=True)
class Opening:
    """Where a pair stands on the buraco rule in the hand being played."""

    position: int
    name: str
    total: int
    failed: int

    @property
    def under_buraco(self) -> bool:
        return self.total >= canastra.BURACO_FROM

    @property
    def required(self) -> int:
        """The card points its first laying-down needs now (0 below 1,500)."""
        return canastra.opening_requirement(self.total, self.failed)

    @property
    def after_failure(self) -> int:
        """What it would need after one more failed attempt."""
        return canastra.opening_requirement(self.total, self.failed + 1)

    @property
    def may_fail_again(self) -> bool:
        """Whether one more failure leaves a requirement the two decks can still reach:
        past it, another failed attempt is a mistap."""
        return self.under_buraco and self.after_failure <= canastra.MOST_CARD_POINTS

    @property
    def ladder(self) -> list[tuple[int, bool]]:
        """The requirements so far, 75 → 90 → 120 …, the current one last (marked)."""
        steps = [canastra.opening_requirement(self.total, k) for k in range(self.failed + 1)]
        return [(required, k == self.failed) for k, required in enumerate(steps)]


def most_failed() -> int:
    """The most failed openings the ladder counts: as many as leave a requirement the two
    decks can reach (the step buttons stop there, ``Opening.may_fail_again``)."""
    failed = 0
    while canastra.opening_requirement(canastra.BURACO_FROM, failed + 1) <= (
        canastra.MOST_CARD_POINTS
    ):
        failed += 1
    return failed


def openings(sides: Sequence[Any], draft: Mapping[str, Any]) -> list[Opening]:
    """Each pair's opening requirement for the hand whose draft (or entry) is given;
    ``sides`` are the match's ``SideView`` s, whose totals are before the hand. A count
    of failures no table could reach (more than the decks allow) reads as 0: the form
    then records 0, and the records API refuses the entry. (A count for a pair below
    1,500 is kept: a correction of an earlier hand may have taken the pair out of the
    buraco since, and the count then asks nothing.)"""
    most = most_failed()
    failed = [count if count <= most else 0 for count in failed_of(draft, len(sides))]
    return [
        Opening(side.position, side.name, side.total, failed[index])
        for index, side in enumerate(sides)
    ]
