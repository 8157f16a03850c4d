"""The Nakatha position: an immutable-by-convention value with copy-on-write editing (N47).

``apply`` clones a state shallowly and edits the clone through ``edit_*`` methods, each of which
copies its container the first time it is touched, so unchanged parts stay shared between
positions. Controller, allegiance, hostility and elimination are derived, never stored (N47).
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from engine.nakatha.board import GREY

FACTIONS = ("humans", "dae", "fae", "dragons", "makabi", "outerlands")
#: N7: the canonical order of the random deal.
DEAL_ORDER = ("dae", "dragons", "fae", "humans", "makabi", "outerlands")
PRICED = ("dae", "fae", "humans", "makabi")
OUTLANDERS = ("outerlands.ansidora", "outerlands.tsiorak")
MAIDEN, MOTHER, SEER = "makabi.maiden", "makabi.mother", "makabi.seer"

#: N5: the names of each faction's pieces, in document order.
PIECE_NAMES = {
    "humans": tuple(str(i) for i in range(1, 12)),
    "dae": tuple(str(i) for i in range(1, 7)),
    "fae": ("white", "green", "amber", "sandstone"),
    "dragons": ("1", "2", "3"),
    "makabi": ("maiden", "mother", "seer"),
    "outerlands": ("ansidora", "tsiorak"),
}
BASE_IDS = tuple(f"{f}.{n}" for f in FACTIONS for n in PIECE_NAMES[f])
MAX_HUMANS = 11


class _BornInto(dict):
    """Piece id -> the faction it was born into, filled on first sight (ids are few)."""

    def __missing__(self, pid: str) -> str:
        faction = self[pid] = pid[: pid.index(".")]
        return faction


#: N5: the faction a piece was born into, the part of its id before the dot. A bound method of a
#: dict: the look-up runs in C, which matters because Dominion and elimination ask it per piece
#: after every action.
born = _BornInto().__getitem__


class Piece(NamedTuple):
    tile: str | None = None
    turned: bool = False
    survived: int = 0
    owned: bool = False
    held: int | None = None
    frozen: int | None = None
    sword: bool = False


class Activation(NamedTuple):
    """The activation in progress (N47): what was written and what is left to resolve."""

    piece: str
    bonus: str | None
    start: str
    move: str | None
    action: str | None
    targets: tuple = ()
    claim: tuple = ()
    ends_turn: bool = False


#: The fields that make up a position; everything else on a State is a cache.
FIELDS = (
    "options",
    "phase",
    "seats",
    "segments",
    "next_id",
    "ambush_round",
    "breathed",
    "seer_round",
    "price",
    "bribe",
    "claims",
    "pieces",
    "sword_tile",
    "sword_found",
    "revealed",
    "vigil",
    "turn",
    "round",
    "active",
    "activated",
    "extra_used",
    "activation",
    "pending",
    "silence",
    "disturbed",
    "result",
)


#: What a clone shares with its parent: the position, and the caches keyed by its containers.
_SHARED = FIELDS + ("occupant", "_holder", "_ctrl", "_tally", "_census")


def _sharer():
    """``_share(old, new)``: one assignment per field, written out (clone runs on every action
    a bot tries; a loop of ``setattr`` cost it twice the time)."""
    body = "\n".join(f"    new.{name} = old.{name}" for name in _SHARED)
    namespace: dict = {}
    exec(f"def _share(old, new):\n{body}\n", namespace)  # noqa: S102 - the text is ours alone
    return namespace["_share"]


_share = _sharer()
#: The piece fields the census (``State.census``) reads.
_COUNTED = frozenset({"tile", "sword", "frozen", "held", "turned"})


class State:
    """One position. Containers are shared between positions: never mutate one you did not copy."""

    __slots__ = FIELDS + ("occupant", "_own", "_legal", "_holder", "_ctrl", "_tally", "_census", "memo")

    def __eq__(self, other):
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in FIELDS)

    def __hash__(self):  # states are values, but large ones: hash the cheap parts
        return hash((self.phase, self.turn, self.round, self.active))

    def __repr__(self):
        return f"<nakatha {self.phase} turn {self.turn} pending {self.pending}>"

    # --- copy-on-write ---------------------------------------------------------------------------
    def clone(self) -> State:
        # Counted here, once, the parent's board and claims are shared by every position that
        # follows from it (a bot tries a hundred), each of which then only updates the count.
        self.census()
        self.faction_claims()
        new = object.__new__(State)
        _share(self, new)
        new._own = set()
        new._legal = None
        new.memo = {}
        return new

    def _writable(self, name: str):
        value = getattr(self, name)
        if name not in self._own:
            value = value.copy() if isinstance(value, dict) else list(value)
            setattr(self, name, value)
            self._own.add(name)
        return value

    def seal(self) -> State:
        """Finish editing: freeze list-valued containers back into tuples."""
        if "breathed" in self._own and isinstance(self.breathed, list):
            self.breathed = tuple(self.breathed)
        self._own = set()
        return self

    def edit(self, name: str):
        return self._writable(name)

    # --- pieces --------------------------------------------------------------------------------
    def set_piece(self, pid: str, **changes) -> Piece:
        counted = not changes.keys().isdisjoint(_COUNTED)
        census = self._census if counted and self._census is not None and self._census[0] is self.pieces else None
        pieces = self._writable("pieces")
        old = pieces[pid]
        new = old._replace(**changes)
        pieces[pid] = new
        if "held" in changes or "turned" in changes:
            self._ctrl = None  # allegiance reads only these (and the seats, which key the cache)
        if counted:  # the census follows the piece, rather than counting the board again
            self._census = None if census is None else (pieces, census[1].after(pid, old, new))
        self.memo = {}
        if "tile" in changes and changes["tile"] != old.tile:
            occupant = self._writable("occupant")
            if old.tile is not None and occupant.get(old.tile) == pid:
                del occupant[old.tile]
            if new.tile is not None:
                occupant[new.tile] = pid
        return new

    def add_piece(self, pid: str, piece: Piece) -> None:
        self._writable("pieces")[pid] = Piece()
        self._ctrl = None  # a new piece: the cache has no entry for it
        self.set_piece(pid, **piece._asdict())

    def claim(self, tile: str, faction: str) -> None:
        """Lay ``faction``'s marker on a grey tile (others are never claimed, N24)."""
        claims = self.claims
        if tile in claims and claims[tile] != faction:
            self.disturbed = True
            tally = self._tally if self._tally is not None and self._tally[0] is claims else None
            before = claims[tile]
            claims = self._writable("claims")
            claims[tile] = faction
            self._tally = None if tally is None else (claims, _recounted(tally[1], before, faction))

    # --- derived facts (N17, N18, N19) -------------------------------------------------------
    def holder(self) -> dict:
        """Faction -> seat that holds it (only factions already dealt)."""
        if self._holder is None or self._holder[0] is not self.seats:
            self._holder = (self.seats, {f: i for i, fs in enumerate(self.seats) for f in fs})
        return self._holder[1]

    def allegiance(self, pid: str) -> str:
        piece = self.pieces[pid]
        if piece.held is not None:
            return self.allegiance(MAIDEN)
        if piece.turned:
            return "outerlands"
        return born(pid)

    def controllers(self) -> dict:
        """Piece id -> controlling seat, worked out once per position."""
        ctrl = self._ctrl
        if ctrl is None or ctrl[0] is not self.seats:
            holder = self.holder()
            ctrl = self._ctrl = (self.seats, {q: holder.get(self.allegiance(q)) for q in self.pieces})
        return ctrl[1]

    def controller(self, pid: str) -> int | None:
        return self.controllers()[pid]

    def hostile(self, a: str, b: str) -> bool:
        return self.controller(a) != self.controller(b)

    def census(self) -> Census:
        """The board's census (``Census``), counted once per pieces container and then carried from
        position to position, each edit of a piece updating it: the end of every turn, Dominion
        and the bots' evaluation all ask, and the pieces are many. Do not change what it holds."""
        census = self._census
        if census is None or census[0] is not self.pieces:
            census = self._census = (self.pieces, census_of(self.pieces))
        return census[1]

    def bearer(self) -> str | None:
        return self.census().bearer

    def on_board(self):
        """(id, piece) for every piece on the board, in canonical (code-point) order."""
        return sorted((pid, p) for pid, p in self.pieces.items() if p.tile is not None)

    def out_seats(self) -> frozenset[int]:
        """N19: seats with no piece born into any of their factions on the board."""
        return self.census().out_seats(self.seats)

    def option(self, name: str):
        return self.options[name]

    def faction_claims(self) -> dict:
        """Faction -> grey tiles it claims, counted once per claims container (shared between
        positions until one lays a marker, which drops the count). Do not change the result."""
        tally = self._tally
        if tally is None or tally[0] is not self.claims:
            counts = Counter(self.claims.values())
            counts.pop(None, None)
            tally = self._tally = (self.claims, counts)
        return tally[1]


