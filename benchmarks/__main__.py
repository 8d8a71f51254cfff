"""``make bench``: the engine's hot paths, and the live scoreboard served by gunicorn.

Machines here are noisy, so every figure that matters is a ratio of two things measured
side by side in the same run, not an absolute time.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import pifpaf  # noqa: E402
from referee.cards import DECKS, parse_cards  # noqa: E402


def per_call(fn: Callable[[], object], repeat: int) -> float:
    """Median seconds per call over five rounds of ``repeat`` calls."""
    rounds = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        rounds.append((time.perf_counter() - start) / repeat)
    return statistics.median(rounds)


def engine() -> None:
    rng = random.Random(20261122)
    deck = DECKS["pifpaf"].cards()
    hands9 = [rng.sample(deck, 9) for _ in range(300)]
    hands10 = [rng.sample(deck, 10) for _ in range(300)]
    winning = parse_cards("AH 2H 3H 7S 7H 7D QC KC AC 5D")
    it9, it10 = iter(hands9 * 100), iter(hands10 * 100)
    t9 = per_call(lambda: pifpaf.check_hand(next(it9)), 300)
    t10 = per_call(lambda: pifpaf.check_hand(next(it10)), 300)
    tw = per_call(lambda: pifpaf.check_hand(winning), 300)
    tokens = ["10h", "Q♠", "jk", "AD", "7c", "K♥", "*", "td"] * 125
    tp = per_call(lambda: parse_cards(tokens), 20)
    print("engine")
    print(f"  pifpaf check_hand, random 9 cards     {t9 * 1e6:9.1f} µs/hand")
    print(f"  pifpaf check_hand, random 10 cards    {t10 * 1e6:9.1f} µs/hand")
    print(f"  pifpaf check_hand, 10 that go out     {tw * 1e6:9.1f} µs/hand")
    print(f"  ratio 10 cards / 9 cards              {t10 / t9:9.2f} ×")
    print(f"  parse_cards, 1000 tokens              {tp * 1e3:9.2f} ms")


def optional(module: str, name: str) -> Callable[[], object] | None:
    """A figure another bench module provides, if it exists yet."""
    try:
        found = __import__(f"benchmarks.{module}", fromlist=[name])
    except ImportError:
        return None
    return getattr(found, name, None)


def others() -> None:
    shuffles = optional("paciencia", "shuffles_per_second")
    if shuffles is not None:
        print(f"  paciência shuffles played out          {shuffles():9.0f} /s")
    swiss = optional("events", "swiss_draw_seconds")
    if swiss is not None:
        limit = getattr(sys.modules["benchmarks.events"], "LIMIT_S", 0.5)
        seconds = swiss()
        verdict = "PASS" if seconds < limit else "FAIL"
        figure = f"{seconds * 1e3:9.1f} ms  < {limit:g} s {verdict}"
        print(f"  swiss draw, 200 entrants, slowest round {figure}")
    worst = optional("worst_request", "worst_request_ms")
    if worst is not None:
        limit = getattr(sys.modules["benchmarks.worst_request"], "LIMIT_MS", 50.0)
        ms = worst()
        verdict = "PASS" if ms < limit else "FAIL"
        print(f"  worst accepted API request             {ms:9.2f} ms  < {limit:g} ms {verdict}")


if __name__ == "__main__":
    from benchmarks.served import served

    engine()
    others()
    checks = served()
    # The records with years of history, on a database of their own (a fresh process:
    # the figures above must not share its seeded file).
    print()
    records = subprocess.run([sys.executable, "-m", "benchmarks.records"], cwd=ROOT)
    checks.append(records.returncode == 0)
    # Ratings rebuilt from the same 10,000 matches (a figure, no budget).
    print()
    subprocess.run([sys.executable, "-m", "benchmarks.ratings"], cwd=ROOT)
    # A club's night of 50 tables, on a database of its own too.
    print()
    events = subprocess.run([sys.executable, "-m", "benchmarks.event_page"], cwd=ROOT)
    checks.append(events.returncode == 0)
    # One phone's hand on another phone's screen, through the stream (issue 29).
    print()
    live = subprocess.run([sys.executable, "-m", "benchmarks.live_delay"], cwd=ROOT)
    checks.append(live.returncode == 0)
    # The same night on the club's TV: the board's page and its poll.
    print()
    board = subprocess.run([sys.executable, "-m", "benchmarks.board_page"], cwd=ROOT)
    checks.append(board.returncode == 0)
    print(f"\ntargets: {sum(checks)} PASS, {len(checks) - sum(checks)} FAIL")
