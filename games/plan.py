"""The write plan: what one request does to a game, decided by pure functions, stored by one executor.

A plan holds the events with their hashes, the game row's and the seats' changes, the engine
state after them, the snapshot if one is due, the answer an Idempotency-Key keeps and the
follow-up work (a bot to act, a game to score, the live update) that leaves through the outbox.
Every writer (a move, a join, a draw offer, a timeout, a moderation act, an invitation answered)
builds its plan with a ``Draft`` on the game's ``Head`` and hands it to ``services.execute``
(under the row lock) or, for a plain move, to ``optimistic`` (one statement). The executors store
a plan as it is and decide nothing. No database, no clock here: the caller passes the head and
the moment, so the same head and request give the same plan on either path.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from datetime import datetime
from typing import Any

import orjson

from engine import CHANCE, EngineError
from engine.fair import derive_chance
from games import clock, conditional_tree
from games.errors import Forbidden
from games.ledger import event_hash

# Game.Status values (no model import: this module is pure)
OPEN, ACTIVE, FINISHED, ABORTED = "open", "active", "finished", "aborted"

#: The game-row fields a plan may change (besides ``seq`` and ``head_hash``).
ROW_FIELDS = ("status", "to_act", "outcome", "draw_offer", "deadline_at", "rated")
#: The seat fields a plan may change.
SEAT_FIELDS = ("user_id", "bot", "client_seed", "taken_at", "invited_id", "invited_until", "vacation_left")


@dataclass(frozen=True)
class Head:
    """The facts of a game a plan reads: its row, its seats and the engine state after ``seq``."""

    game_id: int
    seq: int
    hash: str
    state: Any  # the engine state after event ``seq`` (immutable); None before the game starts
    name: str
    players: int
    options: dict
    rules_version: int
    status: str
    to_act: int | None
    deadline_at: Any
    draw_offer: tuple
    rated: bool
    time_control: dict
    seed: str  # hex; server-only, never leaves the process
    client_seeds: tuple  # by seat number
    users: tuple  # by seat number: the seated user's id, or None
    bots: tuple  # by seat number: the bot level, or ""
    taken: tuple  # by seat number: whether a player (user or bot) holds it
    invited: tuple = ()  # by seat number: the user a seat not yet taken is offered to, or None
    conditionals: int = 0  # conditional-move trees waiting (the row's count): the optimistic path stays away
    #: The waiting trees, read with the locked row: ``{"seat", "user", "active", "tree", "partial"}`` each.
    #: Server-only, like ``seed``: a tree never leaves the process but to its owner.
    conditional: tuple = ()


_HEAD_FIELDS = frozenset(f.name for f in dataclass_fields(Head))


def revised(head: Head, **changes) -> Head:
    """``dataclasses.replace`` for a head, without building it through ``__init__``: a move builds
    two heads (its facts, the head after it), and ``replace`` checking and setting each of the
    23 fields one by one was a tenth of a move's Python. A head holds only immutable values, so
    sharing them is safe."""
    assert changes.keys() <= _HEAD_FIELDS, f"not a head field: {changes.keys() - _HEAD_FIELDS}"
    new = object.__new__(Head)
    new.__dict__.update(head.__dict__)
    new.__dict__.update(changes)
    return new


def head_of(game, state=None) -> Head:
    """The head of a game row read with its seats (``store.lock_game``) and its state."""
    seats = list(game.seats.all())
    return Head(
        game_id=game.pk, seq=game.seq, hash=game.head_hash, state=state, name=game.name, players=game.players,
        options=game.options, rules_version=game.rules_version, status=game.status, to_act=game.to_act,
        deadline_at=game.deadline_at, draw_offer=tuple(game.draw_offer or ()), rated=game.rated,
        time_control=game.time_control, seed=game.seed, client_seeds=tuple(s.client_seed for s in seats),
        users=tuple(s.user_id if s.is_taken else None for s in seats), bots=tuple(s.bot for s in seats),
        taken=tuple(s.is_taken for s in seats), invited=tuple(s.invited_id if s.is_invitation else None for s in seats),
        conditionals=game.conditionals, conditional=tuple(getattr(game, "waiting_trees", ())),
    )


@dataclass(frozen=True)
class Plan:
    game_id: int
    events: tuple  # event records (``store.record_of``'s shape, ``at`` as a datetime)
    seq: int  # the game's seq and head hash after the plan
    head_hash: str
    row: dict  # game-row fields to set (``ROW_FIELDS``)
    seats: dict  # seat number -> seat fields to set (``SEAT_FIELDS``)
    after: Head  # the head once the plan is stored
    snapshot: str | None  # the position document due at ``seq`` (``SNAPSHOT_EVERY``), else None
    answer: dict  # the response, kept for an Idempotency-Key
    at: datetime  # when it was drafted: its events' and its follow-up work's time
    before: Head | None = None  # the head it was drafted on (who is told what compares the two)
    #: Conditional-move trees changed: seat -> ``{"tree", "partial"}`` kept, or None (discarded).
    trees: dict = field(default_factory=dict)

    @property
    def state(self):
        return self.after.state

    @property
    def status(self) -> str:
        return self.after.status

    @property
    def to_act(self):
        return self.after.to_act

    @property
    def deadline_at(self):
        return self.after.deadline_at

    @property
    def draw_offer(self) -> list:
        return list(self.after.draw_offer)

    @property
    def outcome(self):
        return self.row.get("outcome")

    @property
    def bot_to_act(self) -> bool:
        """Follow-up: a bot seat is to act once this is stored."""
        after = self.after
        return after.status == ACTIVE and after.to_act is not None and bool(after.bots[after.to_act])

    @property
    def to_score(self) -> bool:
        """Follow-up: the game ended with this plan and its result is to be scored."""
        return "status" in self.row and self.row["status"] in (FINISHED, ABORTED)

    @property
    def plain(self) -> bool:
        """One move event, no seat changed and the game goes on: what the one-statement executor stores."""
        return (len(self.events) == 1 and self.events[0]["kind"] == "move" and self.status == ACTIVE
                and not self.seats and not self.trees and not self.before.conditionals
                and set(self.row) <= {"to_act", "deadline_at", "draw_offer"})


class Draft:
    """A plan being built on a head: events chained on it, the row's and seats' changes, in order."""

    def __init__(self, head: Head, at: datetime):
        self.head, self.at = head, at
        self.events: list[dict] = []
        self._row: dict = {}
        self._changes = 0
        self.seats: dict[int, dict] = {}
        self.trees: dict[int, dict | None] = {}
        self.followed: dict[int, int] = {}  # seat -> how many drafted events its tree has followed
        self.state = head.state
        # ``facts`` is asked for several times a plan (settle, chance, the plan itself) and rebuilds the
        # head each time: it is kept until the state, the row, a seat or a tree changes (``_changes``).
        self._facts: tuple[int, Head] | None = None

    @property
    def state(self):
        return self._state

    @state.setter
    def state(self, value) -> None:
        self._state = value
        self._changes += 1

    @property
    def row(self) -> dict:
        return self._row

    @row.setter
    def row(self, value: dict) -> None:  # _answer puts back the row it started from
        self._row = value
        self._changes += 1

    @property
    def seq(self) -> int:
        return self.head.seq + len(self.events)

    def get(self, field: str):
        """A row field as the plan leaves it so far."""
        return self.row[field] if field in self.row else getattr(self.head, field)

    def add(self, kind: str, actor: str, notation: str = "", payload=None, secret: bool = False) -> dict:
        prev = self.events[-1]["hash"] if self.events else self.head.hash
        record = {"game": self.head.game_id, "seq": self.seq + 1, "kind": kind, "actor": actor,
                  "notation": notation, "payload": payload or {}, "secret": secret, "at": self.at}
        record.update(prev_hash=prev, hash=event_hash(prev, record | {"at": self.at.isoformat()}))
        self.events.append(record)
        return record

    def set(self, **fields) -> Draft:
        unknown = set(fields) - set(ROW_FIELDS)
        assert not unknown, f"not a row field a plan changes: {unknown}"
        self._row.update(fields)
        self._changes += 1
        return self

    def seat(self, number: int, **fields) -> Draft:
        unknown = set(fields) - set(SEAT_FIELDS)
        assert not unknown, f"not a seat field a plan changes: {unknown}"
        self.seats.setdefault(number, {}).update(fields)
        self._changes += 1
        return self

    def tree(self, seat: int, kept: dict | None) -> Draft:
        """A waiting tree changed (``{"tree", "partial"}``) or discarded (None)."""
        self.trees[seat] = kept
        self._changes += 1
        return self

    def waiting(self) -> list[dict]:
        """The trees waiting as the plan leaves them so far."""
        out = []
        for t in self.head.conditional:
            kept = self.trees.get(t["seat"], t)
            if kept is not None:
                out.append(t | kept)
        return out

    def end(self, outcome: dict, *, status: str = FINISHED) -> Draft:
        """The end of the game: the END event records the outcome and reveals the seed (COMMON 4.4);
        every waiting tree is discarded."""
        for t in self.head.conditional:
            self.tree(t["seat"], None)
        self.set(status=status, outcome=outcome, to_act=None, draw_offer=[], deadline_at=None)
        self.add("end", "service", payload={"outcome": outcome, "seed": self.head.seed})
        return self

    def facts(self) -> Head:
        """The head as it stands with the changes drafted so far (events not yet counted)."""
        kept = self._facts
        if kept is not None and kept[0] == self._changes:
            return kept[1]
        facts = self._drafted_head()
        self._facts = (self._changes, facts)
        return facts

    def _drafted_head(self, **final) -> Head:
        """``facts`` built afresh; ``final``: the seq and hash of a finished plan, in the same copy."""
        row = {f: self.row[f] for f in ROW_FIELDS if f in self.row and f != "outcome"}  # a head has no outcome
        if "draw_offer" in row:
            row["draw_offer"] = tuple(row["draw_offer"])
        return revised(self.head, state=self.state, **self._seat_facts(), **self._tree_facts(), **row, **final)

    def _seat_facts(self) -> dict:
        """The head's seat tuples as the drafted seat changes leave them (a move changes none)."""
        head = self.head
        if not self.seats and len(head.invited) == len(head.taken):
            return {}
        users, bots, seeds, taken = (list(t) for t in (head.users, head.bots, head.client_seeds, head.taken))
        invited = list(head.invited or (None,) * len(taken))
        for number, fields in self.seats.items():
            taken[number] = fields["taken_at"] is not None if "taken_at" in fields else taken[number]
            users[number] = fields.get("user_id", users[number])
            bots[number] = fields.get("bot", bots[number])
            seeds[number] = fields.get("client_seed", seeds[number])
            invited[number] = fields.get("invited_id", invited[number])
        return {"users": tuple(u if t else None for u, t in zip(users, taken, strict=True)),
                "bots": tuple(bots), "client_seeds": tuple(seeds), "taken": tuple(taken),
                "invited": tuple(None if t else i for i, t in zip(invited, taken, strict=True))}

    def _tree_facts(self) -> dict:
        """The waiting conditional-move trees as the draft leaves them (none changed: as they were)."""
        if not self.trees:
            return {}
        waiting = tuple(self.waiting())
        return {"conditional": waiting,
                "conditionals": self.head.conditionals - len(self.head.conditional) + len(waiting)}

    def plan(self, *, answer: dict | None = None, snapshot: str | None = None) -> Plan:
        last = self.seq
        head_hash = self.events[-1]["hash"] if self.events else self.head.hash
        after = self._drafted_head(seq=last, hash=head_hash)
        return Plan(game_id=self.head.game_id, events=tuple(self.events), seq=last, head_hash=head_hash,
                    row=dict(self.row), seats={n: dict(f) for n, f in self.seats.items()}, after=after,
                    snapshot=snapshot, answer=answer or {"game": self.head.game_id, "seq": last}, at=self.at,
                    before=self.head, trees=dict(self.trees))


