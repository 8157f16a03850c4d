"""Engine speed: random playouts per second for every game and player count, in one run.

    python bench/engine.py [--seconds S]

CHANCE is sampled from ``legal_actions`` (or shuffled, at shuffle nodes) by the same random
generator, so this is the engine alone: ``legal_actions`` + ``apply`` until ``outcome``. The last
column compares each game with Paso measured in the same run (the machine's load cancels out).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import CHANCE, GAME_NAMES, get_game  # noqa: E402
from engine.bots.random_bot import without_concessions  # noqa: E402

#: A playout longer than this is cut (none is expected: every game bounds its own length).
MAX_ACTIONS = 20_000


def random_action(game, state, rng):
    if game.actor(state) == CHANCE and (shuffle := game.chance_shuffle(state)) is not None:
        items = list(shuffle.items)
        rng.shuffle(items)
        return shuffle.to_action(items)
    # A random player that concedes ends almost every game within a few plies (T32).
    return rng.choice(without_concessions(game, game.legal_actions(state)))


def playout(game, players, rng) -> int:
    state, actions = game.setup(players, {}), 0
    while game.outcome(state) is None and actions < MAX_ACTIONS:
        state = game.apply(state, random_action(game, state, rng))
        actions += 1
    return actions


def measure(game, players, seconds, seed=1) -> tuple[float, float]:
    """(playouts per second, actions per second) over about ``seconds`` of wall-clock time."""
    rng, games, actions = random.Random(seed), 0, 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games == 0:
        actions += playout(game, players, rng)
        games += 1
    return games / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and player count")
    args = parser.parse_args()
    rows = []
    for name in GAME_NAMES:
        game = get_game(name)
        for players in game.player_counts:
            rows.append((name, players, *measure(game, players, args.seconds)))
    paso = next(r[2] for r in rows if r[0] == "paso")
    print(f"{'game':<10}{'players':>8}{'playouts/s':>12}{'actions/s':>12}{'actions/game':>14}{'vs paso':>9}")
    for name, players, per_second, actions in rows:
        print(f"{name:<10}{players:>8}{per_second:>12.1f}{actions:>12.0f}{actions / per_second:>14.0f}{per_second / paso:>9.2f}")


if __name__ == "__main__":
    main()
