"""Movement: the one-tile step and the Dragons' flight (N20, N21, N22)."""

from __future__ import annotations

from engine.nakatha.board import COORD, LINES, NEIGHBOUR_SETS, NEIGHBOURS
from engine.nakatha.rest import can_fly_over, can_rest, rest_error
from engine.nakatha.state import State, born


def move_destinations(s: State, pid: str) -> list[str]:
    """Every tile ``pid`` may move to from where it stands."""
    tile = s.pieces[pid].tile
    occupant = s.occupant
    if born(pid) != "dragons":
        return [n for n in NEIGHBOURS[tile] if can_rest(s, pid, n, occupant)]
    out = []
    for line in LINES[tile]:
        for t in line:
            if can_rest(s, pid, t, occupant):
                out.append(t)
            if not can_fly_over(s, pid, t, occupant):
                break  # "it stops at whatever is in the way"
    return out


def move_error(s: State, pid: str, dest: str):
    """Why ``pid`` may not move to ``dest`` (rule, sentence), or None."""
    tile = s.pieces[pid].tile
    if dest not in COORD:
        return "N3", f"{dest} is not a tile"
    if born(pid) != "dragons":
        if dest not in NEIGHBOUR_SETS[tile]:
            return "N20", f"{pid} moves one tile, and {dest} is not beside {tile}"
        return rest_error(s, pid, dest, s.occupant)
    for line in LINES[tile]:
        if dest in line:
            for t in line[: line.index(dest)]:
                if not can_fly_over(s, pid, t, s.occupant):
                    return "N21", f"the flight from {tile} to {dest} is stopped at {t}"
            return rest_error(s, pid, dest, s.occupant)
    return "N21", f"a Dragon flies 1 to 3 tiles in one straight line, and {dest} is not on one from {tile}"
