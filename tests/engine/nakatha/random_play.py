"""Random games for the property tests: options drawn by hypothesis, moves by a seeded RNG."""

from __future__ import annotations

import random

from hypothesis import strategies as st

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


def random_game(players: int, opts: dict, seed: int):
    """Yield every state of one random game, the first one included."""
    rng = random.Random(seed)
    state = G.setup(players, opts)
    yield state
    for _ in range(MAX_ACTIONS):
        if G.actor(state) is None:
            return
        state = G.apply(state, rng.choice(G.legal_actions(state)))
        yield state
