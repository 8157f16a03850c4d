"""Run in a subprocess against a SQLite database of its own (``DATABASE_URL=sqlite:///...``, no
Redis): write one game, try every way around the model to rewrite or remove its events, and print
one JSON line saying what the database answered. ``test_append_only`` reads it.
"""

import json
import os
import sys

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.db import DatabaseError, connection, transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from games import services  # noqa: E402
from games.models import Event  # noqa: E402


def events(game):
    return list(Event.objects.filter(game=game).order_by("seq").values_list("seq", "kind", "notation", "hash"))


def attempt(work) -> str:
    try:
        with transaction.atomic():
            work()
    except DatabaseError as exc:
        return f"refused: {exc}"
    return "done"


def forged(game) -> Event:
    return Event(game=game, seq=1, kind="create", actor="service", notation="forged", payload={},
                 created_at=timezone.now(), prev_hash="", hash="0" * 64)


def raw(sql: str, game):
    with connection.cursor() as cursor:
        cursor.execute(sql, [game.pk])


def main() -> None:
    assert connection.vendor == "sqlite", connection.vendor
    user = User.objects.create_user("prober", password="a long passphrase")
    game = services.create_game(creator=user, name="paso", seats=[{"user": "prober"}, {"user": "prober"}])
    before = events(game)
    answers = {
        "base_manager_update": attempt(lambda: Event._base_manager.filter(game=game).update(notation="rewritten")),
        "base_manager_delete": attempt(lambda: Event._base_manager.filter(game=game, seq=1).delete()),
        "upsert": attempt(lambda: Event.objects.bulk_create(
            [forged(game)], update_conflicts=True, unique_fields=["game", "seq"], update_fields=["notation", "hash"])),
        "raw_update": attempt(lambda: raw("UPDATE games_event SET notation = 'rewritten' WHERE game_id = %s", game)),
        "raw_delete": attempt(lambda: raw("DELETE FROM games_event WHERE game_id = %s", game)),
    }
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'games_event'")
        triggers = sorted(name for (name,) in cursor.fetchall())
    print(json.dumps({"answers": answers, "events": len(before), "unchanged": events(game) == before,
                      "triggers": triggers}))


if __name__ == "__main__":
    main()
    sys.exit(0)
