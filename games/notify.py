"""The task port: how the game service queues work it does not run itself (bot turns, scoring).

Called by the outbox relay (``games.relay``) once a write committed. ``workers`` fills the port
with its Celery tasks; on the embedded default the in-process bot worker takes bot turns. A
hand-off that cannot reach the broker raises at once (no retries here: the outbox row stays and
the relay tries again with backoff), so a write never waits on a broker that is away.
"""

from __future__ import annotations

import threading

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

_eager = threading.local()

#: The queue's side of the work after a commit, by task name: ``workers`` fills it (its AppConfig's
#: ``ready``) with its Celery tasks, ``games.apps`` with the in-process bot worker. ``games`` never
#: imports ``workers``: the worker package depends on the game service, not the other way round.
_tasks: dict = {}


class _Queued:
    """A queued task's handle: its id only. The service never reads a task's result (there is no
    result backend), and Celery's own handle builds a result backend per thread, which under ASGI
    means per request (a third of a hand-off's CPU, bench/load.py)."""

    def __init__(self, task_id, **_):
        self.id = task_id


def _queue(task, args: tuple) -> None:
    """Send ``task`` with ``args`` to the broker once (no retries: see above), by its name and
    with its own options (queue, routing), as ``apply_async`` would."""
    task.app.send_task(task.name, args, retry=False, ignore_result=True, result_cls=_Queued)


def provide(**tasks) -> None:
    """Name what runs each task: ``bot_turn``, ``score_game``, ``sweep_deadlines``, ``checkpoint_log``,
    ``deliver_notifications``, ``send_digests`` (Celery tasks),
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
        _queue(bot_turn, (game_id, seq))
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


def schedule_delivery(game_id: int, seq: int) -> None:
    """Queue the e-mails and pushes of the notifications written at ``(game_id, seq)`` (``games.delivery``).
    Eagerly (the embedded default, tests), they are sent here and now."""
    deliver = task("deliver_notifications")
    if deliver.app.conf.task_always_eager:
        deliver.delay(game_id, seq)
    else:
        _queue(deliver, (game_id, seq))


def schedule_scoring(game_id: int) -> None:
    """Queue the end-of-game scoring (final ratings). Eagerly, it runs here and now."""
    score = task("score_game")
    if score.app.conf.task_always_eager:
        score.delay(game_id)
    else:
        _queue(score, (game_id,))
