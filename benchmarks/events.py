"""The events figure for ``make bench``: drawing a swiss round for 200 entrants with a
realistic history, which must take well under a second (issue 30).

The history is a Burraco pairs night played out: eight swiss rounds, every table's two
scores drawn as a real table's (a few hundred points apart, now and then a rout), turned
into victory points on the 3-hand 20–0 scale, the standing recomputed with its tiebreaks
after each round, as the events app does. Late rounds are the hard ones (many pairs have
met, the leaders have met each other), so the figure is the slowest round's draw, the
median of a few repeats each. The draw runs on one core, so it is timed in that
process's CPU seconds: eight engineers sharing two cores stretch the wall clock three
or four times over without making the draw any slower.

``python -m benchmarks.events`` prints it alone.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.events import (  # noqa: E402
    Result,
    entrants_after,
    pair,
    tiebreaks_for,
    victory_points,
)

ENTRANTS = 200
ROUNDS = 8
REPEATS = 3
LIMIT_S = 0.5  # "well under a second"


def swiss_draws(entrants: int = ENTRANTS, rounds: int = ROUNDS) -> list[float]:
    """CPU seconds to draw each round of a swiss night (median of ``REPEATS``)."""
    rng = random.Random(20261127)
    ids = [f"pair-{number:03d}" for number in range(1, entrants + 1)]
    results: list[Result] = []
    timings = []
    for number in range(1, rounds + 1):
        field = entrants_after(ids, results, tiebreaks=tiebreaks_for("swiss"), seed=7)
        times = []
        for _ in range(REPEATS):
            began = time.process_time()
            draw = pair("swiss", field, round=number)
            times.append(time.process_time() - began)
        timings.append(statistics.median(times))
        for table in draw.tables:
            margin = int(rng.expovariate(1 / 400))
            scores = (1500 + margin, 1500) if rng.random() < 0.5 else (1500, 1500 + margin)
            points, _ = victory_points("burraco-3", scores)
            results.append(Result(table, tuple(points), scores))
        results += [Result((bye,), (12,)) for bye in draw.byes]
    return timings


def swiss_draw_seconds() -> float:
    """The slowest round's draw of a 200-entrant swiss night, in CPU seconds."""
    return max(swiss_draws())


if __name__ == "__main__":
    timings = swiss_draws()
    for number, seconds in enumerate(timings, start=1):
        print(f"  round {number}: {seconds * 1000:8.1f} ms")
    worst = max(timings)
    verdict = "PASS" if worst < LIMIT_S else "FAIL"
    print(f"swiss draw, {ENTRANTS} entrants: {worst * 1000:.1f} ms (< {LIMIT_S:g} s) {verdict}")
