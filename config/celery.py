"""The Celery app: configured from Django settings (``CELERY_*``), tasks found in ``workers``.

Beat runs four periodic tasks: the deadline sweep, the outbox relay, the daily e-mail digest and the transparency log's checkpoint. Correspondence deadlines are days long, so they
live in the database and the sweep finds them: a Celery ETA that long would outlive Redis's
visibility timeout and be delivered again and again.
"""

import json
import os

from celery import Celery, signals
from celery.schedules import crontab

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

#: How often beat sweeps for games whose seat ran out of time (and for bot turns whose task was lost),
#: in seconds: a cheap indexed query, so often enough that a lost bot turn is found soon after it
#: counts as stalled (``games.clock.STALLED_BOT_AFTER``).
SWEEP_EVERY = float(os.environ.get("DEADLINE_SWEEP_SECONDS", "15"))

#: How often beat checkpoints the transparency log, in seconds.
CHECKPOINT_EVERY = float(os.environ.get("TRANSPARENCY_CHECKPOINT_SECONDS", "300"))

#: How often beat hands off the outbox's follow-up work that failed its first hand-off (``games.relay``).
RELAY_EVERY = float(os.environ.get("RELAY_BEAT_SECONDS", "2"))

app = Celery("boardgames")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["workers"])
app.autodiscover_tasks(["workers"], related_name="simulation")  # simulation batches (engine.sim)

app.conf.beat_schedule = {
    "sweep-deadlines": {
        "task": "workers.tasks.sweep_deadlines",
        "schedule": SWEEP_EVERY,
        # A sweep that waited longer than its period is superseded by the next one.
        "options": {"expires": SWEEP_EVERY},
    },
    "relay-outbox": {
        "task": "workers.tasks.relay_outbox",
        "schedule": RELAY_EVERY,
        "options": {"expires": RELAY_EVERY},
    },
    # The daily digest at DIGEST_HOUR (UTC); a run before it, or a second one, sends nothing more.
    "email-digest": {
        "task": "workers.tasks.send_digests",
        "schedule": crontab(minute=0, hour=int(os.environ.get("DIGEST_HOUR", "7"))),
        "options": {"expires": 3600},
    },
    "checkpoint-log": {
        "task": "workers.tasks.checkpoint_log",
        "schedule": CHECKPOINT_EVERY,
        "options": {"expires": CHECKPOINT_EVERY},
    },
}

# Broker transport options (settings: workers.healing's short, leased visibility timeout) extended by
# JSON, e.g. a "global_keyprefix" to keep several deployments apart on one Redis.
if os.environ.get("CELERY_BROKER_TRANSPORT_OPTIONS"):
    app.conf.broker_transport_options = {**(app.conf.broker_transport_options or {}),
                                         **json.loads(os.environ["CELERY_BROKER_TRANSPORT_OPTIONS"])}


@signals.celeryd_init.connect
def _no_pool_in_workers(**kwargs) -> None:
    """A worker process runs one task at a time on one connection, and Celery's Django fix-up closes
    a prefork child's pool around every task: a worker connects per task instead (the tasks retry a
    connection that died, ``workers.healing``). Set before the worker opens any connection."""
    from django.conf import settings

    for database in settings.DATABASES.values():
        database.get("OPTIONS", {}).pop("pool", None)
