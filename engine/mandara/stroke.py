"""The longest single stroke (rulings M26, M38): an exact depth-first search, never a heuristic.

The Mandara board becomes a graph once per scoring: one node per space of every tile on the board,
edges between orthogonally neighbouring board cells (M8). Node sets are bitmasks, so a partial path
is one integer and extending it is a few bit operations.
"""

from __future__ import annotations

from engine.mandara.bitmask import flood
from engine.mandara.state import NEUTRAL
from engine.mandara.tiles import board_cells


class SpaceGraph:
    """The spaces of the Mandara board: their stacks and their neighbours as bitmasks."""

    __slots__ = ("stacks", "neighbours")

    def __init__(self, board):
        where: dict[tuple[int, int], int] = {}
        stacks = []
        for space, tile in enumerate(board, start=1):
            if tile is None:
                continue
            for xy, stack in zip(board_cells(tile.number, tile.orientation, space), tile.stacks, strict=True):
                where[xy] = len(stacks)
                stacks.append(stack)
        neighbours = [0] * len(stacks)
        for (x, y), node in where.items():
            for near in ((x + 1, y), (x, y + 1)):
                other = where.get(near)
                if other is not None:
                    neighbours[node] |= 1 << other
                    neighbours[other] |= 1 << node
        self.stacks = stacks
        self.neighbours = neighbours

    def masks(self, seat: int) -> tuple[int, int]:
        """(spaces holding a piece of ``seat``, spaces holding a neutral piece)."""
        own = neutral = 0
        for node, stack in enumerate(self.stacks):
            if seat in stack:
                own |= 1 << node
            if NEUTRAL in stack:
                neutral |= 1 << node
        return own, neutral


def path_score(graph: SpaceGraph, seat: int) -> int:
    """Length of the longest single stroke through usable spaces holding one of ``seat``'s (M26)."""
    own, neutral = graph.masks(seat)
    return longest_stroke(graph.neighbours, own | neutral, own)


def path_scores(board, players: int) -> list[int]:
    graph = SpaceGraph(board)
    return [path_score(graph, seat) for seat in range(players)]


class _Found(Exception):
    """Raised when a stroke covers its whole component: nothing longer exists."""


def longest_stroke(neighbours, usable: int, own: int) -> int:
    """Longest simple path inside ``usable`` that visits at least one node of ``own`` (M38).

    Every path is searched from every start, so each is met from both ends; a component is left
    as soon as a stroke covers all of it, and components without an own space are skipped.
    """
    best = 0
    remaining = usable
    while remaining:
        start = (remaining & -remaining).bit_length() - 1
        component = flood(neighbours, usable, 1 << start)
        remaining &= ~component
        if not component & own:
            continue
        size = component.bit_count()
        if size <= best:
            continue
        found = _search_component(neighbours, component, own, size, best)
        best = max(best, found)
    return best


def _search_component(neighbours, component: int, own: int, size: int, best: int) -> int:
    state = [best]

    def extend(node: int, visited: int, length: int, owned: bool) -> None:
        if owned and length > state[0]:
            state[0] = length
            if length == size:
                raise _Found
        free = neighbours[node] & component & ~visited
        while free:
            low = free & -free
            extend(low.bit_length() - 1, visited | low, length + 1, owned or bool(low & own))
            free ^= low

    try:
        bits = component
        while bits:
            low = bits & -bits
            extend(low.bit_length() - 1, low, 1, bool(low & own))
            bits ^= low
    except _Found:
        pass
    return state[0]
