"""The 127-tile board of Arbetreyas: coordinates, names, kinds and distances (rulings N1-N4).

Every tile is named by a string (``a7``, ``n0``, ``dais``); everything here is computed once at
import time, so the rules read plain lookups.
"""

from __future__ import annotations

from functools import cache

#: The six directions of N2, in the order N, NE, SE, S, SW, NW, as (dq, dr).
DIRECTIONS = {
    "n": (0, -1),
    "ne": (1, -1),
    "se": (1, 0),
    "s": (0, 1),
    "sw": (-1, 1),
    "nw": (-1, 0),
}
SPOKES = tuple(DIRECTIONS)

#: Segment letter -> (first spoke, second spoke), clockwise (N3).
SEGMENTS = {
    "a": ("nw", "n"),
    "b": ("n", "ne"),
    "c": ("ne", "se"),
    "d": ("se", "s"),
    "e": ("s", "sw"),
    "f": ("sw", "nw"),
}
SEGMENT_LETTERS = tuple(SEGMENTS)

RADIUS = 6
DAIS = "dais"


def _build():
    coord = {DAIS: (0, 0)}
    kind = {DAIS: "dais"}
    segment = {DAIS: None}
    for spoke, (dq, dr) in DIRECTIONS.items():
        for k in range(RADIUS):
            name = f"{spoke}{k}"
            coord[name] = ((k + 1) * dq, (k + 1) * dr)
            kind[name] = "divine" if k == 0 else "barrier"
            segment[name] = None
    for letter, (d1, d2) in SEGMENTS.items():
        (q1, r1), (q2, r2) = DIRECTIONS[d1], DIRECTIONS[d2]
        for ring in range(2, RADIUS + 1):
            for j in range(1, ring):
                index = (ring - 2) * (ring - 1) // 2 + j
                name = f"{letter}{index}"
                coord[name] = (ring * q1 + j * (q2 - q1), ring * r1 + j * (r2 - r1))
                kind[name] = "grey"
                segment[name] = letter
    return coord, kind, segment


COORD, KIND, SEGMENT_OF = _build()
NAME = {c: n for n, c in COORD.items()}
TILES = tuple(COORD)
GREY = tuple(sorted((t for t in TILES if KIND[t] == "grey"), key=lambda t: (t[0], int(t[1:]))))
GREY_SET = frozenset(GREY)
DIVINE = frozenset(t for t in TILES if KIND[t] == "divine")
BARRIER = frozenset(t for t in TILES if KIND[t] == "barrier")


def distance(a: str, b: str) -> int:
    (qa, ra), (qb, rb) = COORD[a], COORD[b]
    dq, dr = qb - qa, rb - ra
    return max(abs(dq), abs(dr), abs(dq + dr))


RING = {t: distance(DAIS, t) for t in TILES}


def _neighbours(tile: str) -> tuple[str, ...]:
    q, r = COORD[tile]
    return tuple(NAME[(q + dq, r + dr)] for dq, dr in DIRECTIONS.values() if (q + dq, r + dr) in NAME)


#: Every on-board neighbour of a tile, the Dais included, in direction order.
NEIGHBOURS = {t: _neighbours(t) for t in TILES}
NEIGHBOUR_SETS = {t: frozenset(n) for t, n in NEIGHBOURS.items()}


def _line(tile: str, direction: str) -> tuple[str, ...]:
    q, r = COORD[tile]
    dq, dr = DIRECTIONS[direction]
    out = []
    for k in range(1, 4):
        c = (q + k * dq, r + k * dr)
        if c not in NAME:
            break
        out.append(NAME[c])
    return tuple(out)


#: tile -> up to six straight lines of at most three tiles (Dragon flight, N21).
LINES = {t: tuple(line for d in SPOKES if (line := _line(t, d))) for t in TILES}

#: Segment letter -> its fifteen grey tiles, by index.
SEGMENT_TILES = {g: tuple(f"{g}{i}" for i in range(1, 16)) for g in SEGMENT_LETTERS}


@cache
def within(tile: str, reach: int) -> tuple[str, ...]:
    """Tiles at distance 1..reach of ``tile`` (through anything, N2), in board order."""
    return tuple(t for t in TILES if 0 < distance(tile, t) <= reach)


def is_tile(name: str) -> bool:
    return name in COORD
