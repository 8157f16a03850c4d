"""A plain move stored by one statement: the optimistic write, on PostgreSQL.

Most writes are a seat's move that leads to another seat's move: no CHANCE outcome to derive and
no end. For those, the state need not be read, nor the row locked. This process remembers each
game's head after its last write here (``remember``): the chain head, the state and the few facts
of the row a move needs. A move against that head is computed in memory and stored by one
statement, which updates the game row only if its ``seq`` and ``head_hash`` are still the
remembered ones, and inserts the event (and the snapshot, when one is due) only if the row was
updated. In autocommit that statement is its own transaction: one round trip and one commit,
where the locked path needs four (lock, insert, update, commit).

A head is the hash of the whole history, so if the row still shows it, the remembered state is the
state. Every change to the facts kept here (who sits where, a deadline moved, the game ended)
appends an event and so moves the head; the only row changes that do not (``scored``, a bot
seat's deadline cleared) concern games this path never touches.

Anything else returns ``None`` and ``services`` takes the locked path, which owns every error
message: a head not remembered or stale, a move the remembered state refuses, a caller who is not
the seat to act, an Idempotency-Key, a transaction already open, SQLite.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

import orjson
import psycopg
from django.conf import settings
from django.db import connection
from django.utils import timezone

from engine import CHANCE, EngineError, get_game
from games import clock, notify, store
from games.ledger import event_hash
from games.models import Event, Game

#: Games whose head is remembered, most recently written last.
CAPACITY = 4096

# One statement: the UPDATE stands guard (same seq, same head) and the INSERT takes its row from it,
# so either both happen or neither does. A concurrent writer holding the row lock makes the UPDATE
# wait, then find the seq moved on and match nothing. No test of ``status``: a game ends or is
# aborted only by an event, which moves the head, and the primary key alone finds the row.
_GUARD = """
WITH moved AS (
    UPDATE games_game
       SET seq = %(seq)s, head_hash = %(hash)s, to_act = %(to_act)s, draw_offer = '[]'::jsonb,
           deadline_at = %(deadline_at)s, updated_at = %(at)s
     WHERE id = %(game)s AND seq = %(expected)s AND head_hash = %(prev_hash)s
 RETURNING id
)"""
_EVENT = """
INSERT INTO games_event (game_id, seq, kind, actor, notation, payload, secret, created_at, prev_hash, hash)
SELECT id, %(seq)s, 'move', %(actor)s, %(notation)s, '{}'::jsonb, false, %(at)s, %(prev_hash)s, %(hash)s FROM moved
RETURNING seq
"""
_SNAPSHOT = """,
snapshot AS (
    INSERT INTO games_snapshot (game_id, seq, document, created_at) SELECT id, %(seq)s, %(document)s, %(at)s FROM moved
)"""
MOVE = _GUARD + _EVENT
MOVE_AND_SNAPSHOT = _GUARD + _SNAPSHOT + _EVENT


@dataclass(frozen=True)
class Head:
    """A game as its last write in this process left it."""

    seq: int
    hash: str
    state: Any  # the engine state after event ``seq`` (immutable)
    name: str
    players: int
    to_act: int | None
    deadline_at: Any
    time_control: dict
    users: tuple  # by seat number: the seated user's id, or None
    bots: frozenset  # seat numbers a bot plays


_heads: OrderedDict[int, Head] = OrderedDict()
_lock = threading.Lock()


def remember(game: Game, state) -> None:
    """Keep the head of an active game just written (by either path); forget any other."""
    if game.status != Game.Status.ACTIVE:
        forget(game.pk)
        return
    seats = list(game.seats.all())
    head = Head(
        seq=game.seq,
        hash=game.head_hash,
        state=state,
        name=game.name,
        players=game.players,
        to_act=game.to_act,
        deadline_at=game.deadline_at,
        time_control=game.time_control,
        users=tuple(s.user_id for s in seats),
        bots=frozenset(s.number for s in seats if s.bot),
    )
    _keep(game.pk, head)


def forget(game_id: int) -> None:
    with _lock:
        _heads.pop(game_id, None)


def _keep(game_id: int, head: Head) -> None:
    with _lock:
        _heads[game_id] = head
        _heads.move_to_end(game_id)
        while len(_heads) > CAPACITY:
            _heads.popitem(last=False)


def submit(user, game_id: int, text: str, expected_seq) -> dict | None:
    """Store the caller's move in one statement, or return ``None`` for the locked path."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    head = _heads.get(game_id)
    if head is None or type(expected_seq) is not int or head.seq != expected_seq or not user.is_active:
        return None
    engine = get_game(head.name)
    seat = engine.actor(head.state)
    if seat is None or seat == CHANCE or head.users[seat] != user.pk:
        return None
    try:
        action = engine.parse(text, head.state)
        state = engine.apply(head.state, action)
    except EngineError:
        return None  # the locked path judges it against the stored state and names the rule
    to_act = engine.actor(state)
    if to_act == CHANCE or to_act is None:
        return None
    notation, actor = engine.format(action), engine.seat_name(head.players, seat)
    return _store(game_id, head, engine, state, seat, to_act, notation, actor)


def _store(game_id: int, head: Head, engine, state, seat: int, to_act: int, notation: str, actor: str):
    seq, at = head.seq + 1, timezone.now()
    record = {"game": game_id, "seq": seq, "kind": Event.Kind.MOVE.value, "actor": actor, "notation": notation,
              "payload": {}, "secret": False, "at": at.isoformat()}
    params = {"game": game_id, "expected": head.seq, "prev_hash": head.hash, "seq": seq, "at": at,
              "hash": event_hash(head.hash, record), "actor": actor, "notation": notation, "to_act": to_act,
              "deadline_at": clock.next_deadline(head.time_control, head.deadline_at, seat, to_act, to_act in head.bots)}
    statement = MOVE
    if _snapshot_due(seq):
        statement, params["document"] = MOVE_AND_SNAPSHOT, orjson.dumps(engine.to_json(state)).decode()
    if _execute(statement, params) is None:
        forget(game_id)  # another writer moved the game on: the locked path reads it afresh
        return None
    new = replace(head, seq=seq, hash=params["hash"], state=state, to_act=to_act, deadline_at=params["deadline_at"])
    _keep(game_id, new)
    store.remember_state(game_id, seq, new.hash, state)
    notify.committed(game_id, seq, bot_to_act=to_act in head.bots)
    return {"game": game_id, "seq": seq, "action": notation}


def _snapshot_due(seq: int) -> bool:
    every = settings.SNAPSHOT_EVERY
    return bool(every) and seq % every == 0


def _execute(statement: str, params: dict):
    """One statement, prepared once per connection: a server-side binding cursor on Django's own
    connection (Django's cursors bind on the client, so the server would plan it every time)."""
    connection.ensure_connection()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(statement, params, prepare=True)
        return cursor.fetchone()
