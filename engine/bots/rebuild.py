"""Turning a seat's view back into a state the engine can search.

A view is the canonical document with the hidden parts removed. Where nothing is hidden the view
*is* a position document. Where something is hidden the game may offer
``engine/<game>/determinize.py`` with ``determinize(view, seat, rng) -> state``, which fills the
hidden parts with values drawn uniformly among those consistent with the view. Bots reach those
modules only through :func:`rebuild`, so the rest of the engine never depends on them.
"""

from __future__ import annotations

import importlib
from functools import cache


@cache
def determinizer(game_name: str):
    """The game's ``determinize`` function, or ``None`` when the game hides nothing."""
    try:
        module = importlib.import_module(f"engine.{game_name}.determinize")
    except ModuleNotFoundError as exc:
        if exc.name != f"engine.{game_name}.determinize" and exc.name != f"engine.{game_name}":
            raise
        return None
    return getattr(module, "determinize", None)


def rebuild(game, view: dict, seat: int | None, rng):
    """One state consistent with ``view``: the view itself, or a sampled determinization.

    ``seat`` is whose view it is (``None``: the seat to act, which is who asks a bot).
    """
    sample = determinizer(game.name)
    if sample is not None:
        return sample(view, seat, rng)
    return game.from_json(view)


def hides_information(game) -> bool:
    """Whether views of this game can differ from the state (so one sample is not the truth)."""
    return determinizer(game.name) is not None
