"""The log's tables are append-only in the database itself, as events are (games/0002, games/0008):
a trigger refuses UPDATE and DELETE of a leaf or a checkpoint, whatever SQL sends it."""

from django.db import migrations

TABLES = ("transparency_logentry", "transparency_checkpoint")

POSTGRES_CREATE = """
CREATE OR REPLACE FUNCTION transparency_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
""" + "".join(
    f"CREATE TRIGGER {t}_append_only BEFORE UPDATE OR DELETE ON {t} "
    "FOR EACH ROW EXECUTE FUNCTION transparency_append_only();\n"
    for t in TABLES
)
POSTGRES_DROP = "".join(f"DROP TRIGGER IF EXISTS {t}_append_only ON {t};\n" for t in TABLES) + (
    "DROP FUNCTION IF EXISTS transparency_append_only();"
)
SQLITE_CREATE = [
    f"""CREATE TRIGGER IF NOT EXISTS {t}_no_{op.lower()} BEFORE {op} ON {t}
       BEGIN SELECT RAISE(ABORT, '{t} is append-only: {op} refused'); END"""
    for t in TABLES
    for op in ("UPDATE", "DELETE")
]
SQLITE_DROP = [f"DROP TRIGGER IF EXISTS {t}_no_{op.lower()}" for t in TABLES for op in ("UPDATE", "DELETE")]


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_CREATE, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_CREATE:
            schema_editor.execute(statement, params=None)


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_DROP, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_DROP:
            schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("transparency", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
