"""``make load``: find the knee of a club night (issue 29).

For each configuration — SQLite served by one uvicorn process (the embedded default,
news in-process) and PostgreSQL + Redis served by two uvicorn processes on ports 8101
and 8102 (news through Redis pub/sub); each with the phones following by stream and by
polling only — the tables step up (LOAD_STEPS, default 60, 120, 240, 480, 960), 4 phones
each, half of them hidden between hands (loadtest/locustfile.py). Each step runs on a
fresh database for LOAD_TIME (default 60 s) once every phone is in, then checks it: every
hand a phone was answered for is there exactly once, none twice, numbered without gaps.
A step holds when p95 < 150 ms over every request, with 0 errors and every hand once;
stepping stops at the first step that does not. Prints each step and the knee (the
largest count held) per configuration. Environment: LOAD_PG_URL, LOAD_REDIS_URL,
LOAD_TIME, LOAD_STEPS, LOAD_CONFIGS (e.g. "sqlite-stream,pg-poll").
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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_URL = os.environ.get("LOAD_PG_URL", "postgres://postgres@127.0.0.1:5432/tento_load")
REDIS_URL = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/12")
RUN_TIME = os.environ.get("LOAD_TIME", "60s")
STEPS = [int(n) for n in os.environ.get("LOAD_STEPS", "60,120,240,480,960").split(",")]
PHONES_PER_TABLE = 4
P95_MAX_MS = 150
# Phones arrive over about 30 seconds (each loads the match page once); the figures are
# reset once every phone is in, so they measure the club night itself, for RUN_TIME.
RAMP_SECONDS = 30


@dataclass(frozen=True)
class Config:
    name: str
    label: str
    database: str  # "sqlite" or "pg"
    mode: str  # "stream" or "poll"

    @property
    def ports(self) -> tuple[int, ...]:
        return (8101,) if self.database == "sqlite" else (8101, 8102)


CONFIGS = [
    Config("sqlite-stream", "SQLite, 1 uvicorn process, streams", "sqlite", "stream"),
    Config("sqlite-poll", "SQLite, 1 uvicorn process, polling only", "sqlite", "poll"),
    Config("pg-stream", "PostgreSQL + Redis, 2 uvicorn processes, streams", "pg", "stream"),
    Config("pg-poll", "PostgreSQL + Redis, 2 uvicorn processes, polling only", "pg", "poll"),
]


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
from django.db.models import Count, Max
from scoring.ledger.models import Hand
posted = json.load(open({posted!r}))
answered = {{p["request_id"] for p in posted if p["answered"]}}
sent = {{p["request_id"] for p in posted}}
hands = Hand.objects.filter(undone_at__isnull=True)
stored = [str(i) for i in hands.values_list("request_id", flat=True)]
doubled = hands.values("match", "number").annotate(n=Count("id")).filter(n__gt=1).count()
per_match = hands.values("match").annotate(n=Count("id"), top=Max("number"))
gaps = sum(n != top for n, top in per_match.values_list("n", "top"))
print(json.dumps({{
    "answered": len(answered), "sent": len(sent), "stored": len(stored),
    "stored_twice": len(stored) - len(set(stored)),
    "answered_missing": len(answered - set(stored)),
    "stored_unsent": len(set(stored) - sent), "doubled_numbers": doubled, "gaps": gaps,
}}))
"""


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def fresh_database(env: dict[str, str], config: Config, tmp: str) -> dict[str, str]:
    if config.database == "sqlite":
        path = Path(tmp) / "load.sqlite3"
        for leftover in Path(tmp).glob("load.sqlite3*"):
            leftover.unlink()
        return env | {"DATABASE_URL": f"sqlite:///{path}", "REDIS_URL": ""}
    name, admin = PG_URL.rsplit("/", 1)[1], PG_URL.rsplit("/", 1)[0] + "/postgres"
    for sql in (f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", admin, "-qc", sql], check=True)
    subprocess.run(["redis-cli", "-u", REDIS_URL, "flushdb"], check=True, capture_output=True)
    return env | {"DATABASE_URL": PG_URL, "REDIS_URL": REDIS_URL}


def wait_up(port: int) -> None:
    for _ in range(150):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/bench/bare/", timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the app server on port {port} did not come up")


def serve(env: dict[str, str], port: int) -> subprocess.Popen:
    command = [sys.executable, "-m", "uvicorn", "scoring.asgi:application"]
    command += ["--port", str(port), "--no-server-header", "--log-level", "warning"]
    command += ["--lifespan", "off", "--no-access-log", "--backlog", "4096"]
    return subprocess.Popen(command, cwd=ROOT, env=env)


def stats(prefix: str) -> dict[str, dict[str, str]]:
    with open(f"{prefix}_stats.csv") as file:
        return {row["Name"]: row for row in csv.DictReader(file)}


