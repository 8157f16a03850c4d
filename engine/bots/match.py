"""Playing one game between bots, as the service would: each bot sees only its seat's view."""

from __future__ import annotations

import random

from engine.bots.chance import sample_chance
from engine.core import CHANCE


def play(game, players: int, bots: list, seed, options: dict | None = None, max_actions: int = 100_000):
    """Play to the end; return the outcome (``None`` if ``max_actions`` ran out first).

    ``bots[seat]`` acts for that seat. CHANCE draws from its own stream, and each bot from its
    own, so changing one bot does not change the dice the others see.
    """
    chance_rng = random.Random(f"{seed}:chance")
    bot_rngs = [random.Random(f"{seed}:seat{seat}") for seat in range(players)]
    state = game.setup(players, options)
    for _ in range(max_actions):
        actor = game.actor(state)
        if actor is None:
            return game.outcome(state)
        if actor == CHANCE:
            action = sample_chance(game, state, chance_rng)
        else:
            legal = game.legal_actions(state)
            action = bots[actor].choose(game, game.view(state, actor), legal, bot_rngs[actor])
        state = game.apply(state, action)
    return None
