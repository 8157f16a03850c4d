"""The event store's reads: a game row locked with its seats, the one replay of its events, the state cache.

Events are written only by the write plan's executors (``services.execute``, ``optimistic``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import orjson

from engine import get_game
from games.compiled import Compiled
from games.models import ConditionalTree, Event, Game, Seat, Snapshot

ENGINE_KINDS = (Event.Kind.MOVE, Event.Kind.CHANCE)


def record_of(event: Event) -> dict:
    """The event as the plain record its hash covers (also the export format)."""
    return {
        "game": event.game_id,
        "seq": event.seq,
        "kind": event.kind,
        "actor": event.actor,
        "notation": event.notation,
        "payload": event.payload,
        "secret": event.secret,
        "at": event.created_at.isoformat(),
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }


def lock_game(game_id) -> Game | None:
    """The game row locked for this transaction, with its seats, in one query.

    Every write starts here: the row lock serializes writers of one game, and the seats (which
    change only under this same lock) come along, so ``game.seats.all()`` needs no second query.
    """
    game = _attached(_LOCKED_SEATS.read(game_id))
    if game is not None and game.conditionals:
        game.waiting_trees = waiting_trees(game.pk)
    return game


def waiting_trees(game_id: int) -> list[dict]:
    """The game's conditional-move trees, read under its row lock (their changes take the same lock),
    each with whether its owner may write now (a suspended player's tree does not fire)."""
    rows = ConditionalTree.objects.filter(game_id=game_id).order_by("seat").values(
        "seat", "user_id", "user__is_active", "tree", "partial")
    return [{"seat": r["seat"], "user": r["user_id"], "active": r["user__is_active"], "tree": r["tree"],
             "partial": r["partial"]} for r in rows]


def game_with_seats(game_id) -> Game | None:
    """The game row with its seats and their users in one query, unlocked (for reads: a broadcast)."""
    return _attached(_SEATS.read(game_id))


# Both run on every request or write: compiled once (``games.compiled``), then only executed.
_SEATS = Compiled(lambda game_id: Seat.objects.select_related("game", "user", "invited")
                  .filter(game_id=game_id).order_by("number"))
_LOCKED_SEATS = Compiled(lambda game_id: Seat.objects.select_related("game").select_for_update(of=("game",))
                         .filter(game_id=game_id).order_by("number"))


def _attached(seats: list[Seat]) -> Game | None:
    """The game its seats' read joined in, with those seats attached as ``prefetch_related("seats")``
    would have: ``game.seats.all()`` needs no second query."""
    if not seats:
        return None
    game = seats[0].game
    for seat in seats:
        seat.game = game
    cached = game.seats.all()  # what prefetch_related("seats") would have stored
    cached._result_cache, cached._prefetch_done = seats, True
    game._prefetched_objects_cache = {"seats": cached}
    return game


# --- reading state --------------------------------------------------------------------------------
# States are immutable values, so a small cache keyed by the chain's head is always correct. Several
# threads share it (the background bot worker, Channels' sync threads): one lock guards it.
_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 256
_CACHE_LOCK = threading.Lock()


def _cache_get(key):
    with _CACHE_LOCK:
        state = _CACHE.get(key)
        if state is not None:
            _CACHE.move_to_end(key)
        return state


def _cache_put(key, state):
    with _CACHE_LOCK:
        _CACHE[key] = state
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def engine_of(game: Game):
    """The game's engine as it plays the rules version the game was created under."""
    return get_game(game.name, rules_version=game.rules_version)


def replay(game: Game, upto_seq: int | None = None, *, use_cache: bool = True):
    """The engine and its state after event ``upto_seq`` (default: the last event).

    The one replay of the service: the latest snapshot at or before ``upto_seq`` written under the
    engine's rules version (a snapshot of another version is ignored: the events are the truth),
    then every later engine event. The head's state is cached by ``(game, seq, head_hash)``.
    """
    engine = engine_of(game)
    upto = game.seq if upto_seq is None else upto_seq
    key = (game.pk, game.seq, game.head_hash) if upto == game.seq else None
    if use_cache and key and (state := _cache_get(key)) is not None:
        return engine, state
    snapshot = (
        Snapshot.objects.filter(game=game, seq__lte=upto, rules_version=engine.rules_version)
        .order_by("-seq").values_list("seq", "document").first()
    )
    if snapshot:
        after, document = snapshot
        state = engine.from_json(orjson.loads(document))
    else:
        after, state = 0, engine.setup(game.players, game.options)
    notations = (
        Event.objects.filter(game=game, seq__gt=after, seq__lte=upto, kind__in=ENGINE_KINDS)
        .order_by("seq")
        .values_list("notation", flat=True)
    )
    for notation in notations:
        state = engine.play(state, notation)
    if key:
        _cache_put(key, state)
    return engine, state


def load_state(game: Game, *, use_cache: bool = True):
    """The engine and the engine state after the last event (``replay`` to the head)."""
    return replay(game, use_cache=use_cache)


def stale_snapshots(game: Game) -> list[int]:
    """The seqs of the game's snapshots written under another rules version (``replay`` ignores them)."""
    others = game.snapshots.exclude(rules_version=engine_of(game).rules_version)
    return list(others.order_by("seq").values_list("seq", flat=True))


# --- the heads this process wrote: a write's receipt signs them without reading the event back --------
_WRITTEN: OrderedDict = OrderedDict()
_WRITTEN_LOCK = threading.Lock()


def remember_written(game_id: int, seq: int, event_hash: str, at) -> None:
    """The hash and time of the event a write just stored as the game's head."""
    with _WRITTEN_LOCK:
        _WRITTEN[(game_id, seq)] = (event_hash, at)
        while len(_WRITTEN) > _CACHE_SIZE:
            _WRITTEN.popitem(last=False)


def written(game_id: int, seq: int):
    """``(hash, created_at)`` of event ``seq`` if this process wrote it as a head, else None."""
    with _WRITTEN_LOCK:
        return _WRITTEN.get((game_id, seq))


def forget_written() -> None:
    with _WRITTEN_LOCK:
        _WRITTEN.clear()


def remember(game: Game, state) -> None:
    """Cache the state a writer just computed, so the next read needs no replay."""
    remember_state(game.pk, game.seq, game.head_hash, state)


def remember_state(game_id: int, seq: int, head_hash: str, state) -> None:
    _cache_put((game_id, seq, head_hash), state)


def save_snapshot(game: Game, engine, seq: int, state) -> None:
    """A snapshot of ``state`` after event ``seq`` (the write paths take theirs from ``plan``)."""
    Snapshot.objects.create(game=game, seq=seq, document=orjson.dumps(engine.to_json(state)).decode(),
                            rules_version=engine.rules_version)
