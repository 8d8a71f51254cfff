"""Django's built-in Redis cache, keeping its redis-py clients.

Django's ``RedisCacheClient.get_client`` wraps its connection pool in a new ``redis.Redis``
for every cache call, and a new client sets up its response callbacks each time (≈ 80 µs
here, two thirds of a GET on the same machine); a match page makes several calls. A
``redis.Redis`` is safe to share, so one is kept per connection pool. Everything else —
pools, serializer, options, the cache API — is Django's. One call is added, ``raise_to``:
a whole number that only ever goes up (a match's version), set in one step on the server.

A Redis that fails (down, or frozen: a call waits ``socket_timeout``) is a cache that holds
nothing: a read is a miss, a write is dropped, and for ``QUIET_SECONDS`` after a failure
Redis is not asked at all, so a request waits for one timeout at most and the next ones
for none; every value the app keeps there is read from the database again. An entry
whose deletion was dropped lives out its own timeout.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import redis
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

logger = logging.getLogger(__name__)

# How long a process leaves Redis alone after a call failed.
QUIET_SECONDS = 10
# Until when each Redis (its servers) is left alone: by process, not by thread (Django
# makes a cache object per thread, a threaded server a thread per request).
_quiet_until: dict[tuple[str, ...], float] = {}


class KeptClients(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[Any, Any] = {}

    @property
    def quiet_until(self) -> float:
        return _quiet_until.get(tuple(self._servers), 0.0)

    @quiet_until.setter
    def quiet_until(self, when: float) -> None:
        _quiet_until[tuple(self._servers)] = when

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        if time.monotonic() < self.quiet_until:
            raise redis.ConnectionError("Redis failed a moment ago: not asked again yet")
        pool = self._get_connection_pool(write)
        client = self._clients.get(pool)
        if client is None:
            client = self._clients[pool] = self._client(connection_pool=pool)
        return client


# Set KEYS[1] to ARGV[1] (for ARGV[2] seconds) unless it already holds as much or more.
RAISE_TO = """
local held = tonumber(redis.call('GET', KEYS[1]))
if held and held >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1
"""


def _or(answer: Any):
    """The cache call, or ``answer(*args, **kwargs)`` if Redis fails."""

    def wrap(method: Any) -> Any:
        def call(self: SharedRedisCache, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except redis.RedisError as error:
                self.failed(error)
                return answer(*args, **kwargs)

        return call

    return wrap


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


def _false(*args: Any, **kwargs: Any) -> bool:
    return False


def _default(key: Any, default: Any = None, version: Any = None) -> Any:
    return default


class SharedRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with ``KeptClients``, holding
    nothing while Redis fails (the module's docstring)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClients

    def failed(self, error: Exception) -> None:
        if time.monotonic() < self._cache.quiet_until:
            return  # left alone already: the call never reached Redis
        logger.warning("Redis failed (%s): left alone for %s s", error, QUIET_SECONDS)
        self._cache.quiet_until = time.monotonic() + QUIET_SECONDS

    get = _or(_default)(RedisCache.get)
    get_many = _or(lambda keys, version=None: {})(RedisCache.get_many)
    has_key = _or(_false)(RedisCache.has_key)
    add = _or(_false)(RedisCache.add)
    touch = _or(_false)(RedisCache.touch)
    set = _or(_nothing)(RedisCache.set)
    set_many = _or(lambda data, *args, **kwargs: list(data))(RedisCache.set_many)
    delete = _or(_false)(RedisCache.delete)
    delete_many = _or(_nothing)(RedisCache.delete_many)

    @_or(_false)
    def raise_to(self, key: str, value: int, timeout: int) -> bool:
        """Store the whole number ``value`` under ``key`` unless as much or more is there
        already, as one step on the server: two processes storing out of order leave the
        greater. ``get`` reads it back (Django's serializer keeps whole numbers as they
        are). True if it was stored."""
        client = self._cache.get_client(key, write=True)
        stored = client.eval(RAISE_TO, 1, self.make_and_validate_key(key), value, timeout)
        return bool(stored)
