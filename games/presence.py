"""Who has a game's page open right now: for telling a user only what they did not see live.

A page's WebSocket marks its user present at the game when it connects and again with every frame
it sends (the page sends a ``ping`` every ``HEARTBEAT_SECONDS``); a mark lasts ``PRESENCE_SECONDS``.
So a user is "present" while one of their pages is open, and for at most that long after the
last one closed: a chat line or an e-mail is then held back for an event they may have seen.

Marks live in the cache (Redis in production, shared by every server process; this process's
memory on the embedded default). Losing them only means someone is told of a thing twice: nothing
a write depends on is kept here.
"""

from __future__ import annotations

from django.core.cache import cache

#: How often an open page says it is still there (live.js sends a ``ping`` frame).
HEARTBEAT_SECONDS = 30
#: How long a mark lasts: two heartbeats and some slack, so one late ping does not make a user away.
PRESENCE_SECONDS = 75


def _key(user_id: int, game_id: int) -> str:
    return f"presence:{int(game_id)}:{int(user_id)}"


def mark(user_id: int | None, game_id: int) -> None:
    """``user_id`` has the game's page open now."""
    if user_id is not None:
        cache.set(_key(user_id, game_id), 1, PRESENCE_SECONDS)


def is_present(user_id: int, game_id: int) -> bool:
    """Whether ``user_id`` has had the game's page open within the last ``PRESENCE_SECONDS``."""
    return bool(cache.get(_key(user_id, game_id)))


def present(user_ids, game_id: int) -> set[int]:
    """Those of ``user_ids`` present at the game (one cache round trip)."""
    ids = [int(u) for u in user_ids if u is not None]
    found = cache.get_many([_key(u, game_id) for u in ids])
    return {u for u in ids if found.get(_key(u, game_id))}
