"""Random games for the property tests: options and moves drawn by hypothesis (moves as a list of
choices, ``tests.engine.strategies``, so a failing game shrinks to a short one)."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from tests.engine.strategies import stream

from .helpers import G

#: Generous: random games seen end within about 2,000 actions.
MAX_ACTIONS = 20000

options = st.fixed_dictionaries(
    {
        "deal": st.sampled_from(["random", "draft"]),
        "even_hands": st.booleans(),
        "long_silence": st.booleans(),
    }
)


def random_game(players: int, opts: dict, picks: Sequence[int] = (), seed: int = 0):
    """Yield every state of one random game, the first one included: each ply takes the legal action
    the next drawn integer names, and once they run out a fixed stream seeded by ``seed``."""
    state, picked = G.setup(players, opts), stream(picks, seed)
    yield state
    for _ in range(MAX_ACTIONS):
        if G.actor(state) is None:
            return
        legal = G.legal_actions(state)
        state = G.apply(state, legal[next(picked) % len(legal)])
        yield state
