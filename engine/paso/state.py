"""The position of a Paso game as an immutable value (ruling P26), and its fingerprint (P27).

Every field is an immutable value (ints, strings, tuples), so ``apply`` builds the next state by
replacing the few fields that change and sharing the rest: no deep copies.
"""

from __future__ import annotations

from engine.core import Option
from engine.paso.board import LOCATION_NAMES, OUT, TEMPLE, TILE_FINGERPRINT

#: P24: the one option. A game is over by then in practice; 1,000 quiet turns is far past any
#: real game and keeps a runaway game (and the numbers stored with it) bounded.
OPTIONS = (
    Option("quiet_turn_limit", "int", 60, "quiet turns in a row that draw the game; 0 = no limit (P24)", 0, 1000),
)
EMPTY_BOARD = (-1,) * 25
FULL_RESERVE = (4, 4, 4, 4)


class PasoState:
    """One position. Fields (see P26 for their meaning in the document):

    ``options`` dict (never mutated), ``phase`` str, ``turn`` int, ``current`` seat 0/1,
    ``temples`` (south space or None, north space or None), ``tiles`` 25 tile codes (-1 = none),
    ``tokens`` 6 locations in the order south brahmin, tiger, cobra, north brahmin, tiger, cobra,
    ``exhausted`` 6 bools in the same order, ``reserve`` counts of S, I, D, L,
    ``character`` (-1 = none chosen yet), ``start`` (None or a location), ``basic`` tuple of
    ``"walk"``/``"summon"``, ``last_end`` two fingerprints or None, ``quiet`` int,
    ``outcome`` None or (winner seat names, reason).
    """

    __slots__ = (
        "options", "phase", "turn", "current", "temples", "tiles", "tokens", "exhausted",
        "reserve", "character", "start", "basic", "last_end", "quiet", "outcome", "_fingerprint",
    )  # fmt: skip
    _FIELDS = __slots__[:-1]

    def __init__(self, options, phase, turn, current, temples, tiles, tokens, exhausted, reserve,
                 character, start, basic, last_end, quiet, outcome):  # fmt: skip
        self.options = options
        self.phase = phase
        self.turn = turn
        self.current = current
        self.temples = temples
        self.tiles = tiles
        self.tokens = tokens
        self.exhausted = exhausted
        self.reserve = reserve
        self.character = character
        self.start = start
        self.basic = basic
        self.last_end = last_end
        self.quiet = quiet
        self.outcome = outcome
        self._fingerprint = None  # a cache, not part of the value

    def replace(self, **changes) -> PasoState:
        """A copy with ``changes``; the unchanged (immutable) fields are shared, not copied."""
        new = PasoState.__new__(PasoState)
        new.options, new.phase, new.turn, new.current = self.options, self.phase, self.turn, self.current
        new.temples, new.tiles, new.tokens, new.exhausted = (
            self.temples,
            self.tiles,
            self.tokens,
            self.exhausted,
        )
        new.reserve, new.character, new.start, new.basic = (
            self.reserve,
            self.character,
            self.start,
            self.basic,
        )
        new.last_end, new.quiet, new.outcome = self.last_end, self.quiet, self.outcome
        new._fingerprint = None
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def _key(self):
        return tuple(getattr(self, name) for name in self._FIELDS if name != "options") + (
            tuple(sorted(self.options.items())),
        )

    def __eq__(self, other):
        return isinstance(other, PasoState) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (
            f"PasoState(turn={self.turn}, current={self.current}, phase={self.phase!r}, {fingerprint(self)})"
        )


def initial_state(options: dict) -> PasoState:
    """The standard start (P6): temples to place, empty board, full reserve, tokens at home."""
    return PasoState(
        options=options, phase="temples", turn=0, current=0, temples=(None, None), tiles=EMPTY_BOARD,
        tokens=(TEMPLE,) * 6, exhausted=(False,) * 6, reserve=FULL_RESERVE, character=-1, start=None,
        basic=(), last_end=(None, None), quiet=0, outcome=None,
    )  # fmt: skip


def arrangement_fingerprint(tiles, tokens) -> str:
    """The fingerprint of P27: tiles rank by rank, then the six token locations."""
    codes = [TILE_FINGERPRINT[code + 1] for code in tiles]
    board = "|".join("".join(codes[r : r + 5]) for r in range(0, 25, 5))
    return board + "/" + ",".join([LOCATION_NAMES[loc] for loc in tokens])


def fingerprint(state: PasoState) -> str:
    if state._fingerprint is None:
        state._fingerprint = arrangement_fingerprint(state.tiles, state.tokens)
    return state._fingerprint


def live(state: PasoState, token: int) -> bool:
    return state.tokens[token] != OUT
