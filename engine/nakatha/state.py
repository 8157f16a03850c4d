"""The Nakatha position: an immutable-by-convention value with copy-on-write editing (N47).

``apply`` clones a state shallowly and edits the clone through ``edit_*`` methods, each of which
copies its container the first time it is touched, so unchanged parts stay shared between
positions. Controller, allegiance, hostility and elimination are derived, never stored (N47).
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
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


#: A position's fields as one tuple, read in C (``clone`` runs on every action).
_position_of = attrgetter(*FIELDS)


class State:
    """One position. Containers are shared between positions: never mutate one you did not copy."""

    __slots__ = FIELDS + ("occupant", "_own", "_legal", "_holder", "_ctrl", "_tally", "memo")

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
        new = object.__new__(State)
        for f, value in zip(FIELDS, _position_of(self)):
            setattr(new, f, value)
        new.occupant = self.occupant
        new._own = set()
        new._legal = None
        new._holder = self._holder
        new._ctrl = self._ctrl
        new._tally = self._tally
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
        pieces = self._writable("pieces")
        old = pieces[pid]
        new = old._replace(**changes)
        pieces[pid] = new
        if "held" in changes or "turned" in changes:
            self._ctrl = None  # allegiance reads only these (and the seats, which key the cache)
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
            self._writable("claims")[tile] = faction
            self._tally = None  # the claims dict changed in place

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

    def bearer(self) -> str | None:
        for pid, piece in self.pieces.items():
            if piece.sword:
                return pid
        return None

    def on_board(self):
        """(id, piece) for every piece on the board, in canonical (code-point) order."""
        return sorted((pid, p) for pid, p in self.pieces.items() if p.tile is not None)

    def out_seats(self) -> set[int]:
        """N19: seats with no piece born into any of their factions on the board."""
        alive = {born(pid) for pid, p in self.pieces.items() if p.tile is not None}
        return {i for i, fs in enumerate(self.seats) if not alive.intersection(fs)}

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
    s.memo = {}
    return s
