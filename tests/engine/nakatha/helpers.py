"""Shared helpers for the Nakatha tests: patched quickstart positions and short move sequences."""

from __future__ import annotations

from engine.core import CHANCE
from engine.docpath import set_path
from engine.nakatha import GAME

G = GAME


def position(
    players: int = 3, patches: dict | None = None, options: dict | None = None, sword: str | None = "c9"
):
    """The quickstart table for ``players`` with dotted-path patches, the Sword hidden at ``sword``."""
    state = G.setup(players, {"quickstart": True, **(options or {})})
    doc = G.to_json(state)
    for path, value in (patches or {}).items():
        doc = set_path(doc, path, value)
    state = G.from_json(doc)
    if sword is not None and state.pending == {"kind": "sword"}:
        state = G.play(state, f"sword {sword}")
    return state


def in_play(
    seat: int,
    patches: dict | None = None,
    players: int = 3,
    options: dict | None = None,
    turn: int = 1,
    round_: int = 1,
    sword_tile: str | None = "c9",
    found: bool = False,
):
    """A quickstart position put straight into ``seat``'s activation prompt (N47)."""
    base = {
        "phase": "play",
        "turn": turn,
        "round": round_,
        "active": seat,
        "pending": {"kind": "activate", "seat": seat, "bonus": None},
        "sword.tile": sword_tile,
        "sword.found": found,
    }
    return position(players, {**base, **(patches or {})}, options, sword=None)


def play(state, *texts):
    for text in texts:
        state = G.play(state, text)
    return state


def doc(state) -> dict:
    return G.to_json(state)


def is_chance(state) -> bool:
    return G.actor(state) == CHANCE
