"""Playing the CHANCE seat inside a search (sampled, never enumerated), and a random playout's step."""

from __future__ import annotations

from engine.bots import heuristics
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


def random_action(game, state, rng, actor: int):
    """A random playout's action for ``actor``: CHANCE sampled, a seat's drawn among its search
    actions (by the game itself where the search considers every legal action)."""
    if actor == CHANCE:
        return sample_chance(game, state, rng)
    if heuristics.narrows_search(game):
        return rng.choice(heuristics.search_actions(game, game.legal_actions(state)))
    return game.sample_action(state, rng)
