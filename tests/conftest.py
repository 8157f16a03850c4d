"""Shared fixtures. Service tests (PostgreSQL, Redis, a Celery worker) skip on a bare machine and
fail under ``CI=true``, where every service must be there."""

from __future__ import annotations

import os

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"


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
