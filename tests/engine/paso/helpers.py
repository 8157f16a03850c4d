"""Building Paso positions for tests: a board sketch in, a canonical document (P26) out."""

from __future__ import annotations

from engine.paso import GAME
from engine.paso.board import SPACE_NAMES

SEATS = ("south", "north")
CHARACTERS = ("brahmin", "tiger", "cobra")


def position(
    tiles: dict[str, str] | None = None,
    tokens: dict[str, str] | None = None,
    *,
    turn: int = 11,
    temples=("c1", "c5"),
    exhausted=(),
    reserve: dict[str, int] | None = None,
    options: dict | None = None,
    **fields,
) -> dict:
    """A document in phase ``play``.

    ``tiles`` maps spaces to ``"L0"``-style codes (type letter, quarter turns); ``tokens`` maps
    ``"south.tiger"`` to a location (default ``temple``); ``exhausted`` lists such token names.
    The reserve defaults to four of each type minus the tiles on the board. ``fields`` override
    top-level keys (``current`` follows ``turn`` unless given).
    """
    tiles = tiles or {}
    spaces = {name: None for name in SPACE_NAMES}
    for space, code in tiles.items():
        spaces[space] = {"type": code[0], "rot": 90 * int(code[1])}
    placed = {t: sum(1 for code in tiles.values() if code[0] == t) for t in "SIDL"}
    doc = {
        "game": "paso",
        "options": {"quiet_turn_limit": 60, **(options or {})},
        "phase": "play",
        "turn": turn,
        "current": "south" if turn % 2 else "north",
        "temples": {"south": temples[0], "north": temples[1]},
        "spaces": spaces,
        "tokens": {
            seat: {
                c: {
                    "location": (tokens or {}).get(f"{seat}.{c}", "temple"),
                    "exhausted": f"{seat}.{c}" in exhausted,
                }
                for c in CHARACTERS
            }
            for seat in SEATS
        },
        "reserve": reserve if reserve is not None else {t: 4 - placed[t] for t in "SIDL"},
        "turn_state": {"character": None, "start": None, "basic": []},
        "last_end": {"south": None, "north": None},
        "quiet_turns": 0,
        "outcome": None,
    }
    doc.update(fields)
    return doc


def state(*args, **kwargs):
    return GAME.from_json(position(*args, **kwargs))


def play(state, *actions):
    """Apply the actions in order and return the final state."""
    for action in actions:
        state = GAME.apply(state, action)
    return state


def started(south_temple: str = "c1", north_temple: str = "c5"):
    """The standard start after both temples are placed (P6)."""
    return play(GAME.setup(2), f"temple {south_temple}", f"temple {north_temple}")
