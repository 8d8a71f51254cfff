"""Tento's own deployment checks (``manage.py check --deploy``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

# Caches every process of a deployment sees alike.
SHARED_CACHES = (
    "django.core.cache.backends.redis.RedisCache",
    "django.core.cache.backends.db.DatabaseCache",
    "django.core.cache.backends.memcached.PyMemcacheCache",
    "django.core.cache.backends.memcached.PyLibMCCache",
)


@register(Tags.security, deploy=True)
def rate_limits_need_a_shared_cache(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    """Failed logins and anonymous matches are counted in the default cache: one kept in
    each process's memory counts apart per process, and a limit of 10 is 10 per worker."""
    backend = settings.CACHES["default"]["BACKEND"]
    try:
        shared = issubclass(import_string(backend), tuple(map(import_string, SHARED_CACHES)))
    except ImportError as error:
        raise ImproperlyConfigured(f"cannot load the cache {backend}") from error
    if shared:
        return []
    return [
        Warning(
            "The rate limits (failed logins, matches started without an account) are "
            "counted in a cache each process keeps apart.",
            hint="Set REDIS_URL to the Redis every app process shares (docs/deploy.md).",
            id="tento.W001",
        )
    ]
