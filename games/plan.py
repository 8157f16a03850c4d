"""The write plan: what one action does to a game, decided by one pure function (``plan_action``).

A plan holds the events with their hashes, the CHANCE outcomes now due, the end of the game if it
came, the game-row changes (seq, head, seat to act, status, outcome, the draw offer a move answers,
the deadline), the snapshot if one is due, the answer an Idempotency-Key keeps and whether a bot is
to act next. Both executors store a plan as it is and decide nothing: ``services`` under the game
row's lock, ``optimistic`` as one guarded statement. No database, no clock: the caller passes the
head and the moment, so the same head and request give the same plan on either path.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson

from engine import CHANCE
from engine.fair import derive_chance
from games import clock
from games.errors import Forbidden
from games.ledger import event_hash

ACTIVE, FINISHED = "active", "finished"  # Game.Status values (no model import: this module is pure)


@dataclass(frozen=True)
class Head:
    """The facts of an active game a plan reads: its row, its seats and the state after ``seq``."""

    game_id: int
    seq: int
    hash: str
    state: Any  # the engine state after event ``seq`` (immutable)
    name: str
    players: int
    rules_version: int
    to_act: int | None
    deadline_at: Any
    time_control: dict
    seed: str  # hex; server-only, never leaves the process
    client_seeds: tuple  # by seat number
    users: tuple  # by seat number: the seated user's id, or None
    bots: frozenset  # seat numbers a bot plays


@dataclass(frozen=True)
class Plan:
    events: tuple  # event records (``store.record_of``'s shape, ``at`` as a datetime)
    seq: int  # the game's seq and head hash after the plan
    head_hash: str
    state: Any  # the engine state after the last event
    status: str
    outcome: dict | None
    to_act: int | None
    deadline_at: Any
    draw_offer: list  # a move answers any standing draw offer
    snapshot: str | None  # the position document due at ``seq`` (``SNAPSHOT_EVERY``), else None
    answer: dict  # the response, kept for an Idempotency-Key
    bot_to_act: bool

    @property
    def plain(self) -> bool:
        """One move event and the game goes on: what the one-statement executor can store."""
        return len(self.events) == 1 and self.status == ACTIVE


def head_of(game, state) -> Head:
    """The head of a game row read with its seats (``store.lock_game``) and its state."""
    seats = list(game.seats.all())
    return Head(
        game_id=game.pk, seq=game.seq, hash=game.head_hash, state=state, name=game.name, players=game.players,
        rules_version=game.rules_version, to_act=game.to_act, deadline_at=game.deadline_at,
        time_control=game.time_control, seed=game.seed, client_seeds=tuple(s.client_seed for s in seats),
        users=tuple(s.user_id if s.is_taken else None for s in seats), bots=frozenset(s.number for s in seats if s.bot),
    )


def acting_seat(engine, head: Head, user_id) -> int:
    """The seat the user plays now, or Forbidden (the one seat check of both paths)."""
    mine = [n for n, u in enumerate(head.users) if u is not None and u == user_id]
    if not mine:
        raise Forbidden("you have no seat in this game")
    actor = engine.actor(head.state)
    if actor not in mine:
        raise Forbidden(f"it is not your turn: {engine.seat_name(head.players, actor)} is to act")
    return actor


def plan_action(engine, head: Head, seat: int | None, text: str | None, *, at: datetime, now: datetime,
                snapshot_every: int, since_seq: int | None = None) -> Plan:
    """The plan of ``seat`` playing ``text`` on ``head``; raises the engine's error if it is illegal.

    ``text`` None: no action, only what is now due (the CHANCE outcomes and seat to act of a game
    just started; ``since_seq`` 0 then, as the snapshot rule counts from the start). ``at`` stamps the events; ``now`` is the clock deadlines count from (``clock.now()``).
    """
    state, events, notation = head.state, [], None

    def add(kind, actor, notation="", payload=None, secret=False):
        prev = events[-1]["hash"] if events else head.hash
        record = {"game": head.game_id, "seq": head.seq + len(events) + 1, "kind": kind, "actor": actor,
                  "notation": notation, "payload": payload or {}, "secret": secret, "at": at}
        record.update(prev_hash=prev, hash=event_hash(prev, record | {"at": at.isoformat()}))
        events.append(record)

    if text is not None:
        action = engine.parse(text, state)
        state = engine.apply(state, action)
        notation = engine.format(action)
        add("move", engine.seat_name(head.players, seat), notation)
    seed = bytes.fromhex(head.seed)
    while engine.actor(state) == CHANCE:
        seq = head.seq + len(events) + 1
        outcome = derive_chance(engine, state, seed, head.game_id, seq, list(head.client_seeds))
        secret = engine.is_secret(state, outcome)
        state = engine.apply(state, outcome)
        add("chance", "chance", engine.format(outcome), {"salt": salt(seed, seq)} if secret else {}, secret)
    result = engine.outcome(state)
    if result is not None:
        status, to_act, deadline_at = FINISHED, None, None
        add("end", "service", payload={"outcome": result, "seed": head.seed})
    else:
        status, to_act = ACTIVE, engine.actor(state)
        deadline_at = clock.next_deadline(head.time_control, head.deadline_at, head.to_act, to_act,
                                          to_act in head.bots, at=now)
    last = head.seq + len(events)  # no event at all: a start whose first seat acts at once
    since = head.seq if since_seq is None else since_seq
    due = bool(snapshot_every) and last // snapshot_every > since // snapshot_every
    return Plan(
        events=tuple(events), seq=last, head_hash=events[-1]["hash"] if events else head.hash, state=state, status=status, outcome=result, to_act=to_act, deadline_at=deadline_at,
        draw_offer=[], snapshot=_document(engine, state) if due else None,
        answer={"game": head.game_id, "seq": last, "action": notation},
        bot_to_act=status == ACTIVE and to_act in head.bots,
    )


def salt(seed: bytes, seq: int) -> str:
    # A secret event's hash is published at once; the salt (withheld with the outcome) stops
    # anyone from finding the outcome by hashing each possible one.
    return hmac.new(seed, f"salt:{seq}".encode(), hashlib.sha256).hexdigest()


def _document(engine, state) -> str:
    return orjson.dumps(engine.to_json(state)).decode()
