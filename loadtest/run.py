"""``make load``: a club night against two app servers sharing PostgreSQL and Redis.

Seeds 60 matches in a fresh PostgreSQL database, starts two gunicorn servers of 2 sync
workers each (the app is stateless: all they share is the database and the cache), runs
the locust phones headless for 2 minutes, prints throughput, p50/p95/p99 and errors, then
checks the database: every hand a phone saw recorded is there exactly once, numbered
without gaps. Exits non-zero if a target is missed (0 errors, p95 < 150 ms, every hand
once). Environment: LOAD_PG_URL, LOAD_REDIS_URL, LOAD_TIME (locust's --run-time).
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_URL = os.environ.get("LOAD_PG_URL", "postgres://postgres@127.0.0.1:5432/tento_load")
REDIS_URL = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/12")
RUN_TIME = os.environ.get("LOAD_TIME", "120s")
TABLES, PHONES_PER_TABLE = 60, 4
PORTS = (8101, 8102)
P95_MAX_MS = 150
# Phones arrive over 30 seconds (each loads the match page once); the figures are reset
# once every phone is in, so they measure the club night itself, for RUN_TIME.
SPAWN_RATE = 8


def run_seconds() -> int:
    unit = {"s": 1, "m": 60, "h": 3600}[RUN_TIME[-1]]
    return int(RUN_TIME[:-1]) * unit


SEED = """
import json
from tests.conftest import make_match
matches = [make_match(names=["Ana", "Bia", "Caio"]) for _ in range({n})]
print(json.dumps([[m.code, m.edit_token, m.share_token] for m in matches]))
"""

CHECK = """
import json, sys
from django.db.models import Count
from scoring.ledger.models import Hand
posted = json.load(open({posted!r}))
ids = [p["request_id"] for p in posted]
hands = Hand.objects.filter(match__code__in={codes!r}, undone_at__isnull=True)
stored = list(hands.values_list("request_id", flat=True))
stored_ids = {{str(i) for i in stored}}
doubled = hands.values("match", "number").annotate(n=Count("id")).filter(n__gt=1).count()
gaps = 0
for code in {codes!r}:
    numbers = sorted(hands.filter(match__code=code).values_list("number", flat=True))
    gaps += numbers != list(range(1, len(numbers) + 1))
