"""On SQLite, refuse UPDATE and DELETE on events for every client, as migration 0002 does on
PostgreSQL: the model's own methods refuse them, but ``_base_manager.update``, an upsert through
``bulk_create(update_conflicts=True)`` and raw SQL go around the model. A trigger does not.

SQLite alters a table by rebuilding it, which drops its triggers: a later migration that alters
``games_event`` must create these again (``tests/security/test_append_only.py`` checks them at the
head of the migrations).
"""

from django.db import migrations

CREATE = [
    """CREATE TRIGGER IF NOT EXISTS games_event_no_update BEFORE UPDATE ON games_event
       BEGIN SELECT RAISE(ABORT, 'games_event is append-only: UPDATE refused'); END""",
    """CREATE TRIGGER IF NOT EXISTS games_event_no_delete BEFORE DELETE ON games_event
       BEGIN SELECT RAISE(ABORT, 'games_event is append-only: DELETE refused'); END""",
]
DROP = ["DROP TRIGGER IF EXISTS games_event_no_update", "DROP TRIGGER IF EXISTS games_event_no_delete"]


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for statement in CREATE:
            schema_editor.execute(statement, params=None)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for statement in DROP:
            schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0007_invitations")]
    operations = [migrations.RunPython(forwards, backwards)]
