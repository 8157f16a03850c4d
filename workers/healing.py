"""Tasks that heal: retries on database and broker errors, and leases on the messages being worked on.

Three parts, each for one way a task's work could be lost or doubled:

- **Retries.** Every task here is idempotent (a bot turn names the seq it expects, scoring and
  timeouts re-check the game under its row lock), so a transient failure is retried. A database error
  (a terminated backend, a failover, ``database is locked``) is first retried *in the worker*, on a
  fresh connection, a few times within about two seconds: that needs no broker and most such errors
  are gone by then. After that, and for broker errors, Celery's ``autoretry_for`` re-queues the task
  with exponential backoff and jitter (``RETRY``).
- **Leases.** Celery's Redis transport keeps each delivered, unacknowledged message in a sorted set
  scored by its delivery time; any worker restores it to its queue once that score is older than the
  visibility timeout. So a short visibility timeout heals a worker killed whole in seconds, but would
  also redeliver a task that is merely running long (a bot turn of 9 s, a simulation batch of minutes)
  to a second worker. The worker's main process therefore renews, every ``LEASE_RENEW_SECONDS``, the
  score of every message it holds (reserved or running): a living worker keeps its messages however long
  they run; a dead one stops renewing, and its messages go back to the queue a visibility timeout
  (``BROKER_VISIBILITY_TIMEOUT``, 10 s) later. With late acknowledgement and a prefetch of one, a
  worker holds no message it is not running.
- **Reconnecting.** A worker that lost Redis tries again every two seconds at most (``Consumer``),
  and for ever (``broker_connection_max_retries = None``); its running tasks go on meanwhile.
- **No orphans.** A prefork pool child asks the kernel to kill it when its parent dies
  (``PR_SET_PDEATHSIG``): a worker killed whole leaves no child holding a row lock or a half-played turn
  past the moment its messages are handed to another worker.
"""

from __future__ import annotations

import ctypes
import functools
import logging
import signal
import threading
import time

import kombu.exceptions
import redis.exceptions
from celery import Task, current_task, shared_task, signals
from celery.worker.consumer import Consumer as CeleryConsumer
from django.db import InterfaceError, OperationalError, close_old_connections

log = logging.getLogger(__name__)

#: How often a worker renews the leases of the messages it holds: several renewals fit in one
#: visibility timeout (``CELERY_BROKER_TRANSPORT_OPTIONS``, 10 s), so a busy machine that delays one or
#: two of them loses no lease.
LEASE_RENEW_SECONDS = 2.0

#: A database that went away (or a connection that did): worth a retry on a fresh connection.
DATABASE_AWAY = (OperationalError, InterfaceError)
#: A broker that went away: the task is sent again once it is back.
BROKER_AWAY = (kombu.exceptions.OperationalError, redis.exceptions.ConnectionError, redis.exceptions.TimeoutError,
               ConnectionError, TimeoutError)
TRANSIENT = DATABASE_AWAY + BROKER_AWAY
#: Pauses between the in-worker attempts after a database error (then Celery's own retries).
LOCAL_PAUSES = (0.1, 0.3, 0.6, 1.0)
#: Celery's retries: exponential from 1 s, at most a minute apart, with jitter; then the stall sweep.
RETRY = {"autoretry_for": TRANSIENT, "retry_backoff": 1, "retry_backoff_max": 60, "retry_jitter": True,
         "max_retries": 20}
#: A task still running after this many seconds is stuck (a bot move is capped at 9 s, a lock wait
#: has no end): its pool child is killed and, rejected on a lost worker, the task runs again.
#: (Prefork pools only; leases would otherwise keep a stuck task's message held for ever.)
TIME_LIMIT = 120


class HealingTask(Task):
    """A task run in-process (eager: the embedded default, tests) is not retried: its caller waits
    for it, and gets its error at once, as before."""

    def retry(self, args=None, kwargs=None, exc=None, throw=True, eta=None, countdown=None, max_retries=None,
              **options):
        if self.request.is_eager and exc is not None:
            raise exc
        return super().retry(args, kwargs, exc, throw, eta, countdown, max_retries, **options)


def _eager() -> bool:
    task = current_task
    return bool(task and task.request.is_eager)


def retried_locally(fn):
    """``fn`` run again on a fresh database connection after a database error, a few times, briefly
    (in a worker: a task run in-process is tried once)."""

    @functools.wraps(fn)
    def run(*args, **kwargs):
        if _eager():
            return fn(*args, **kwargs)
        for pause in LOCAL_PAUSES:
            try:
                return fn(*args, **kwargs)
            except DATABASE_AWAY as exc:
                log.warning("%s: database error (%s), retrying in %.1fs", fn.__name__, type(exc).__name__, pause)
                close_old_connections()  # a broken connection is closed; the next query opens a new one
                time.sleep(pause)
        return fn(*args, **kwargs)

    return run


