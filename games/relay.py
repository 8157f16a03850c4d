"""The outbox relay: follow-up work leaves only after its write committed, and is never lost.

Each write stores its follow-up work (``Outbox`` rows: the live update, a bot's turn, a scoring,
a chat line, the inbox counts of those it notified)
in its own transaction (``services.execute``, ``optimistic``). After the commit, ``deliver`` hands
each row off at once: the update to the channel layer (``games.broadcast``), a bot turn or a
scoring to the task port (``games.notify``: Celery, or the in-process worker). A row handed off
is deleted; the deletions of one process are batched (``flush``), since a row that lingers is only
handed off once more, which is harmless: every hand-off is idempotent.

A row whose hand-off failed is due again a second later; a row still there ``GRACE`` seconds after
it was written was not handed off either (a process that died between commit and hand-off). ``run_due`` (celery beat's
``relay_outbox`` task; the relay thread of each server process, which also flushes) takes such
rows with ``SKIP LOCKED`` (two relays never take the same row), hands them off again and, on
failure, tries again after ``BACKOFF`` seconds, at most 3 s apart: a broker back is used within
seconds.
"""

from __future__ import annotations

import logging
import os
import threading
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import Q
from django.utils import timezone

from games import broadcast, chat_live, inbox_live, notifications, notify
from games.models import Outbox

log = logging.getLogger(__name__)

#: Seconds a row waits for its first, after-commit hand-off before a relay takes it.
GRACE = 5.0
#: Seconds before the next try after the n-th failed one (the last repeats): short, since a part
#: that is back must be used within seconds (issue 16: 10 s), and a try costs one refused connection.
BACKOFF = (1.0, 2.0, 3.0)
#: Rows one ``run_due`` takes at most.
BATCH = 200


def kinds_for(planned, *, told: bool = False) -> tuple[str, ...]:
    """The follow-up work of a plan: always its live update; for the users it notified (``told``)
    their inbox counts and the delivery of its notifications (e-mail, Web Push); a bot's turn; a
    scoring."""
    return (Outbox.Kind.BROADCAST.value, *((Outbox.Kind.INBOX.value, Outbox.Kind.DELIVER.value) if told else ()),
            *((Outbox.Kind.BOT_TURN.value,) if planned.bot_to_act else ()),
            *((Outbox.Kind.SCORE.value,) if planned.to_score else ()))


def rows_for(game_id: int, planned, *, told: bool = False) -> list[Outbox]:
    """The plan's follow-up work as rows, for the locked executor to store in its transaction."""
    return [Outbox(game_id=game_id, seq=planned.seq, kind=k, created_at=planned.at)
            for k in kinds_for(planned, told=told)]


def store(rows: list[Outbox]) -> None:
    """Write the rows in the caller's transaction (their ids are set)."""
    Outbox.objects.bulk_create(rows)


def hand_off(kind: str, game_id: int, seq: int, told: list[int] | None = None) -> None:
    """Hand one piece of work to where it runs; raises if that is away. ``told``: the users the
    write notified, when its writer hands off (the relay, later, reads them back)."""
    if kind == Outbox.Kind.BROADCAST:
        broadcast.send(game_id, seq)
    elif kind == Outbox.Kind.BOT_TURN:
        notify.schedule_bot(game_id, seq)
    elif kind == Outbox.Kind.SCORE:
        notify.schedule_scoring(game_id)
    elif kind == Outbox.Kind.CHAT:
        chat_live.send(seq)  # a chat row's seq is the line's id
    elif kind == Outbox.Kind.CHAT_INBOX:
        chat_live.send_unread(seq)
    elif kind == Outbox.Kind.INBOX:
        inbox_live.send_unread(notifications.notified(game_id, seq) if told is None else told)
    elif kind == Outbox.Kind.DELIVER:
        notify.schedule_delivery(game_id, seq)
    else:
        raise ValueError(f"unknown outbox work {kind!r}")


def deliver(work: list[tuple[int, str, int, int]], told: list[int] | None = None) -> int:
    """After the commit: hand off ``(row id, kind, game, seq)`` each; returns how many were handed off.
    ``told``: the users the write notified (its inbox counts need not read them back).

    A failure leaves its row for ``run_due``; nothing raises to the writer, whose write stands.
    """
    done, failed = 0, {}
    for row_id, kind, game_id, seq in work:
        if failed:  # a part is away: the rest wait for the relay rather than each outwaiting the writer
            failed[row_id] = "an earlier hand-off of this write failed"
            continue
        try:
            hand_off(kind, game_id, seq, told)
        except Exception as exc:  # the write committed; its work waits in the outbox
            log.warning("outbox %s (%s of game %s at %s) waits: %s", row_id, kind, game_id, seq, _said(exc))
            failed[row_id] = _said(exc)[:200]
            continue
        _done(row_id)
        done += 1
    if failed:
        _try_again_soon(failed)
    if not start_thread():
        flush()  # no relay thread in this process (RELAY_SECONDS 0): delete now
    return done


