"""The nine Mandara tiles and the geometry of the Mandara board (rulings M4-M8).

Everything here is static: printed tile faces, slot counts, orientations, board cells and which
tile spaces touch. Tables are computed once at import so the rules never re-derive geometry.
"""

from __future__ import annotations

from functools import cache

#: Printed cell names in printed order: row 1 left to right, then rows 2 and 3 (M5, M34).
CELL_NAMES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")

#: The tile faces of M6 in orientation 0; every cell not listed is void.
TILE_FACES: dict[int, dict[str, str]] = {
    1: {"b1": "normal", "a2": "normal", "b2": "p3", "c2": "normal", "b3": "normal"},
    2: {"a1": "normal", "c1": "normal", "a2": "normal", "c2": "normal", "a3": "normal", "b3": "p2",
        "c3": "normal"},
    3: {"a1": "normal", "b1": "normal", "b2": "p3", "b3": "normal", "c3": "normal"},
    4: {"a1": "p3", "b1": "normal", "c1": "normal", "a2": "normal", "a3": "normal"},
    5: {"a1": "normal", "b1": "normal", "c1": "normal", "a2": "normal", "c2": "normal", "a3": "normal",
        "b3": "normal"},
    6: {"a1": "normal", "b1": "normal", "c1": "normal", "b2": "p2", "a3": "normal", "b3": "normal"},
    7: {"a1": "normal", "b1": "normal", "a2": "normal", "b2": "p2", "c2": "normal", "b3": "normal",
        "c3": "normal"},
    8: {"a1": "normal", "c1": "normal", "a2": "normal", "b2": "p2", "c2": "normal", "a3": "normal",
        "c3": "normal"},
    9: {"a1": "normal", "c1": "normal", "a2": "normal", "b2": "normal", "c2": "normal", "b3": "p2"},
}

TILE_NUMBERS = tuple(range(1, 10))
TILE_SPACES = TILE_NUMBERS  # the nine tile spaces of the Mandara board, also 1..9 (M4)
ORIENTATIONS = (0, 90, 180, 270)

#: The spaces of each tile, as printed cell names in printed order. A tile's stacks are stored in
#: this order, so index i of a tile's stacks is the space ``TILE_CELLS[n][i]``.
TILE_CELLS: dict[int, tuple[str, ...]] = {
    n: tuple(c for c in CELL_NAMES if c in face) for n, face in TILE_FACES.items()
}
TILE_KINDS: dict[int, tuple[str, ...]] = {
    n: tuple(TILE_FACES[n][c] for c in cells) for n, cells in TILE_CELLS.items()
}
CELL_INDEX: dict[int, dict[str, int]] = {
    n: {c: i for i, c in enumerate(cells)} for n, cells in TILE_CELLS.items()
}

#: Slots kept at acquisition by kind, with 3 and with 4 players (M5, M15).
_SLOTS = {"normal": {3: 1, 4: 1}, "p2": {3: 1, 4: 2}, "p3": {3: 2, 4: 3}}


def slot_count(kind: str, players: int) -> int:
    return _SLOTS[kind][players]


def tile_slots(tile: int, players: int) -> tuple[int, ...]:
    """The slot count of every space of ``tile``, in printed order."""
    return _TILE_SLOTS[players][tile]


_TILE_SLOTS = {p: {n: tuple(slot_count(k, p) for k in kinds) for n, kinds in TILE_KINDS.items()}
               for p in (3, 4)}


def cell_xy(cell: str) -> tuple[int, int]:
    """Printed column and row indices: a1 is (0, 0), c3 is (2, 2)."""
    return "abc".index(cell[0]), int(cell[1]) - 1


def turn(x: int, y: int, orientation: int) -> tuple[int, int]:
    """Where printed (x, y) lies inside its tile space after turning clockwise (M7)."""
    if orientation == 0:
        return x, y
    if orientation == 90:
        return 2 - y, x
    if orientation == 180:
        return 2 - x, 2 - y
    return y, 2 - x


@cache
def board_cells(tile: int, orientation: int, space: int) -> tuple[tuple[int, int], ...]:
    """Board cell (X, Y) of each space of ``tile`` lying on tile space ``space`` (M8)."""
    left, top = 3 * ((space - 1) % 3), 3 * ((space - 1) // 3)
    cells = []
    for cell in TILE_CELLS[tile]:
        x, y = turn(*cell_xy(cell), orientation)
        cells.append((left + x, top + y))
    return tuple(cells)


def _space_neighbours() -> dict[int, tuple[int, ...]]:
    neighbours = {}
    for s in TILE_SPACES:
        row, col = divmod(s - 1, 3)
        near = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            r, c = row + dr, col + dc
            if 0 <= r < 3 and 0 <= c < 3:
                near.append(3 * r + c + 1)
        neighbours[s] = tuple(sorted(near))
    return neighbours


#: Edge-adjacent tile spaces (M4); diagonals do not touch.
SPACE_NEIGHBOURS = _space_neighbours()
