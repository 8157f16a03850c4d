"""The legal actions of a position in canonical notation and order (rulings P8-P18, P29).

``legal_texts`` builds the texts directly from the geometry tables, without applying anything;
the tests check it against ``rules.apply_action`` over every action of the notation.
"""

from __future__ import annotations

from engine.paso.board import (
    BRAHMIN,
    COBRA,
    EDGE_SPACES,
    OUT,
    RING,
    RING_SET,
    RIVAL_TEMPLE,
    SPACE_AROUND,
    SPACE_NAMES,
    SQUARE_ADJACENT,
    SQUARE_NAMES,
    STONES,
    TEMPLE,
    TIGER,
)
from engine.paso.notation import ROTATION_WORDS, SUMMON_TEXT, walk_text
from engine.paso.reading import free_exit_exists, is_stacked, occupancy, repeat_check
from engine.paso.state import PasoState, fingerprint


def legal_texts(state: PasoState) -> list[str]:
    """Every legal action of the mover in canonical notation, in code-point order."""
    if state.phase == "over":
        return []
    if state.phase == "temples":
        return sorted(f"temple {SPACE_NAMES[s]}" for s in EDGE_SPACES[state.current])
    out = play_texts(state)
    if not is_stacked(state) and (not out or not end_repeats(state)):
        out.append("end")  # a pass, a close, or the forced pass of P18
    out.sort()
    return out


def end_repeats(state: PasoState) -> bool:
    last = state.last_end[state.current]
    return last is not None and fingerprint(state) == last


def play_texts(state: PasoState) -> list[str]:
    """The legal actions other than ``end``."""
    seat, tokens, tiles = state.current, state.tokens, state.tiles
    base = seat * 3
    occ = occupancy(tokens)
    out: list[str] = []
    chosen = state.character
    characters = (chosen,) if chosen >= 0 else (BRAHMIN, TIGER, COBRA)
    stacked = is_stacked(state)
    check = None
    for c in characters:
        me = base + c
        loc = tokens[me]
        if loc == OUT:
            continue
        start = state.start if chosen >= 0 else loc
        if stacked:
            out.extend(_walks(state, occ, c, loc, start, first=False, only_free=True))
            continue
        if len(state.basic) < 2:
            out.extend(_walks(state, occ, c, loc, start, first=not state.basic, only_free=False))
            if any(state.reserve):
                _summons(state, c, loc, out)
        if loc < 100 and not state.exhausted[me]:
            if check is None:
                check = repeat_check(state) or _never
            if c == COBRA:
                for t in SQUARE_ADJACENT[loc]:
                    victim = occ.get(t)
                    if victim is not None and victim // 3 != seat and not check(("bite", t)):
                        out.append(f"cobra bite {SQUARE_NAMES[t]}")
            elif c == TIGER:
                around = SPACE_AROUND[loc >> 2]
                sources = [u for u in around if tiles[u] >= 0]
                targets = [v for v in around if tiles[v] < 0 and v not in state.temples]
                for u in sources:
                    for v in targets:
                        if not check(("levitate", u, v)):
                            out.append(f"tiger levitate {SPACE_NAMES[u]}-{SPACE_NAMES[v]}")
            else:
                for s in SPACE_AROUND[loc >> 2]:
                    code = tiles[s]
                    if code >= 0:
                        for q in range(4):
                            if q != code & 3 and not check(("meditate", s, q)):
                                out.append(f"brahmin meditate {SPACE_NAMES[s]} {ROTATION_WORDS[q]}")
    return out


def _never(action) -> bool:
    return False


def _walks(state, occ, c, loc, start, first: bool, only_free: bool) -> list[str]:
    tiles, seat = state.tiles, state.current
    out = []
    targets = RING[state.temples[seat]] if loc == TEMPLE else SQUARE_ADJACENT[loc]
    for t in targets:
        code = tiles[t >> 2]
        if t == start or code < 0 or not STONES[code] >> (t & 3) & 1:
            continue
        other = occ.get(t)
        if other is None:
            out.append(walk_text(c, loc, t))
        elif not only_free and first and other // 3 == seat and free_exit_exists(state, occ, t, loc, c):
            out.append(walk_text(c, loc, t))
    if c == BRAHMIN and loc < 100 and loc in RING_SET[state.temples[1 - seat]]:
        out.append(walk_text(c, loc, RIVAL_TEMPLE))
    return out


def _summons(state, c, loc, out: list[str]) -> None:
    seat, tiles, reserve = state.current, state.tiles, state.reserve
    centre = state.temples[seat] if loc == TEMPLE else loc >> 2
    for s in SPACE_AROUND[centre]:
        if tiles[s] >= 0 or s in state.temples:
            continue
        row = SUMMON_TEXT[c][s]
        for type_index in range(4):
            if reserve[type_index]:
                out.extend(row[type_index * 4 : type_index * 4 + 4])
