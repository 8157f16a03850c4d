"""The transparency log's cost: a receipt per write, and a checkpoint of 10,000 moved games.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python bench/transparency.py

Works in the store benchmark's own database (``bench_store`` beside the configured one, created and
migrated if missing). The moves are timed as ``bench/store.py`` times them: ``services.submit_action``
in autocommit, each move a real COMMIT (the one-statement optimistic path), on games it creates and
leaves there. Each receipt is timed right after its move, as a view signs it. The checkpoint runs
inside a transaction that is rolled back (the log's tables are append-only). Every ratio is printed
beside its raw figures: on these shared machines only figures from one run compare.
"""

from __future__ import annotations

import os
import secrets
import statistics
import sys
import time
import uuid
from pathlib import Path

_HERE, _ROOT = Path(__file__).resolve().parent, str(Path(__file__).resolve().parent.parent)
sys.path[:] = [_ROOT] + [p for p in sys.path if Path(p or ".").resolve() != _HERE and p != _ROOT]

from bench import database  # noqa: E402
from bench.harness import django_setup  # noqa: E402

MOVES = 300  # moves (and receipts) timed, over GAMES_PLAYED games
GAMES_PLAYED = 3
GAMES = 10_000  # moved games in the timed checkpoint
SIGNATURES = 2000


class _Rollback(Exception):
    pass


def main() -> None:
    configured = os.environ.get("DATABASE_URL", "")
    url = database.bench_url(configured)  # refuses anything but PostgreSQL
    database.ensure_database(configured, url)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("TRANSPARENCY_SIGNING_KEY", "")
    django_setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    print(f"database {url.rsplit('/', 1)[-1]}, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    _receipts()
    _checkpoint()


def _receipts() -> None:
    from django.contrib.auth.models import User

    from bench.moves import OPTIONS, random_game
    from games import services
    from transparency import receipts, signing

    name = f"bench-{uuid.uuid4().hex[:12]}"
    user = User.objects.create_user(name)
    per_game = MOVES // GAMES_PLAYED
    moves, receipt = [], []
    for number in range(GAMES_PLAYED):
        game = services.create_game(creator=user, name="paso", seats=[{"user": name}] * 2, options=OPTIONS)
        for n, text in enumerate(random_game(seed=number, length=per_game)):
            start = time.perf_counter()
            result = services.submit_action(user=user, game_id=game.pk, text=text, expected_seq=game.seq + n)
            middle = time.perf_counter()
            signing.receipt_for(result["game"], result["seq"])
            receipt.append(time.perf_counter() - middle)
            moves.append(middle - start)
    move, signed = sum(moves) / len(moves), sum(receipt) / len(receipt)
    private, key_id = signing.private_key(), signing.current_key_id()
    start = time.perf_counter()
    for i in range(SIGNATURES):
        receipts.sign(private, origin="o", game=1, seq=i, hash="a" * 64, at="2026-01-01T00:00:00+00:00", key_id=key_id)
    sign = (time.perf_counter() - start) / SIGNATURES
    print(f"move (services.submit_action, autocommit: a real COMMIT each, as bench/store.py): "
          f"mean {move * 1e3:.3f} ms, median {statistics.median(moves) * 1e3:.3f} ms over {len(moves)} moves")
    print(f"receipt (signing.receipt_for right after the move: the event's read + Ed25519 signature): "
          f"mean {signed * 1e3:.3f} ms, median {statistics.median(receipt) * 1e3:.3f} ms "
          f"= {signed / move:.1%} of a move (goal < 5%)")
    print(f"  of which the signature alone: {sign * 1e3:.3f} ms = {sign / move:.1%} of a move; "
          f"the rest ({(signed - sign) * 1e3:.3f} ms) is reading the event's hash and time back")


def _checkpoint() -> None:
    from django.db import transaction

    try:
        with transaction.atomic():
            _timed_checkpoint()
            raise _Rollback
    except _Rollback:
        pass


def _timed_checkpoint() -> None:
    from games.models import Game
    from transparency import log, merkle

    log.checkpoint()  # the games already moved, so the timed one holds exactly the new ones
    template = Game.objects.filter(seq__gt=0).order_by("-pk").first()
    fields = {f.attname: getattr(template, f.attname) for f in Game._meta.concrete_fields if f.attname != "id"}
    Game.objects.bulk_create(
        [Game(**{**fields, "head_hash": secrets.token_hex(32)}) for _ in range(GAMES)], batch_size=2000
    )
    start = time.perf_counter()
    made = log.checkpoint()
    took = time.perf_counter() - start
    print(f"checkpoint of {GAMES:,} moved games: {took:.3f} s = {took:.0%} of the 1 s goal, "
          f"tree size {made.size:,} ({made.size - GAMES:,} leaves before it)")
    hashes = log.leaf_hashes()
    inclusion = merkle.inclusion_proof(hashes, len(hashes) // 3)
    consistency = merkle.consistency_proof(hashes, len(hashes) // 2 + 1)
    print(f"proof sizes at {len(hashes):,} leaves: inclusion {len(inclusion)} hashes ({len(inclusion) * 32} bytes), "
          f"consistency {len(consistency)} hashes ({len(consistency) * 32} bytes); "
          f"checkpoint note {len(made.note.encode())} bytes")


if __name__ == "__main__":
    main()
