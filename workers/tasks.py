"""Celery tasks. Each is idempotent: safe to deliver twice, safe to redeliver after a crash.

Every task acknowledges late (after it ran) and is rejected back to the queue if its worker dies,
so a crash means "run again", never "lost"; the row lock and a re-check of the game's state in
the database make the second run a no-op when the first one had committed. Database and broker
errors are retried with backoff, and a worker killed whole gives its messages back within seconds
(``workers.healing``).
"""

from __future__ import annotations

import logging
import os
import time
from datetime import datetime

from celery import shared_task
from django.db import transaction

from workers.healing import healing_task

log = logging.getLogger(__name__)

#: Test hook: a worker started with this variable holds each bot move this many seconds before
#: committing it, so a test can kill the worker inside the transaction. Never set in production.
HOLD_ENV = "BOT_TURN_TEST_HOLD_SECONDS"


@healing_task()
def bot_turn(game_id: int, expected_seq: int) -> bool:
    """Play the bot seat's move in ``game_id`` if the game is still at ``expected_seq``.

    The move and its sequence number commit together, so a redelivered task finds the
    sequence number moved on and appends nothing.
    """
    from games.services import play_bot_turn

    hold = float(os.environ.get(HOLD_ENV) or 0)
    if not hold:
        return play_bot_turn(game_id, expected_seq)
    with transaction.atomic():  # the move is written but not committed while we hold
        played = play_bot_turn(game_id, expected_seq)
        log.warning("bot turn %s:%s played=%s, holding %ss before commit (test hook)", game_id, expected_seq, played, hold)
        time.sleep(hold)
    return played


@healing_task()
def score_game(game_id: int) -> bool:
    """End-of-game scoring: the players' ratings, once per game (``Game.scored``)."""
    from games.ratings import score_game as score

    return score(game_id) is not None


@healing_task(expires=300, max_retries=3)  # the next beat tick sweeps again anyway
def sweep_deadlines(now: str | None = None) -> int:
    """The periodic task (celery beat): queue a timeout for each game whose seat ran out of time,
    cancel the games whose invitations lapsed, remind the seats whose deadline is near (24 h, then
    2 h: ``games.reminders``), and queue again any bot turn whose task was lost.
    Returns the number of timeouts queued.

    ``now`` (ISO 8601) fixes the clock for the sweep and the timeouts it queues, for tests and
    for replaying a missed sweep; by default the real time.
    """
    from games import clock, idempotency, invitations, notify, reminders

    moment = _moment(now) or clock.now()
    idempotency.purge()  # answers kept past IDEMPOTENCY_KEY_HOURS
    overdue = clock.overdue(moment)
    for game_id in overdue:
        game_timeout.delay(game_id, moment.isoformat())
    if cancelled := invitations.expire_overdue(moment):  # a few events each: done here, each game once
        log.info("%s games cancelled: invitations not answered in time", cancelled)
    if reminded := reminders.remind_due(moment):  # after the timeouts were queued: those are past reminding
        log.info("%s deadline reminders written", reminded)
    for game_id, seq in clock.stalled_bot_turns(moment):
        log.warning("bot turn %s:%s was still waiting: queued again", game_id, seq)
        notify.schedule_bot(game_id, seq)
    return len(overdue)


@healing_task()
def game_timeout(game_id: int, now: str | None = None) -> str | None:
    """Apply the game's timeout policy if its deadline passed at ``now`` (exactly once)."""
    from games import timeouts

    return timeouts.apply_timeout(game_id, _moment(now))


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


@healing_task(expires=300, max_retries=5)
def checkpoint_log() -> int:
    """The periodic task (celery beat; the background worker's sweep on the embedded default):
    append the game heads that moved to the transparency log and sign a checkpoint. Idempotent:
    with nothing moved it signs nothing. Returns the new tree size (0: no new checkpoint)."""
    from transparency import log as transparency_log

    made = transparency_log.checkpoint()
    return made.size if made is not None else 0


@healing_task()
def deliver_notifications(game_id: int, seq: int) -> int:
    """E-mail and push the notifications written at ``(game_id, seq)``, each once (``games.delivery``).
    Returns how many messages it sent."""
    from games import delivery

    return delivery.deliver(game_id, seq)


@healing_task(expires=3600, max_retries=3)  # the next run (or tomorrow's) sends what this one could not
def send_digests(now: str | None = None) -> int:
    """The periodic task (celery beat at ``DIGEST_HOUR``; the background sweep on the embedded
    default): each user's daily digest, at most one a day (``games.digest``). Returns e-mails sent."""
    from games import digest

    return digest.run(_moment(now))


@shared_task(ignore_result=True, expires=30)  # no retries: the next tick, seconds later, is the retry
def relay_outbox() -> int:
    """The periodic task (celery beat, every ``RELAY_BEAT_SECONDS``): hand off the follow-up work
    whose first, after-commit hand-off failed (``games.relay``). Returns how many were handed off."""
    from games import relay

    return relay.run_due()
