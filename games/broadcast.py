"""Live updates: after a write, each seat's view is computed once and sent to that seat's group.

A game has one group per seat (``game-<id>.seat-<n>``) and one for everyone else
(``game-<id>.watch``). A consumer joins the groups of the seats its user holds, or the watchers'
group, so the message it receives already holds what its user may see: nothing hidden passes to a
group that may not see it, and no consumer reads the database for an ordinary move. Once the game
is over every group gets the whole document.

``send`` raises when the channel layer is away: the outbox (``games.relay``) keeps the update and
tries again on a fresh connection.
"""

from __future__ import annotations

import asyncio
import functools
import os
import threading
import time

import redis
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games import store

#: Seconds a hand-off waits for the channel layer.
TIMEOUT = 5.0


def seat_group(game_id: int, seat: int) -> str:
    return f"game-{game_id}.seat-{seat}"


def watch_group(game_id: int) -> str:
    return f"game-{game_id}.watch"


def user_group(user_id: int) -> str:
    """A user's own group: every open page of theirs (``/ws/me/``) hears their inbox count there."""
    return f"user-{int(user_id)}"


def deliver(by_group: dict[str, dict]) -> None:
    """Send each group its ready-made message (a chat line, an inbox count); raises when the
    channel layer is away, for the outbox to try again."""
    layer = get_channel_layer()
    if layer is None or not by_group:
        return
    _run(layer, _send_all(layer, by_group))


def listened(groups) -> set[str]:
    """Those of ``groups`` someone is in (nobody: no layer): one pipelined round trip per Redis host."""
    layer = get_channel_layer()
    if layer is None:
        return set()
    if isinstance(layer, InMemoryChannelLayer):
        return {g for g in groups if layer.groups.get(g)}
    return _listened_among(layer, list(groups))


def messages(game, groups: set[str] | None = None) -> dict[str, dict]:
    """The message of each group of ``game`` (read with its seats), by group name; only of
    ``groups`` if given (each seat's view costs the engine a view and perhaps the legal list)."""
    from games import selectors

    wanted = [seat for seat in [*range(game.players), None]
              if groups is None or _group(game.pk, seat) in groups]
    if not wanted:
        return {}
    summary = selectors.game_summary(game)
    facts = {"type": "game.state", "seq": game.seq, "to_act": game.to_act,
             "users": [s.user_id if s.is_taken else None for s in game.seats.all()]}
    out = {}
    for seat in wanted:
        state = {"type": "state", "game": summary, **selectors.seat_view(game, seat),
                 "legal": selectors.seat_legal(game, seat)}
        out[_group(game.pk, seat)] = facts | {"for_seat": seat, "state": state}
    return out


def _group(game_id: int, seat: int | None) -> str:
    return watch_group(game_id) if seat is None else seat_group(game_id, seat)


def send(game_id: int, seq: int) -> None:
    """Send each listened group its message about ``game_id`` as it is now (``seq`` or later).

    Groups nobody is in are neither computed nor sent: a move nobody watches costs one round trip
    to the layer (the groups' sizes), not a view per seat."""
    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, InMemoryChannelLayer):  # its groups are this process's: no loop to reach
        listened = {g for g in _all_groups(game_id) if layer.groups.get(g)}
    else:
        listened = _listened(layer, game_id)
    if not listened:
        return
    game = store.game_with_seats(game_id)
    if game is None:
        return
    by_group = messages(game, listened)
    if by_group:
        _run(layer, _send_all(layer, by_group))


def _all_groups(game_id: int) -> list[str]:
    return [watch_group(game_id), *(seat_group(game_id, n) for n in range(_most_seats()))]


@functools.cache
def _most_seats() -> int:
    from engine import available, get_game

    return max(max(get_game(name).player_counts) for name in available())


def _listened(layer, game_id: int) -> set[str]:
    """The groups of the game that someone is in."""
    return _listened_among(layer, _all_groups(game_id))


def _listened_among(layer, groups: list[str]) -> set[str]:
    """Those of ``groups`` someone is in: their sizes, read in one pipelined round trip per Redis
    host from this thread (no hop to the sender loop: most moves end here)."""
    alive_since = int(time.time()) - layer.group_expiry
    by_host: dict[int, list[str]] = {}
    for group in groups:
        by_host.setdefault(layer.consistent_hash(group), []).append(group)
    listened = set()
    for index, named in by_host.items():
        counts = _counts(layer, index, [layer._group_key(g) for g in named], alive_since)
        listened |= {g for g, n in zip(named, counts, strict=True) if n}
    return listened


def _counts(layer, index: int, keys: list[str], alive_since: int) -> list[int]:
    def read():
        pipe = _client(layer, index).pipeline(transaction=False)
        for key in keys:
            pipe.zcount(key, alive_since, "+inf")
        return pipe.execute()

    try:
        return read()
    except redis.RedisError:  # after Redis restarts a pooled connection fails once: a fresh one
        return read()


_clients: dict[tuple[int, int, int], redis.Redis] = {}


def _client(layer, index: int) -> redis.Redis:
    """A synchronous client of the layer's ``index``-th host, kept per process and layer."""
    key = (os.getpid(), id(layer), index)
    if key not in _clients:
        host = dict(layer.hosts[index])
        address = host.pop("address")
        _clients[key] = redis.Redis.from_url(address, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)
    return _clients[key]


async def _send_all(layer, by_group: dict[str, dict]) -> None:
    async def one(group, message):
        try:
            await layer.group_send(group, message)
        except Exception:  # after Redis restarts a pooled connection fails once: a fresh one
            await layer.group_send(group, message)

    await asyncio.gather(*(one(group, message) for group, message in by_group.items()))


def _run(layer, coroutine):
    """Run ``coroutine`` against the layer from this (synchronous) thread; raises what it raises."""
    if isinstance(layer, InMemoryChannelLayer):
        # The in-memory layer lives on its consumers' loop: it must be reached from there. A
        # request's thread finds that loop itself; another thread (the background bot worker)
        # is handed it by the ASGI entry (``serve_on``).
        loop = _server["loop"]
        if loop is not None and loop.is_running() and not _on_a_loop():
            return asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout=TIMEOUT)

        async def awaited():
            return await coroutine

        return async_to_sync(awaited)()
    return asyncio.run_coroutine_threadsafe(coroutine, _sender_loop()).result(timeout=TIMEOUT)


#: The server's event loop, where the in-memory layer's consumers run (see ``serve_on``).
_server = {"loop": None}


def serve_on(loop: asyncio.AbstractEventLoop) -> None:
    """The ASGI entry names the loop it serves on, for sends from threads that are not its own."""
    _server["loop"] = loop


def _on_a_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


_sender = {"loop": None, "pid": None}
_sender_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
    """One event loop per process for sending to channels-redis.

    ``async_to_sync`` outside a running loop starts a new loop per call, and channels-redis keeps
    its connection pools per loop: every send would open fresh Redis connections. A single
    long-lived loop (started lazily, so a forked worker starts its own) reuses them; channels-redis
    opens a fresh connection when the last one broke, so a send after an outage finds Redis again.
    """
    with _sender_lock:
        if _sender["loop"] is None or _sender["pid"] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="channel-layer-sender", daemon=True).start()
            _sender.update(loop=loop, pid=os.getpid())
        return _sender["loop"]
