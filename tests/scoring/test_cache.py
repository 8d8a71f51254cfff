"""The shared cache (``REDIS_URL``): Django's Redis backend keeping its clients."""

from __future__ import annotations

import pytest
import redis

from scoring.cache import SharedRedisCache

REDIS = "redis://127.0.0.1:6379/14"


@pytest.fixture
def shared():
    try:
        redis.Redis.from_url(REDIS).ping()
    except redis.ConnectionError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    cache = SharedRedisCache(REDIS, {"KEY_PREFIX": "tento-test"})
    yield cache
    cache.clear()


def test_it_is_a_cache_like_django_s(shared):
    shared.set("hand", {"html": "<li>"}, 60)
    shared.set_many({"a": 1, "b": 2})
    assert shared.get("hand") == {"html": "<li>"}
    assert shared.get_many(["a", "b", "missing"]) == {"a": 1, "b": 2}
    assert shared.add("a", 3) is False
    shared.delete("a")
    assert shared.get("a") is None


def test_every_call_goes_through_one_client(shared):
    client = shared._cache.get_client()
    shared.set("x", 1)
    assert shared._cache.get_client(write=True) is client
    assert shared._cache.get_client("x") is client


def test_a_version_is_only_ever_raised_and_read_back_as_a_number(shared):
    assert shared.raise_to("version", 6, 60) is True
    assert shared.raise_to("version", 5, 60) is False  # published late: the newer stays
    assert shared.raise_to("version", 6, 60) is False
    assert shared.get("version") == 6
    assert shared.raise_to("version", 7, 60) is True
    assert shared.get("version") == 7
    client = shared._cache.get_client()
    assert 0 < client.ttl(shared.make_and_validate_key("version")) <= 60


def test_versions_stored_in_any_order_at_once_leave_the_greatest(shared):
    """Many processes publishing at the same moment, out of order: the greatest stays. (A
    read then a write, as before, let a late older version overwrite a newer one: here
    in about one shuffle in four.)"""
    import random
    from concurrent.futures import ThreadPoolExecutor

    left = []
    with ThreadPoolExecutor(16) as pool:
        for shuffle in range(20):
            shared.delete("race")
            versions = list(range(1, 301))
            random.Random(shuffle).shuffle(versions)
            list(pool.map(lambda v: shared.raise_to("race", v, 60), versions))
            left.append(shared.get("race"))
    assert left == [300] * 20


def test_the_ledger_reads_a_version_the_shared_cache_holds(shared, settings):
    """``cached_version`` reads the pk and the version a change published through Redis."""
    from scoring.ledger import standing as models

    settings.CACHES = {
        "default": {
            "BACKEND": "scoring.cache.SharedRedisCache",
            "LOCATION": REDIS,
            "KEY_PREFIX": "tento-test",
        }
    }
    settings.LEDGER_VERSION_CACHE = True
    assert models.cached_version("abc") is None
    models.remember_version("abc", 41, 3)  # a poll read it from the database
    models._raise_version("abc", 5)  # a change published its version
    models.remember_version("abc", 41, 4)  # a database read that lost the race
    assert models.cached_version("abc") == (41, 5)
    assert models.cached_version("unknown") is None


@pytest.fixture
def frozen():
    """A Redis that accepts connections and never answers (frozen, or SIGSTOPped)."""
    import socket

    silent = socket.create_server(("127.0.0.1", 0))
    yield f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
    silent.close()


def test_a_frozen_redis_is_a_miss_and_is_not_asked_again_for_a_while(frozen):
    import time

    cache = SharedRedisCache(frozen, {"OPTIONS": {"socket_timeout": 1}})
    started = time.monotonic()
    assert cache.get("hand", "missing") == "missing"  # one timeout, then a miss
    waited = time.monotonic() - started
    assert 0.5 < waited < 2
    # The rest of the request (and the next ones for a while) do not wait again.
    started = time.monotonic()
    assert cache.get_many(["a", "b"]) == {}
    assert cache.add("a", 1) is False
    assert "a" not in cache
    cache.set("a", 1)
    cache.set_many({"a": 1})
    cache.delete("a")
    cache.delete_many(["a"])
    assert cache.raise_to("version", 5, 60) is False
    assert cache.get_or_set("chart", lambda: "drawn") == "drawn"
    assert time.monotonic() - started < 0.2


@pytest.mark.django_db
def test_a_match_page_and_its_poll_are_served_with_redis_frozen(frozen, settings, client):
    from tests.conftest import make_match, record

    match = make_match("free", (("alice",), ("bob",)))
    record(match, {"points": [3, 4]})
    timeouts = {"socket_timeout": 1, "socket_connect_timeout": 1}
    shared = {"BACKEND": "scoring.cache.SharedRedisCache", "LOCATION": frozen}
    settings.CACHES = settings.CACHES | {"default": shared | {"OPTIONS": timeouts}}
    settings.LEDGER_VERSION_CACHE = True
    watch = client.get(f"/watch/{match.share_token}/", follow=True)
    assert watch.status_code == 200
    assert client.get(f"/matches/{match.code}/live/").status_code == 200


def test_every_thread_leaves_a_frozen_redis_alone_after_one_failed(frozen):
    """Django makes a cache object per thread (a threaded server: per request)."""
    import threading
    import time

    SharedRedisCache(frozen, {"OPTIONS": {"socket_timeout": 1}}).get("hand")
    waited = []

    def request() -> None:
        started = time.monotonic()
        SharedRedisCache(frozen, {"OPTIONS": {"socket_timeout": 1}}).get("hand")
        waited.append(time.monotonic() - started)

    thread = threading.Thread(target=request)
    thread.start()
    thread.join()
    assert waited and waited[0] < 0.2


def test_redis_is_asked_again_once_the_quiet_while_is_over(frozen, monkeypatch):
    import time

    from scoring import cache as shared_cache

    monkeypatch.setattr(shared_cache, "QUIET_SECONDS", 0.5)
    cache = SharedRedisCache(frozen, {"OPTIONS": {"socket_timeout": 1}})
    cache.get("hand")
    failed = time.monotonic()
    while time.monotonic() < failed + 0.4:  # a busy server keeps calling meanwhile
        cache.get("hand")
        time.sleep(0.05)
    time.sleep(failed + 0.6 - time.monotonic())
    started = time.monotonic()
    cache.get("hand")
    assert time.monotonic() - started > 0.5  # asked, so waited again
