"""The game row as live updates show it: read once, then moved on by this process's plain moves.

A live update (``games.broadcast``) shows a game's summary: its row and seats. A plain move stored
by the optimistic path (``games.optimistic``) changes only the row fields its statement sets (seq,
head, seat to act, draw offer, deadline, time), so the row this process last showed, moved on by
those same values, is the row as stored, without reading it back. Any other write (the locked
path: joins, ends, chance, conditional trees) finds no row moved on to its seq and reads it afresh.

What changes without a write of this service's own (an admin renaming a user) shows within
``FRESH_FOR`` seconds: a row is read afresh once that old, whatever moved it on.
"""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict

from games import store

#: Games whose shown row is kept, most recently shown last.
CAPACITY = 1024
#: Seconds a row read from the database is shown again (moved on by plain moves) before a fresh read.
FRESH_FOR = 30.0

_rows: OrderedDict[int, tuple[float, object]] = OrderedDict()  # game id -> (read at, game with seats)
_lock = threading.Lock()


def game_at(game_id: int, seq: int):
    """The game with its seats as of ``seq`` (or later): the row moved on here, else read afresh."""
    with _lock:
        kept = _rows.get(game_id)
    if kept is not None and kept[1].seq == seq and time.monotonic() - kept[0] < FRESH_FOR:
        return kept[1]
    game = store.game_with_seats(game_id)
    if game is not None:
        _keep(game_id, time.monotonic(), game)
    return game


def moved_on(game_id: int, from_seq: int, **row) -> None:
    """A plain move took the game from ``from_seq`` and set these row fields (the optimistic
    statement's own): the shown row, if it is the one it moved from, now shows them."""
    with _lock:
        kept = _rows.get(game_id)
    if kept is None or kept[1].seq != from_seq:
        return
    game = copy.copy(kept[1])  # the seats (prefetched) are shared: a plain move changes none
    game.__dict__.update(row)
    _keep(game_id, kept[0], game)


def forget_all() -> None:
    """Tests: start with nothing shown."""
    with _lock:
        _rows.clear()


def _keep(game_id: int, read_at: float, game) -> None:
    with _lock:
        _rows[game_id] = (read_at, game)
        _rows.move_to_end(game_id)
        while len(_rows) > CAPACITY:
            _rows.popitem(last=False)
