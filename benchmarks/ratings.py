"""Ratings rebuilt from years of a club's history: 10,000 finished matches (pairs and
singles among 40 players) rated from the start by ``rebuild_ratings``'s own function,
and the recomputation a correction starts, near the end of the history and half-way.

``python -m benchmarks.ratings`` runs it on a fresh SQLite file (``make bench`` runs it
so, in a process of its own), seeded as ``benchmarks.records`` seeds its club.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MATCHES = 10_000


def timed(work, rounds: int = 3) -> tuple[float, object]:
    """The median seconds of ``rounds`` runs of ``work``, and what the last returned."""
    seconds, result = [], None
    for _ in range(rounds):
        started = time.perf_counter()
        result = work()
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds), result


def run() -> None:
    from benchmarks.records import seed
    from scoring.ledger.models import Match
    from scoring.ratings.recompute import rebuild, recompute

    started = time.perf_counter()
    seed(matches=MATCHES, hands=MATCHES)
    print(f"ratings ({MATCHES:,} matches, seeded in {time.perf_counter() - started:.1f} s)")
    seconds, changes = timed(rebuild)
    print(
        f"  rebuild_ratings, every match            {seconds:9.2f} s   "
        f"({changes:,} changes, {seconds / MATCHES * 1e6:.0f} µs a match)"
    )
    ordered = list(
        Match.objects.order_by("finished_at", "pk").values_list(
            "club_id", "game", "finished_at", "pk"
        )
    )
    corrections = {
        "the last match": ordered[-1],
        "the 100th from the end": ordered[-100],
        "half-way": ordered[len(ordered) // 2],
    }
    for label, (club, game, finished_at, pk) in corrections.items():
        since = (finished_at, pk)
        seconds, changes = timed(partial(recompute, club, game, since))
        print(f"  a correction of {label:<24} {seconds * 1e3:9.1f} ms  ({changes:,} changes)")


def main() -> None:
    from benchmarks.served import bench_env, manage

    with tempfile.TemporaryDirectory() as tmp:
        env = bench_env(tmp) | {"DATABASE_URL": f"sqlite:///{tmp}/ratings.sqlite3"}
        manage(env, "manage.py", "migrate", "-v0")
        os.environ.update(env)
        import django

        django.setup()
        run()


if __name__ == "__main__":
    main()
