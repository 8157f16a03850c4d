"""Fault tests on the production shape (issue 16, item 6): each test starts its own Redis on a free
port (so it can stop and restart it), daphne servers and Celery workers (and beat where needed) as
subprocesses (``bench.stack``), all against the PostgreSQL test database, and makes one part fail.

Waits poll generously (a loaded 2-core machine); assertions are on outcomes, and on the issue's own
bounds only. Recovery times are printed (``record``) and collected in ``test-output/faults.json``.
Every process's log is printed when a test fails (``STACK_WORKER_LOG_LEVEL=DEBUG`` for the workers').
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from bench.stack import Redis, Stack
from tests.conftest import require, test_database_url

OUTPUT = Path(settings.BASE_DIR) / "test-output"
MEASURES = OUTPUT / "faults.json"


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


def _failed(request) -> bool:
    return any(getattr(getattr(request.node, f"report_{when}", None), "failed", False) for when in ("setup", "call"))


def require_production_shape() -> None:
    require(shutil.which("redis-server") is not None, "no redis-server binary: the fault tests start their own Redis")
    require(connection.vendor == "postgresql", "the fault tests share the test database: they need PostgreSQL")


@pytest.fixture
def redis_server(request, tmp_path):
    """A Redis of this test's own: ``.stop()``, ``.start()``, ``.restart()`` on the same port. It comes
    back empty after a stop (killed, no persistence), as a Redis without a disk does; a test marked
    ``@pytest.mark.parametrize("redis_server", [{"persist": True}], indirect=True)`` gets one with an
    append-only file instead, which comes back with what it held."""
    require_production_shape()
    options = getattr(request, "param", None) or {}
    server = Redis(tmp_path / "redis", persist=options.get("persist", False)).start()
    yield server
    server.stop()


@pytest.fixture
def stack(request, redis_server, transactional_db, tmp_path, django_db_blocker):
    """Servers and workers on this test's Redis and the test database: ``stack.server()``,
    ``stack.worker()``, ``stack.beat()``; all stopped (and their database sessions gone) at the end."""
    # every process names its database sessions "faults-<role>": the prefix the tests terminate by
    made = Stack(test_database_url(), redis_server, tmp_path / "logs", name="faults")
    yield made
    made.stop()
    if _failed(request):
        print(f"\n===== logs of {request.node.name} =====\n{made.report()}")
    _wait_for_sessions_to_end("faults-")


def _wait_for_sessions_to_end(prefix: str, timeout: float = 15.0) -> None:
    """The stopped processes' sessions end a moment after them: wait, so the table flush that ends
    the test, and the test database's drop, find none. (Only ours: another test's server may run on.)"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND application_name LIKE %s AND pid <> pg_backend_pid()", [prefix + "%"])
            if cursor.fetchone()[0] == 0:
                return
        time.sleep(0.2)


@pytest.fixture
def record(request):
    """``record(name, seconds)``: a measured recovery time, printed and kept in test-output/faults.json."""
    measured: dict = {}

    def keep(name: str, value):
        measured[name] = value
        print(f"[faults] {request.node.name}: {name} = {value}")

    yield keep
    if measured:
        OUTPUT.mkdir(parents=True, exist_ok=True)
        try:
            everything = json.loads(MEASURES.read_text())
        except (OSError, ValueError):
            everything = {}
        everything[request.node.name] = {**measured, "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        MEASURES.write_text(json.dumps(everything, indent=2, sort_keys=True))


def terminate_backends(prefix: str = "faults-") -> int:
    """pg_terminate_backend on every session of the app's processes (found by application_name)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND application_name LIKE %s AND pid <> pg_backend_pid()",
                       [prefix + "%"])
        return cursor.fetchone()[0]
