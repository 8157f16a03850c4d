"""Shared fixtures. Service tests (PostgreSQL, Redis, a Celery worker) skip on a bare machine and
fail under ``CI=true``, where every service must be there."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"

#: The shared folder (rulings, conformance scenarios) beside the repository, as CI lays it out;
#: ``SHARED_DIR`` points elsewhere. Never an absolute path written into a test.
SHARED = Path(os.environ.get("SHARED_DIR", Path(__file__).resolve().parents[1].parent / "shared"))


def shared_file(*parts: str) -> Path:
    """A file of the shared folder; a test that needs one skips without it, and fails under CI."""
    path = SHARED.joinpath(*parts)
    require(path.exists(), f"the shared folder lacks {path}")
    return path


def require(condition: bool, why: str) -> None:
    """Skip a service test on a developer machine without the service; in CI, fail instead."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI=true but {why}")
    pytest.skip(why)


def test_database_url() -> str:
    """The test database as a URL, for the subprocesses a test starts (a worker, a server)."""
    from django.db import connection

    s = connection.settings_dict
    user = s.get("USER") or "postgres"
    auth = f"{user}:{s['PASSWORD']}" if s.get("PASSWORD") else user
    return f"postgres://{auth}@{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}"


test_database_url.__test__ = False  # a helper, not a test


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """No connection pool in the test process (below). On SQLite, a test database in a file, as the
    embedded default has, not Django's in-memory one: that one shares its cache between connections,
    where a reader locks a table against a writer of another thread (the background bot worker's)
    without waiting."""
    from django.conf import settings

    default = settings.DATABASES["default"]
    if default["ENGINE"].endswith("sqlite3"):
        default["TEST"]["NAME"] = str(tmp_path_factory.mktemp("sqlite") / "test.sqlite3")
    # The test process itself connects without the pool (its tests count and wait for other sessions,
    # which a pool's idle connections would be); the servers and workers a test starts use the
    # defaults, as production does (tests/faults).
    default.get("OPTIONS", {}).pop("pool", None)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """On SQLite, the suite's own test database drops the append-only triggers (migration
    ``games/0008``): Django empties tables between transactional tests with DELETE, which they
    refuse (PostgreSQL's TRUNCATE fires no row trigger). ``tests/security/test_append_only.py``
    tests the triggers on a SQLite database of its own, migrated as ``make run`` does."""
    from django.db import connection

    if connection.vendor == "sqlite":
        from importlib import import_module

        triggers = import_module("games.migrations.0008_sqlite_events_append_only")
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            for statement in triggers.DROP:
                cursor.execute(statement)
            for statement in import_module("transparency.migrations.0002_append_only").SQLITE_DROP:
                cursor.execute(statement)


@pytest.fixture
def dice_game():
    """The dice-and-deck test double, registered for the duration of a test."""
    import engine
    from tests.doubles import DICE

    engine.register(DICE)
    yield DICE
    engine.unregister(DICE.name)


@pytest.fixture(autouse=True)
def eager_tasks():
    """Tasks run in-process unless a test asks for the real worker (``celery_worker``)."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def bot_turns_on_celery(settings):
    """Bots' turns go through Celery here (eager: inline, so a test sees the bot's move as soon as
    its call returns), whatever ``REDIS_URL`` says. The embedded default's background worker
    runs after the response instead: ``tests/games/test_background.py`` and
    ``tests/security/test_bots_off_request.py`` switch it on with ``background_worker``."""
    settings.BOT_TURNS = "celery"


@pytest.fixture
def background_worker(settings, transactional_db):
    """The embedded default's bot worker for this test, created but not started: a test checks
    what a request left queued, then calls ``start()`` (stopped and replaced at the end)."""
    from games import background

    settings.BOT_TURNS = "background"
    worker = background.BotTurnWorker(sweep_every=None)
    previous = background.use(worker)
    yield worker
    worker.stop()
    background.use(previous)


def wait_until(predicate, timeout: float = 60.0, what: str = "the condition"):
    """Poll ``predicate`` until it is true; fail after ``timeout`` seconds (a bound, not a measure)."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


@pytest.fixture
def make_user(db):
    from django.contrib.auth.models import User

    def make(name: str, **extra):
        return User.objects.create_user(name, password="s3cret-pass!", **extra)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def staff_user(make_user):
    """Staff: the only ones who may create a game with no human seat (bots against bots)."""
    return make_user("staff", is_staff=True)


@pytest.fixture(autouse=True)
def fresh_throttles():
    """Throttle counts live in the cache: each test starts with none (no test is throttled by another)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def token_for(user) -> str:
    """A new API token (django-rest-knox) for ``user``."""
    from knox.models import get_token_model

    return get_token_model().objects.create(user=user)[1]


def client_for(user=None):
    from rest_framework.test import APIClient

    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


@pytest.fixture
def api():
    return client_for


def accepted_game(*, creator, name: str, seats, **kwargs):
    """``services.create_game`` where every user invited to a seat then accepts it (issue 14: a seat
    named for another user is an invitation). Returns the game as the last write left it."""
    from games import invitations, services

    game = services.create_game(creator=creator, name=name, seats=seats, **kwargs)
    for seat in game.seats.filter(invited__isnull=False, taken_at__isnull=True).select_related("invited"):
        game = invitations.accept(user=seat.invited, game_id=game.pk)
    return game


@pytest.fixture(autouse=True)
def no_relay_thread(settings):
    """No outbox relay thread in tests: a test hands off and relays itself (``relay.run_due``,
    ``relay.flush``); each test starts with nothing handed off in this process."""
    from games import relay, store

    settings.RELAY_SECONDS = 0
    relay.forget_handed_off()
    store.forget_written()
    yield
    relay.forget_handed_off()
