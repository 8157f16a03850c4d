"""Short per-game evaluations: what a running position is worth to each seat.

Each game may have a module here named after it with ``evaluate(doc, seats) -> list[float]``: a
share of 1 per seat (how likely each seat looks to win), read from the canonical document so that
it does not depend on the engine's internal state classes. It may also define
``search_actions(legal) -> list`` to leave out of the search the actions a searching bot never
starts (conceding, offering a draw: a draw offered by a bot that leads is accepted by one that
trails), and ``PLAYOUT_DEPTH`` to cut its playouts shorter
than the bot's budget says (where actions are slow and random ones say little). A game without a module is worth an even share
until it ends.

The policy bot judges positions with ``policy_values``: a module's ``policy_evaluate(doc, seats)``
where one ply needs more than the search does (Paso's roads still to build), else
``evaluate_state(state, seats)``, the same numbers as ``evaluate`` read from the engine's state
itself (the policy judges every legal action of every turn and would otherwise spend most of its
time writing documents; the tests hold the two equal), else ``evaluate``.
"""

from __future__ import annotations

import importlib
import math
from functools import cache

from engine.bots.rewards import outcome_rewards


@cache
def _module(game_name: str):
    try:
        return importlib.import_module(f"engine.bots.heuristics.{game_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"engine.bots.heuristics.{game_name}":
            raise
        return None


def values(game, state, seats: int) -> list[float]:
    """Each seat's share of 1: exact once the game is over, the game's evaluation before."""
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome_rewards(game, outcome, seats)
    module = _module(game.name)
    if module is None:
        return [1.0 / seats] * seats
    return module.evaluate(game.to_json(state), seats)


def policy_values(game, state, seats: int) -> list[float]:
    """The policy bot's ``values``: its own evaluation where the game has one, and from the state
    itself where the game can read it there."""
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome_rewards(game, outcome, seats)
    module = _module(game.name)
    if module is None:
        return [1.0 / seats] * seats
    own = getattr(module, "policy_evaluate", None)
    if own is not None:
        return own(game.to_json(state), seats)
    fast = getattr(module, "evaluate_state", None)
    if fast is None:
        return module.evaluate(game.to_json(state), seats)
    return fast(state, seats)


def search_actions(game, legal: list) -> list:
    """The actions a search considers (never empty when ``legal`` is not)."""
    module = _module(game.name)
    choose = getattr(module, "search_actions", None)
    if choose is None:
        return legal
    return choose(legal) or legal


def narrows_search(game) -> bool:
    return hasattr(_module(game.name), "search_actions")


def playout_depth(game, depth: int) -> int:
    return min(depth, getattr(_module(game.name), "PLAYOUT_DEPTH", depth))


def seat_count(game, view: dict) -> int:
    """How many seats play, read from a view (games with one player count need no reading)."""
    if len(game.player_counts) == 1:
        return game.player_counts[0]
    for key in ("seats", "players"):
        if isinstance(view.get(key), (list, dict)):
            return len(view[key])
    return max(game.player_counts)


def shares(scores: list[float], scale: float) -> list[float]:
    """Scores turned into shares of 1 (a softmax): a lead of ``scale`` is worth about e:1."""
    top = max(scores)
    weights = [math.exp((s - top) / scale) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]
