"""Playing one simulated game from its job, to a JSON-safe record.

The game's randomness comes from the job alone: CHANCE draws from ``(seed, index)``'s own stream
and each seat's bot from its own, so a record is the same in any process, in any order.
"""

from __future__ import annotations

import random

from engine.bots import get_bot
from engine.bots.chance import sample_chance
from engine.core import CHANCE
from engine.registry import get_game


def random_filter_note(game: str) -> str | None:
    """What the random bot leaves out in ``game``: the engine's own ``concession_actions``, which
    the bot itself keeps from (engine.bots.random_bot), so the simulator restates nothing."""
    skipped = sorted(get_game(game).concession_actions)
    if not skipped:
        return None
    return f"random bots never choose: {', '.join(skipped)} (the engine's concession actions)"


def play_job(job: dict) -> dict:
    game = get_game(job["game"])
    players, options = job["players"], game.check_options(job["players"], job["options"])
    base = f"{job['seed']}:{job['index']}"
    chance_rng = random.Random(f"{base}:chance")
    bot_rngs = [random.Random(f"{base}:seat{seat}") for seat in range(players)]
    bots = [get_bot(level) for level in job["bots"]]
    state = game.setup(players, options)
    actions = decisions = most_quiet = 0
    stalled = False
    order: list[int] = []  # seats in the order they first act: the turn order of the first round
    while (actor := game.actor(state)) is not None and actions < job["cap"]:
        if actor == CHANCE:
            action = sample_chance(game, state, chance_rng)
        else:
            view, legal = game.view(state, actor), game.legal_actions(state)
            action = bots[actor].choose(game, view, legal, bot_rngs[actor])
            most_quiet = max(most_quiet, game.quiet_turns(state))
            stalled = stalled or game.stalled(state)
            decisions += 1
            if actor not in order:
                order.append(actor)
        state = game.apply(state, action)
        actions += 1
    return _record(game, job, state, actions, decisions, most_quiet, stalled, order)


def _record(game, job, state, actions, decisions, most_quiet, stalled, order) -> dict:
    outcome = game.outcome(state)
    names = game.seat_names(job["players"])
    winners = [names.index(w) for w in outcome["winners"]] if outcome else []
    reason = outcome["reason"] if outcome else None
    stalled = stalled or outcome is None or reason in game.stall_reasons
    return {
        "cell_index": job["cell_index"], "cell": job["cell"], "index": job["index"],
        "players": job["players"], "bots": job["bots"],
        "result": "capped" if outcome is None else "win" if len(winners) == 1 else "draw",
        "winners": winners, "reason": reason,
        "actions": actions, "decisions": decisions, "turns": game.turns_played(state),
        "capped": outcome is None, "stalled": bool(stalled), "most_quiet": most_quiet,
        "order": order, "scores": outcome.get("scores") if outcome else None,
        **game.facts(state),
    }
