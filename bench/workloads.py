"""The timed workloads (see ``harness``): raw INSERT+COMMIT, and moves through the service layer."""

from __future__ import annotations

import itertools
import os
import uuid

import psycopg
from psycopg.types.json import Jsonb

from bench.harness import django_setup
from bench.moves import OPTIONS, random_game

RAW_TABLE = "bench_raw_event"
#: Prepared per worker before the first burst: 24,000 moves, more than a worker plays in a whole
#: run at 2,000 moves/s (one move = one event). Preparing more inside a burst (it never runs out)
#: costs that burst about a second of engine work, which shows as its minimum.
GAMES_PER_WORKER = 24
#: The locked executor plays about 200 moves a second: two games last the run.
LOCKED_GAMES = 2
MOVES_PER_GAME = 1000


def create_raw_table(url: str) -> None:
    """The scratch table: an event-like row with a jsonb column (created once, before workers)."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {RAW_TABLE} (id bigserial PRIMARY KEY, worker int NOT NULL,"
            " seq int NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())"
        )
        conn.execute(f"TRUNCATE {RAW_TABLE}")


def raw_insert(index: int):
    """One row INSERTed and COMMITted per step, on one psycopg 3 connection."""
    conn = psycopg.connect(os.environ["DATABASE_URL"])
    counter = itertools.count(1)
    statement = f"INSERT INTO {RAW_TABLE} (worker, seq, payload) VALUES (%s, %s, %s)"

    def step():
        seq = next(counter)
        conn.execute(
            statement, (index, seq, Jsonb({"actor": "south", "notation": "brahmin walk c4.sw-c4.ne"}))
        )
        conn.commit()

    return step


def submissions(index: int, *, fast: bool = True, games: int = GAMES_PER_WORKER):
    """One ``games.services.submit_action`` per step, through this worker's own prepared games."""
    django_setup()
    from django.contrib.auth.models import User

    from games import optimistic, services

    fast_submit = optimistic.submit

    name = f"bench-{uuid.uuid4().hex[:12]}"
    user = User.objects.create_user(name)

    def prepared(batch: int):
        """Games and their moves, ``games`` at a time: a fast machine never runs out (a further
        batch is prepared inside a burst once the first is played)."""
        plan = []
        for number in range(games):
            game = services.create_game(creator=user, name="paso", seats=[{"user": name}] * 2, options=OPTIONS)
            seed = index * 1_000_000 + batch * 1000 + number
            plan.append((game.pk, game.seq, random_game(seed=seed, length=MOVES_PER_GAME)))
        return ((game_id, seq + n, text) for game_id, seq, texts in plan for n, text in enumerate(texts))

    first = list(prepared(0))  # the first batch before any burst
    moves = itertools.chain(first, itertools.chain.from_iterable(prepared(batch) for batch in itertools.count(1)))

    def step():
        game_id, expected_seq, text = next(moves)
        # Off: the locked executor alone, what the one-statement write must beat to be kept (swapped
        # per call: every workload of this worker process shares the module).
        optimistic.submit = fast_submit if fast else _declines
        try:
            services.submit_action(user=user, game_id=game_id, text=text, expected_seq=expected_seq)
        finally:
            optimistic.submit = fast_submit

    return step


def locked_submissions(index: int):
    """``submissions`` with the one-statement executor switched off in this worker process."""
    return submissions(index, fast=False, games=LOCKED_GAMES)


def _declines(*args):
    return None
