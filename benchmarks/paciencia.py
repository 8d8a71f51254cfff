"""Paciência's figure for ``make bench``: shuffles played out per second, on one core.

A shuffle "played out" is what the odds (``manage.py paciencia_odds``) do a hundred
thousand times: shuffle number ``n`` dealt and played to the end of its last deal, without
recording the moves (``referee.paciencia.outcome``). The figure is the median of a few
rounds, so one noisy neighbour on the machine does not make it.

``python -m benchmarks.paciencia`` prints it alone.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.paciencia import outcome  # noqa: E402

ROUNDS = 5


def shuffles_per_second(seconds: float = 2.0, *, start: int = 0) -> float:
    """Shuffles played out per second on one core: the median of ``ROUNDS`` rounds of
    about ``seconds / ROUNDS`` each, every round playing shuffles it has not played
    before (from ``start`` on), so no round replays another's games."""
    rates = []
    n = start
    for _ in range(ROUNDS):
        played = 0
        began = time.perf_counter()
        elapsed = 0.0
        while elapsed < seconds / ROUNDS or played == 0:
            for _ in range(50):  # check the clock every 50 games, not every game
                outcome(n)
                n += 1
            played += 50
            elapsed = time.perf_counter() - began
        rates.append(played / elapsed)
    return statistics.median(rates)


if __name__ == "__main__":
    print(f"paciência: {shuffles_per_second():,.0f} shuffles played out per second (one core)")