def _try_again_soon(failed: dict[int, str]) -> None:
    """Rows whose first hand-off failed are due after the first backoff, not after the grace."""
    due = timezone.now() + timedelta(seconds=BACKOFF[0])
    try:
        for row_id, error in failed.items():
            Outbox.objects.filter(pk=row_id).update(attempts=1, due_at=due, error=error)
    except Exception as exc:  # the database away too: the grace period still finds them
        log.warning("could not mark %s outbox rows to be tried again: %s", len(failed), _said(exc))


def after_commit(rows: list[Outbox], told: list[int] | None = None) -> None:
    """Deliver the rows once the transaction that wrote them commits (``told``: see ``deliver``)."""
    work = [(r.pk, r.kind, r.game_id, r.seq) for r in rows]
    transaction.on_commit(lambda: deliver(work, told))


# --- what was handed off: deleted in batches -----------------------------------------------------------
_handed_off: list[int] = []
_handed_lock = threading.Lock()


def _done(row_id: int) -> None:
    with _handed_lock:
        _handed_off.append(row_id)


def flush() -> int:
    """Delete the rows handed off so far in this process. Returns how many."""
    with _handed_lock:
        ids, _handed_off[:] = list(_handed_off), []
    if not ids:
        return 0
    try:
        with transaction.atomic():
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:  # a lost deletion only means a second hand-off
                    cursor.execute("SET LOCAL synchronous_commit TO OFF")
            Outbox.objects.filter(pk__in=ids).delete()
    except Exception as exc:
        log.warning("could not delete %s handed-off outbox rows (they will be handed off again): %s", len(ids), _said(exc))
        return 0
    return len(ids)


def forget_handed_off() -> None:
    """Tests: drop this process's buffer."""
    with _handed_lock:
        _handed_off.clear()


# --- what was not handed off: again, with backoff ---------------------------------------------------------
def run_due(now=None, *, grace: float = GRACE) -> int:
    """Hand off every row past its grace (or its next try); returns how many were handed off."""
    now = now or timezone.now()
    handed = 0
    with transaction.atomic():
        rows = list(
            Outbox.objects.select_for_update(skip_locked=True)
            .filter(Q(due_at__isnull=True, created_at__lt=now - timedelta(seconds=grace)) | Q(due_at__lte=now))
            .order_by("id")[:BATCH]
        )
        failed = []
        for row in rows:
            try:
                hand_off(row.kind, row.game_id, row.seq)
            except Exception as exc:
                row.attempts = min(row.attempts + 1, 32767)
                row.due_at = now + timedelta(seconds=BACKOFF[min(row.attempts, len(BACKOFF)) - 1])
                row.error = _said(exc)[:200]
                failed.append(row)
                continue
            handed += 1
        Outbox.objects.filter(pk__in=[r.pk for r in rows if r not in failed]).delete()
        if failed:
            Outbox.objects.bulk_update(failed, ["attempts", "due_at", "error"])
            log.warning("%s outbox rows wait for their next try (%s)", len(failed), failed[0].error)
    return handed


def waiting() -> int:
    """Rows not yet handed off (admin, tests, the health check)."""
    return Outbox.objects.count()


def _said(exc: BaseException) -> str:
    """What a failed hand-off is logged and kept as: the exception's type only. Its message may
    hold anything its code had at hand (config/logsafe.py: no exception message is ever logged)."""
    return type(exc).__name__


# --- the relay thread of a server process -------------------------------------------------------------------
_thread = {"thread": None, "pid": None}
_thread_lock = threading.Lock()


def _thread_running() -> bool:
    t = _thread["thread"]
    return t is not None and _thread["pid"] == os.getpid() and t.is_alive()


def start_thread() -> bool:
    """Start this process's relay thread (``RELAY_SECONDS``; 0: none) unless it runs. True if one runs.

    Started by the ASGI entry, and lazily by the first hand-off in any other process (a Celery
    worker's pool child, a command), so that each process batches its deletions."""
    every = settings.RELAY_SECONDS
    if not every:
        return False
    if _thread_running():
        return True
    with _thread_lock:
        if not _thread_running():
            t = threading.Thread(target=_relay_forever, args=(every,), name="outbox-relay", daemon=True)
            t.start()
            _thread.update(thread=t, pid=os.getpid())
    return True


def _relay_forever(every: float) -> None:
    stop = threading.Event()
    while not stop.wait(settings.RELAY_SECONDS or every):
        if not settings.RELAY_SECONDS:
            continue  # switched off since it started (tests hand off and relay themselves)
        close_old_connections()
        try:
            flush()
            run_due()
        except Exception:  # the database away: the next tick tries again
            log.exception("outbox relay tick failed")
        finally:
            close_old_connections()
