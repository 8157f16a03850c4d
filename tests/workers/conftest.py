"""A real Celery worker process on Redis, sharing the test database (PostgreSQL)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import uuid

import pytest
from django.db import connection

from tests.conftest import require

REDIS_URL = os.environ.get("REDIS_URL", "")


def database_url() -> str:
    s = connection.settings_dict
    user = s.get("USER") or "postgres"
    auth = f"{user}:{s['PASSWORD']}" if s.get("PASSWORD") else user
    return f"postgres://{auth}@{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}"


@pytest.fixture(scope="session")
def worker_process(django_db_setup, django_db_blocker):
    require(bool(REDIS_URL), "REDIS_URL is not set: no Celery worker can run")
    require(connection.vendor == "postgresql", "the worker shares the database: it needs PostgreSQL")
    queue = f"test-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, DATABASE_URL=database_url(), REDIS_URL=REDIS_URL, CELERY_QUEUE=queue, LOG_LEVEL="INFO")
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "solo", "-Q", queue, "-l", "INFO",
               "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{queue}@%h"]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    ready = threading.Event()
    log: list[str] = []

    def read():
        for line in proc.stdout:
            log.append(line)
            if " ready." in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(60):
        proc.kill()
        pytest.fail("the Celery worker did not start:\n" + "".join(log[-30:]))
    yield {"process": proc, "queue": queue, "log": log}
    proc.terminate()
    proc.wait(20)


@pytest.fixture
def celery_worker(worker_process):
    """Send tasks to the real worker for this test."""
    from config.celery import app

    before = app.conf.task_always_eager, app.conf.task_default_queue
    app.conf.task_always_eager = False
    app.conf.task_default_queue = worker_process["queue"]
    yield worker_process
    app.conf.task_always_eager, app.conf.task_default_queue = before


def wait_for(predicate, timeout: float = 30.0, what: str = "the worker"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    pytest.fail(f"timed out waiting for {what}")