def blank_state(options: dict, players: int) -> State:
    """The empty table: nothing dealt, nothing placed, the Sword not yet hidden."""
    s = object.__new__(State)
    s.options = options
    s.phase = "deal"
    s.seats = tuple(() for _ in range(players))
    s.segments = {f: None for f in FACTIONS}
    s.next_id = 12
    s.ambush_round = None
    s.breathed = (None, None, None)
    s.seer_round = None
    s.price = {f: 6 for f in PRICED}
    s.bribe = {"ansidora": True, "tsiorak": True}
    s.claims = {t: None for t in GREY}
    s.pieces = {pid: Piece() for pid in BASE_IDS}
    s.occupant = {}
    s.sword_tile = None
    s.sword_found = False
    s.revealed = ()
    s.vigil = None
    s.turn = 0
    s.round = 0
    s.active = None
    s.activated = ()
    s.extra_used = False
    s.activation = None
    s.pending = {"kind": "deal"}
    s.silence = 0
    s.disturbed = False
    s.result = None
    s._own = set()
    s._legal = None
    s._holder = None
    s._ctrl = None
    s._tally = None
    s._census = None
    s.memo = {}
    return s


class Census:
    """The board's head count, a read-only fact of one pieces container (``State.census``): who
    stands, who bears the Sword, and the few pieces each turn's start and end look for (frozen,
    held, turned), so that they need not walk every piece."""

    __slots__ = ("on_board", "standing", "bearer", "frozen", "held", "turned", "_out")

    def __init__(self, on_board: frozenset, standing: Counter, bearer: str | None,
                 frozen: frozenset, held: frozenset, turned: frozenset):
        self.on_board = on_board  # ids of the pieces on the board
        self.standing = standing  # faction born into -> its pieces on the board (none: absent)
        self.bearer = bearer  # the piece carrying the Sword
        self.frozen, self.held, self.turned = frozen, held, turned  # ids, whatever their tile
        self._out = None

    def out_seats(self, seats: tuple) -> frozenset[int]:
        """N19, for these seats: those with no piece born into any of their factions standing."""
        out = self._out
        if out is None or out[0] is not seats:
            standing = self.standing
            out = self._out = (seats, frozenset(i for i, fs in enumerate(seats) if not any(f in standing for f in fs)))
        return out[1]

    def after(self, pid: str, old: Piece, new: Piece) -> Census:
        """The count once ``pid`` changed from ``old`` to ``new``."""
        on_board, standing, bearer = self.on_board, self.standing, self.bearer
        if (old.tile is None) != (new.tile is None):
            arrived, faction = new.tile is not None, born(pid)
            on_board = _toggled(on_board, pid, arrived)
            standing = _recounted(standing, *((None, faction) if arrived else (faction, None)))
        if new.sword:
            bearer = pid
        elif bearer == pid:
            bearer = None
        frozen, held, turned = self.frozen, self.held, self.turned
        if (old.frozen is None) != (new.frozen is None):
            frozen = _toggled(frozen, pid, new.frozen is not None)
        if (old.held is None) != (new.held is None):
            held = _toggled(held, pid, new.held is not None)
        if old.turned != new.turned:
            turned = _toggled(turned, pid, new.turned)
        return Census(on_board, standing, bearer, frozen, held, turned)


def _toggled(ids: frozenset, pid: str, present: bool) -> frozenset:
    return ids | {pid} if present else ids - {pid}


def _recounted(counts: Counter, lost: str | None, gained: str | None) -> Counter:
    """A faction's count after one marker or piece changed hands (``None``: no faction)."""
    counts = counts.copy()
    if lost is not None:
        counts[lost] -= 1
        if not counts[lost]:
            del counts[lost]
    if gained is not None:
        counts[gained] += 1
    return counts


def census_of(pieces: dict) -> Census:
    """The census of ``pieces``, counted afresh."""
    on_board = frozenset(pid for pid, p in pieces.items() if p.tile is not None)
    bearer = next((pid for pid, p in pieces.items() if p.sword), None)
    return Census(on_board, Counter(map(born, on_board)), bearer,
                  frozenset(pid for pid, p in pieces.items() if p.frozen is not None),
                  frozenset(pid for pid, p in pieces.items() if p.held is not None),
                  frozenset(pid for pid, p in pieces.items() if p.turned))
