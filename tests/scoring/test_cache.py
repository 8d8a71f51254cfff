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
