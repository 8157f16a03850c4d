"""Bots' turns after the response, on the embedded default: one worker thread per server process.

Without Redis, Celery runs a task inline, so a bot's turn queued on commit would run inside the
request that caused it (a game of two ``hard`` bots played out in one ``POST /api/games``). With
``BOT_TURNS = "background"`` the commit only puts ``(game, seq)`` on this process's queue and a
single daemon thread plays the turns one at a time, first queued first played, each through the
same idempotent ``services.play_bot_turn`` the Celery task calls. A bot's move that hands the turn
to another bot queues that turn in its own on-commit hook, so a bot game is a sequence of queued
turns, never a recursion, and turns of several games interleave fairly.

Nothing is lost with the process: a game whose seat to act is a bot is found in the database at
start-up (every one of them) and by the periodic sweep (those quiet for a sweep interval that are
not already queued). A turn played twice is a no-op: it names the seq it expects.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, connections

log = logging.getLogger(__name__)

_STOP = object()


def enabled() -> bool:
    return settings.BOT_TURNS == "background"


class BotTurnWorker:
    """A FIFO queue of bot turns and the one thread that plays them, with a sweep every
    ``sweep_every`` seconds (None: no sweep)."""

    def __init__(self, *, sweep_every: float | None = None, pick_up: bool = True):
        self.sweep_every = sweep_every
        self.pick_up = pick_up
        self._queue: queue.Queue = queue.Queue()
        self._waiting: set[tuple[int, int]] = set()  # queued or being played: the sweep skips them
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.played = 0  # turns that moved a game (for tests and logs)

    # --- the queue ---------------------------------------------------------------------------------
    def submit(self, game_id: int, seq: int) -> bool:
        """Queue the bot turn of ``game_id`` at ``seq``; False if it already waits."""
        turn = (int(game_id), int(seq))
        with self._lock:
            if turn in self._waiting:
                return False
            self._waiting.add(turn)
        self._queue.put(turn)
        return True

    def waiting(self) -> int:
        with self._lock:
            return len(self._waiting)

    # --- the thread --------------------------------------------------------------------------------
    def start(self) -> BotTurnWorker:
        self._thread = threading.Thread(target=self._run, name="bot-turns", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 30.0) -> None:
        """Finish the turn being played, leave the rest queued (the next start picks them up)."""
        if self._thread is None:
            return
        self._queue.put(_STOP)
        self._thread.join(timeout)
        self._thread = None

    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self) -> None:
        try:
            if self.pick_up:
                self._guarded(self.pick_up_unplayed)
            next_sweep = time.monotonic() + self.sweep_every if self.sweep_every else None
            while True:
                wait = max(0.0, next_sweep - time.monotonic()) if next_sweep else None
                try:
                    turn = self._queue.get(timeout=wait)
                except queue.Empty:
                    self._guarded(self.sweep)
                    next_sweep = time.monotonic() + self.sweep_every
                    continue
                if turn is _STOP:
                    return
                try:
                    self._guarded(self._play, *turn)
                finally:
                    with self._lock:
                        self._waiting.discard(turn)
        finally:
            connections.close_all()  # this thread's own connections

    def _guarded(self, work, *args) -> None:
        """Run one unit of work on a fresh connection; an error is logged and the queue goes on."""
        close_old_connections()
        try:
            work(*args)
        except Exception:
            log.exception("background bot worker: %s%s failed", work.__name__, args)
        finally:
            close_old_connections()

    def _play(self, game_id: int, seq: int) -> None:
        from games.services import play_bot_turn

        if play_bot_turn(game_id, seq):
            self.played += 1

    # --- what the database says is due ---------------------------------------------------------------
    def pick_up_unplayed(self) -> int:
        """Queue every game whose seat to act is a bot: turns left unplayed by a restart."""
        from games import clock

        return self._submit_all(clock.stalled_bot_turns(after=timedelta(0), limit=None))

    def sweep(self) -> None:
        """The deadline sweep of ``workers.tasks`` (its timeouts run here, eagerly), which queues
        again the bot turns quiet for a sweep interval; those already waiting here are skipped. Then
        the transparency log's checkpoint and the daily digest (celery beat runs them on its own with Redis)."""
        from games import notify

        notify.task("sweep_deadlines")()
        notify.task("checkpoint_log")()  # the transparency log's checkpoint, at the same pace
        notify.task("send_digests")()  # a digest once a day: a run before DIGEST_HOUR, or a second, sends nothing

    def _submit_all(self, turns) -> int:
        return sum(self.submit(game_id, seq) for game_id, seq in turns)


# --- the process's worker ----------------------------------------------------------------------------
_process = {"worker": None, "pid": None}
_process_lock = threading.Lock()


def worker() -> BotTurnWorker:
    """This process's worker, started on first use (a forked process starts its own)."""
    with _process_lock:
        current = _process["worker"]
        if current is None or _process["pid"] != os.getpid():
            current = BotTurnWorker(sweep_every=settings.BOT_SWEEP_SECONDS).start()
            _process.update(worker=current, pid=os.getpid())
        return current


def use(instance: BotTurnWorker | None) -> BotTurnWorker | None:
    """Make ``instance`` this process's worker (tests); returns the one it replaces."""
    with _process_lock:
        previous = _process["worker"]
        _process.update(worker=instance, pid=os.getpid())
        return previous


def start_for_server() -> None:
    """Called by the ASGI entry: start the worker now, so turns left by a restart are played at once."""
    if enabled():
        worker()


def submit(game_id: int, seq: int) -> None:
    worker().submit(game_id, seq)
