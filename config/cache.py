"""Django's Redis cache, standing in with this process's memory while Redis is away.

The cache holds throttle counts and nothing a write depends on. With Django's own ``RedisCache``
every request that counts a throttle answers 500 while Redis is down; here a read or write that
cannot reach Redis uses a local-memory cache instead (counts per process, for the outage only), so
players play on and throttles still hold within each process. Once Redis answers again it is used
again: the next call simply tries it first.
"""

from __future__ import annotations

import logging
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


class FallbackRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._stand_in = LocMemCache(f"redis-stand-in-{id(self)}", {"TIMEOUT": params.get("TIMEOUT", 300)})
        self._away_until = 0.0

    def _either(self, name: str, *args, **kwargs):
        if time.monotonic() >= self._away_until:
            try:
                return getattr(super(), name)(*args, **kwargs)
            except AWAY as exc:
                self._away_until = time.monotonic() + RETRY_AFTER
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
