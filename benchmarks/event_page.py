"""A club's night of 50 tables: the event page (every table's live state and the
standing across them) priced against a bare view served by the same gunicorn in the
same run (the machine is noisy; only the ratio means anything).

``python -m benchmarks.event_page`` runs it on a fresh SQLite file (``make bench`` runs it so,
in a process of its own): 100 pairs, round 1 played and finished at 50 tables, round 2
drawn with half its tables under way; the page as a club member sees it.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAIRS = 100
# How far within a bare view the event page must answer (issue 30).
BUDGET = 10.0
MEMBER = "bench-member"


def seed() -> str:
    """The night, made through the models as a director's desk makes it; returns the
    event's address."""
    from django.contrib.auth import get_user_model

    from scoring.clubs.models import Club, Membership, Role
    from scoring.events.models import Entrant, Event
    from scoring.events.standing import board_of

    club = Club.objects.create(name="Bench club")
    member = get_user_model().objects.create_user(MEMBER, password=None)
    Membership.objects.create(club=club, user=member, role=Role.MEMBER)
    event = Event.objects.create(
        club=club,
        name="Bench night",
        game="free",
        format="swiss",
        rounds=3,
        scale="burraco-3",
    )
    Entrant.objects.bulk_create(
        Entrant(event=event, name=f"Pair {n:03}", players=[f"P{n:03}a", f"P{n:03}b"])
        for n in range(PAIRS)
    )

    def hand(table, n: int) -> None:
        points = [300 + 37 * n % 500, 250 + 53 * n % 400]
        table.match.record_hand({"points": points}, request_id=uuid.uuid4())

    event.draw_round(1, seed=1)
    for n, table in enumerate(board_of(event).current_tables()):
        hand(table, n)
        accept_hands(table.match)  # acceptance is on at an event's tables
        table.match.finish()
    event.draw_round(2, seed=2)
    for n, table in enumerate(board_of(event).current_tables()[::2]):
        hand(table, n)
    return event.get_absolute_url()


def accept_hands(match) -> None:
    """The other side accepts every hand waiting at the table, as its phone would."""
    from scoring.acceptance import table
    from scoring.acceptance.models import HandCheck

    actor = table.Actor(None, "scorer-link", change=True)
    other = match.sides.get(position=1)
    for number in HandCheck.objects.filter(hand__match=match, status="pending").values_list(
        "hand__number", flat=True
    ):
        table.accept(match, number, actor, as_side=other)


def afresh(url: str, repeat: int = 10) -> float:
    """The page's cost right after a hand at one table (its round and the standing are
    drawn again, the finished round is kept): in-process, the median of ``repeat``."""
    import statistics

    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.test.utils import override_settings

    from scoring.events.models import Event
    from scoring.events.standing import board_of

    table = board_of(Event.objects.get()).current_tables()[1]
    with override_settings(ALLOWED_HOSTS=["testserver"]):
        client = Client()
        client.force_login(get_user_model().objects.get(username=MEMBER))
        client.get(url, secure=True)
        times = []
        for _ in range(repeat):
            table.match.record_hand({"points": [10, 5]}, request_id=uuid.uuid4())
            started = time.perf_counter()
            client.get(url, secure=True)
            times.append(time.perf_counter() - started)
    return statistics.median(times)


def served_afresh(bare: Any, page: Any, repeat: int = 20) -> tuple[float, float]:
    """The served page right after a hand at one table (recorded here, untimed, in the
    database the server reads), against the bare view: the median of each pair's ratio
    and the page's median seconds."""
    import statistics

    from benchmarks.served import timed
    from scoring.events.models import Event
    from scoring.events.standing import board_of

    table = board_of(Event.objects.get()).current_tables()[3]
    pairs = []
    for _ in range(repeat):
        table.match.record_hand({"points": [10, 5]}, request_id=uuid.uuid4())
        pairs.append((timed(bare, 200), timed(page, 200)))
    return statistics.median(p / b for b, p in pairs), statistics.median(p for _, p in pairs)


def served_figure(
    env: dict[str, str], url: str, repeat: int = 40
) -> tuple[float, float, float, tuple[float, float]]:
    """The event page at C=1 in alternation with the bare view (median of each pair's
    ratio, median seconds), saturated, the bare view's throughput over the page's, and
    drawn afresh after a hand (ratio, seconds)."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from benchmarks.served import at_c1, saturated, start_server

    client = Client()
    client.force_login(get_user_model().objects.get(username=MEMBER))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    process, server = start_server(env)
    server.cookies[settings.SESSION_COOKIE_NAME] = cookie
    try:
        bare = lambda: server.request("GET", "/bench/bare/")  # noqa: E731
        page = lambda: server.request("GET", url)  # noqa: E731
        if page().text().count("data-table=") != 100:
            raise RuntimeError(f"{url} did not show the night's 100 tables")
        ratio, seconds = at_c1(bare, page, 200, n=repeat)
        sat = saturated(bare, 200) / saturated(page, 200)
        return ratio, seconds, sat, served_afresh(bare, page)
    finally:
        process.terminate()
        process.wait(timeout=10)


def verdict(ratio: float) -> str:
    return "PASS" if ratio <= BUDGET else "FAIL"


def main() -> None:
    from benchmarks.served import bench_env, manage

    with tempfile.TemporaryDirectory() as tmp:
        env = bench_env(tmp) | {"DATABASE_URL": f"sqlite:///{tmp}/events.sqlite3"}
        manage(env, "manage.py", "collectstatic", "--noinput", "-v0")
        manage(env, "manage.py", "migrate", "-v0")
        os.environ.update(env)
        import django

        django.setup()
        started = time.perf_counter()
        url = seed()
        print(
            f"events (a night of {PAIRS} pairs at 50 tables, seeded in "
            f"{time.perf_counter() - started:.1f} s)"
        )
        print(f"  right after a hand at a table          {afresh(url) * 1e3:8.2f} ms, in-process")
        ratio, seconds, sat, (fresh_ratio, fresh_seconds) = served_figure(env, url)
        within = ratio <= BUDGET and fresh_ratio <= BUDGET
        print(
            f"  event page, 2 rounds of 50 tables     {seconds * 1e3:8.2f} ms  {ratio:6.2f} × bare"
            f"  {sat:5.2f} × saturated  (budget {BUDGET:g} ×) {verdict(ratio)}"
        )
        print(
            f"  the same, drawn afresh after a hand   {fresh_seconds * 1e3:8.2f} ms"
            f"  {fresh_ratio:6.2f} × bare"
            f"                     (budget {BUDGET:g} ×) {verdict(fresh_ratio)}"
        )
        sys.exit(0 if within else 3)


if __name__ == "__main__":
    main()
