"""Django's built-in Redis cache, keeping its redis-py clients.

Django's ``RedisCacheClient.get_client`` wraps its connection pool in a new ``redis.Redis``
for every cache call, and a new client sets up its response callbacks each time (≈ 80 µs
here, two thirds of a GET on the same machine); a match page makes several calls. A
``redis.Redis`` is safe to share, so one is kept per connection pool. Everything else —
pools, serializer, options, the cache API — is Django's.
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


class SharedRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with ``KeptClients``."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClients
