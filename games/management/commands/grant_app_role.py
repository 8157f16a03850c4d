"""``manage.py grant_app_role ROLE``: the PostgreSQL role the app runs as, which owns nothing.

Run it as the database's owner (the role that runs ``migrate``), after every ``migrate``: it creates
``ROLE`` if missing (LOGIN, with the password in ``$APP_DB_PASSWORD`` when set) and grants it

- SELECT and INSERT on ``games_event`` and the transparency log's tables: appended and read, never
  changed;
- SELECT, INSERT, UPDATE and DELETE on every other table of the schema (the app's own writes),
  SELECT only on ``django_migrations``;
- USAGE and SELECT on the sequences, USAGE on the schema, CONNECT on the database.

No TRUNCATE, no TRIGGER, and no ownership: the role cannot ``TRUNCATE`` a table, ``ALTER TABLE
... DISABLE TRIGGER``, ``DROP`` or alter anything, so the append-only trigger of ``games/0002``
binds it whatever SQL it sends. Grants are idempotent: running it again changes nothing.
"""

import os
import re

from django.core.management.base import BaseCommand, CommandError
from django.db import connections, transaction
from psycopg import sql

EVENTS = "games_event"
#: Tables only ever appended to: the events, and the transparency log's entries and checkpoints.
APPEND_ONLY = (EVENTS, "transparency_logentry", "transparency_checkpoint")
READ_ONLY = ("django_migrations",)
ROLE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


class Command(BaseCommand):
    help = "Create (if missing) the app's PostgreSQL role and grant it INSERT/SELECT on events, no more."

    def add_arguments(self, parser):
        parser.add_argument("role", help="the role's name: lower-case letters, digits and _")
        parser.add_argument("--database", default="default", help="the database alias (connected as its owner)")
        parser.add_argument("--password-env", default="APP_DB_PASSWORD",
                            help="the environment variable holding the role's password (unset: none)")

    def handle(self, *args, role, database, password_env, **options):
        if not ROLE_NAME.fullmatch(role):
            raise CommandError("the role's name must be lower-case letters, digits and _, at most 63")
        connection = connections[database]
        if connection.vendor != "postgresql":
            raise CommandError(f"roles are PostgreSQL's: this database is {connection.vendor}")
        password = os.environ.get(password_env) or None
        with transaction.atomic(using=database), connection.cursor() as cursor:
            for statement in statements(cursor, role, password):
                cursor.execute(statement.as_string(cursor.connection))
        self.stdout.write(f"role {role}: SELECT, INSERT on {EVENTS}; read-write on the other tables; owns nothing")


def statements(cursor, role: str, password: str | None):
    name = sql.Identifier(role)
    cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
    verb = sql.SQL("ALTER ROLE") if cursor.fetchone() else sql.SQL("CREATE ROLE")
    login = sql.SQL(" LOGIN PASSWORD {}").format(sql.Literal(password)) if password else sql.SQL(" LOGIN")
    yield verb + sql.SQL(" {}").format(name) + login
    cursor.execute("SELECT current_database(), current_schema()")
    database, schema = (sql.Identifier(each) for each in cursor.fetchone())
    yield sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(database, name)
    yield sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(schema, name)
    # Start from nothing on every table, so a grant taken back here (or by hand) stays taken back.
    yield sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA {} FROM {}").format(schema, name)
    yield sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {} TO {}").format(schema, name)
    for table in APPEND_ONLY:
        yield sql.SQL("REVOKE UPDATE, DELETE ON {} FROM {}").format(sql.Identifier(table), name)
    for table in READ_ONLY:
        yield sql.SQL("REVOKE INSERT, UPDATE, DELETE ON {} FROM {}").format(sql.Identifier(table), name)
    yield sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {} TO {}").format(schema, name)
