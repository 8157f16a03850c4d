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

The statement also stands guard over the writer: it matches only while the user's row is active,
so a suspension committed a moment ago stops the move here as on the locked path.

Anything else returns ``None`` and ``services`` takes the locked path, which owns every error
message: a head not remembered or stale, a writer no longer active, a move the remembered state refuses, a caller who is not
the seat to act, an Idempotency-Key already answered, a transaction already open, SQLite.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import psycopg
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection
from django.utils import timezone
from psycopg.types.json import Jsonb

from engine import CHANCE, EngineError, get_game
from games import clock, notify, store
from games.ledger import event_hash
from games.models import Event, Game

#: Games whose head is remembered, most recently written last.
CAPACITY = 4096

# One statement: the UPDATE stands guard (same seq, same head) and every INSERT takes its row from
# it, so all happen or none does. A concurrent writer holding the row lock makes the UPDATE wait,
# then find the seq moved on and match nothing. No test of ``status``: a game ends or is aborted
# only by an event, which moves the head, and the primary key alone finds the row.
_GUARD = """
WITH moved AS (
    UPDATE games_game
       SET seq = %(seq)s, head_hash = %(hash)s, to_act = %(to_act)s, draw_offer = '[]'::jsonb,
           deadline_at = %(deadline_at)s, updated_at = %(at)s
     WHERE id = %(game)s AND seq = %(expected)s AND head_hash = %(prev_hash)s{unused_key}
       AND EXISTS (SELECT 1 FROM {users} WHERE id = %(user)s AND is_active)
 RETURNING id
){snapshot}{answer}
INSERT INTO games_event (game_id, seq, kind, actor, notation, payload, secret, created_at, prev_hash, hash)
SELECT id, %(seq)s, 'move', %(actor)s, %(notation)s, '{{}}'::jsonb, false, %(at)s, %(prev_hash)s, %(hash)s FROM moved
RETURNING seq
"""
# A key already answered leaves the row alone: the locked path then returns the stored answer.
_UNUSED_KEY = """
       AND NOT EXISTS (SELECT 1 FROM games_idempotencyrecord WHERE user_id = %(user)s AND key = %(key)s)"""
_SNAPSHOT = """,
snapshot AS (
    INSERT INTO games_snapshot (game_id, seq, document, rules_version, created_at)
    SELECT id, %(seq)s, %(document)s, %(rules_version)s, %(at)s FROM moved
)"""
_ANSWER = """,
answer AS (
    INSERT INTO games_idempotencyrecord (user_id, key, game_id, response, created_at)
    SELECT %(user)s, %(key)s, id, %(response)s, %(at)s FROM moved
)"""


@cache
def statement(*, snapshot: bool, keyed: bool) -> str:
    """The move's statement, with the snapshot due and the Idempotency-Key's answer as needed."""
    return _GUARD.format(
        unused_key=_UNUSED_KEY if keyed else "", snapshot=_SNAPSHOT if snapshot else "", answer=_ANSWER if keyed else "",
        users=connection.ops.quote_name(get_user_model()._meta.db_table),
    )


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
    rules_version: int = 1


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
        rules_version=game.rules_version,
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


def submit(user, game_id: int, text: str, expected_seq, idempotency_key: str | None = None) -> dict | None:
    """Store the caller's move in one statement, or return ``None`` for the locked path."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    head = _heads.get(game_id)
    if head is None or type(expected_seq) is not int or head.seq != expected_seq or not user.is_active:
        return None
    engine = get_game(head.name, rules_version=head.rules_version)
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
    move = _Move(engine.format(action), engine.seat_name(head.players, seat), seat, to_act, state)
    return _store(game_id, head, engine, move, user.pk, idempotency_key)


@dataclass(frozen=True)
class _Move:
    notation: str
    actor: str  # the seat's name
    seat: int
    to_act: int  # the seat to act after it
    state: Any  # the state after it


def _store(game_id: int, head: Head, engine, move: _Move, user_id: int, key: str | None) -> dict | None:
    params = _parameters(game_id, head, move)
    seq = params["seq"]
    answer = {"game": game_id, "seq": seq, "action": move.notation}
    snapshot = store.snapshot_due(head.seq, seq)
    if snapshot:
        params.update(document=store.snapshot_document(engine, move.state), rules_version=engine.rules_version)
    params["user"] = user_id  # the writer, read by the statement itself: a suspended one stores nothing
    if key:
        params.update(key=key, response=Jsonb(answer))
    try:
        stored = _execute(statement(snapshot=snapshot, keyed=bool(key)), params)
    except IntegrityError:
        stored = None  # the key was answered meanwhile: the locked path finds the answer
    if stored is None:
        forget(game_id)  # or another writer moved the game on: the locked path reads it afresh
        return None
    after = replace(head, seq=seq, hash=params["hash"], state=move.state, to_act=move.to_act,
                    deadline_at=params["deadline_at"])
    _keep(game_id, after)
    store.remember_state(game_id, seq, after.hash, move.state)
    notify.committed(game_id, seq, bot_to_act=move.to_act in head.bots)
    return answer


def _parameters(game_id: int, head: Head, move: _Move) -> dict:
    """The event chained onto the head, and the row as the move leaves it."""
    seq, at = head.seq + 1, timezone.now()
    record = {"game": game_id, "seq": seq, "kind": Event.Kind.MOVE.value, "actor": move.actor,
              "notation": move.notation, "payload": {}, "secret": False, "at": at.isoformat()}
    deadline_at = clock.next_deadline(head.time_control, head.deadline_at, move.seat, move.to_act,
                                      move.to_act in head.bots)
    return {"game": game_id, "expected": head.seq, "prev_hash": head.hash, "seq": seq, "at": at,
            "hash": event_hash(head.hash, record), "actor": move.actor, "notation": move.notation,
            "to_act": move.to_act, "deadline_at": deadline_at}


def _execute(statement: str, params: dict):
    """One statement, prepared once per connection: a server-side binding cursor on Django's own
    connection (Django's cursors bind on the client, so the server would plan it every time)."""
    connection.ensure_connection()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(statement, params, prepare=True)
        return cursor.fetchone()
