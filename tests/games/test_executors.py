"""Both executors of a write plan store the same rows: the one-statement write (``optimistic``) and
the locked one (``services.execute``), over every game, timed and untimed, on real PostgreSQL.

Each example plays one random sequence of requests (moves drawn by index into the legal actions, draw
offers and declines, resignations, Idempotency-Keys new and reused, time passing) twice on the same
game id, seed, client seeds and clock: once as requests are served (the fast executor takes every
plain move it can) and once with the fast executor switched off. Every stored row must be the same:
events, snapshots, the game row, seats, idempotency records, the outbox's follow-up work (kept
here: nothing is handed off) and every answer or error.
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import get_game
from games import optimistic, relay, services, store
from games.errors import ServiceError
from games.models import Event, Game, IdempotencyRecord, Notification, Outbox, Seat, Snapshot
from tests.conftest import accepted_game, require

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
GAMES = ["paso", "tibetana", "nakatha", "mandara", "dice"]
TIMED = {"days_per_move": 1, "vacation_days": 0, "policy": "forfeit"}
OPTIONS = {"paso": {"quiet_turn_limit": 0}}
KINDS = ["move", "move", "move", "keyed", "reuse", "offer", "decline", "resign", "wait"]
requests = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 255)), min_size=1, max_size=40)
taken_by_game: dict[str, int] = {}
examples_by_game: dict[str, int] = {}
requests_by_game: dict[str, int] = {}
snapshots_by_game: dict[str, int] = {}
told_by_game: dict[str, int] = {}


@pytest.fixture(autouse=True)
def postgres_only():
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in ("alice", "bob", "carol")]


class Clock:
    """One moment per request, the same on both runs: every ``timezone.now()`` reads it."""

    def __init__(self):
        self.moment = T0

    def __call__(self):
        return self.moment


def fresh_tables() -> None:
    """Empty the games' tables and restart their ids, so the second run stores the same game id."""
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_game, games_seat, games_event, games_snapshot, games_idempotencyrecord, "
                       "games_outbox, games_notification RESTART IDENTITY CASCADE")
    store._CACHE.clear()
    optimistic._heads.clear()


def run(name, timed, steps, users, clock, monkeypatch, *, fast: bool):
    fresh_tables()
    clock.moment = T0
    tokens = itertools.count()
    monkeypatch.setattr(services.secrets, "token_bytes", lambda n: bytes([7]) * n)
    monkeypatch.setattr(services.secrets, "token_hex", lambda n: f"{next(tokens):0{2 * n}x}")
    monkeypatch.setattr(relay, "deliver", lambda work, told=None: 0)  # the outbox keeps every row written, to compare
    if not fast:
        monkeypatch.setattr(optimistic, "submit", lambda *args: None)
    engine = get_game(name)
    players = engine.player_counts[0]
    seats = [{"user": u.username} for u in users[:players]]
    game = accepted_game(creator=users[0], name=name, seats=seats, options=OPTIONS.get(name),
                         time_control=TIMED if timed else None)
    by_seat = users[:players]
    answers, keyed = [], None
    for number, (kind, index) in enumerate(steps):
        clock.moment = T0 + timedelta(minutes=7 * (number + 1))
        game.refresh_from_db()
        if game.is_over:
            break
        try:
            answers.append(_request(engine, game, by_seat, kind, index, number, clock, keyed))
            if kind == "keyed":
                keyed = answers[-1][1]
        except ServiceError as exc:
            answers.append((kind, type(exc).__name__, str(exc)))
    return answers, rows()


def _request(engine, game, by_seat, kind, index, number, clock, keyed):
    user = by_seat[index % len(by_seat)]
    if kind in ("move", "keyed") or (kind == "reuse" and keyed is None):
        _, state = store.load_state(game)
        legal = engine.legal_actions(state)
        text = engine.format(legal[index % len(legal)])
        key = f"key-{number}" if kind == "keyed" else None
        request = {"user": by_seat[game.to_act], "text": text, "expected_seq": game.seq, "key": key}
        return kind, request, services.submit_action(user=request["user"], game_id=game.pk, text=text,
                                                      expected_seq=game.seq, idempotency_key=key)
    if kind == "reuse":  # the same request again: the stored answer, nothing written
        return kind, services.submit_action(user=keyed["user"], game_id=game.pk, text=keyed["text"],
                                            expected_seq=keyed["expected_seq"], idempotency_key=keyed["key"])
    if kind in ("offer", "decline"):
        return kind, services.draw(user=user, game_id=game.pk, choice=kind).seq
    if kind == "resign":
        if index % 4:  # resigning ends the game: rarer than the rest
            return kind, None
        return kind, services.resign(user=user, game_id=game.pk).seq
    clock.moment += timedelta(hours=index)  # "wait": time passes before the next request
    return kind, index


def rows() -> dict:
    """Every stored row of the games' tables, in order."""
    return {
        "games": list(Game.objects.order_by("pk").values()),
        "seats": list(Seat.objects.order_by("game", "number").values()),
        "events": list(Event.objects.order_by("game", "seq").values()),
        "snapshots": list(Snapshot.objects.order_by("game", "seq").values()),
        "idempotency": list(IdempotencyRecord.objects.order_by("pk").values()),
        "outbox": list(Outbox.objects.order_by("pk").values()),
        "notifications": list(Notification.objects.order_by("pk").values()),
    }


@pytest.mark.parametrize("timed", [False, True], ids=["untimed", "timed"])
@pytest.mark.parametrize("name", GAMES)
def test_both_executors_store_the_same_rows(name, timed, players, monkeypatch, dice_game, settings_snapshot):
    clock = Clock()
    monkeypatch.setattr("django.utils.timezone.now", clock)
    key = f"{name}/{'timed' if timed else 'untimed'}"

    @settings(max_examples=12, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(steps=requests)
    def same_rows(steps):
        with pytest.MonkeyPatch.context() as patch:
            before = optimistic.taken["count"]
            fast_answers, fast_rows = run(name, timed, steps, players, clock, patch, fast=True)
            taken = optimistic.taken["count"] - before
        with pytest.MonkeyPatch.context() as patch:
            before = optimistic.taken["count"]
            locked_answers, locked_rows = run(name, timed, steps, players, clock, patch, fast=False)
            assert optimistic.taken["count"] == before  # the fast executor was off
        assert fast_answers == locked_answers
        for table in fast_rows:
            assert fast_rows[table] == locked_rows[table], table
        assert {r["kind"] for r in fast_rows["outbox"]} >= {"broadcast"}  # every write leaves its live update
        taken_by_game[key] = taken_by_game.get(key, 0) + taken
        examples_by_game[key] = examples_by_game.get(key, 0) + 1
        requests_by_game[key] = requests_by_game.get(key, 0) + len(steps)
        snapshots_by_game[key] = snapshots_by_game.get(key, 0) + len(fast_rows["snapshots"])
        moves_told = sum(r["kind"] == "your_move" for r in fast_rows["notifications"])
        told_by_game[key] = told_by_game.get(key, 0) + moves_told

    same_rows()
    assert examples_by_game[key] >= 10
    if name == "dice":  # every die move is followed by a CHANCE roll: several events, never a plain plan
        assert taken_by_game[key] == 0
    else:
        assert taken_by_game[key] > 0, "the fast executor never stored a move"
    assert snapshots_by_game[key] > 0, "no example stored a snapshot"
    assert told_by_game[key] > 0, "no example told a player it was their move"


@pytest.fixture
def settings_snapshot(settings):
    settings.SNAPSHOT_EVERY = 3  # snapshots due often, on either executor
    return settings
