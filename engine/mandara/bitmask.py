"""Sets of spaces as integer bit masks: the connected part of a set, grown edge by edge."""

from __future__ import annotations


def flood(neighbours, usable: int, seed: int) -> int:
    """Every space of ``usable`` connected to the spaces of ``seed`` (``neighbours[i]``: mask of i's)."""
    seen = frontier = seed
    while frontier:
        grow = 0
        bits = frontier
        while bits:
            low = bits & -bits
            grow |= neighbours[low.bit_length() - 1]
            bits ^= low
        frontier = grow & usable & ~seen
        seen |= frontier
    return seen