def step(base: dict[str, str], config: Config, tables_count: int, tmp: str) -> dict:
    env = fresh_database(base, config, tmp)
    manage(env, "migrate", "-v0")
    tables = json.loads(manage(env, "shell", "-v0", "-c", SEED.format(n=tables_count)))
    servers = [serve(env, port) for port in config.ports]
    posted = f"{tmp}/posted.json"
    try:
        for port in config.ports:
            wait_up(port)
        load_env = os.environ | {
            "LOAD_TABLES": json.dumps(tables),
            "LOAD_POSTED": posted,
            "LOAD_MODE": config.mode,
            "LOAD_HOSTS": ",".join(f"http://127.0.0.1:{port}" for port in config.ports),
        }
        users = tables_count * PHONES_PER_TABLE + 1  # and the probe
        rate = max(8, users // RAMP_SECONDS)
        command = [sys.executable, "-m", "locust", "-f", str(ROOT / "loadtest/locustfile.py")]
        command += ["--headless", "-u", str(users), "-r", str(rate), "--reset-stats"]
        command += ["--run-time", f"{run_seconds() + users // rate}s", "--csv", f"{tmp}/load"]
        command += ["--only-summary", "--loglevel", "ERROR", "--stop-timeout", "5"]
        subprocess.run(command, cwd=ROOT, env=load_env, check=False, capture_output=True)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=20)
    table = stats(f"{tmp}/load")
    with open(f"{tmp}/load_failures.csv") as file:
        failures = list(csv.DictReader(file))
    check = json.loads(manage(env, "shell", "-v0", "-c", CHECK.format(posted=posted)))
    return {"table": table, "failures": failures, "check": check}


def judged(result: dict) -> tuple[bool, str]:
    total, check = result["table"]["Aggregated"], result["check"]
    errors = int(total["Failure Count"])
    p95 = float(total["95%"]) if total["95%"] != "N/A" else float("inf")
    # Every answered hand stored, none twice, none unsent, numbered without gaps (a hand
    # sent as the run was cut off may or may not be stored: its phone never heard).
    faults = ("stored_twice", "answered_missing", "stored_unsent", "doubled_numbers", "gaps")
    once = not any(check[k] for k in faults)
    held = errors == 0 and p95 < P95_MAX_MS and once and check["answered"] > 0
    why = [] if held else [f"p95 {p95:.0f} ms"] * (p95 >= P95_MAX_MS)
    why += [f"{errors} errors"] * (errors > 0) + ["hands not once"] * (not once)
    return held, ", ".join(why)


def report(config: Config, tables_count: int, result: dict, held: bool, why: str) -> None:
    table = result["table"]
    print(f"  {tables_count:>4} tables × {PHONES_PER_TABLE} phones: {'held' if held else why}")
    names = ["poll", "ask when told", "ask when shown", "add hand", "stream (open)"]
    for name in [*names, "Aggregated", "bare view (probe)"]:
        row = table.get(name)
        if row:
            print(
                f"       {name:<18}{row['Request Count']:>9}{row['Failure Count']:>7}"
                f"{float(row['Requests/s']):>8.1f}/s  p50 {row['50%']:>5}  p95 {row['95%']:>5}"
                f"  p99 {row['99%']:>5} ms"
            )
    print(f"       database: {json.dumps(result['check'])}")
    for failure in result["failures"][:5]:
        print(f"       error: {failure['Name']}: {failure['Error']} × {failure['Occurrences']}")


def main() -> int:
    chosen = os.environ.get("LOAD_CONFIGS")
    configs = [c for c in CONFIGS if not chosen or c.name in chosen.split(",")]
    knees: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        base = os.environ | {
            # The app's settings with the bench's bare view routed beside it, for the probe.
            "DJANGO_SETTINGS_MODULE": "benchmarks.settings",
            "DEBUG": "false",
            "SECRET_KEY": "load-test",
            "ALLOWED_HOSTS": "127.0.0.1",
            "EMAIL_HOST": "127.0.0.1",  # DEBUG off needs a mailer; nothing is sent
            "STATIC_ROOT": f"{tmp}/static",
            # As deployed under uvicorn (docs/deploy.md): no persistent connections, and
            # on PostgreSQL the pool (DB_POOL_MAX_SIZE a process).
            # Plain HTTP on 127.0.0.1: no redirect to HTTPS, cookies sent without TLS.
            "SECURE_SSL_REDIRECT": "false",
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
        }
        manage(base, "collectstatic", "--noinput", "-v0")
        for config in configs:
            print(f"\n{config.label}: {RUN_TIME} a step", flush=True)
            knees[config.label] = 0
            for tables_count in STEPS:
                result = step(base, config, tables_count, tmp)
                held, why = judged(result)
                report(config, tables_count, result, held, why)
                if not held:
                    break
                knees[config.label] = tables_count
    print(
        f"\nknee (largest count held: p95 < {P95_MAX_MS} ms, 0 errors, every hand once); "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    for label, knee in knees.items():
        print(f"  {label:<54}{knee:>5} tables")
    return 0


if __name__ == "__main__":
    sys.exit(main())
