"""The greedy bot: one ply. Each legal action is applied and the result judged by the game's
short evaluation (``engine.bots.heuristics``); the best wins, ties broken by the rng.

Where information is hidden, each action is judged over a few sampled determinizations, so the
bot does not act on one guess as if it were the truth.
"""

from __future__ import annotations

import random

from engine.bots import heuristics
from engine.bots.rebuild import hides_information, rebuild

SAMPLES_WHEN_HIDDEN = 4


class GreedyBot:
    level = "greedy"

    def __init__(self, samples_when_hidden: int = SAMPLES_WHEN_HIDDEN):
        self.samples_when_hidden = samples_when_hidden

    def choose(self, game, view: dict, legal: list, rng: random.Random):
        if not legal:
            raise ValueError("a bot was asked to act with no legal action")
        legal = heuristics.search_actions(game, legal)
        if len(legal) == 1:
            return legal[0]
        seats = heuristics.seat_count(game, view)
        samples = self.samples_when_hidden if hides_information(game) else 1
        # The view is the acting seat's own, and these games hide the same things from every seat.
        states = [rebuild(game, view, None, rng) for _ in range(samples)]
        seat = game.actor(states[0])
        totals = [0.0] * len(legal)
        for state in states:
            for i, action in enumerate(legal):
                totals[i] += heuristics.values(game, game.apply(state, action), seats)[seat]
        best = max(totals)
        return rng.choice([a for a, t in zip(legal, totals) if t >= best - 1e-12])
