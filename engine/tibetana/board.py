"""The standard map (rulings T3-T6): names, axial cells, terrain, capacity, energy, perimeter.

Territories are referred to by their index in ``NAMES`` (the canonical order of T3.1) inside the
engine; documents and notation use the names.
"""

from __future__ import annotations

from functools import cache

NAMES = (
    "a1", "a2", "a3", "b1", "b2", "b3", "b4", "c1", "c2", "c3",
    "c4", "c5", "d1", "d2", "d3", "d4", "e1", "e2", "e3",
)
INDEX = {name: i for i, name in enumerate(NAMES)}
COUNT = len(NAMES)

#: T3.3: D desert, F forest, M mountain.
TERRAIN = dict(
    a1="D", a2="F", a3="D", b1="D", b2="M", b3="F", b4="M", c1="M", c2="F", c3="M",
    c4="F", c5="M", d1="D", d2="M", d3="F", d4="M", e1="D", e2="F", e3="D",
)
#: T7.1: base capacity counts guardians and priestesses only.
BASE_BY_TERRAIN = {"D": 2, "F": 3, "M": 4}
BASE_CAPACITY = tuple(BASE_BY_TERRAIN[TERRAIN[n]] for n in NAMES)

#: T6.3: the energy column of T3 is the setup; it is not recomputed.
START_ENERGY = dict(
    a1=1, a2=1, a3=2, b1=1, b2=0, b3=1, b4=2, c1=2, c2=1, c3=1,
    c4=2, c5=3, d1=1, d2=0, d3=1, d4=2, e1=1, e2=1, e3=2,
)

SETTLEMENTS = ("b2", "d2")  # pink, green (T3.5)
START_PORTAL = (INDEX["c1"], INDEX["c5"])  # T3.6

_FILES = "abcde"


def _cell(name: str) -> tuple[int, int]:
    """Axial (q, r) of T3.2: file a..e is q = -2..2; rank 1 is the largest r of its file."""
    q = _FILES.index(name[0]) - 2
    top = min(2, 2 - q)
    return q, top - (int(name[1:]) - 1)


CELLS = tuple(_cell(n) for n in NAMES)
CELL_INDEX = {cell: i for i, cell in enumerate(CELLS)}
_DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1))


def side_cells(cell: tuple[int, int]) -> list[tuple[int, int]]:
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in _DIRECTIONS]


def _centre_distance(cell: tuple[int, int]) -> int:
    q, r = cell
    return (abs(q) + abs(r) + abs(q + r)) // 2


HEX_NEIGHBOURS = tuple(
    tuple(sorted(CELL_INDEX[c] for c in side_cells(cell) if c in CELL_INDEX)) for cell in CELLS
)


@cache
def perimeter(destroyed: int) -> tuple[int, ...]:
    """Territories on the perimeter (T5), given the bit mask of destroyed territories.

    The outer void is every cell at distance 3 from c3, plus destroyed cells joined to it by a
    side (repeatedly); holes do not count.
    """
    void = {(q, r) for q in range(-3, 4) for r in range(-3, 4) if _centre_distance((q, r)) == 3}
    gone = {CELLS[i] for i in range(COUNT) if destroyed >> i & 1}
    grown = True
    while grown:
        grown = False
        for cell in list(gone - void):
            if any(c in void for c in side_cells(cell)):
                void.add(cell)
                grown = True
    return tuple(
        i for i in range(COUNT)
        if not destroyed >> i & 1 and any(c in void for c in side_cells(CELLS[i]))
    )


@cache
def adjacency(destroyed: int, portal: tuple[int, int] | None) -> tuple[tuple[int, ...], ...]:
    """Neighbours of every territory (T4): shared sides plus the portal, each once; a destroyed
    territory is adjacent to nothing."""
    result = []
    for i in range(COUNT):
        if destroyed >> i & 1:
            result.append(())
            continue
        near = {j for j in HEX_NEIGHBOURS[i] if not destroyed >> j & 1}
        if portal and i in portal:
            near.add(portal[0] if portal[1] == i else portal[1])
        result.append(tuple(sorted(near)))
    return tuple(result)
