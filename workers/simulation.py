"""Simulation batches as Celery tasks: ``manage.py simulate --celery`` fans games out to workers.

There is no Celery result backend in this project (tasks report through the database), and a
simulation writes nothing there, so each batch pushes its records onto a Redis list named after
the run as each game ends; the caller pops them as they come, which also drives its progress bar.
A batch redelivered after a lost worker pushes its records again: the caller keeps one per game.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

from celery import shared_task

#: Records wait this long in Redis for a caller that went away, then expire.
KEEP_SECONDS = 24 * 3600
#: The caller gives up when no game has reported for this long (no worker on the queue?).
SILENCE_SECONDS = 600


def _key(run_id: str) -> str:
    return f"simulation:{run_id}"


def _redis():
    import redis
    from django.conf import settings

    # No read timeout: the gatherer's BLPOP waits up to its own ``silence_seconds``, longer than
    # redis-py 8's default 5 s socket timeout, which would end it early on a busy machine.
    return redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_timeout=None, socket_connect_timeout=5)


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_batch(self, run_id: str, jobs: list[dict]) -> list[dict]:
    """Play every job of the batch; each record goes to the run's list as soon as it exists."""
    from engine.sim.play import play_job

    client = None if self.request.is_eager else _redis()
    records = []
    for job in jobs:
        record = play_job(job)
        records.append(record)
        if client is not None:
            client.rpush(_key(run_id), json.dumps(record))
            client.expire(_key(run_id), KEEP_SECONDS)
    return records


def batches(jobs: list[dict], size: int | None = None) -> list[list[dict]]:
    """Small batches, so the last ones spread across workers instead of queueing behind one."""
    size = size or max(1, min(25, len(jobs) // 16))
    return [jobs[i : i + size] for i in range(0, len(jobs), size)]


def celery_executor(batch_size: int | None = None, silence_seconds: float = SILENCE_SECONDS):
    """An ``engine.sim`` executor: jobs out as tasks, records back from Redis in finishing order."""

    def run(jobs: list[dict]) -> Iterator[dict]:
        from config.celery import app

        run_id = uuid.uuid4().hex
        if app.conf.task_always_eager:  # no broker: the tasks run here, one after another
            for batch in batches(jobs, batch_size):
                yield from play_batch.delay(run_id, batch).get()
            return
        client = _redis()
        try:
            for batch in batches(jobs, batch_size):
                play_batch.delay(run_id, batch)
            yield from _gather(client, run_id, len(jobs), silence_seconds)
        finally:
            client.delete(_key(run_id))

    return run


def _gather(client, run_id: str, expected: int, silence_seconds: float) -> Iterator[dict]:
    seen = set()
    while len(seen) < expected:
        item = client.blpop([_key(run_id)], timeout=silence_seconds)
        if item is None:
            raise TimeoutError(f"no simulation result for {silence_seconds:.0f}s ({len(seen)} of {expected} games in): "
                               "is a Celery worker consuming the queue?")
        record = json.loads(item[1])
        seen.add((record["cell_index"], record["index"]))
        yield record