# --- moves -------------------------------------------------------------------------------------------
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

    ``text`` None: no action, only what is now due (see ``settle``). ``at`` stamps the events;
    ``now`` is the clock deadlines count from (``clock.now()``).
    """
    draft = Draft(head, at)
    notation = play(draft, engine, seat, text) if text is not None else None
    settle(draft, engine, now=now)
    # The seat to act next comes with the answer (named as in the game's summary): a client asks that
    # seat's legal list, not each seat in turn.
    to_act = draft.get("to_act")
    return close(draft, engine, snapshot_every=snapshot_every, since_seq=since_seq,
                 answer={"game": head.game_id, "action": notation,
                         "to_act": None if to_act is None else engine.seat_name(head.players, to_act)})


def play(draft: Draft, engine, seat: int, text: str, payload: dict | None = None) -> str:
    """Draft ``seat`` playing ``text``: the move event; returns its notation."""
    action = engine.parse(text, draft.state)
    draft.state = engine.apply(draft.state, action)
    notation = engine.format(action)
    draft.add("move", engine.seat_name(draft.head.players, seat), notation, payload)
    # A move answers any standing draw offer (the offer was for the position before it).
    draft.set(draw_offer=[])
    return notation


def settle(draft: Draft, engine, *, now: datetime) -> None:
    """What follows the drafted events: every CHANCE outcome now due, the end if it came, else the
    seat to act and its deadline (counted from ``now``)."""
    facts = draft.facts()
    chance(draft, engine)
    previous = facts.to_act
    if engine.outcome(draft.state) is None and facts.conditional:
        answered = respond(draft, engine)  # a waiting tree answers the turn just played, in this plan
        previous = answered if answered is not None else previous
    result = engine.outcome(draft.state)
    if result is not None:
        draft.end(result)
        return
    to_act = engine.actor(draft.state)
    # After a conditional answer the seat to act moved on twice: a full period, not the old deadline.
    deadline = clock.next_deadline(facts.time_control, facts.deadline_at, previous, to_act,
                                   bool(facts.bots[to_act]), at=now)
    draft.set(to_act=to_act, deadline_at=deadline)


def chance(draft: Draft, engine) -> None:
    """Draft every CHANCE outcome now due, derived from the seed (COMMON 4.2)."""
    facts = draft.facts()
    seed = bytes.fromhex(facts.seed)
    while engine.actor(draft.state) == CHANCE:
        seq = draft.seq + 1
        outcome = derive_chance(engine, draft.state, seed, facts.game_id, seq, list(facts.client_seeds))
        secret = engine.is_secret(draft.state, outcome)
        draft.state = engine.apply(draft.state, outcome)
        draft.add("chance", "chance", engine.format(outcome), {"salt": salt(seed, seq)} if secret else {}, secret)


# --- conditional moves (games.conditional_tree) ------------------------------------------------------
def respond(draft: Draft, engine) -> int | None:
    """Each waiting tree follows the turn drafted: a turn under way is kept as its partial, a whole
    turn on the tree is answered at once (the answer's moves marked ``conditional``) and its
    branch's subtree kept, a turn off the tree (or an answer illegal now, or an owner no longer
    able to write) discards the tree. Returns the seat that answered last, or None."""
    answered, mark = None, draft.followed  # kept on the draft: a draft may be settled several times
    for _ in range(2 * conditional_tree.MAX_DEPTH):  # both players' trees may answer each other
        fired = False
        for kept in draft.waiting():
            seat = kept["seat"]
            if _follow(draft, engine, kept, draft.events[mark.get(seat, 0):]):
                answered, fired = seat, True
            mark[seat] = len(draft.events)  # its own answer is not a move "by hand" on the next round
        if not fired:
            return answered
    return answered


def _follow(draft: Draft, engine, kept: dict, new: list[dict]) -> bool:
    seat, names = kept["seat"], engine.seat_names(draft.head.players)
    moves = [e for e in new if e["kind"] == "move"]
    if not moves:
        return False
    if any(e["actor"] == names[seat] for e in moves):  # the owner played by hand: the tree is spent
        draft.tree(seat, None)
        return False
    partial = [*kept["partial"], *(e["notation"] for e in moves)]
    if not conditional_tree.on_line(kept["tree"], partial):
        draft.tree(seat, None)
        return False
    if engine.actor(draft.state) != seat:  # their turn goes on (Tibetana): remember it so far
        draft.tree(seat, {"tree": kept["tree"], "partial": partial})
        return False
    branch = conditional_tree.branch_for(kept["tree"], partial)
    writable = kept["active"] and draft.facts().users[seat] == kept["user"]
    if branch is None or not writable or not _answer(draft, engine, seat, branch["then"]):
        draft.tree(seat, None)
        return False
    draft.tree(seat, {"tree": branch["next"], "partial": []} if branch["next"] else None)
    return True


def _answer(draft: Draft, engine, seat: int, actions: list[str]) -> bool:
    """Draft the answer, each action checked now; an illegal one (or a turn not passed after it)
    leaves the draft as it was and returns False."""
    events, state, row = len(draft.events), draft.state, dict(draft.row)
    try:
        for text in actions:
            if engine.outcome(draft.state) is not None or engine.actor(draft.state) != seat:
                raise ValueError("the answer's turn has passed")
            play(draft, engine, seat, text, {"conditional": True})
            chance(draft, engine)
        if engine.outcome(draft.state) is None and engine.actor(draft.state) == seat:
            raise ValueError("the answer did not end the turn")
        return True
    except (EngineError, ValueError):
        del draft.events[events:]
        draft.state, draft.row = state, row
        return False


def close(draft: Draft, engine, *, snapshot_every: int, since_seq: int | None = None, answer: dict | None = None) -> Plan:
    """The plan of a draft whose engine state moved, with the snapshot if one fell due: a multiple
    of ``snapshot_every`` passed since ``since_seq`` (the head's seq by default; 0 for a game just
    started, whose events before the start hold no snapshot)."""
    since = draft.head.seq if since_seq is None else since_seq
    due = bool(snapshot_every) and draft.seq // snapshot_every > since // snapshot_every
    return draft.plan(answer=(answer or {"game": draft.head.game_id}) | {"seq": draft.seq},
                      snapshot=_document(engine, draft.state) if due else None)


def salt(seed: bytes, seq: int) -> str:
    # A secret event's hash is published at once; the salt (withheld with the outcome) stops
    # anyone from finding the outcome by hashing each possible one.
    return hmac.new(seed, f"salt:{seq}".encode(), hashlib.sha256).hexdigest()


def _document(engine, state) -> str:
    return orjson.dumps(engine.to_json(state)).decode()
