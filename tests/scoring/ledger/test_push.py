"""A match's live stream (Server-Sent Events) served by uvicorn: a phone hears each new
version as it commits, in one process and across two through Redis, is brought up to
date when it reconnects, and holds no database connection while it waits."""

from __future__ import annotations

import http.client
import os
import threading
import time
from urllib.parse import urlsplit

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper

from scoring.ledger import push
from tests.conftest import make_match, record, scorer_session
from tests.servers import InProcess, subprocess_server

pytestmark = pytest.mark.django_db(transaction=True)

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/5")
STREAMS = 12


class Stream:
    """A phone's EventSource, read event by event."""

    def __init__(self, base: str, code: str, session: str, *, last: int | None = None):
        address = urlsplit(base)
        self.connection = http.client.HTTPConnection(address.hostname, address.port, timeout=5)
        headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={session}"}
        if last is not None:
            headers["Last-Event-ID"] = str(last)
        self.connection.request("GET", f"/matches/{code}/stream/", headers=headers)
        self.response = self.connection.getresponse()

    def next(self) -> dict[str, str]:
        """The next event (a message with data), as its fields."""
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline().decode()
            if line == "":
                raise EOFError("the stream ended")
            line = line.rstrip("\n")
            if line == "":
                if "data" in fields:
                    return fields
                fields = {}  # a block without data (the retry time) is no message
                continue
            name, _sep, value = line.partition(": ")
            fields[name] = value

    def close(self) -> None:
        self.connection.close()


def points(*values: int) -> dict:
    return {"points": list(values)}


@pytest.fixture
def server():
    with InProcess() as running:
        yield running


def test_a_phone_hears_each_hand_as_it_commits_in_one_process(server):
    match = make_match()
    session = scorer_session(match)
    stream = Stream(server.url, match.code, session)
    assert stream.response.status == 200
    assert stream.response.getheader("Content-Type") == "text/event-stream"
    assert stream.response.getheader("X-Accel-Buffering") == "no"
    assert stream.next() == {"id": "0", "event": "version", "data": "0"}
    record(match, points(10, 0, 0))
    assert stream.next() == {"id": "1", "event": "version", "data": "1"}
    record(match, points(0, 5, 0))
    assert stream.next()["id"] == "2"
    stream.close()


def test_a_phone_that_reconnects_is_told_what_it_missed(server):
    match = make_match()
    record(match, points(10, 0, 0))
    record(match, points(0, 5, 0))
    match.refresh_from_db()
    session = scorer_session(match)
    behind = Stream(server.url, match.code, session, last=match.version - 2)
    assert behind.next() == {
        "id": str(match.version),
        "event": "version",
        "data": str(match.version),
    }
    behind.close()
    # Up to date: told only that the stream lives (no id: Last-Event-ID stays as it was).
    current = Stream(server.url, match.code, session, last=match.version)
    assert current.next() == {"event": "alive", "data": ""}
    seen = match.version
    record(match, points(1, 1, 1))
    assert current.next()["id"] == str(seen + 1)
    current.close()


def test_a_phone_that_may_not_see_the_match_gets_no_stream(server):
    match = make_match()
    stream = Stream(server.url, match.code, "no-such-session")
    assert stream.response.status == 404
    assert len(push.HUB) == 0
    stream.close()


def test_a_finished_match_that_the_phone_has_seen_ends_its_stream(server):
    match = make_match()
    record(match, points(10, 0, 0))
    match.finish()
    match.refresh_from_db()
    stream = Stream(server.url, match.code, scorer_session(match), last=match.version)
    assert stream.response.status == 204
    stream.close()


def test_a_waiting_stream_holds_no_database_connection(server, monkeypatch):
    opened: list[tuple[int, BaseDatabaseWrapper]] = []
    connect = BaseDatabaseWrapper.connect

    def counted(self: BaseDatabaseWrapper) -> None:
        connect(self)
        opened.append((threading.get_ident(), self))

    monkeypatch.setattr(BaseDatabaseWrapper, "connect", counted)
    match = make_match()
    session = scorer_session(match)
    connection.close()  # the test's own connection is not counted from here on
    streams = [Stream(server.url, match.code, session) for _ in range(3)]
    for stream in streams:
        assert stream.next()["id"] == "0"
    theirs = [wrapper for ident, wrapper in opened if ident != threading.get_ident()]
    assert theirs, "the streams read the match through the database"
    assert [wrapper for wrapper in theirs if wrapper.connection is not None] == []
    record(match, points(1, 2, 3))
    for stream in streams:
        assert stream.next()["id"] == "1"
        stream.close()


def test_a_waiting_stream_holds_no_thread(server):
    """Django runs a request's sync middleware in a thread of the request's own; a stream
    lets it go once its sync work is done, so a thousand waiting phones are not a
    thousand idle threads."""
    match = make_match()
    session = scorer_session(match)
    warm = Stream(server.url, match.code, session)  # the server's own threads started
    warm.next()
    before = threading.active_count()
    streams = [Stream(server.url, match.code, session) for _ in range(STREAMS)]
    for stream in streams:
        assert stream.next()["id"] == "0"
    deadline = time.monotonic() + 5
    while threading.active_count() - before >= STREAMS // 2 and time.monotonic() < deadline:
        time.sleep(0.05)  # a thread let go ends as soon as it is scheduled
    assert threading.active_count() - before < STREAMS // 2
    record(match, points(1, 2, 3))
    for stream in [warm, *streams]:
        assert stream.next()["id"] == "1"  # still streaming, with no thread each
        stream.close()


def test_an_unchanged_poll_through_uvicorn_is_a_bare_304(server):
    match = make_match()
    cookie = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={scorer_session(match)}"}
    address = urlsplit(server.url)
    poll = http.client.HTTPConnection(address.hostname, address.port, timeout=5)
    poll.request("GET", f"/matches/{match.code}/live/", headers=cookie)
    first = poll.getresponse()
    first.read()
    assert first.status == 200
    revalidate = {"If-None-Match": first.getheader("ETag"), "Accept-Encoding": "gzip, br"}
    poll.request("GET", f"/matches/{match.code}/live/", headers=cookie | revalidate)
    unchanged = poll.getresponse()
    assert unchanged.read() == b""
    assert unchanged.status == 304
    names = {name.lower() for name, _value in unchanged.getheaders()}
    assert names == {"etag", "cache-control", "vary", "date"}
    poll.close()


@pytest.fixture
def shared_redis():
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.RedisError:
        pytest.skip(f"no Redis at {REDIS_URL}")
    return REDIS_URL


def test_across_processes_the_news_travels_through_redis(shared_redis, settings):
    """This process records the hand; another uvicorn process, sharing only the database
    and Redis, has the stream. Nothing but the pub/sub message can tell it."""
    settings.REDIS_URL = shared_redis
    match = make_match()
    session = scorer_session(match)
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        database_url = f"sqlite:///{database['NAME']}"
    else:
        database_url = (
            f"postgres://{database['USER']}:{database['PASSWORD'] or ''}@{database['HOST']}:"
            f"{database['PORT'] or 5432}/{database['NAME']}"
        )
    environment = {"DATABASE_URL": database_url, "REDIS_URL": shared_redis}
    with subprocess_server(environment) as other:
        stream = Stream(other, match.code, session)
        assert stream.next()["id"] == "0"
        record(match, points(3, 2, 1))
        assert stream.next() == {"id": "1", "event": "version", "data": "1"}
        stream.close()
