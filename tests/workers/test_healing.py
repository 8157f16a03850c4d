"""Tasks that heal (issue 16, item 2): retries on database and broker errors, message leases, the
broker's settings, and the connection pool's settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid

import kombu.exceptions
import pytest
from django.db import DataError, InterfaceError, OperationalError

from config.celery import app
from tests.conftest import require
from workers import healing, tasks

TASKS = [tasks.bot_turn, tasks.score_game, tasks.game_timeout, tasks.sweep_deadlines, tasks.checkpoint_log]


@pytest.fixture
def no_pauses(monkeypatch):
    monkeypatch.setattr(healing, "LOCAL_PAUSES", (0, 0, 0, 0))


def test_a_database_error_is_retried_in_the_worker_on_a_fresh_connection(no_pauses, monkeypatch):
    closed = []
    monkeypatch.setattr(healing, "close_old_connections", lambda: closed.append(1))
    calls = []

    def flaky():
        calls.append(1)
        if len(calls) < 3:
            raise (OperationalError if len(calls) == 1 else InterfaceError)("terminating connection")
        return "done"

    assert healing.retried_locally(flaky)() == "done"
    assert len(calls) == 3 and len(closed) == 2


def test_a_database_error_that_lasts_goes_on_to_celerys_retry(no_pauses):
    calls = []

    def down():
        calls.append(1)
        raise OperationalError("connection refused")

    with pytest.raises(OperationalError):
        healing.retried_locally(down)()
    assert len(calls) == len(healing.LOCAL_PAUSES) + 1


def test_a_value_the_database_refuses_is_not_retried(no_pauses):
    calls = []

    def refused():
        calls.append(1)
        raise DataError("invalid byte sequence")

    with pytest.raises(DataError):
        healing.retried_locally(refused)()
    assert calls == [1]


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_every_task_is_late_acked_requeued_on_a_lost_worker_and_retried_with_backoff(task):
    assert task.acks_late and task.reject_on_worker_lost
    for error in (OperationalError, InterfaceError, kombu.exceptions.OperationalError, ConnectionError):
        assert issubclass(error, tuple(task.autoretry_for))
    assert not issubclass(DataError, tuple(task.autoretry_for))
    assert task.retry_backoff and task.retry_jitter and task.max_retries
    assert task.time_limit  # a stuck task's child is killed, and the task runs again


def test_the_bot_turn_task_survives_a_terminated_connection(no_pauses, monkeypatch):
    """As a worker runs it (not eagerly): the first attempt's connection was terminated."""
    from games import services

    calls = []

    def play(game_id, seq):
        calls.append((game_id, seq))
        if len(calls) == 1:
            raise OperationalError("terminating connection due to administrator command")
        return True

    monkeypatch.setattr(services, "play_bot_turn", play)
    monkeypatch.setattr(healing, "_eager", lambda: False)
    assert tasks.bot_turn(7, 3) is True
    assert calls == [(7, 3), (7, 3)]


def test_a_task_run_in_process_is_tried_once_and_its_error_raised(no_pauses, monkeypatch):
    """Eager (the embedded default, tests): the caller waits for the task, so no retry holds it up."""
    from games import services

    calls = []

    def locked(game_id, seq):
        calls.append(1)
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "play_bot_turn", locked)
    with pytest.raises(OperationalError):
        tasks.bot_turn.apply(args=(7, 3), throw=True).get()
    assert calls == [1]


def test_the_broker_settings_heal_a_worker_killed_whole_within_seconds():
    options = app.conf.broker_transport_options
    # a held message is given back 10 s after its worker's last lease renewal, looked for every second
    assert options["visibility_timeout"] <= 15 and options["unacked_restore_interval"] <= 1
    assert options["unacked_restore_throttle"] == 1
    assert healing.LEASE_RENEW_SECONDS * 3 <= options["visibility_timeout"]
    assert app.conf.task_acks_late and app.conf.task_reject_on_worker_lost
    assert app.conf.worker_prefetch_multiplier == 1
    assert app.conf.broker_connection_max_retries is None  # a worker outlives a Redis outage
    assert app.conf.worker_consumer == "workers.healing:Consumer"  # ... and reconnects within 2 s
    assert max(healing.RECONNECT_SECONDS) <= 2


def test_a_lease_is_renewed_only_for_the_messages_still_held(monkeypatch):
    url = os.environ.get("REDIS_URL", "")
    require(bool(url), "REDIS_URL is not set")
    import redis

    prefix = f"leasetest-{uuid.uuid4().hex[:8]}:"
    monkeypatch.setitem(app.conf, "broker_transport_options", {**app.conf.broker_transport_options,
                                                               "global_keyprefix": prefix})
    monkeypatch.setitem(app.conf, "broker_url", url)
    client = redis.Redis.from_url(url)
    key = prefix + "unacked_index"
    try:
        old = time.time() - 60
        client.zadd(key, {"held": old, "someone-elses": old})
        keeper = healing.LeaseKeeper(app)
        monkeypatch.setattr(keeper, "held_tags", lambda: ["held", "acknowledged-meanwhile"])
        assert keeper.renew() == 2
        assert client.zscore(key, "held") > time.time() - 5  # renewed
        assert client.zscore(key, "someone-elses") == pytest.approx(old)  # not ours: left to expire
        assert client.zscore(key, "acknowledged-meanwhile") is None  # not brought back
    finally:
        client.delete(key)


def _settings_of(**env) -> dict:
    code = ("import django, json; django.setup(); from django.conf import settings; "
            "d = settings.DATABASES['default']; print(json.dumps({'options': d.get('OPTIONS', {}), "
            "'checks': d.get('CONN_HEALTH_CHECKS'), 'age': d.get('CONN_MAX_AGE')}, default=str))")
    environment = {k: v for k, v in os.environ.items() if k not in ("DATABASE_POOL",)}
    environment.update(DJANGO_SETTINGS_MODULE="config.settings", **env)
    out = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_postgresql_connections_are_pooled_and_checked_by_default():
    found = _settings_of(DATABASE_URL="postgres://app@db.example:5432/games")
    assert found["options"]["pool"]["max_size"] >= 1 and found["options"]["pool"]["timeout"] > 0
    assert found["checks"] is True and found["age"] == 0
    assert found["options"]["application_name"] == "boardgames"


def test_the_pool_can_be_turned_off_and_the_application_named():
    found = _settings_of(DATABASE_URL="postgres://app@db.example:5432/games", DATABASE_POOL="false",
                         DATABASE_APPLICATION_NAME="web-2")
    assert "pool" not in found["options"] and found["checks"] is True
    assert found["options"]["application_name"] == "web-2"


def test_sqlite_has_no_pool():
    found = _settings_of(DATABASE_URL="sqlite:////tmp/x.sqlite3")
    assert "pool" not in found["options"]


def test_a_celery_worker_connects_without_the_pool(monkeypatch, settings):
    from config.celery import _no_pool_in_workers

    monkeypatch.setitem(settings.DATABASES["default"], "OPTIONS", {"pool": {"max_size": 4}, "application_name": "x"})
    _no_pool_in_workers()
    assert settings.DATABASES["default"]["OPTIONS"] == {"application_name": "x"}
