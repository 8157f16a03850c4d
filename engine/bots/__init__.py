"""Bots: each chooses an action from its seat's view and the legal actions, nothing else.

A bot never sees the state itself, so it cannot read hidden information: by construction.
"""

from __future__ import annotations

from engine.bots.random_bot import RandomBot

LEVELS = {"random": RandomBot}


def get_bot(level: str):
    try:
        return LEVELS[level]()
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
