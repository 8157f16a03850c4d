"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random


class RandomBot:
    level = "random"

    def choose(self, game, view: dict, legal: list, rng: random.Random):
        if not legal:
            raise ValueError("a bot was asked to act with no legal action")
        return rng.choice(legal)