print(json.dumps({{
    "posted": len(ids), "distinct_posted": len(set(ids)), "stored": len(stored),
    "distinct_stored": len(stored_ids), "missing": len(set(ids) - stored_ids),
    "unexpected": len(stored_ids - set(ids)), "doubled_numbers": doubled, "gaps": gaps,
}}))
"""


def manage(env: dict[str, str], *args: str) -> str:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def fresh_database() -> None:
    name, admin = PG_URL.rsplit("/", 1)[1], PG_URL.rsplit("/", 1)[0] + "/postgres"
    for sql in (f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", admin, "-qc", sql], check=True)
    subprocess.run(["redis-cli", "-u", REDIS_URL, "flushdb"], check=True, capture_output=True)


def wait_up(port: int) -> None:
    for _ in range(150):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the app server on port {port} did not come up")


def serve(env: dict[str, str], port: int) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "scoring.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            "2",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )


def stats(prefix: str) -> dict[str, dict[str, float]]:
    with open(f"{prefix}_stats.csv") as file:
        return {row["Name"]: row for row in csv.DictReader(file)}


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        env = os.environ | {
            # The app's settings with the bench's bare view routed beside it, for the probe.
            "DJANGO_SETTINGS_MODULE": "benchmarks.settings",
            "DATABASE_URL": PG_URL,
            "REDIS_URL": REDIS_URL,
            "DEBUG": "false",
            "SECRET_KEY": "load-test",
            "ALLOWED_HOSTS": "127.0.0.1",
            "EMAIL_HOST": "127.0.0.1",  # DEBUG off needs a mailer; nothing is sent
            "STATIC_ROOT": f"{tmp}/static",
            "CONN_MAX_AGE": "60",
            # Plain HTTP on 127.0.0.1: no redirect to HTTPS, cookies sent without TLS.
            "SECURE_SSL_REDIRECT": "false",
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
        }
        fresh_database()
        manage(env, "migrate", "-v0")
        manage(env, "collectstatic", "--noinput", "-v0")
        tables = json.loads(manage(env, "shell", "-v0", "-c", SEED.format(n=TABLES)))
        codes = [code for code, _edit, _share in tables]
        servers = [serve(env, port) for port in PORTS]
        try:
            for port in PORTS:
                wait_up(port)
            posted = f"{tmp}/posted.json"
            load_env = os.environ | {
                "LOAD_TABLES": json.dumps(tables),
                "LOAD_POSTED": posted,
                "LOAD_HOSTS": ",".join(f"http://127.0.0.1:{port}" for port in PORTS),
            }
            users = TABLES * PHONES_PER_TABLE + 1  # and the probe
            started = time.time()
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "locust",
                    "-f",
                    str(ROOT / "loadtest/locustfile.py"),
                    "--headless",
                    "-u",
                    str(users),
                    "-r",
                    str(SPAWN_RATE),
                    "--reset-stats",
                    "--run-time",
                    f"{run_seconds() + users // SPAWN_RATE}s",
                    "--csv",
                    f"{tmp}/load",
                    "--only-summary",
                    "--loglevel",
                    "WARNING",
                    "--stop-timeout",
                    "10",
                ],
                cwd=ROOT,
                env=load_env,
                check=False,
            )
            elapsed = time.time() - started
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                server.wait(timeout=20)
        table = stats(f"{tmp}/load")
        with open(f"{tmp}/load_failures.csv") as file:
            failures = list(csv.DictReader(file))
        check = json.loads(
            manage(env, "shell", "-v0", "-c", CHECK.format(posted=posted, codes=codes)).split(
                "\n"
            )[-2]
        )
    total = table["Aggregated"]
    print(
        f"\nclub night: {TABLES} tables × {PHONES_PER_TABLE} phones, polls every 2 s, "
        f"a hand per table per minute; 2 gunicorn servers × 2 workers, PostgreSQL + Redis; "
        f"{RUN_TIME} ({elapsed:.0f} s with ramp-up); load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"  {'':<18}{'requests':>9}{'errors':>8}{'req/s':>8}{'p50':>7}{'p95':>7}{'p99':>7}"
        f"{'max':>8}  ms"
    )
    for name in ("poll", "add hand", "match page", "Aggregated", "bare view (probe)"):
        row = table.get(name)
        if row:
            print(
                f"  {name:<18}{row['Request Count']:>9}{row['Failure Count']:>8}"
                f"{float(row['Requests/s']):>8.1f}{row['50%']:>7}{row['95%']:>7}"
                f"{row['99%']:>7}{float(row['Max Response Time']):>8.0f}"
            )
    print(f"  database: {json.dumps(check)}")
    for failure in failures:
        print(f"  error: {failure['Name']}: {failure['Error']} × {failure['Occurrences']}")
    errors = int(total["Failure Count"])
    p95 = float(total["95%"]) if total["95%"] != "N/A" else float("inf")
    counts = ("posted", "distinct_posted", "stored", "distinct_stored")
    faults = ("missing", "unexpected", "doubled_numbers", "gaps")
    once = len({check[k] for k in counts}) == 1 and not any(check[k] for k in faults)
    verdicts = {
        "0 errors": errors == 0,
        f"p95 < {P95_MAX_MS} ms": p95 < P95_MAX_MS,
        "every hand recorded exactly once": once,
    }
    probe = table.get("bare view (probe)")
    if probe and probe["95%"] not in ("N/A", "0"):
        print(
            f"  p95 ÷ the bare view's p95 in the same minutes: {p95 / float(probe['95%']):.1f}× "
            "(how much of the tail is the app rather than the machine)"
        )
    for name, ok in verdicts.items():
        print(f"  {name:<34}{'PASS' if ok else 'FAIL'}")
    return 0 if all(verdicts.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
