"""Playing the CHANCE seat inside a search: sampled, never enumerated."""

from __future__ import annotations

from engine.core import CHANCE


def sample_chance(game, state, rng):
    """One CHANCE outcome drawn with ``rng``: a shuffle of the node's items, or a uniform pick.

    The shuffle is asked first because some games list every permutation as ``legal_actions``
    (9! of them in Mandara): far too many to build for one draw.
    """
    shuffle = game.chance_shuffle(state)
    if shuffle is not None:
        items = list(shuffle.items)
        rng.shuffle(items)
        return shuffle.to_action(items)
    return rng.choice(game.legal_actions(state))


def is_chance(game, state) -> bool:
    return game.actor(state) == CHANCE
