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
    from scoring.ledger import models

    settings.CACHES = {
        "default": {"BACKEND": "scoring.cache.SharedRedisCache", "LOCATION": REDIS,
                    "KEY_PREFIX": "tento-test"}
    }  # fmt: skip
    settings.LEDGER_VERSION_CACHE = True
    assert models.cached_version("abc") is None
    models.remember_version("abc", 41, 3)  # a poll read it from the database
    models._raise_version("abc", 5)  # a change published its version
    models.remember_version("abc", 41, 4)  # a database read that lost the race
    assert models.cached_version("abc") == (41, 5)
    assert models.cached_version("unknown") is None
