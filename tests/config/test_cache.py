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
    cache._away_until = 0
    assert cache.get("x") == "from redis" and len(calls) == 1
