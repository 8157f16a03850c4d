"""Board geometry of Paso del Brahmán, computed once at import (rulings P2-P5, P22).

Spaces are numbered ``rank * 5 + file`` (``a1`` = 0, ``e1`` = 4, ``a2`` = 5 ... ``e5`` = 24), which
is also the canonical order of P2. A sub-square is ``space * 4 + corner`` with the corners in
clockwise order ``nw, ne, se, sw``, so a quarter turn of a tile is ``corner + 1 (mod 4)`` (P4).
Token locations share one integer range: 0..99 are sub-squares, then the three named places.
"""

from __future__ import annotations

FILES = "abcde"
SPACE_NAMES: tuple[str, ...] = tuple(f"{f}{r + 1}" for r in range(5) for f in FILES)
SPACE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SPACE_NAMES)}
ALL_SPACES_MASK = (1 << 25) - 1

#: Clockwise, so that a quarter turn clockwise is ``+1``.
CORNERS = ("nw", "ne", "se", "sw")
CORNER_INDEX = {name: i for i, name in enumerate(CORNERS)}

SQUARE_NAMES: tuple[str, ...] = tuple(f"{SPACE_NAMES[s]}.{c}" for s in range(25) for c in CORNERS)
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}

# Token locations beyond the 100 sub-squares (P7).
TEMPLE = 100  # in its own temple
OUT = 101  # eliminated
RIVAL_TEMPLE = 102  # the Brahmin that achieved Illumination
LOCATION_NAMES: tuple[str, ...] = SQUARE_NAMES + ("temple", "out", "rival_temple")
LOCATION_INDEX: dict[str, int] = {name: i for i, name in enumerate(LOCATION_NAMES)}

SEATS = ("south", "north")
CHARACTERS = ("brahmin", "tiger", "cobra")
BRAHMIN, TIGER, COBRA = 0, 1, 2
CHARACTER_INDEX = {name: i for i, name in enumerate(CHARACTERS)}

#: The rank on which each seat's temple stands (P1): south on rank 1, north on rank 5.
TEMPLE_RANK = (0, 4)
EDGE_SPACES: tuple[tuple[int, ...], tuple[int, ...]] = tuple(
    tuple(r * 5 + f for f in range(5)) for r in TEMPLE_RANK
)

# --- tiles (P4) ---------------------------------------------------------------------------------
TILE_TYPES = "SIDL"
TYPE_INDEX = {t: i for i, t in enumerate(TILE_TYPES)}
_R0_STONES = {"S": ("nw",), "I": ("nw", "ne"), "D": ("nw", "se"), "L": ("nw", "ne", "sw")}
ROTATIONS = (0, 90, 180, 270)

#: A tile on the board is one integer ``type * 4 + quarter_turns``; ``NO_TILE`` marks an empty space.
NO_TILE = -1


def tile_code(type_letter: str, quarters: int) -> int:
    return TYPE_INDEX[type_letter] * 4 + quarters


def _stone_mask(code: int) -> int:
    type_letter, quarters = TILE_TYPES[code >> 2], code & 3
    mask = 0
    for corner in _R0_STONES[type_letter]:
        mask |= 1 << ((CORNER_INDEX[corner] + quarters) & 3)
    return mask


#: ``STONES[code]`` has bit ``c`` set when corner ``c`` of that tile is stone.
STONES: tuple[int, ...] = tuple(_stone_mask(code) for code in range(16))
#: Two-character code of a tile in the fingerprint (P27); index ``code + 1`` (so ``..`` for none).
TILE_FINGERPRINT: tuple[str, ...] = ("..",) + tuple(f"{TILE_TYPES[c >> 2]}{c & 3}" for c in range(16))

# --- coordinates and adjacency (P2, P3) -------------------------------------------------------


def _square_xy(sq: int) -> tuple[int, int]:
    space, corner = divmod(sq, 4)
    rank, file = divmod(space, 5)
    name = CORNERS[corner]
    return 2 * file + (1 if name[1] == "e" else 0), 2 * rank + (1 if name[0] == "n" else 0)


SQUARE_XY: tuple[tuple[int, int], ...] = tuple(_square_xy(sq) for sq in range(100))
_SQUARE_AT = {xy: sq for sq, xy in enumerate(SQUARE_XY)}


def _adjacent_squares(sq: int) -> tuple[int, ...]:
    x, y = SQUARE_XY[sq]
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            other = _SQUARE_AT.get((x + dx, y + dy))
            if (dx or dy) and other is not None:
                out.append(other)
    return tuple(sorted(out))


#: King's-move neighbours on the 10x10 grid of sub-squares (P3).
SQUARE_ADJACENT: tuple[tuple[int, ...], ...] = tuple(_adjacent_squares(sq) for sq in range(100))

# Directions as (file step, rank step), named as in P22.
DIRECTIONS = {
    "W": (-1, 0), "NW": (-1, 1), "N": (0, 1), "NE": (1, 1),
    "E": (1, 0), "SE": (1, -1), "S": (0, -1), "SW": (-1, -1),
}  # fmt: skip


def space_step(space: int, direction: str) -> int | None:
    """The space one step from ``space`` in ``direction``, or None off the board."""
    rank, file = divmod(space, 5)
    df, dr = DIRECTIONS[direction]
    f, r = file + df, rank + dr
    return r * 5 + f if 0 <= f < 5 and 0 <= r < 5 else None


#: The spaces around each space (P3), in canonical order, and the same as a bit mask.
SPACE_AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(n for d in DIRECTIONS if (n := space_step(s, d)) is not None)) for s in range(25)
)
AROUND_MASK: tuple[int, ...] = tuple(sum(1 << n for n in around) for around in SPACE_AROUND)
#: ``AROUND_BY_BIT[1 << s]`` is ``AROUND_MASK[s]``: lets bit loops skip an index computation.
AROUND_BY_BIT: dict[int, int] = {1 << s: AROUND_MASK[s] for s in range(25)}


def _ring(temple_space: int) -> tuple[int, ...]:
    own = set(range(temple_space * 4, temple_space * 4 + 4))
    ring = {adj for sq in own for adj in SQUARE_ADJACENT[sq]} - own
    return tuple(sorted(ring))


#: The ring of a temple standing on each space (P5); only edge spaces are ever used.
RING: tuple[tuple[int, ...], ...] = tuple(_ring(s) for s in range(25))
RING_SET: tuple[frozenset[int], ...] = tuple(frozenset(r) for r in RING)

# --- corner directions for the Protection test (P22) -------------------------------------------
_CORNER_DIRECTIONS = {
    "nw": ("W", "NW", "N"),
    "ne": ("N", "NE", "E"),
    "sw": ("W", "SW", "S"),
    "se": ("E", "SE", "S"),
}


def _exit_mask(code: int, space: int) -> int:
    mask = 0
    for corner in range(4):
        if STONES[code] >> corner & 1:
            for d in _CORNER_DIRECTIONS[CORNERS[corner]]:
                n = space_step(space, d)
                if n is not None:
                    mask |= 1 << n
    return mask


#: ``EXITS[code][s]``: the spaces ``s + d`` for ``d`` in DIRS of a tile ``code`` standing on ``s``.
EXITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_exit_mask(code, s) for s in range(25)) for code in range(16)
)
