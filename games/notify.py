"""Side effects of a committed write: live updates, the bot's turn, and end-of-game scoring."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from functools import partial

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction

log = logging.getLogger(__name__)


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def after_commit(game) -> None:
    """Once the transaction commits: tell the game's watchers, queue a bot if one is to act, and
    queue the scoring of a game that is over (the task itself makes sure it scores once)."""
    bot_to_act = game.status == "active" and any(s.number == game.to_act and s.bot for s in game.seats.all())
    to_score = game.status in ("finished", "aborted") and not game.scored
    transaction.on_commit(partial(committed, game.pk, game.seq, bot_to_act=bot_to_act, to_score=to_score))


def committed(game_id: int, seq: int, *, bot_to_act: bool, to_score: bool = False) -> None:
    """What follows a committed write: call only once it is durable (``after_commit`` waits)."""
    broadcast(game_id, seq)
    if bot_to_act:
        schedule_bot(game_id, seq)
    if to_score:
        schedule_scoring(game_id)


def broadcast(game_id: int, seq: int) -> None:
    """Each consumer re-reads its own seat's view: the message itself carries nothing hidden."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "game.event", "seq": seq}
    try:
        if isinstance(layer, InMemoryChannelLayer):
            if not layer.groups.get(group_name(game_id)):
                return  # nobody in this process watches the game (the layer reaches no other)
            # The in-memory layer lives on its consumers' loop: it must be reached from there.
            # A request's thread finds that loop itself; a thread of our own (the background bot
            # worker) is handed it by the ASGI entry (``serve_on``).
            loop = _server["loop"]
            if loop is not None and loop.is_running() and not _on_a_loop():
                send = layer.group_send(group_name(game_id), message)
                asyncio.run_coroutine_threadsafe(send, loop).result(timeout=BROADCAST_TIMEOUT)
            else:
                async_to_sync(layer.group_send)(group_name(game_id), message)
        else:
            send = layer.group_send(group_name(game_id), message)
            asyncio.run_coroutine_threadsafe(send, _sender_loop()).result(timeout=BROADCAST_TIMEOUT)
    except Exception:  # a lost notification is recovered by the client's resync, never fatal
        log.exception("could not broadcast game %s seq %s", game_id, seq)


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


#: Seconds a write waits for its live update to reach the channel layer.
BROADCAST_TIMEOUT = 5.0
_sender = {"loop": None, "pid": None}
_sender_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
    """One event loop per process for sending to channels-redis.

    ``async_to_sync`` outside a running loop starts a new loop per call, and channels-redis keeps
    its connection pools per loop: every broadcast would open fresh Redis connections. A single
    long-lived loop (started lazily, so a forked worker starts its own) reuses them.
    """
    with _sender_lock:
        if _sender["loop"] is None or _sender["pid"] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="channel-layer-sender", daemon=True).start()
            _sender.update(loop=loop, pid=os.getpid())
        return _sender["loop"]


_eager = threading.local()

#: The queue's side of the work after a commit, by task name: ``workers`` fills it (its AppConfig's
#: ``ready``) with its Celery tasks, ``games.apps`` with the in-process bot worker. ``games`` never
#: imports ``workers``: the worker package depends on the game service, not the other way round.
_tasks: dict = {}


def provide(**tasks) -> None:
    """Name what runs each task: ``bot_turn``, ``score_game``, ``sweep_deadlines``, ``checkpoint_log`` (Celery tasks),
    ``background_bot_turn`` (a callable ``(game_id, seq)``)."""
    _tasks.update(tasks)


def task(name: str):
    try:
        return _tasks[name]
    except KeyError:
        raise ImproperlyConfigured(f"no task {name!r}: is 'workers' in INSTALLED_APPS?") from None


def schedule_bot(game_id: int, seq: int) -> None:
    """Queue the bot's turn: on this process's background worker (``BOT_TURNS = "background"``,
    the embedded default: after the response), else as a Celery task. Eager Celery (tests) runs
    the chain in a loop here, not recursively."""
    if settings.BOT_TURNS == "background":
        task("background_bot_turn")(game_id, seq)
        return
    bot_turn = task("bot_turn")
    if not bot_turn.app.conf.task_always_eager:
        bot_turn.delay(game_id, seq)
        return
    pending = getattr(_eager, "pending", None)
    if pending is not None:  # already draining: the loop below picks this up
        pending.append((game_id, seq))
        return
    _eager.pending = [(game_id, seq)]
    try:
        while _eager.pending:
            bot_turn.delay(*_eager.pending.pop(0))
    finally:
        _eager.pending = None


def schedule_scoring(game_id: int) -> None:
    """Queue the end-of-game scoring (final ratings). Eagerly, it runs here and now."""
    task("score_game").delay(game_id)
