"""A hand entered two ways, as Samba and Canastra both take it.

A side's hand comes card by card (its melds and the cards left in its hands) or as a
*tally*: the counts the quick entry asks for. Cards are reduced to tallies and ONE
function scores tallies, however they came, and both entries go through the same checks,
so the two give the same breakdown and refuse the same hands. Each game keeps its own
counts, rules and messages; the steps they take alike with them are here. Plain Python,
like the rest of ``referee``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from referee.entries import is_whole
from referee.rulings import ScoreLine, Violation


class Judged(Protocol):
    """A meld's verdict: every rule the meld breaks."""

    @property
    def violations(self) -> tuple[Violation, ...]: ...


def located(violation: Violation, **where: Any) -> Violation:
    """The same violation, saying where it was found (side and meld indexes)."""
    return Violation(violation.rule, {**where, **violation.params})


def meld_violations(verdicts: Iterable[Judged], **where: Any) -> list[Violation]:
    """Every rule the melds break, each saying which meld it is (and ``where``: the side)."""
    return [
        located(violation, **where, meld=index)
        for index, verdict in enumerate(verdicts)
        for violation in verdict.violations
    ]


def each(rule: str, count: int, points: int) -> list[ScoreLine]:
    """The line for ``count`` bonuses or penalties of ``points`` each; none for none."""
    if not count:
        return []
    return [ScoreLine(rule, count, count * points, {"each": points})]


def off_step(
    rule: str, tally: object, names: Iterable[str], step: int, **where: Any
) -> list[Violation]:
    """Card values go by ``step``, and so do their sums: a violation of ``rule`` for
    each sum named in ``names`` that does not (``where``: the side)."""
    return [
        Violation(rule, {**where, "field": name, "value": value})
        for name in names
        if is_whole(value := getattr(tally, name)) and value % step
    ]


def sound_tallies[T](
    tallies: Sequence[T],
    entry_violations: Callable[[int, T], list[Violation]],
    side_violations: Callable[[int, T], list[Violation]],
) -> tuple[list[Violation], list[tuple[int, T]]]:
    """Check each side's tally by its index: its entry first (whole numbers, yes or no),
    then the side's own rules, but only on a sound entry, since they do sums that a bad
    entry would spoil. Every violation, and the sound tallies with their indexes."""
    found: list[Violation] = []
    sound: list[tuple[int, T]] = []
    for index, tally in enumerate(tallies):
        entry = entry_violations(index, tally)
        found += entry
        if not entry:
            found += side_violations(index, tally)
            sound.append((index, tally))
    return found, sound


def players_per_side(players: Sequence[int | None] | None, sides: int) -> list[int | None]:
    """How many play each side, one count per side (None: unknown, and None for the
    list when no count is known). A wrong list is the caller's mistake, not a rule the
    hand breaks: the app passes its match's sides, the API counts it checked."""
    if players is None:
        return [None] * sides
    counts = list(players)
    if len(counts) != sides:
        raise ValueError(f"players: {len(counts)} counts for {sides} sides")
    if any(count is not None and not (is_whole(count) and count >= 1) for count in counts):
        raise ValueError(f"players: each side has 1 player or more (or None), not {counts}")
    return counts
