"""Django's Redis cache, standing in with this process's memory while Redis is away.

The cache holds throttle counts and nothing a write depends on. With Django's own ``RedisCache``
every request that counts a throttle answers 500 while Redis is down; here a read or write that
cannot reach Redis uses a local-memory cache instead (counts per process, for the outage only), so
players play on and throttles still hold within each process. Once Redis answers again it is used
again: the next call simply tries it first.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

AWAY = (RedisConnectionError, RedisTimeoutError, OSError)
#: Seconds the stand-in is used before Redis is tried again (a refused connection costs little,
#: a timeout much more).
RETRY_AFTER = 1.0


class _Shared:
    """What one process keeps per Redis location, whichever cache object asks: the client with its
    connection pool, the stand-in's memory, and until when Redis counts as away."""

    def __init__(self, client, stand_in: LocMemCache):
        self.client, self.stand_in, self.away_until = client, stand_in, 0.0


_shared: dict[tuple, _Shared] = {}
_shared_lock = threading.Lock()


class FallbackRedisCache(RedisCache):
    """Django makes a cache object per thread and per ASGI request (``caches`` is context-local), so
    one of its own would open a Redis connection for each request that counts a throttle, and count
    the outage's throttles afresh each time. Everything that must outlive a request is per process."""

    def __init__(self, server, params):
        super().__init__(server, params)
        key = (os.getpid(), tuple(self._servers), repr(sorted(self._options.items())))
        with _shared_lock:
            if key not in _shared:
                stand_in = LocMemCache(f"redis-stand-in-{len(_shared)}", {"TIMEOUT": params.get("TIMEOUT", 300)})
                _shared[key] = _Shared(self._class(self._servers, **self._options), stand_in)
        self._process = _shared[key]
        self._stand_in = self._process.stand_in

    @property
    def _cache(self):
        return self._process.client

    def _either(self, name: str, *args, **kwargs):
        shared = self._process
        if time.monotonic() >= shared.away_until:
            try:
                return getattr(super(), name)(*args, **kwargs)
            except AWAY as exc:
                shared.away_until = time.monotonic() + RETRY_AFTER
                log.warning("cache: Redis away (%s); this process counts in memory meanwhile", type(exc).__name__)
        return getattr(self._stand_in, name)(*args, **kwargs)


def _through(name: str):
    def method(self, *args, **kwargs):
        return self._either(name, *args, **kwargs)

    method.__name__ = name
    return method


for _name in ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many", "delete_many",
              "clear"):
    setattr(FallbackRedisCache, _name, _through(_name))
