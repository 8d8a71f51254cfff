"""``make bench``: the engine's hot paths, and the live scoreboard served by gunicorn.

Machines here are noisy, so every figure that matters is a ratio of two things measured
side by side in the same run, not an absolute time.
"""

from __future__ import annotations

import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
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
    tokens = ["10h", "Q♠", "jk", "AD", "7c", "R♥", "*", "td"] * 125
    tp = per_call(lambda: parse_cards(tokens), 20)
    print("engine")
    print(f"  pifpaf check_hand, random 9 cards     {t9 * 1e6:9.1f} µs/hand")
    print(f"  pifpaf check_hand, random 10 cards    {t10 * 1e6:9.1f} µs/hand")
    print(f"  pifpaf check_hand, 10 that go out     {tw * 1e6:9.1f} µs/hand")
    print(f"  ratio 10 cards / 9 cards              {t10 / t9:9.2f} ×")
    print(f"  parse_cards, 1000 tokens              {tp * 1e3:9.2f} ms")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def served() -> None:
    """Phones polling a match: the 304 path against a full render, under gunicorn."""
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        env = os.environ | {
            "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
            "DEBUG": "false",
            "SECRET_KEY": "bench",
            "ALLOWED_HOSTS": "127.0.0.1",
        }
        subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        seed = (
            "import uuid\n"
            "from tests.conftest import make_match\n"
            "m = make_match(names=['A', 'B', 'C'])\n"
            "for i in range(40):\n"
            "    m.record_hand({'points': [i, 2 * i, -i]}, request_id=uuid.uuid4())\n"
            "print(m.pk)\n"
        )
        pk = subprocess.run(
            [python, "manage.py", "shell", "-v0", "-c", seed],
            cwd=ROOT, env=env, check=True, capture_output=True, text=True,
        ).stdout.split()[-1]  # fmt: skip
        port = free_port()
        server = subprocess.Popen(
            [python, "-m", "gunicorn", "scoring.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2",
             "--log-level", "warning"],
            cwd=ROOT, env=env,
        )  # fmt: skip
        try:
            path = f"/matches/{pk}/live/"
            etag = None
            for _ in range(100):
                try:
                    etag = get(port, path)[1]
                    break
                except OSError:
                    time.sleep(0.1)
            if etag is None:
                raise RuntimeError("gunicorn did not come up")
            full = load(port, path, None)
            cached = load(port, path, etag)
            print("served (gunicorn, 2 workers, 8 phones polling, 800 requests each way)")
            for name, (status, rps, p50) in (("full render 200", full), ("unchanged 304", cached)):
                print(f"  {name:<22} status {status}  {rps:8.0f} req/s  p50 {p50 * 1e3:6.2f} ms")
            print(f"  ratio 304 / 200 throughput            {cached[1] / full[1]:9.2f} ×")
        finally:
            server.terminate()
            server.wait(timeout=10)


def get(port: int, path: str, etag: str | None = None) -> tuple[int, str | None]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"HX-Request": "true"} | ({"If-None-Match": etag} if etag else {})
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status, response.getheader("ETag")


def load(port: int, path: str, etag: str | None) -> tuple[int, float, float]:
    def one(_: int) -> tuple[int, float]:
        start = time.perf_counter()
        status, _etag = get(port, path, etag)
        return status, time.perf_counter() - start

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(one, range(40)))  # warm up
        start = time.perf_counter()
        results = list(pool.map(one, range(800)))
        elapsed = time.perf_counter() - start
    statuses = {status for status, _ in results}
    if len(statuses) != 1:
        raise RuntimeError(f"mixed answers: {statuses}")
    return statuses.pop(), len(results) / elapsed, statistics.median(t for _, t in results)


if __name__ == "__main__":
    engine()
    served()
