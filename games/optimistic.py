"""A plain move stored by one statement: the optimistic write, on PostgreSQL.

Most writes are a seat's move that leads to another seat's move: no CHANCE outcome to derive and
no end. For those, the state need not be read, nor the row locked. This process remembers each
game's head after its last write here (``remember``): the chain head, the state and the few facts
of the row a move needs. A move against that head is computed in memory and stored by one
statement, which updates the game row only if its ``seq`` and ``head_hash`` are still the
remembered ones, and inserts the event, its follow-up work (outbox rows) and the snapshot, when
one is due, only if the row was updated. In autocommit that statement is its own transaction: one round trip and one commit,
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
from functools import cache

import orjson
import psycopg
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection, connections
from django.utils import timezone
from psycopg.types.json import Jsonb

from engine import EngineError, get_game
from games import clock, idempotency, notifications, plan, relay, shown, store
from games.errors import ServiceError
from games.models import Game

#: Games whose head is remembered, most recently written last.
CAPACITY = 4096

# One statement: the UPDATE stands guard (same seq, same head) and every INSERT takes its row from
# it, so all happen or none does. A concurrent writer holding the row lock makes the UPDATE wait,
# then find the seq moved on and match nothing. ``conditionals = 0``: a waiting conditional-move tree
# (stored under the row lock, which sets the count without moving the head) must answer this move in
# its plan, which only the locked path builds. No test of ``status``: a game ends or is aborted
# only by an event, which moves the head, and the primary key alone finds the row.
_GUARD = """
WITH moved AS (
    UPDATE games_game
       SET seq = %(seq)s, head_hash = %(hash)s, to_act = %(to_act)s, draw_offer = %(draw_offer)s,
           deadline_at = %(deadline_at)s, updated_at = %(at)s
     WHERE id = %(game)s AND seq = %(expected)s AND head_hash = %(prev_hash)s AND conditionals = 0{unused_key}
       AND EXISTS (SELECT 1 FROM {users} WHERE id = %(user)s AND is_active)
 RETURNING id
),
event AS (
    INSERT INTO games_event (game_id, seq, kind, actor, notation, payload, secret, created_at, prev_hash, hash)
    SELECT id, %(seq)s, %(kind)s, %(actor)s, %(notation)s, %(payload)s, %(secret)s, %(at)s, %(prev_hash)s, %(hash)s
      FROM moved
){snapshot}{answer}{notices}
INSERT INTO games_outbox (game_id, seq, kind, created_at, attempts, error)
SELECT id, %(seq)s, work, %(at)s, 0, '' FROM moved, (VALUES {work}) AS follow(work)
RETURNING id, kind
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
    INSERT INTO games_idempotencyrecord (user_id, key, fingerprint, game_id, response, created_at)
    SELECT %(user)s, %(key)s, %(fingerprint)s, id, %(response)s, %(at)s FROM moved
)"""
# The notifications the plan causes (a plain move: the next seat's "your move"), one row each.
_NOTICES = """,
notice AS (
    INSERT INTO games_notification (user_id, kind, game_id, seq, text, created_at)
    SELECT told.user_id, told.kind, id, %(seq)s, told.text, %(at)s
      FROM moved, (VALUES {rows}) AS told(user_id, kind, text)
)"""
_NOTICE_ROW = "(%(told_user{n})s::bigint, %(told_kind{n})s::varchar, %(told_text{n})s::varchar)"


@cache
def statement(*, snapshot: bool, keyed: bool, notices: int = 0, work: tuple = ("broadcast",)) -> str:
    """The move's statement, with the snapshot due, the Idempotency-Key's answer, ``notices``
    notifications and the follow-up ``work`` as needed.

    The follow-up kinds are literals and each notification has parameters of its own: a handful
    of statements, each prepared once, and no array parameters to adapt on every move."""
    rows = ", ".join(_NOTICE_ROW.format(n=n) for n in range(notices))
    return _GUARD.format(
        unused_key=_UNUSED_KEY if keyed else "", snapshot=_SNAPSHOT if snapshot else "", answer=_ANSWER if keyed else "",
        notices=_NOTICES.format(rows=rows) if notices else "",
        users=connection.ops.quote_name(get_user_model()._meta.db_table),
        work=", ".join(f"('{kind}')" for kind in work),
    )


def _dumps(value) -> bytes:
    """JSON for psycopg by orjson: the same bytes the hash chain reads, at a fraction of json's cost."""
    return orjson.dumps(value)


#: Writes this executor stored (tests show it was taken).
taken = {"count": 0}
_heads: OrderedDict[int, plan.Head] = OrderedDict()
_lock = threading.Lock()


