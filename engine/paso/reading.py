"""Reading a position: who stands where, stacking (P11), and what a special action does (P14-P16).

Shared by ``legal`` (which lists actions) and ``rules`` (which checks and applies one).
"""

from __future__ import annotations

from engine.paso.board import (
    BRAHMIN,
    LOCATION_NAMES,
    OUT,
    RING_SET,
    SQUARE_ADJACENT,
    STONES,
    TILE_FINGERPRINT,
)
from engine.paso.state import PasoState, arrangement_fingerprint

ADJACENT_SET = tuple(frozenset(adj) for adj in SQUARE_ADJACENT)


# --- reading the position ------------------------------------------------------------------------


def occupancy(tokens) -> dict[int, int]:
    """Sub-square -> a token standing on it (tokens in temples or out stand on none)."""
    return {loc: i for i, loc in enumerate(tokens) if loc < 100}


def is_stacked(state: PasoState) -> bool:
    """P11: the turn's character shares its sub-square with another own token (read, not stored)."""
    if state.character < 0:
        return False
    base = state.current * 3
    me = base + state.character
    loc = state.tokens[me]
    return loc < 100 and any(state.tokens[j] == loc for j in range(base, base + 3) if j != me)


def stone(tiles, sq: int) -> bool:
    code = tiles[sq >> 2]
    return code >= 0 and STONES[code] >> (sq & 3) & 1 == 1


def free_exit_exists(state: PasoState, occ, at: int, start, character: int) -> bool:
    """P11: from ``at`` a second walk exists (a free stone other than ``start``, or Illumination)."""
    tiles = state.tiles
    for t in SQUARE_ADJACENT[at]:
        if t != start and t not in occ and stone(tiles, t):
            return True
    return character == BRAHMIN and at in RING_SET[state.temples[1 - state.current]]


# --- effects of the special actions (P14-P16) --------------------------------------------------


def special_effect(state: PasoState, action: tuple):
    """(tiles, tokens, exhausted) after a special action, before the turn closes."""
    tiles, tokens, exhausted = state.tiles, list(state.tokens), state.exhausted
    kind = action[0]
    if kind == "bite":
        victim = occupancy(tokens)[action[1]]
        tokens[victim] = OUT
        if exhausted[victim]:
            exhausted = exhausted[:victim] + (False,) + exhausted[victim + 1 :]
        return tiles, tuple(tokens), exhausted
    tiles = list(tiles)
    if kind == "levitate":
        frm, to = action[1], action[2]
        tiles[to], tiles[frm] = tiles[frm], -1
        for i, loc in enumerate(tokens):
            if loc < 100 and loc >> 2 == frm:
                tokens[i] = to * 4 + (loc & 3)
    else:  # meditate: the tile and its riders turn by k quarter turns
        space, quarters = action[1], action[2]
        old = tiles[space]
        turn = (quarters - old) & 3
        tiles[space] = (old & ~3) | quarters
        for i, loc in enumerate(tokens):
            if loc < 100 and loc >> 2 == space:
                tokens[i] = (loc & ~3) | ((loc + turn) & 3)
    return tuple(tiles), tuple(tokens), exhausted


_PARSED: dict[str, tuple | None] = {}


def _parse_fingerprint(text: str):
    """(25 tile codes, 6 location names) of a fingerprint, or None if it is not one (then no
    arrangement equals it). Remembered: a game compares against the same few strings again and again."""
    if text in _PARSED:
        return _PARSED[text]
    if len(_PARSED) > 4096:
        _PARSED.clear()
    _PARSED[text] = parsed = _split_fingerprint(text)
    return parsed


def _split_fingerprint(text: str):
    board, _, places = text.partition("/")
    ranks = board.split("|")
    codes = [rank[i : i + 2] for rank in ranks for i in range(0, 10, 2)]
    locations = places.split(",")
    if len(ranks) != 5 or any(len(r) != 10 for r in ranks) or len(locations) != 6:
        return None
    return codes, locations


def repeat_check(state: PasoState):
    """A function telling whether a special action would close the turn on the mover's ``last_end``
    (P17, P18), or None when none can. Most candidates are ruled out by what they leave unchanged,
    so only a few need their resulting fingerprint computed."""
    last = state.last_end[state.current]
    if last is None:
        return None
    parsed = _parse_fingerprint(last)
    if parsed is None:
        return None
    codes, locations = parsed
    tiles, tokens = state.tiles, state.tokens
    tile_diff = {s for s in range(25) if TILE_FINGERPRINT[tiles[s] + 1] != codes[s]}
    if len(tile_diff) > 2:
        return None
    token_diff = [i for i in range(6) if LOCATION_NAMES[tokens[i]] != locations[i]]

    def riders_only(space: int) -> bool:
        return all(tokens[i] < 100 and tokens[i] >> 2 == space for i in token_diff)

    def would_repeat(action: tuple) -> bool:
        kind = action[0]
        if kind == "bite":
            if tile_diff or any(tokens[i] != action[1] for i in token_diff):
                return False
        elif kind == "levitate":
            if not tile_diff <= {action[1], action[2]} or not riders_only(action[1]):
                return False
        elif not tile_diff <= {action[1]} or not riders_only(action[1]):
            return False
        new_tiles, new_tokens, _ = special_effect(state, action)
        return arrangement_fingerprint(new_tiles, new_tokens) == last

    return would_repeat
