"""The benchmark's own PostgreSQL database, named beside the configured one."""

from __future__ import annotations

import os
from urllib.parse import unquote, urlsplit, urlunsplit

import psycopg
from psycopg import sql

#: The benchmark's own database (BENCH_DATABASE: another name, to keep runs on one server apart).
BENCH_DATABASE = os.environ.get("BENCH_DATABASE", "bench_store")
POSTGRES_SCHEMES = ("postgres", "postgresql", "pgsql")


class NotPostgres(SystemExit):
    """The store benchmark measures PostgreSQL only: SQLite numbers would mean nothing here."""


def bench_url(database_url: str) -> str:
    """``database_url`` with its database name replaced by ``bench_store``."""
    parts = urlsplit(database_url or "")
    if parts.scheme not in POSTGRES_SCHEMES:
        shown = database_url or "unset (the SQLite default)"
        raise NotPostgres(
            f"bench/store.py measures the PostgreSQL event store; DATABASE_URL is {shown}.\n"
            "Run it as: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python bench/store.py"
        )
    return urlunsplit((parts.scheme, parts.netloc, "/" + BENCH_DATABASE, parts.query, ""))


def ensure_database(database_url: str, bench: str) -> None:
    """Create the benchmark database (through the configured one) unless it exists."""
    name = urlsplit(bench).path.lstrip("/")
    with psycopg.connect(database_url, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def ensure_named_database(database_url: str) -> None:
    """Create the database ``database_url`` names unless it exists (through the server's
    ``postgres`` maintenance database, since the named one may not be there to connect to)."""
    parts = urlsplit(database_url)
    maintenance = urlunsplit((parts.scheme, parts.netloc, "/postgres", parts.query, ""))
    ensure_database(maintenance, database_url)


def eventsourcing_env(url: str) -> dict:
    """The ``eventsourcing.postgres`` settings for the database at ``url``."""
    parts = urlsplit(url)
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": parts.path.lstrip("/"),
        "POSTGRES_HOST": parts.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "CREATE_TABLE": "y",
    }


def server_settings(url: str) -> dict:
    """The server settings that decide what a commit costs, printed with the figures."""
    names = ("server_version", "synchronous_commit", "fsync", "wal_sync_method", "autovacuum")
    with psycopg.connect(url, autocommit=True) as conn:
        return {
            name: conn.execute(sql.SQL("SHOW {}").format(sql.Identifier(name))).fetchone()[0]
            for name in names
        }


def vacuum(url: str) -> None:
    """VACUUM ANALYZE the benchmark's database before it is measured. Every run leaves dead rows
    behind (the outbox's rows are deleted once handed off, the game rows are updated per move),
    and a server with ``autovacuum`` off (this machine's) never clears them: later runs would be
    measured on a bloated outbox. Cleared first, every run starts alike."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")
