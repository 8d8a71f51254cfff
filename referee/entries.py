"""What the engines check alike in what they are given: whole numbers, and a number for
each player at a table. Plain Python, like the rest of ``referee``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from referee.rulings import Violation


def is_whole(value: Any) -> bool:
    """A whole number, as a count or a score is entered. bool is an int in Python, but
    "True" canastras is a form error, not 1."""
    return isinstance(value, int) and not isinstance(value, bool)


def per_player_violations(
    players: Iterable[str],
    numbers: Mapping[str, Any],
    *,
    unmatched: str,
    invalid: str,
    unit: str,
) -> list[Violation]:
    """The rules broken by ``numbers``, which should give every player at the table, and
    nobody else, a whole number 0 or more (their points, their chips): ``unmatched``
    naming the players it lacks and the names in it that are no player's, then
    ``invalid`` for each number that is not one (given in the params as ``unit``)."""
    seated = set(players)
    missing = sorted(seated - set(numbers))
    extra = sorted(set(numbers) - seated)
    found = (
        [Violation(unmatched, {"missing": missing, "extra": extra})] if missing or extra else []
    )
    return found + [
        Violation(invalid, {"player": player, unit: number})
        for player, number in numbers.items()
        if not is_whole(number) or number < 0
    ]
