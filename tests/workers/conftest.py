"""A real Celery worker process on Redis, sharing the test database (PostgreSQL)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import uuid

import pytest
from django.db import OperationalError, connection

from tests.conftest import require, test_database_url, wait_until

REDIS_URL = os.environ.get("REDIS_URL", "")


def require_services() -> None:
    require(bool(REDIS_URL), "REDIS_URL is not set: no Celery worker can run")
    require(connection.vendor == "postgresql", "the worker shares the database: it needs PostgreSQL")


def start_worker(queue: str, *, transport_options: dict | None = None, extra_env: dict | None = None) -> dict:
    """Start ``celery worker`` (solo pool) consuming ``queue``; returns once it says it is ready.

    ``transport_options`` go to the broker (e.g. a low ``visibility_timeout``, a key prefix that
    keeps the worker's messages apart from every other worker on the same Redis).
    """
    env = dict(os.environ, DATABASE_URL=test_database_url(), REDIS_URL=REDIS_URL, CELERY_QUEUE=queue, LOG_LEVEL="INFO")
    if transport_options:
        env["CELERY_BROKER_TRANSPORT_OPTIONS"] = json.dumps(transport_options)
    env.update(extra_env or {})
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "solo", "-Q", queue, "-l", "INFO",
               "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"{queue}-{uuid.uuid4().hex[:4]}@%h"]
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
    return {"process": proc, "queue": queue, "log": log}


def stop_worker(worker: dict) -> None:
    proc = worker["process"]
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def wait_for_other_sessions_to_end(timeout: float = 10.0) -> None:
    """A stopped worker's database session ends a moment after its process: wait, so the test
    database can be dropped at the end of the run."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
                if cursor.fetchone()[0] == 0:
                    return
        except OperationalError:  # the test database is already gone: nothing left to wait for
            return
        time.sleep(0.1)


@pytest.fixture(scope="session")
def worker_process(django_db_setup, django_db_blocker):
    require_services()
    worker = start_worker(f"test-{uuid.uuid4().hex[:8]}")
    yield worker
    stop_worker(worker)
    with django_db_blocker.unblock():
        wait_for_other_sessions_to_end()


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
    """``tests.conftest.wait_until`` with the worker tests' default bound."""
    wait_until(predicate, timeout, what)
