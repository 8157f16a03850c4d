"""Issue 14, item 10: events are append-only on every database and for every client.

SQLite: the model refused UPDATE and DELETE, but ``_base_manager.update``, an upsert through
``bulk_create(update_conflicts=True)`` and raw SQL rewrote events. Triggers (migration
``games/0008``) now refuse them all, on a database migrated as ``make run`` migrates it.

PostgreSQL: the trigger of ``games/0002`` binds every client, but the table's owner can
``DISABLE TRIGGER`` or ``TRUNCATE``. The app runs as a role that owns nothing
(``manage.py grant_app_role``): it may INSERT and SELECT events and nothing more.
"""

import io
import json
import secrets
import subprocess
import sys
import uuid

import psycopg
import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

from games import services
from games.models import Event
from tests.conftest import require
from tests.security.sqlite_db import migrated

BYPASSES = ("base_manager_update", "base_manager_delete", "upsert", "raw_update", "raw_delete")


def test_on_sqlite_every_way_around_the_model_to_rewrite_or_remove_an_event_is_refused(tmp_path):
    env = migrated(tmp_path)
    probe = subprocess.run([sys.executable, "-m", "tests.security.sqlite_probe"], cwd=settings.BASE_DIR, env=env,
                           capture_output=True, text=True, timeout=120)
    assert probe.returncode == 0, probe.stdout[-2000:] + probe.stderr[-2000:]
    found = json.loads(probe.stdout.strip().splitlines()[-1])
    assert found["triggers"] == ["games_event_no_delete", "games_event_no_update"]
    for bypass in BYPASSES:
        assert found["answers"][bypass].startswith("refused: games_event is append-only"), (bypass, found)
    assert found["events"] > 0 and found["unchanged"]


@pytest.fixture
def app_role(transactional_db, monkeypatch):
    """A role of this test's own made by ``grant_app_role``, dropped afterwards (roles are the
    whole cluster's: its grants in the test database go first)."""
    require(connection.vendor == "postgresql", "the app's role is PostgreSQL's: set DATABASE_URL=postgres://...")
    role, password = f"app_test_{uuid.uuid4().hex[:10]}", secrets.token_urlsafe(16)
    monkeypatch.setenv("APP_DB_PASSWORD", password)
    call_command("grant_app_role", role, stdout=io.StringIO())
    yield role, password
    with connection.cursor() as cursor:
        cursor.execute(f'DROP OWNED BY "{role}"')  # its privileges here (it owns nothing)
        cursor.execute(f'DROP ROLE "{role}"')


def connect_as(role: str, password: str) -> psycopg.Connection:
    s = connection.settings_dict
    return psycopg.connect(host=s.get("HOST") or "127.0.0.1", port=s.get("PORT") or 5432, dbname=s["NAME"],
                           user=role, password=password, autocommit=True)


def refused(db: psycopg.Connection, statement: str, params=()) -> str:
    with pytest.raises(psycopg.Error) as caught:
        db.execute(statement, params)
    return type(caught.value).__name__


def test_on_postgresql_the_app_role_may_insert_and_select_events_and_nothing_more(app_role, alice):
    role, password = app_role
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "alice"}])
    with connect_as(role, password) as db:
        assert db.execute("SELECT count(*) FROM games_event WHERE game_id = %s", [game.pk]).fetchone()[0] == game.seq
        db.execute("INSERT INTO games_event (game_id, seq, kind, actor, notation, payload, secret, created_at, "
                   "prev_hash, hash) VALUES (%s, %s, 'move', 'south', 'temple c1', '{}', false, now(), %s, %s)",
                   [game.pk, game.seq + 1, game.head_hash, "0" * 64])
        db.execute("UPDATE games_game SET updated_at = now() WHERE id = %s", [game.pk])  # the app's other writes
        answers = {
            "update": refused(db, "UPDATE games_event SET notation = 'rewritten' WHERE game_id = %s", [game.pk]),
            "delete": refused(db, "DELETE FROM games_event WHERE game_id = %s", [game.pk]),
            "truncate": refused(db, "TRUNCATE games_event CASCADE"),
            "disable trigger": refused(db, "ALTER TABLE games_event DISABLE TRIGGER ALL"),
            "drop": refused(db, "DROP TABLE games_event CASCADE"),
        }
    assert set(answers.values()) == {"InsufficientPrivilege"}, answers
    assert Event.objects.filter(game=game).count() == game.seq + 1
    assert not Event.objects.filter(game=game, notation="rewritten").exists()


def test_granting_the_app_role_again_changes_nothing_and_a_bad_name_is_refused(app_role):
    role, _ = app_role
    call_command("grant_app_role", role, stdout=io.StringIO())  # idempotent: an existing role is altered
    with connection.cursor() as cursor:
        for table in ("games_event", "transparency_logentry", "transparency_checkpoint"):
            cursor.execute("SELECT privilege_type FROM information_schema.role_table_grants "
                           "WHERE grantee = %s AND table_name = %s ORDER BY 1", [role, table])
            assert [p for (p,) in cursor.fetchall()] == ["INSERT", "SELECT"], table
        cursor.execute("SELECT count(*) FROM pg_tables WHERE tableowner = %s", [role])
        assert cursor.fetchone()[0] == 0
    with pytest.raises(CommandError, match="lower-case"):
        call_command("grant_app_role", 'app"; DROP TABLE games_event; --')
