"""State reads: ``games.store.load_state(game, use_cache=False)`` on games of a given length."""

from __future__ import annotations

import random
import statistics
import time
import uuid

from bench.moves import OPTIONS, random_game


def build_game(events: int, seed: int):
    """A Paso game whose history holds exactly ``events`` events (set-up events included)."""
    from django.contrib.auth.models import User

    from games import services
    from games.models import Game

    name = f"bench-read-{uuid.uuid4().hex[:12]}"
    user = User.objects.create_user(name)
    game = services.create_game(creator=user, name="paso", seats=[{"user": name}] * 2, options=OPTIONS)
    if events < game.seq:
        raise ValueError(f"a game has {game.seq} events before its first move")
    for text in random_game(seed, events - game.seq):
        services.submit_action(user=user, game_id=game.pk, text=text, expected_seq=game.seq)
        game.seq += 1  # Paso has no CHANCE: one move is one event
    return Game.objects.get(pk=game.pk)


def timed_reads(games: list, seconds: float) -> list[list[float]]:
    """For each game, the seconds of each uncached state read, turn by turn (one read per turn).

    The games take turns read by read, in a fresh random order each time round, so anything else
    the machine does slows them alike and no game gains from its place in the turn.
    """
    from games.store import load_state

    rng = random.Random(0)
    timings = [[] for _ in games]
    for game in games:
        load_state(game, use_cache=False)  # warm the connection and the engine import
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        turn = list(zip(games, timings))
        rng.shuffle(turn)
        for game, times in turn:
            start = time.perf_counter()
            load_state(game, use_cache=False)
            times.append(time.perf_counter() - start)
    return timings


def paired_ratio(top: list[float], bottom: list[float]) -> float:
    """The median of the turn-by-turn ratios: reads taken moments apart saw the same machine."""
    return statistics.median(a / b for a, b in zip(top, bottom))


def replayed_after_snapshot(game) -> int:
    """How many events a read replays on top of the latest snapshot (what the read cost hangs on)."""
    from games.models import Event, Snapshot
    from games.store import ENGINE_KINDS

    latest = Snapshot.objects.filter(game=game).order_by("-seq").values_list("seq", flat=True).first()
    return Event.objects.filter(game=game, seq__gt=latest or 0, kind__in=ENGINE_KINDS).count()
