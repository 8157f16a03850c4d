"""Hypothesis strategies that draw a game as a sequence of choices, so a failure shrinks to a short
game: each drawn integer picks among the legal actions (or, at a shuffle node, builds the
permutation one item at a time), rather than one seed that decides the whole game."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from hypothesis import strategies as st

from engine.core import CHANCE

#: One integer per ply; a shorter list is a shorter game, which is what shrinking looks for.
choices = st.lists(st.integers(min_value=0, max_value=2**16), max_size=400)


def stream(picks: Sequence[int], seed: int = 0) -> Iterator[int]:
    """The drawn integers, then a fixed pseudo-random stream once they run out: a game longer than
    the drawn list still reaches its end, and a failure shrinks to the shortest drawn prefix that,
    continued the same fixed way, shows it."""
    yield from picks
    rest = random.Random(seed)
    while True:
        yield rest.randrange(2**16)


def pick(game, state, choice: int, ply: int = 0):
    """The action that ``choice`` names at ``state``: ``legal[choice % n]``, or at a shuffle node
    the permutation whose items are taken by ``choice`` and the ply-derived digits after it."""
    shuffle = game.chance_shuffle(state) if game.actor(state) == CHANCE else None
    if shuffle is None:
        legal = game.legal_actions(state)
        return legal[choice % len(legal)]
    items, order, digit = list(shuffle.items), [], choice * 7919 + ply
    while items:
        order.append(items.pop(digit % len(items)))
        digit //= max(1, len(items) + 1)
        digit += choice
    return shuffle.to_action(order)


def play(game, state, picks, ply_check=None):
    """Apply one action per drawn integer until they run out or the game ends; ``ply_check(before,
    action, after)`` sees every step. Returns the last state."""
    for ply, choice in enumerate(picks):
        if game.actor(state) is None:
            break
        action = pick(game, state, choice, ply)
        after = game.apply(state, action)
        if ply_check is not None:
            ply_check(state, action, after)
        state = after
    return state
