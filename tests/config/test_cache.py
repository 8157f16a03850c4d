"""The cache stands in with memory while Redis is away (config/cache.py): throttles never 500."""

from config.cache import FallbackRedisCache


def away_cache():
    return FallbackRedisCache("redis://127.0.0.1:9/0", {})  # nothing listens on port 9


def test_a_cache_whose_redis_is_away_answers_from_memory():
    cache = away_cache()
    cache.set("count", [1, 2], 60)
    assert cache.get("count") == [1, 2]
    assert cache.add("once", 1) is True and cache.add("once", 1) is False
    cache.delete("count")
    assert cache.get("count", "gone") == "gone"


def test_redis_is_tried_again_after_a_second(monkeypatch):
    cache = away_cache()
    cache.get("x")
    calls = []
    monkeypatch.setattr("django.core.cache.backends.redis.RedisCache.get", lambda self, *a, **k: calls.append(a) or "from redis")
    assert cache.get("x") is None  # within RETRY_AFTER: memory, Redis not tried
    cache._process.away_until = 0
    assert cache.get("x") == "from redis" and len(calls) == 1


def test_every_cache_object_of_a_process_shares_one_client_and_one_memory():
    """Django makes a cache object per ASGI request: a client of their own would open a Redis
    connection per request, and counts kept in memory during an outage would start afresh."""
    first, second = away_cache(), away_cache()
    assert first._cache is second._cache
    first.set("throttle", [1.0], 60)
    assert second.get("throttle") == [1.0]
    second.delete("throttle")
