"""The served figures of ``make bench``: every request a phone makes, priced against a bare
Django view measured beside it in the same run under the same gunicorn.

For each database (SQLite with the per-process cache, PostgreSQL with Redis shared) and
each match size, every figure is measured twice: at C=1 (median latency of one phone
alone, taken in alternation with the bare view) and saturated (throughput with 8 phones
at once against 2 workers, the bare view's measured just before). So each ratio compares
two things that met the same neighbours. Query counts come from the same database
through Django's test client. The add-hand figure adds hands as it goes (40 at C=1, then
the saturated ones), so it is measured last of the match's figures.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
SIZES = (10, 40, 300)
WORKERS = 2
SATURATED = 8
PG_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/tento_bench")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")

# Targets of issue 11, as ratios to the bare view (C=1) and absolute counts.
POLL_304_MAX = 2.0
PAGE_MAX = 10.0
FLAT_MAX = 1.3
POST_QUERIES_MAX = 15
HOME_QUERIES_MAX = 5
HOME_MAX = 5.0
FIRST_LOAD_MAX = 40_000
CHANGED_POLL_BYTES_MAX = 3_000


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes  # as sent over the wire (compressed if it was)

    def text(self) -> str:
        raw = self.body
        if self.headers.get("content-encoding") == "gzip":
            raw = gzip.decompress(raw)
        return raw.decode()


@dataclass
class Server:
    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: str = ""
    ) -> Reply:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = {"Accept-Encoding": "gzip", "Accept-Language": "pt-br"} | (headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn.request(method, path, body=body or None, headers=sent)
        response = conn.getresponse()
        data = response.read()
        conn.close()
        # One browser: it keeps every cookie it is given (the session, the CSRF token).
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _sep, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, data)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout


def timed(call: Callable[[], Reply], expect: int | set[int]) -> float:
    start = time.perf_counter()
    reply = call()
    elapsed = time.perf_counter() - start
    if reply.status not in (expect if isinstance(expect, set) else {expect}):
        raise RuntimeError(f"expected {expect}, got {reply.status}: {reply.text()[:300]}")
    return elapsed


def at_c1(
    bare: Callable[[], Reply], call: Callable[[], Reply], expect: int, n: int = 40
) -> tuple[float, float]:
    """The figure's cost in bare views at C=1, and its median seconds: one request with
    nothing else in flight, in alternation with the bare view so both meet the same
    neighbours."""
    timed(bare, 200), timed(call, expect)
    pairs = [(timed(bare, 200), timed(call, expect)) for _ in range(n)]
    # The median of each pair's ratio: a neighbour's burst slows one pair, not the figure.
    return statistics.median(c / b for b, c in pairs), statistics.median(c for _, c in pairs)


def saturated(call: Callable[[], Reply], expect: int | set[int], n: int = 160) -> float:
    """Requests per second with SATURATED phones at once."""
    with ThreadPoolExecutor(SATURATED) as pool:
        list(pool.map(lambda _: timed(call, expect), range(SATURATED)))
        start = time.perf_counter()
        list(pool.map(lambda _: timed(call, expect), range(n)))
        return n / (time.perf_counter() - start)


@dataclass
class Figure:
    c1: float  # ratio of median latency to the bare view's
    sat: float  # ratio of the bare view's throughput to this one's
    ms: float  # median latency at C=1, for the record


def measure(
    server: Server, call: Callable[[], Reply], expect: int = 200, busy: set[int] | None = None
) -> Figure:
    """``busy``: the answers also expected when phones compete (a hand recorded by another
    phone first is refused as a conflict, 422, with the other phone's hand beside it)."""
    bare = lambda: server.request("GET", "/bench/bare/")  # noqa: E731
    ratio, c1 = at_c1(bare, call, expect)
    bare_rps, rps = saturated(bare, 200), saturated(call, busy or expect)
    return Figure(ratio, bare_rps / rps, c1 * 1e3)


class Phone:
    """One phone at a match: its CSRF cookie and the version it holds."""

    def __init__(self, server: Server, code: str, edit: str) -> None:
        self.server, self.code = server, code
        if server.request("GET", f"/score/{edit}/").status not in (301, 302, 303):
            raise RuntimeError("the scorer link did not open the match")
        server.request("GET", f"/matches/{code}/")
        if "csrftoken" not in server.cookies:
            raise RuntimeError("the match page set no CSRF cookie")
        self.token = server.cookies["csrftoken"]
        self.lock = threading.Lock()
        self.version = self.current_version()

    def current_version(self) -> int:
        live = self.server.request("GET", f"/matches/{self.code}/live/")
        if live.status != 200 or "etag" not in live.headers:
            raise RuntimeError(f"the live poll answered {live.status}: {live.text()[:300]}")
        return int(re.search(r"-v(\d+)-", live.headers["etag"]).group(1))

    def etag(self, version: int) -> str:
        live = self.server.request("GET", f"/matches/{self.code}/live/")
        return re.sub(r"-v\d+-", f"-v{version}-", live.headers["etag"])

    def add_hand(self) -> Reply:
        with self.lock:
            known = self.version
        body = urlencode(
            {
                "side_0": 1,
                "side_1": 2,
                "side_2": 3,
                "known_version": known,
                "request_id": uuid.uuid4(),
                "csrfmiddlewaretoken": self.token,
            }
        )
        reply = self.server.request(
            "POST",
            f"/matches/{self.code}/hands/",
            body=body,
            headers={
                "HX-Request": "true",
                "X-CSRFToken": self.token,
                "Content-Type": "application/x-www-form-urlencoded",
            },
        )
        found = re.search(r'data-etag="m\d+-v(\d+)-', reply.text())
        if found:
            with self.lock:
                self.version = max(self.version, int(found.group(1)))
        return reply


def figures_for(server: Server, code: str, edit: str) -> dict[str, Figure]:
    phone = Phone(server, code, edit)
    version = phone.current_version()
    current, older = phone.etag(version), phone.etag(version - 1)
    poll = f"/matches/{code}/live/"
    out = {
        "match page": measure(server, lambda: server.request("GET", f"/matches/{code}/")),
        "changed poll": measure(
            server,
            lambda: server.request("GET", poll, {"HX-Request": "true", "If-None-Match": older}),
        ),
        "unchanged poll": measure(
            server, lambda: server.request("GET", poll, {"If-None-Match": current}), 304
        ),
        "add-hand POST": measure(server, phone.add_hand, busy={200, 422}),
        "home": measure(server, lambda: server.request("GET", "/")),
        "referee answer": measure(
            server,
            lambda: server.request(
                "GET", "/samba/referee/?q=meld&cards=7H+8H+9H", {"HX-Request": "true"}
            ),
        ),
        "API": measure(
            server,
            lambda: server.request(
                "POST",
                "/api/v1/cards/parse",
                body=json.dumps({"cards": ["10h", "Q♠", "7c", "AD"]}),
                headers={"Content-Type": "application/json"},
            ),
        ),
    }
    return out


def wire_bytes(server: Server, code: str, edit: str) -> dict[str, object]:
    """A first load of the match page (the page and every stylesheet and script it names,
    compressed as a browser would ask) and one changed poll, as bytes over the wire."""
    page = server.request("GET", f"/matches/{code}/")
    assets = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', page.text())
    total, cache_control = len(page.body), set()
    for asset in dict.fromkeys(assets):
        reply = server.request("GET", asset)
        total += len(reply.body)
        cache_control.add(reply.headers.get("cache-control", ""))
    phone = Phone(server, code, edit)
    older = phone.etag(phone.current_version() - 1)
    poll = server.request(
        "GET", f"/matches/{code}/live/", {"HX-Request": "true", "If-None-Match": older}
    )
    return {
        "page": len(page.body),
        "page_raw": len(page.text().encode()),
        "first_load": total,
        "assets": len(set(assets)),
        "changed_poll": len(poll.body),
        "changed_poll_raw": len(poll.text().encode()),
        "static_cache": sorted(cache_control),
    }


def start_server(env: dict[str, str]) -> tuple[subprocess.Popen, Server]:
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "scoring.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(WORKERS),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    server = Server(port)
    for _ in range(100):
        try:
            if server.request("GET", "/bench/bare/").status == 200:
                return process, server
        except OSError:
            time.sleep(0.1)
    process.terminate()
    raise RuntimeError("gunicorn did not come up")


def prepare_postgres() -> bool:
    name = PG_URL.rsplit("/", 1)[1]
    admin = PG_URL.rsplit("/", 1)[0] + "/postgres"
    for sql in (f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"):
        done = subprocess.run(["psql", admin, "-qc", sql], capture_output=True, text=True)
        if done.returncode != 0:
            print(f"  (PostgreSQL skipped: {done.stderr.strip()})")
            return False
    return True


def run_config(label: str, env: dict[str, str]) -> dict[str, object] | None:
    print(f"\n{label}: seeding {', '.join(map(str, SIZES))} hands …", flush=True)
    manage(env, "manage.py", "migrate", "-v0")
    codes = json.loads(manage(env, "-m", "benchmarks.seed", *map(str, SIZES)))
    queries = json.loads(manage(env, "-m", "benchmarks.queries", json.dumps(codes)))
    process, server = start_server(env)
    try:
        results = {}
        for size in SIZES:
            print(f"  measuring {size} hands …", flush=True)
            results[size] = figures_for(server, *codes[str(size)])
        wire = wire_bytes(server, *codes["40"])
    finally:
        process.terminate()
        process.wait(timeout=10)
    return {"label": label, "results": results, "queries": queries, "wire": wire}


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def report(run: dict[str, object]) -> list[bool]:
    results: dict[int, dict[str, Figure]] = run["results"]  # type: ignore[assignment]
    queries: dict[str, dict[str, int]] = run["queries"]  # type: ignore[assignment]
    wire: dict[str, object] = run["wire"]  # type: ignore[assignment]
    names = list(results[SIZES[0]])
    print(f"\n{run['label']} — × bare view (C=1 latency | saturated throughput), queries")
    head = "".join(f"{f'{n} hands':>28}" for n in SIZES)
    print(f"  {'':<16}{head}   target")
    checks: list[bool] = []
    for name in names:
        cells = ""
        for size in SIZES:
            fig = results[size][name]
            q = queries.get(str(size), {}).get(name)
            qs = f"{q:>3}q" if q is not None else "    "
            cells += f"{fig.c1:6.1f}× {fig.sat:5.1f}× {qs} {fig.ms:5.1f}ms"
        target, ok = target_of(name, results, queries)
        if ok is not None:
            checks.append(ok)
            target += f"  {verdict(ok)}"
        print(f"  {name:<16}{cells}   {target}")
    first, poll = wire["first_load"], wire["changed_poll"]
    checks += [first < FIRST_LOAD_MAX, poll < CHANGED_POLL_BYTES_MAX]
    print(
        f"  bytes, 40 hands: first load {first:,} B over the wire "
        f"(page {wire['page']:,} B gzipped of {wire['page_raw']:,} B, {wire['assets']} assets) "
        f"< 40 KB {verdict(first < FIRST_LOAD_MAX)}; changed poll {poll:,} B "
        f"(of {wire['changed_poll_raw']:,} B) < 3 KB {verdict(poll < CHANGED_POLL_BYTES_MAX)}"
    )
    print(f"  static Cache-Control: {' / '.join(wire['static_cache'])}")
    return checks


def target_of(
    name: str, results: dict[int, dict[str, Figure]], queries: dict[str, dict[str, int]]
) -> tuple[str, bool | None]:
    small, large = SIZES[0], SIZES[-1]
    worst = max(results[size][name].c1 for size in SIZES)
    flat = results[large][name].c1 / results[small][name].c1
    most_queries = max(queries.get(str(size), {}).get(name, 0) for size in SIZES)
    if name == "unchanged poll":
        ok = worst <= POLL_304_MAX and most_queries <= 1
        return f"≤ {POLL_304_MAX:g}×, ≤ 1 query (worst {worst:.1f}×, {most_queries}q)", ok
    if name in ("match page", "changed poll", "add-hand POST"):
        ok = worst <= PAGE_MAX and flat <= FLAT_MAX
        text = f"≤ {PAGE_MAX:g}×, {large}/{small} ≤ {FLAT_MAX:g} (worst {worst:.1f}×, {flat:.2f})"
        if name == "add-hand POST":
            ok = ok and most_queries <= POST_QUERIES_MAX
            text += f", ≤ {POST_QUERIES_MAX}q"
        return text, ok
    if name == "home":
        ok = worst <= HOME_MAX and most_queries <= HOME_QUERIES_MAX
        return f"≤ {HOME_MAX:g}×, ≤ {HOME_QUERIES_MAX}q (worst {worst:.1f}×)", ok
    return "", None


# The databases as deployed under uvicorn (docs/deploy.md): no persistent connections,
# and on PostgreSQL psycopg's pool.
ASGI = {"DB_POOL": "true", "CONN_MAX_AGE": "0"}


def bench_env(tmp: str) -> dict[str, str]:
    """The environment every served figure runs under: the bench's settings (the bare view
    beside the app), DEBUG off, hashed static files collected under ``tmp``."""
    return os.environ | {
        "DJANGO_SETTINGS_MODULE": "benchmarks.settings",
        "DEBUG": "false",
        "SECRET_KEY": "bench",
        "ALLOWED_HOSTS": "127.0.0.1,testserver",
        "STATIC_ROOT": f"{tmp}/static",
        # gunicorn's sync workers (WSGI), where a thread serves request after request:
        # persistent connections are reused. Under uvicorn use ``ASGI`` on top.
        "DB_POOL": "false",
        "CONN_MAX_AGE": "60",
        "REDIS_URL": "",
        # DEBUG off needs a mailer; none is sent to during the bench.
        "EMAIL_HOST": "127.0.0.1",
        # Plain HTTP on 127.0.0.1: no redirect to HTTPS, cookies sent without TLS.
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
    }


def served() -> list[bool]:
    checks: list[bool] = []
    with tempfile.TemporaryDirectory() as tmp:
        base = bench_env(tmp)
        manage(base, "manage.py", "collectstatic", "--noinput", "-v0")
        configs = [("SQLite, per-process cache", base | {"DATABASE_URL": f"sqlite:///{tmp}/b.db"})]
        if prepare_postgres():
            redis = subprocess.run(
                ["redis-cli", "-u", REDIS_URL, "flushdb"], capture_output=True, text=True
            )
            pg = base | {"DATABASE_URL": PG_URL}
            if redis.returncode == 0:
                configs.append(("PostgreSQL + Redis", pg | {"REDIS_URL": REDIS_URL}))
            else:
                configs.append(("PostgreSQL, per-process cache", pg))
        runs = [run_config(label, env) for label, env in configs]
        load = os.getloadavg()
        print(
            f"\nserved: gunicorn {WORKERS} sync workers, DEBUG off, gzip; C=1 = median of 40, "
            f"saturated = {SATURATED} at once; load average {load[0]:.1f} "
            f"on {os.cpu_count()} cores"
        )
        for run in runs:
            if run is not None:
                checks += report(run)
    return checks
