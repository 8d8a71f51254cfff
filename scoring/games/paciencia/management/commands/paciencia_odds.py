"""``manage.py paciencia_odds``: how often does the dog's patience come out?

Plays shuffle numbers ``start`` … ``start + shuffles - 1`` on every core and writes the
tally as JSON next to the rules (``scoring/games/paciencia/odds.json``) for the rulebook
page to show. The result depends only on the shuffle numbers and the engine's rules, not
on the workers; the file keeps the first few outcomes as a ``sample`` so a test can tell
when a change to the engine has made it stale.
"""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from referee.paciencia import RULINGS, Tally, estimate_odds, outcome
from scoring.games.paciencia.odds import ODDS_FILE

SAMPLE_SIZE = 20


def _played(n: int) -> dict[str, Any]:
    won, deal, cards_left = outcome(n)
    return {"won": won, "deal": deal, "cards_left": cards_left}


def odds_report(
    result: Tally, *, start: int, seconds: float, workers: int, sample: int = SAMPLE_SIZE
) -> dict[str, Any]:
    """The JSON the rulebook page reads: the tally, how it was made and a sample of
    outcomes to check it against the engine."""
    first = range(start, start + min(sample, result.shuffles))
    return {
        **result.as_dict(),
        "first_shuffle": start,
        "last_shuffle": start + result.shuffles - 1,
        "shuffle": "random.Random(n).shuffle(referee.paciencia.ORDERED_DECK)",
        "rulings": list(RULINGS),
        "workers": workers,
        "seconds": round(seconds, 1),
        "shuffles_per_second": round(result.shuffles / seconds) if seconds > 0 else None,
        "computed": datetime.now(UTC).date().isoformat(),
        "sample": {str(n): _played(n) for n in first},
    }


class Command(BaseCommand):
    help = (
        "Play many shuffles of Paciência do Cachorro on every core and write how often it "
        "comes out (with a 95% Wilson interval), the deal reached and the cards left, as JSON."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--shuffles", type=int, default=100_000, help="how many to play")
        parser.add_argument("--start", type=int, default=0, help="the first shuffle number")
        parser.add_argument(
            "--workers", type=int, default=os.cpu_count() or 1, help="processes (all cores)"
        )
        parser.add_argument("--chunk", type=int, default=1000, help="shuffles per task")
        parser.add_argument("--output", type=Path, default=ODDS_FILE, help="the JSON file")

    def handle(self, *args: Any, **options: Any) -> None:
        shuffles, start = options["shuffles"], options["start"]
        workers, chunk = options["workers"], options["chunk"]
        if shuffles < 1 or start < 0 or workers < 1 or chunk < 1:
            raise CommandError(
                "--shuffles, --workers and --chunk must be 1 or more, --start 0 or more"
            )
        output: Path = options["output"]
        self.stdout.write(f"Playing {shuffles} shuffles from number {start} on {workers} workers…")
        began = time.perf_counter()
        shown = [0]

        def progress(done: int, total: int) -> None:
            # about every tenth of the way, and at the end
            if done == total or done - shown[0] >= total / 10:
                shown[0] = done
                rate = done / max(time.perf_counter() - began, 1e-9)
                self.stdout.write(f"  {done:>7}/{total}  ({rate:,.0f} shuffles a second)")

        result = estimate_odds(
            shuffles, start=start, workers=workers, chunk=chunk, progress=progress
        )
        seconds = time.perf_counter() - began
        report = odds_report(result, start=start, seconds=seconds, workers=workers)
        output.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        low, high = result.interval
        self.stdout.write(
            self.style.SUCCESS(
                f"Came out {result.wins} times in {result.shuffles}: {result.estimate:.2%} "
                f"(95% CI {low:.2%}–{high:.2%}); "
                f"{report['shuffles_per_second']} shuffles a second. Written to {output}."
            )
        )
