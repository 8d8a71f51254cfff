"""Under the ASGI server, PostgreSQL connections come from one pool per process: a burst
of requests, each run by Django in a thread of its own, leaves at most the pool's size
open, not one connection per request thread (issue 29's "too many clients")."""

from __future__ import annotations

import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import make_match, scorer_session
from tests.servers import subprocess_server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

REQUESTS = 24
POOL_SIZE = 4
# libpq names the server's connections by this, so they can be told from the test's own.
APP_NAME = "tento-connections-test"


def database_url() -> str:
    database = connection.settings_dict
    return (
        f"postgres://{database['USER']}:{database['PASSWORD'] or ''}@{database['HOST']}:"
        f"{database['PORT'] or 5432}/{database['NAME']}"
    )


def server_connections() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [APP_NAME]
        )
        return cursor.fetchone()[0]


def burst(base: str, path: str, session: str) -> list[int]:
    """``REQUESTS`` page loads at once, as a table's phones arriving together."""

    def load(_: int) -> int:
        request = urllib.request.Request(
            base + path, headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={session}"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            response.read()
            return response.status

    with ThreadPoolExecutor(REQUESTS) as pool:
        return list(pool.map(load, range(REQUESTS)))


@pytest.fixture
def on_postgres():
    if connection.vendor != "postgresql":
        pytest.skip("needs DATABASE_URL to point at PostgreSQL")


def held_after_bursts(environment: dict[str, str]) -> int:
    """Connections the server still holds after three bursts of match pages."""
    match = make_match()
    session = scorer_session(match)
    env = {"DATABASE_URL": database_url(), "PGAPPNAME": APP_NAME, "REDIS_URL": ""}
    with subprocess_server(env | environment) as base:
        for _ in range(3):
            assert burst(base, f"/matches/{match.code}/", session) == [200] * REQUESTS
        time.sleep(0.5)
        return server_connections()


def test_a_burst_of_requests_leaves_at_most_the_pools_connections(on_postgres):
    held = held_after_bursts({"DB_POOL_MAX_SIZE": str(POOL_SIZE), "DB_POOL_MIN_SIZE": "1"})
    assert 1 <= held <= POOL_SIZE, held


def test_without_the_pool_kept_connections_pile_up_one_per_request_thread(on_postgres):
    # Why the pool: persistent connections (right under WSGI) are never reused under
    # ASGI, only left open by each finished request thread (60 of 72 when measured).
    held = held_after_bursts({"DB_POOL": "false", "CONN_MAX_AGE": "60"})
    assert held > 2 * POOL_SIZE, held
