"""Bots: each chooses an action from its seat's view and the legal actions, nothing else.

A bot never sees the state itself, so it cannot read hidden information: by construction. To
search, it rebuilds states from the view (``engine.bots.rebuild``), sampling whatever is hidden.

Levels: ``random``; ``greedy`` (one ply and a short evaluation per game); ``policy`` (one ply with
the dice counted, fast enough for balance runs: the simulator's default); ``easy``, ``normal``
and ``hard``, Monte Carlo tree search with growing budgets (``hard`` plays a whole turn within 10
seconds).
Every bot is deterministic given the ``rng`` it is handed, as long as a search ends on its
iteration budget rather than its wall-clock cap.
"""

from __future__ import annotations

from functools import partial

from engine.bots.greedy import GreedyBot
from engine.bots.mcts import Budget, MctsBot
from engine.bots.policy import PolicyBot
from engine.bots.random_bot import RandomBot

# A turn of several actions (Tibetana, Paso) shares ``turn_seconds``: ``hard`` answers a whole
# turn within 10 seconds, the tree below each chosen action carried to the next.
BUDGETS = {
    "easy": Budget(iterations=150, seconds=1.0, turn_seconds=1.5),
    "normal": Budget(iterations=800, seconds=3.0, turn_seconds=4.5),
    "hard": Budget(iterations=3000, seconds=9.0, turn_seconds=10.0),
}

LEVELS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "policy": PolicyBot,
    **{level: partial(MctsBot, budget, level) for level, budget in BUDGETS.items()},
}


def get_bot(level: str):
    try:
        return LEVELS[level]()
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
