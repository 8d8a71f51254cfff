"""The board on the club's TV for a night of 50 tables (the night of
``benchmarks.event_page``, with one table disputed): its page and its poll, priced
against a bare view served by the same gunicorn in the same run (only the ratio means
anything), and their queries, which must be as many at 50 tables as at 3.

``python -m benchmarks.board_page`` runs it on a fresh SQLite file (``make bench`` runs
it so, in a process of its own).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.event_page import MEMBER, PAIRS, seed  # noqa: E402

# How far within a bare view the board and its poll must answer (as the event page).
BUDGET = 10.0


def disputed(event) -> None:
    """A table of the event's current round with a hand its other side disputes."""
    from scoring.acceptance import table
    from scoring.events.standing import board_of

    match = board_of(event).current_tables()[0].match
    if not match.live_hands().exists():
        match.record_hand({"points": [10, 5]}, request_id=uuid.uuid4())
    actor = table.Actor(None, "scorer-link", change=True)
    other = match.sides.get(position=1)
    number = match.live_hands().order_by("-number").values_list("number", flat=True)[0]
    table.dispute(match, number, actor, table.Complaint(text="bench"), as_side=other)


def small_night() -> str:
    """Six pairs at three tables, one disputed: the board's queries must not grow from
    here to the night of 50 tables."""
    from scoring.clubs.models import Club
    from scoring.events.models import Entrant, Event

    event = Event.objects.create(
        club=Club.objects.get(), name="Small night", game="free", rounds=3, scale="burraco-3"
    )
    Entrant.objects.bulk_create(
        Entrant(event=event, name=f"Few {n}", players=[f"F{n}a", f"F{n}b"]) for n in range(6)
    )
    event.draw_round(1, seed=1)
    disputed(event)
    return event.get_absolute_url()


def queries(urls: dict[str, str]) -> dict[str, int]:
    """Each address's queries, in-process, the second time it is asked (its sessions and
    the like read once)."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings

    counted = {}
    with override_settings(ALLOWED_HOSTS=["testserver"]):
        client = Client()
        client.force_login(get_user_model().objects.get(username=MEMBER))
        for name, url in urls.items():
            client.get(url, secure=True)
            with CaptureQueriesContext(connection) as captured:
                if client.get(url, secure=True).status_code != 200:
                    raise RuntimeError(f"{url} did not answer 200")
            counted[name] = len(captured)
    return counted


def served_figures(env: dict[str, str], urls: dict[str, str], repeat: int = 40):
    """Each address at C=1 in alternation with the bare view (median of each pair's
    ratio, median seconds), and saturated, the bare view's throughput over its."""
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
        found = {}
        for name, url in urls.items():
            call = lambda url=url: server.request("GET", url)  # noqa: E731
            shown = call().text()
            if "data-table=" not in shown or "data-disputed" not in shown:
                raise RuntimeError(f"{url} did not show the tables and the disputed one")
            ratio, seconds = at_c1(bare, call, 200, n=repeat)
            found[name] = (ratio, seconds, saturated(bare, 200) / saturated(call, 200))
        return found
    finally:
        process.terminate()
        process.wait(timeout=10)


def main() -> None:
    from benchmarks.served import bench_env, manage

    with tempfile.TemporaryDirectory() as tmp:
        env = bench_env(tmp) | {"DATABASE_URL": f"sqlite:///{tmp}/board.sqlite3"}
        manage(env, "manage.py", "collectstatic", "--noinput", "-v0")
        manage(env, "manage.py", "migrate", "-v0")
        os.environ.update(env)
        import django

        django.setup()
        from scoring.events.models import Event

        started = time.perf_counter()
        url = seed()
        disputed(Event.objects.get(name="Bench night"))
        small = small_night()
        print(
            f"board (a night of {PAIRS} pairs at 50 tables, one disputed, seeded in "
            f"{time.perf_counter() - started:.1f} s)"
        )
        big = {"board page": f"{url}board/", "board poll": f"{url}board/live/"}
        few = {"board page": f"{small}board/", "board poll": f"{small}board/live/"}
        at_50, at_3 = queries(big), queries(few)
        checks = []
        for name in big:
            constant = at_50[name] == at_3[name]
            checks.append(constant)
            print(
                f"  {name + ' queries, 50 tables v 3':38} {at_50[name]:5} v {at_3[name]:<5}"
                f"{'PASS' if constant else 'FAIL'}"
            )
        for name, (ratio, seconds, sat) in served_figures(env, big).items():
            within = ratio <= BUDGET
            checks.append(within)
            print(
                f"  {name + ', 50 tables':38} {seconds * 1e3:8.2f} ms  {ratio:6.2f} × bare"
                f"  {sat:5.2f} × saturated  (budget {BUDGET:g} ×) {'PASS' if within else 'FAIL'}"
            )
        sys.exit(0 if all(checks) else 3)


if __name__ == "__main__":
    main()
