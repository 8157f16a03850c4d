"""Tiles on the Mandara board: where a tile may go and which moves keep one group (M21, M24, M25)."""

from __future__ import annotations

from engine.mandara.bitmask import flood
from engine.mandara.tiles import SPACE_NEIGHBOURS, TILE_SPACES

#: Bitmask of the tile spaces edge-adjacent to tile space s, at index s-1.
_NEAR = tuple(sum(1 << (n - 1) for n in SPACE_NEIGHBOURS[s]) for s in TILE_SPACES)


def occupied(board) -> int:
    """Bit s-1 set for every tile space s holding a tile."""
    mask = 0
    for i, tile in enumerate(board):
        if tile is not None:
            mask |= 1 << i
    return mask


def is_one_group(mask: int) -> bool:
    """Whether the tile spaces in ``mask`` are connected through shared edges (M24)."""
    return mask == 0 or flood(_NEAR, mask, mask & -mask) == mask


def new_tile_spaces(board) -> list[int]:
    """Empty tile spaces a new tile may take, ascending (M24): any, or touching a tile."""
    mask = occupied(board)
    spaces = []
    for s in TILE_SPACES:
        bit = 1 << (s - 1)
        if mask & bit:
            continue
        if mask == 0 or _NEAR[s - 1] & mask:
            spaces.append(s)
    return spaces


def hell_problem(board, source: int, target: int) -> str | None:
    """Why ``hell source-target`` is illegal, or None when it is legal (M21, M24)."""
    if not (1 <= source <= 9 and 1 <= target <= 9):
        return "tile spaces are numbered 1 to 9"
    if source == target:
        return "a tile must move to another tile space"
    if board[source - 1] is None:
        return f"tile space {source} holds no tile"
    if board[target - 1] is not None:
        return None  # a swap keeps the occupied spaces, always legal
    mask = occupied(board)
    after = (mask & ~(1 << (source - 1))) | (1 << (target - 1))
    if not is_one_group(after):
        return f"moving the tile on {source} to {target} would split the Mandara board"
    return None


def hell_pairs(board) -> list[tuple[int, int]]:
    """Legal Hell actions ascending by A then B; a swap once, smaller space first (M34)."""
    pairs = []
    for a in TILE_SPACES:
        if board[a - 1] is None:
            continue
        for b in TILE_SPACES:
            if b == a or (board[b - 1] is not None and b < a):
                continue
            if hell_problem(board, a, b) is None:
                pairs.append((a, b))
    return pairs
