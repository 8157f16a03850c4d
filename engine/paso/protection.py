"""Victory by Protection: the sound over-approximation of P22 and the verdict of P23.

Sets of places are bit masks: bit ``s`` for space ``s`` (0..24) and bit 25 for the word
``temple`` (the rival R's own temple, whose surroundings are ``N(TR)``).
"""

from __future__ import annotations

from engine.paso.board import (
    ALL_SPACES_MASK,
    AROUND_BY_BIT,
    AROUND_MASK,
    BRAHMIN,
    COBRA,
    EXITS,
    OUT,
    RIVAL_TEMPLE,
    SEATS,
    TEMPLE,
    TIGER,
)

_TEMPLE_BIT = 1 << 25


def _chunked(masks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each rank, the union of ``masks[s]`` over every subset of that rank's five spaces, so
    that a union over a set of spaces costs five look-ups."""
    table = []
    for rank in range(5):
        row = []
        for bits in range(32):
            union = 0
            for f in range(5):
                if bits >> f & 1:
                    union |= masks[rank * 5 + f]
            row.append(union)
        table.append(tuple(row))
    return tuple(table)


_AROUND = _chunked(AROUND_MASK)
_EXITS = tuple(_chunked(EXITS[code]) for code in range(16))


def _union(mask: int, table) -> int:
    t0, t1, t2, t3, t4 = table
    return (
        t0[mask & 31] | t1[mask >> 5 & 31] | t2[mask >> 10 & 31] | t3[mask >> 15 & 31] | t4[mask >> 20 & 31]
    )


def _around(mask: int, around_temple: int) -> int:
    """The union of ``N(p)`` over the places ``p`` of ``mask`` (bit 25: R's temple)."""
    out = _union(mask, _AROUND)
    return out | around_temple if mask & _TEMPLE_BIT else out


def _place(location: int) -> int:
    return _TEMPLE_BIT if location == TEMPLE else 1 << (location >> 2)


def rival_has_route(tiles, tokens, temples, can_summon: bool, protected: int) -> bool:
    """P22: whether the Brahmin of the rival R of seat ``protected`` (X) may still reach X's temple
    by R's own means. False means X is protected."""
    rival = 1 - protected
    target, home = temples[protected], temples[rival]
    temple_spaces = (1 << target) | (1 << home)
    allowed = ALL_SPACES_MASK & ~temple_spaces
    around_home = AROUND_MASK[home]
    base = rival * 3

    brahmin = tokens[base + BRAHMIN]
    if brahmin in (OUT, RIVAL_TEMPLE):
        return False
    board = 0
    for space, code in enumerate(tiles):
        if code >= 0:
            board |= 1 << space
    tiger = _place(tokens[base + TIGER]) if tokens[base + TIGER] != OUT else 0
    cobra = _place(tokens[base + COBRA]) if tokens[base + COBRA] != OUT else 0
    if brahmin == TEMPLE:
        free, pinned, exits = _TEMPLE_BIT, 0, _EXITS[0]
    else:
        start = brahmin >> 2
        free, pinned, exits = 0, 1 << start, _EXITS[tiles[start]]

    target_bit = 1 << target
    while True:
        # The sets only grow, so a route found now is a route at the fixed point.
        if (_around(free, around_home) | _union(pinned, exits)) & target_bit:
            return True
        before = (board, tiger, cobra, free, pinned)
        # Rule 1, walk: a token reaches every tile-space around a place it reaches.
        tiger |= _around(tiger, around_home) & board
        cobra |= _around(cobra, around_home) & board
        free |= _around(free, around_home) & board
        # Rule 2, pinned exit: off the starting tile only through its stones' corners.
        free |= _union(pinned, exits) & board
        # Rule 3, summon: any token may bring a tile around any place it reaches.
        if can_summon:
            board |= _around(tiger | cobra | free | pinned, around_home) & allowed
        # Rule 4, levitate: the tiger moves tiles (and riders) between spaces around it.
        spaces = tiger & ALL_SPACES_MASK
        while spaces:
            low = spaces & -spaces
            spaces ^= low
            around = AROUND_BY_BIT[low]
            if board & around:
                reach = around & allowed
                board |= reach
                if cobra & reach:
                    cobra |= reach
                if free & reach:
                    free |= reach
                if pinned & reach:
                    pinned |= reach
        if (board, tiger, cobra, free, pinned) == before:
            return False


def protection_outcome(tiles, tokens, temples, can_summon: bool, mover: int):
    """P23, at the close of ``mover``'s turn: (winner names, "protection") or None."""
    other = 1 - mover
    if rival_has_route(tiles, tokens, temples, can_summon, protected=mover):
        return None
    if rival_has_route(tiles, tokens, temples, can_summon, protected=other):
        return ((SEATS[mover],), "protection")
    return ((SEATS[other],), "protection")
