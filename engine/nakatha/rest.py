"""Coming to rest (N12) and passing over (N21): where a piece may end up, by any means.

``occupant`` is always passed in, because the rules often ask about a board that does not exist
yet (after the activated piece's move). Nothing here reads the hidden Sword tile: a Sword only
counts once it has been found (N50).
"""

from __future__ import annotations

from engine.nakatha.board import COORD, DAIS, KIND, NEIGHBOUR_SETS, NEIGHBOURS, SEGMENT_OF
from engine.nakatha.state import MOTHER, State, born


def sword_lies_on(s: State, tile: str) -> bool:
    """The found Sword lies face up on ``tile`` (N40)."""
    return s.sword_found and s.sword_tile == tile


def rest_error(s: State, pid: str, tile: str, occupant: dict, as_bearer: bool = False):
    """Why ``pid`` may not come to rest on ``tile`` (rule, sentence), or None if it may (N12)."""
    if tile not in COORD:
        return "N12", f"{tile} is not a tile of the board"
    if tile == DAIS:
        return "N12", "nothing may enter the Dais"
    other = occupant.get(tile)
    if other is not None and other != pid:
        return "N12", f"{tile} is occupied by {other}"
    piece = s.pieces.get(pid)  # absent for a human about to be called up
    bearer = as_bearer or (piece is not None and piece.sword) or sword_lies_on(s, tile)
    if KIND[tile] == "divine" and not bearer:
        return "N12", f"only the Sword's bearer may enter the Divine tile {tile}"
    faction = born(pid)
    if (
        faction == "dragons"
        and s.segments["outerlands"] is not None
        and SEGMENT_OF[tile] == s.segments["outerlands"]
    ):
        return "N12", f"a Dragon may never enter the Outerlands ({tile}): Tsiorak's domain"
    if faction != "makabi":
        mother = s.pieces[MOTHER].tile
        if mother is not None and not bearer and tile in NEIGHBOUR_SETS[mother]:
            return "N12", f"{tile} is beside the Mother, where only Makabi pieces may come to rest"
    elif pid == MOTHER:
        for n in NEIGHBOURS[tile]:
            q = occupant.get(n)
            if q is not None and q != pid and born(q) != "makabi" and not s.pieces[q].sword:
                return "N12", f"the Mother may not come to rest beside {q}"
    if faction == "fae":
        for n in NEIGHBOURS[tile]:
            q = occupant.get(n)
            if q is not None and q != pid and born(q) == "fae":
                return "N33", f"fae stand apart: {tile} is beside {q}"
    return None


def can_rest(s: State, pid: str, tile: str, occupant: dict, as_bearer: bool = False) -> bool:
    return rest_error(s, pid, tile, occupant, as_bearer) is None


def can_fly_over(s: State, pid: str, tile: str, occupant: dict) -> bool:
    """N21: a tile a Dragon crosses must be empty, not the Dais, Divine or in the Outerlands."""
    if tile == DAIS or occupant.get(tile) is not None:
        return False
    if KIND[tile] == "divine" and not s.pieces[pid].sword:
        return False
    return not (s.segments["outerlands"] is not None and SEGMENT_OF[tile] == s.segments["outerlands"])


def place(s: State, pid: str, tile: str) -> None:
    """Put a piece on a tile (already judged legal); it picks up a Sword lying there (N40)."""
    s.set_piece(pid, tile=tile)
    if sword_lies_on(s, tile):
        s.set_piece(pid, sword=True)
        s.sword_tile = None


def moved_occupant(s: State, pid: str, dest: str | None) -> dict:
    """The occupancy once ``pid`` has moved to ``dest`` (the same dict when it does not move)."""
    if dest is None:
        return s.occupant
    occupant = dict(s.occupant)
    del occupant[s.pieces[pid].tile]
    occupant[dest] = pid
    return occupant
