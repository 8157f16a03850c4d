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
import os
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

#: Seconds a hand-off waits for the channel layer.
TIMEOUT = 5.0


def seat_group(game_id: int, seat: int) -> str:
    return f"game-{game_id}.seat-{seat}"


def watch_group(game_id: int) -> str:
    return f"game-{game_id}.watch"


def messages(game) -> dict[str, dict]:
    """The message of each group of ``game`` (read with its seats), by group name."""
    from games import selectors

    summary = selectors.game_summary(game)
    facts = {"type": "game.state", "seq": game.seq, "to_act": game.to_act,
             "users": [s.user_id if s.is_taken else None for s in game.seats.all()]}
    out = {}
    for seat in [*range(game.players), None]:
        state = {"type": "state", "game": summary, **selectors.seat_view(game, seat),
                 "legal": selectors.seat_legal(game, seat)}
        group = watch_group(game.pk) if seat is None else seat_group(game.pk, seat)
        out[group] = facts | {"for_seat": seat, "state": state}
    return out


def send(game_id: int, seq: int) -> None:
    """Send each group its message about ``game_id`` as it is now (``seq`` or later)."""
    from games.models import Game

    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, InMemoryChannelLayer) and not _watched_here(layer, game_id):
        return  # nobody in this process watches the game (the in-memory layer reaches no other)
    game = Game.objects.prefetch_related("seats__user", "seats__invited").filter(pk=game_id).first()
    if game is None:
        return
    _send_all(layer, messages(game))


def _watched_here(layer: InMemoryChannelLayer, game_id: int) -> bool:
    prefix = f"game-{game_id}."
    return any(members and group.startswith(prefix) for group, members in list(layer.groups.items()))


def _send_all(layer, by_group: dict[str, dict]) -> None:
    async def all_groups():
        for group, message in by_group.items():
            try:
                await layer.group_send(group, message)
            except Exception:  # after Redis restarts a pooled connection fails once: a fresh one
                await layer.group_send(group, message)

    if isinstance(layer, InMemoryChannelLayer):
        # The in-memory layer lives on its consumers' loop: it must be reached from there. A
        # request's thread finds that loop itself; another thread (the background bot worker)
        # is handed it by the ASGI entry (``serve_on``).
        loop = _server["loop"]
        if loop is not None and loop.is_running() and not _on_a_loop():
            asyncio.run_coroutine_threadsafe(all_groups(), loop).result(timeout=TIMEOUT)
        else:
            async_to_sync(all_groups)()
        return
    asyncio.run_coroutine_threadsafe(all_groups(), _sender_loop()).result(timeout=TIMEOUT)


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
