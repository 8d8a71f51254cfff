"""Django's built-in Redis cache, keeping its redis-py clients.

Django's ``RedisCacheClient.get_client`` wraps its connection pool in a new ``redis.Redis``
for every cache call, and a new client sets up its response callbacks each time (≈ 80 µs
here, two thirds of a GET on the same machine); a match page makes several calls. A
``redis.Redis`` is safe to share, so one is kept per connection pool. Everything else —
pools, serializer, options, the cache API — is Django's. One call is added, ``raise_to``:
a whole number that only ever goes up (a match's version), set in one step on the server.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class KeptClients(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[Any, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
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


class SharedRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with ``KeptClients``."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClients

    def raise_to(self, key: str, value: int, timeout: int) -> bool:
        """Store the whole number ``value`` under ``key`` unless as much or more is there
        already, as one step on the server: two processes storing out of order leave the
        greater. ``get`` reads it back (Django's serializer keeps whole numbers as they
        are). True if it was stored."""
        client = self._cache.get_client(key, write=True)
        stored = client.eval(RAISE_TO, 1, self.make_and_validate_key(key), value, timeout)
        return bool(stored)