def remember(game: Game, state) -> None:
    """Keep the head of an active game just written (by either path); forget any other."""
    remember_head(plan.head_of(game, state))


def remember_head(head: plan.Head) -> None:
    if head.status != plan.ACTIVE or head.state is None or head.conditionals:
        forget(head.game_id)
        return
    _keep(head.game_id, head)


def forget(game_id: int) -> None:
    with _lock:
        _heads.pop(game_id, None)


def _keep(game_id: int, head: plan.Head) -> None:
    with _lock:
        _heads[game_id] = head
        _heads.move_to_end(game_id)
        while len(_heads) > CAPACITY:
            _heads.popitem(last=False)


def submit(user, game_id: int, text: str, expected_seq, idempotency_key: str | None = None) -> dict | None:
    """Store the caller's move in one statement, or return ``None`` for the locked path."""
    django = connections[DEFAULT_DB_ALIAS]
    if django.vendor != "postgresql" or django.in_atomic_block:
        return None
    head = _heads.get(game_id)
    if head is None or type(expected_seq) is not int or head.seq != expected_seq or not user.is_active:
        return None
    engine = get_game(head.name, rules_version=head.rules_version)
    try:
        seat = plan.acting_seat(engine, head, user.pk)
        planned = plan.plan_action(engine, head, seat, text, at=timezone.now(), now=clock.now(),
                                   snapshot_every=settings.SNAPSHOT_EVERY)
    except (ServiceError, EngineError):
        return None  # the locked path judges it against the stored state and says why
    if not planned.plain:
        return None  # chance, an end: several events, the locked path stores them
    print_ = idempotency.move_print(game_id, text, expected_seq) if idempotency_key else ""
    return _store(head, engine, planned, user, idempotency_key, print_)


def _store(head: plan.Head, engine, planned: plan.Plan, user, key: str | None, print_: str) -> dict | None:
    """The plan as one statement: its parameters are the plan's, nothing else."""
    event = planned.events[0]
    params = {"game": head.game_id, "expected": head.seq, "prev_hash": event["prev_hash"], "seq": event["seq"],
              "at": event["at"], "hash": event["hash"], "kind": event["kind"], "actor": event["actor"],
              "notation": event["notation"], "payload": Jsonb(event["payload"], _dumps), "secret": event["secret"],
              "to_act": planned.to_act, "deadline_at": planned.deadline_at,
              "draw_offer": Jsonb(planned.draw_offer, _dumps),
              "user": user.pk}  # the writer, read by the statement itself: a suspended one stores nothing
    snapshot = planned.snapshot is not None
    if snapshot:
        params.update(document=planned.snapshot, rules_version=engine.rules_version)
    if key:
        params.update(key=key, fingerprint=print_, response=Jsonb(planned.answer, _dumps))
    told = notifications.for_plan(engine, planned, user)  # the same rows the locked executor stores
    for n, (user_id, kind, text) in enumerate(told):
        params.update({f"told_user{n}": user_id, f"told_kind{n}": kind, f"told_text{n}": text})
    chosen = statement(snapshot=snapshot, keyed=bool(key), notices=len(told), work=relay.kinds_for(planned, told=bool(told)))
    try:
        work = _execute(chosen, params)
    except IntegrityError:
        work = []  # the key was answered meanwhile: the locked path finds the answer
    if not work:
        forget(head.game_id)  # or another writer moved the game on: the locked path reads it afresh
        return None
    _keep(head.game_id, planned.after)
    store.remember_state(head.game_id, planned.seq, planned.head_hash, planned.state)
    store.remember_written(head.game_id, planned.seq, planned.head_hash, event["at"])
    shown.moved_on(head.game_id, head.seq, seq=planned.seq, head_hash=planned.head_hash, to_act=planned.to_act,
                   draw_offer=list(planned.draw_offer), deadline_at=planned.deadline_at, updated_at=event["at"])
    taken["count"] += 1
    relay.deliver([(row_id, kind, head.game_id, planned.seq) for row_id, kind in work],  # committed: autocommit
                  told=[user_id for user_id, _, _ in told])
    return planned.answer


def _execute(statement: str, params: dict):
    """One statement, prepared once per connection: a server-side binding cursor on Django's own
    connection (Django's cursors bind on the client, so the server would plan it every time)."""
    django = connections[DEFAULT_DB_ALIAS]  # one look-up: ``connection`` is a proxy, resolved per use
    django.ensure_connection()
    with django.wrap_database_errors, psycopg.Cursor(django.connection) as cursor:
        cursor.execute(statement, params, prepare=True)
        return cursor.fetchall()
