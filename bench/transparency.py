"""The transparency log's cost: a receipt's signature per write, and a checkpoint of 10,000 moved games.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python bench/transparency.py

Runs inside one transaction that it rolls back (the database is left as it was). Prints the figures
with their goals (receipt under 5% of a move; checkpoint of 10,000 games under 1 s) and proof sizes.
"""

from __future__ import annotations

import os
import secrets
import sys
import time
from pathlib import Path

_HERE, _ROOT = Path(__file__).resolve().parent, str(Path(__file__).resolve().parent.parent)
sys.path[:] = [_ROOT] + [p for p in sys.path if Path(p or ".").resolve() != _HERE and p != _ROOT]

from bench.harness import django_setup  # noqa: E402

MOVES = 60
GAMES = 10_000


class _Rollback(Exception):
    pass


def main() -> None:
    os.environ.setdefault("TRANSPARENCY_SIGNING_KEY", "")
    django_setup()
    from django.db import transaction

    try:
        with transaction.atomic():
            _measure()
            raise _Rollback
    except _Rollback:
        pass


def _measure() -> None:
    from django.contrib.auth import get_user_model

    from games import selectors, services
    from games.models import Game
    from tests.conftest import accepted_game
    from transparency import log, merkle, signing

    users = [get_user_model().objects.create_user(f"bench{i}{secrets.token_hex(3)}", password="x" * 12) for i in (1, 2)]
    game = accepted_game(creator=users[0], name="paso", seats=[{"user": users[0].username}, {"user": users[1].username}])
    move_seconds, receipt_seconds, moves = 0.0, 0.0, 0
    for _ in range(MOVES):
        game = selectors.get(game.pk)
        if game.is_over:
            break
        user = next(u for u in users if selectors.legal_for(game, u)["actions"])
        action = selectors.legal_for(game, user)["actions"][0]
        start = time.perf_counter()
        result = services.submit_action(user=user, game_id=game.pk, text=action, expected_seq=game.seq)
        middle = time.perf_counter()
        signing.receipt_for(result["game"], result["seq"])
        receipt_seconds += time.perf_counter() - middle
        move_seconds += middle - start
        moves += 1
    print(f"move (services.submit_action): {move_seconds / moves * 1e3:.2f} ms over {moves} moves")
    print(f"receipt (receipt_for: a read + Ed25519 sign): {receipt_seconds / moves * 1e3:.3f} ms "
          f"= {receipt_seconds / move_seconds:.1%} of a move (goal < 5%)")
    from transparency import receipts

    private, count = signing.private_key(), 2000
    start = time.perf_counter()
    for i in range(count):
        receipts.sign(private, origin="o", game=1, seq=i, hash="a" * 64, at="2026-01-01T00:00:00+00:00")
    sign = (time.perf_counter() - start) / count
    print(f"  of which the signature alone: {sign * 1e3:.3f} ms = {sign * moves / move_seconds:.1%} of a move; "
          "the rest is the event's read (its hash and time)")

    log.checkpoint()
    template = Game.objects.get(pk=game.pk)
    fields = {f.attname: getattr(template, f.attname) for f in Game._meta.concrete_fields if f.attname != "id"}
    Game.objects.bulk_create(
        [Game(**{**fields, "head_hash": secrets.token_hex(32)}) for _ in range(GAMES)], batch_size=2000
    )
    start = time.perf_counter()
    made = log.checkpoint()
    took = time.perf_counter() - start
    print(f"checkpoint of {GAMES:,} moved games: {took:.3f} s (goal < 1 s), tree size {made.size:,}")
    hashes = log.leaf_hashes()
    inclusion = merkle.inclusion_proof(hashes, len(hashes) // 3)
    consistency = merkle.consistency_proof(hashes, len(hashes) // 2 + 1)
    print(f"proof sizes at {len(hashes):,} leaves: inclusion {len(inclusion)} hashes ({len(inclusion) * 32} bytes), "
          f"consistency {len(consistency)} hashes ({len(consistency) * 32} bytes); "
          f"checkpoint note {len(made.note.encode())} bytes")


if __name__ == "__main__":
    main()
