"""Issue 14, item 10: events are append-only on every database and for every client.

SQLite: the model refused UPDATE and DELETE, but ``_base_manager.update``, an upsert through
``bulk_create(update_conflicts=True)`` and raw SQL rewrote events. Triggers (migration
``games/0008``) now refuse them all, on a database migrated as ``make run`` migrates it.

PostgreSQL: the trigger of ``games/0002`` binds every client, but the table's owner can
``DISABLE TRIGGER`` or ``TRUNCATE``. The app runs as a role that owns nothing
(``manage.py grant_app_role``): it may INSERT and SELECT events and nothing more.
"""

import json
import subprocess
import sys

from django.conf import settings

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