def healing_task(**options):
    """``shared_task`` for an idempotent task: late acknowledgement, requeued if its worker dies,
    retried on database and broker errors (in the worker first, then through the broker)."""
    settings = {"base": HealingTask, "acks_late": True, "reject_on_worker_lost": True, "ignore_result": True,
                "time_limit": TIME_LIMIT, **RETRY, **options}

    def decorate(fn):
        return shared_task(**settings)(retried_locally(fn))

    return decorate


# --- leases ------------------------------------------------------------------------------------------
class LeaseKeeper:
    """The worker's main process: renew the visibility of every message it holds until it lets go."""

    def __init__(self, app, every: float = LEASE_RENEW_SECONDS):
        self.app = app
        self.every = every
        self._stop = threading.Event()
        self._client = None
        self.renewed = 0

    def _index_key(self) -> str:
        options = self.app.conf.broker_transport_options or {}
        return options.get("global_keyprefix", "") + options.get("unacked_index_key", "unacked_index")

    def _redis(self):
        if self._client is None:
            import redis as redis_py

            self._client = redis_py.Redis.from_url(self.app.conf.broker_url, socket_timeout=self.every,
                                                   socket_connect_timeout=self.every)
        return self._client

    def held_tags(self) -> list[str]:
        from celery.worker import state

        for _ in range(5):  # the worker's own thread may change the sets while they are copied
            try:
                requests = list(state.reserved_requests) + list(state.active_requests)
                break
            except RuntimeError:
                continue
        else:
            return []
        tags = []
        for request in requests:
            tag = getattr(getattr(request, "message", None), "delivery_tag", None)
            if tag:
                tags.append(tag)
        return tags

    def renew(self) -> int:
        tags = set(self.held_tags())
        if not tags:
            return 0
        # XX: only messages still held (one acknowledged or restored meanwhile is not brought back)
        self._redis().zadd(self._index_key(), dict.fromkeys(tags, time.time()), xx=True)
        self.renewed += len(tags)
        return len(tags)

    def run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.renew()
            except Exception as exc:  # noqa: BLE001 (Redis away: its messages cannot be restored either)
                log.info("could not renew message leases (%s): trying again in %.0fs", type(exc).__name__, self.every)
                self._client = None

    def start(self) -> LeaseKeeper:
        threading.Thread(target=self.run, name="message-leases", daemon=True).start()
        return self

    def stop(self) -> None:
        self._stop.set()


_keeper: dict = {}


def _uses_redis(app) -> bool:
    return str(app.conf.broker_url or "").startswith(("redis://", "rediss://", "unix://"))


@signals.worker_ready.connect
def _keep_leases(sender=None, **kwargs) -> None:
    app = sender.app if sender is not None and hasattr(sender, "app") else None
    if app is None:
        from config.celery import app
    if _uses_redis(app) and "keeper" not in _keeper:
        _keeper["keeper"] = LeaseKeeper(app).start()


@signals.worker_shutdown.connect
def _stop_leases(**kwargs) -> None:
    keeper = _keeper.pop("keeper", None)
    if keeper is not None:
        keeper.stop()


# --- reconnecting ---------------------------------------------------------------------------------------
#: A worker that lost its broker tries again this often (kombu's default backs off to 30 s, so a worker
#: could lie idle half a minute after Redis returned).
RECONNECT_SECONDS = (0.5, 0.5, 2.0)  # first wait, step, longest wait


class Consumer(CeleryConsumer):
    """Celery's consumer (``worker_consumer``), reconnecting to a lost broker within two seconds."""

    def ensure_connected(self, conn):
        start, step, longest = RECONNECT_SECONDS
        conn.ensure_connection = functools.partial(type(conn).ensure_connection, conn, interval_start=start,
                                                   interval_step=step, interval_max=longest)
        try:
            return super().ensure_connected(conn)
        finally:
            del conn.ensure_connection


# --- no orphans --------------------------------------------------------------------------------------
PR_SET_PDEATHSIG = 1


@signals.worker_process_init.connect
def _die_with_the_parent(**kwargs) -> None:
    """A pool child is killed with its parent (Linux), so it cannot play a turn nobody acknowledges."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the lease then runs out when the child finishes
        pass
