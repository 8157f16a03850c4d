"""Hand-made Mandara positions for tests: canonical documents (M35) built from a few arguments."""

from __future__ import annotations

import copy

from engine.mandara import GAME
from engine.mandara.tiles import TILE_CELLS

COLOURS = ["red", "black", "grey", "brown"]


def tile(number: int, orientation: int | None = 0, **stacks) -> dict:
    """A tile object; cells not named are empty."""
    cells = {cell: [] for cell in TILE_CELLS[number]}
    for cell, stack in stacks.items():
        assert cell in cells, f"tile {number} has no space {cell}"
        cells[cell] = list(stack)
    return {"tile": number, "orientation": orientation, "cells": cells}


def card(name: str, *stack: str) -> dict:
    return {"card": name, "spaces": {"1": list(stack)}}


def document(players=3, round=1, phase="place", actor="red", track=None, people=None, board=None,
             turned=None, pile=None, cards=None, neutral=8) -> dict:
    """A canonical document; the tile pile defaults to every tile not on the board or turned."""
    seats = COLOURS[:players]
    board = board or {}
    people = people or {}
    used = {t["tile"] for t in board.values()} | ({turned["tile"]} if turned else set())
    return {
        "game": "mandara",
        "seats": seats,
        "round": round,
        "phase": phase,
        "actor": actor,
        "track": track or list(seats),
        "players": {c: dict(zip(("score", "hand", "reserve", "stock"), people.get(c, (0, 0, 4, 10)), strict=True))
                    for c in seats},
        "neutral_stock": neutral,
        "board": {str(s): copy.deepcopy(board.get(s)) for s in range(1, 10)},
        "turned": copy.deepcopy(turned),
        "tile_pile": pile if pile is not None else [n for n in range(1, 10) if n not in used],
        "cards": {str(k): (cards or {}).get(k) for k in range(1, 5)},
    }


def state(**kwargs):
    return GAME.from_json(document(**kwargs))


def play(state_, *texts):
    for text in texts:
        state_ = GAME.play(state_, text)
    return state_


def doc(state_) -> dict:
    return GAME.to_json(state_)
