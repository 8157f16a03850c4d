"""The position: immutable records shared between states, and the standard start (T9).

A ``State`` is never changed once handed out. Rules build the next state from a ``draft()``: a
shallow copy whose fields are replaced (never mutated in place), so untouched territories,
players and mark tables are shared with the previous state.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.tibetana import board

SEATS = ("pink", "green")
DEMONS = ("citipati", "kurukulla", "mahakala", "kuberan", "heruka")
ALTAR = DEMONS  # circle k holds ALTAR[k - 1] (T8.5)
SPECIALS = ("exert", "summon", "expel", "portal")  # the order of turn.specials (T35)
KINDS = {"G": "guardian", "P": "priestess"}


class Territory(NamedTuple):
    energy: int
    guardians: tuple[int, int]  # (pink, green)
    priestesses: tuple[int, int]
    pagoda: tuple[int, int] | None  # (owner seat, rings 0..4)
    demon: tuple[str, str] | None  # (name, "natural" | "agitated")

    def pieces(self, colour: int) -> int:
        return self.guardians[colour] + self.priestesses[colour]

    def occupants(self) -> int:
        return self.guardians[0] + self.guardians[1] + self.priestesses[0] + self.priestesses[1]

    def colour(self) -> int | None:
        """The colour of the guardians and priestesses here (T13.1), if any."""
        if self.guardians[0] or self.priestesses[0]:
            return 0
        if self.guardians[1] or self.priestesses[1]:
            return 1
        return None

    def owner(self) -> int | None:
        """The colour of any player piece here, pagoda included."""
        colour = self.colour()
        if colour is None and self.pagoda:
            return self.pagoda[0]
        return colour

    def count(self, colour: int, kind: str) -> int:
        return self.guardians[colour] if kind == "G" else self.priestesses[colour]

    def with_count(self, colour: int, kind: str, value: int) -> Territory:
        if kind == "G":
            return self._replace(guardians=_put(self.guardians, colour, value))
        return self._replace(priestesses=_put(self.priestesses, colour, value))


class Player(NamedTuple):
    pool: int
    guardian: int  # reserve
    priestess: int
    pagoda: int
    unpaid_guardian: int
    unpaid_priestess: int

    def reserve(self, kind: str) -> int:
        return self.guardian if kind == "G" else self.priestess

    def unpaid(self, kind: str) -> int:
        return self.unpaid_guardian if kind == "G" else self.unpaid_priestess


def _put(pair: tuple, index: int, value) -> tuple:
    return (value, pair[1]) if index == 0 else (pair[0], value)


FIELDS = (
    "territories", "portal", "players", "die", "number", "active", "actions_left", "specials",
    "used", "built", "summon_due", "draw_offered", "without_build", "pending", "result",
)


class State:
    """One position. ``pending`` and ``result`` are plain JSON objects, never mutated."""

    __slots__ = FIELDS + ("_cache",)

    def __init__(self, **fields):
        for name in FIELDS:
            setattr(self, name, fields[name])
        self._cache = {}

    def draft(self) -> State:
        new = object.__new__(State)
        for name in FIELDS:
            setattr(new, name, getattr(self, name))
        new._cache = {}
        return new

    def __eq__(self, other):
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in FIELDS)

    def __repr__(self):
        return f"<tibetana State turn {self.number} {SEATS[self.active]} pending={self.pending}>"

    # --- derived facts, cached per state ----------------------------------------------------
    def destroyed(self) -> int:
        mask = self._cache.get("destroyed")
        if mask is None:
            mask = sum(1 << i for i, t in enumerate(self.territories) if t is None)
            self._cache["destroyed"] = mask
        return mask

    def adjacent(self) -> tuple[tuple[int, ...], ...]:
        adj = self._cache.get("adj")
        if adj is None:
            adj = board.adjacency(self.destroyed(), self.portal)
            self._cache["adj"] = adj
        return adj

    def demons(self) -> dict[str, tuple[int, str]]:
        """Demons on the map: name -> (territory, level)."""
        found = self._cache.get("demons")
        if found is None:
            found = {}
            for i, t in enumerate(self.territories):
                if t is not None and t.demon:
                    found[t.demon[0]] = (i, t.demon[1])
            self._cache["demons"] = found
        return found

    def existing(self) -> tuple[int, ...]:
        found = self._cache.get("existing")
        if found is None:
            found = tuple(i for i, t in enumerate(self.territories) if t is not None)
            self._cache["existing"] = found
        return found

    # --- edits on a draft ----------------------------------------------------------------------
    def set_territory(self, i: int, territory: Territory | None) -> None:
        ts = list(self.territories)
        ts[i] = territory
        self.territories = tuple(ts)
        self._cache = {}

    def set_player(self, colour: int, **changes) -> None:
        self.players = _put(self.players, colour, self.players[colour]._replace(**changes))

    def set_marks(self, colour: int, i: int, count: int) -> None:
        marks = dict(self.used[colour])
        if count > 0:
            marks[i] = count
        else:
            marks.pop(i, None)
        self.used = _put(self.used, colour, marks)


def standard() -> State:
    """The standard start of T9 (complete document in T35)."""
    territories = []
    for name in board.NAMES:
        guardians = priestesses = (0, 0)
        pagoda = None
        if name in board.SETTLEMENTS:
            seat = board.SETTLEMENTS.index(name)
            guardians = priestesses = _put((0, 0), seat, 1)
            pagoda = (seat, 2)
        territories.append(Territory(board.START_ENERGY[name], guardians, priestesses, pagoda, None))
    player = Player(pool=2, guardian=4, priestess=4, pagoda=4, unpaid_guardian=1, unpaid_priestess=1)
    return State(
        territories=tuple(territories), portal=board.START_PORTAL, players=(player, player), die=0,
        number=1, active=0, actions_left=2, specials=(), used=({}, {}), built=False,
        summon_due=False, draw_offered=False, without_build=0, pending=None, result=None,
    )
