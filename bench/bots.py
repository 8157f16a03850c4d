"""The bots benchmark: how strong ``hard`` is, and how fast its search runs.

    .venv/bin/python bench/bots.py [--games 40] [--only paso,mandara] [--iterations N] [--jobs 2]
                                   [--bot policy] [--set long_silence=true]

For each game: ``hard`` against ``random`` and against ``greedy``, seats rotated game by game, with
the win rate's 95% interval (Wilson). In a two-player game the goals are 90% against random and 65%
against greedy; with more players ``hard`` sits in one seat against opponents in all the others,
and the goal is a win rate well above the even share 1/n. Then MCTS iterations per second beside
the game's own random playouts per second (full random games from the same positions), measured
in alternating bursts in one run; the goal is a ratio of at least 0.25. An MCTS iteration plays at
most the budget's (or the game's) playout depth before it evaluates, so it is cheaper than a full
playout; a column gives that depth. The slowest action and the slowest whole turn of ``hard`` from
those positions follow: a turn of several actions (Tibetana, Paso) shares ``turn_seconds``.

``--iterations``/``--seconds`` override the ``hard`` budget (a full ``hard`` match of the slow games
takes hours on a small machine); the printed header says which budget played. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

import engine  # noqa: E402
from engine.bots import BUDGETS, MctsBot, get_bot, heuristics  # noqa: E402
from engine.bots.chance import random_action  # noqa: E402
from engine.bots.match import play  # noqa: E402
from engine.core import CHANCE  # noqa: E402

GOALS = {"random": 0.90, "greedy": 0.65}  # hard's, in two-player games
POLICY_GOALS = {"random": 0.90, "greedy": 0.40}  # the policy bot's: fast, and holding its own
SPEED_DEPTHS = (10, 40, 80)  # random actions from the start to the positions timed
SPEED_BURST = 1.0  # seconds per burst; bursts alternate search and playouts


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _one_game(job) -> dict:
    """One match game (run in a worker process): did the measured seat win, draw or lose?"""
    name, players, opponent, budget, seed, max_actions, level, options = job
    game = engine.get_game(name)
    seat = seed % players  # rotate the measured bot's seat
    bots = [get_bot(opponent) for _ in range(players)]  # a random one never concedes (random_bot)
    bots[seat] = MctsBot(budget, "hard") if level == "hard" else get_bot(level)
    started = time.perf_counter()
    outcome = play(game, players, bots, f"bench:{seed}", options=options, max_actions=max_actions)
    winners = (outcome or {}).get("winners") or []
    if outcome is None:
        result = "unfinished"  # counted as not won
    elif game.seat_names(players)[seat] in winners:
        result = "win" if len(winners) == 1 else "shared"
    else:
        result = "draw" if not winners else "loss"
    return {"seed": seed, "seat": game.seat_names(players)[seat], "result": result,
            "reason": (outcome or {}).get("reason"), "minutes": (time.perf_counter() - started) / 60}


def match(pool, name: str, players: int, opponent: str, budget, games: int, first_seed: int = 0,
          max_actions: int = 5000, level: str = "hard", options: dict | None = None) -> dict:
    started = time.perf_counter()
    jobs = [(name, players, opponent, budget, seed, max_actions, level, options or {})
            for seed in range(first_seed, first_seed + games)]
    results = []
    # Each game is logged on stderr as it ends, in any order: a long match that is stopped early
    # still leaves the record of every game it finished.
    for game in (pool.imap_unordered(_one_game, jobs) if pool else map(_one_game, jobs)):
        results.append(game["result"])
        how = f" by {game['reason']}" if game["reason"] else ""
        elapsed = (time.perf_counter() - started) / 60
        print(f"  {name} {level} vs {opponent}: seed {game['seed']} ({level} {game['seat']}) {game['result']}{how}"
              f" in {game['minutes']:.1f} min; {results.count('win')} won of {len(results)}/{games}"
              f" ({elapsed:.1f} min)", file=sys.stderr, flush=True)
    wins = results.count("win") + 0.5 * results.count("shared")
    low, high = wilson(round(wins), games)
    return {"wins": wins, "draws": results.count("draw"), "games": games, "low": low, "high": high,
            "minutes": (time.perf_counter() - started) / 60}


def _positions(game, players: int, rng) -> list:
    found = []
    for depth in SPEED_DEPTHS:
        state = game.setup(players)
        for step in range(10_000):
            actor = game.actor(state)
            if actor is None or (actor != CHANCE and step >= depth):
                break
            state = game.apply(state, random_action(game, state, rng, actor))
        if game.actor(state) not in (None, CHANCE) and len(game.legal_actions(state)) > 1:
            found.append(state)
    return found


def _random_playouts(game, state, rng, seconds: float) -> tuple[int, float]:
    """Random games to the end. Like the search, they never concede or offer a draw: a random
    Tibetana player that may concede ends most games within six actions, which measures nothing."""
    started, done = time.perf_counter(), 0
    while time.perf_counter() - started < seconds:
        s = state
        while (actor := game.actor(s)) is not None:
            s = game.apply(s, random_action(game, s, rng, actor))
        done += 1
    return done, time.perf_counter() - started


def speed(name: str, players: int, budget) -> dict:
    """Search iterations and random playouts per second from the same positions, bursts alternating;
    and the slowest answer of the ``budget`` (hard) bot from those positions."""
    game, rng = engine.get_game(name), random.Random(1)
    iterations = playouts = search_time = playout_time = slowest = slowest_turn = 0.0
    for state in _positions(game, players, rng):
        seat = game.actor(state)
        bot = MctsBot(replace(budget, iterations=10**9, seconds=SPEED_BURST))
        bot.choose(game, game.view(state, seat), game.legal_actions(state), rng)
        if not bot.last_search["iterations"]:
            continue  # a forced move or a win at once: nothing was searched
        hard = MctsBot(budget)
        turn_started, s = time.perf_counter(), state
        while game.actor(s) == seat:  # the whole turn: every action of this seat until it hands over
            s = game.apply(s, hard.choose(game, game.view(s, seat), game.legal_actions(s), rng))
            slowest = max(slowest, hard.last_search["seconds"])
        slowest_turn = max(slowest_turn, time.perf_counter() - turn_started)
        iterations += bot.last_search["iterations"]
        search_time += bot.last_search["seconds"]
        done, took = _random_playouts(game, state, rng, SPEED_BURST)
        playouts, playout_time = playouts + done, playout_time + took
    it_rate = iterations / search_time if search_time else 0.0
    po_rate = playouts / playout_time if playout_time else 0.0
    return {"iterations": it_rate, "playouts": po_rate, "ratio": it_rate / po_rate if po_rate else float("inf"),
            "depth": heuristics.playout_depth(game, budget.playout_depth), "slowest": slowest,
            "slowest_turn": slowest_turn}


def _options(name: str, players: int, texts: list) -> dict:
    """The ``--set`` options this game knows (a Nakatha rule is not Paso's), checked as the simulator does."""
    from engine.sim.spec import _parse_assignment

    game = engine.get_game(name)
    defaults = game.default_options(players)
    known = [t for t in texts if t.partition("=")[0].strip() in defaults]
    return dict(_parse_assignment(game, (players,), text, defaults) for text in known)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    parser.add_argument("--only", default="", help="comma-separated game names (default: all)")
    parser.add_argument("--opponents", default="random,greedy")
    parser.add_argument("--players", type=int, default=0, help="player count (default: the game's smallest)")
    parser.add_argument("--iterations", type=int, default=0, help="override hard's iteration budget")
    parser.add_argument("--seconds", type=float, default=0.0, help="override hard's wall-clock cap")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="seed of the first game: a later run with --first-seed N adds games 0..N-1 have not played")
    parser.add_argument("--max-actions", type=int, default=5000,
                        help="a game not over after this many actions counts as not won (a stalled Nakatha)")
    parser.add_argument("--bot", default="hard", help="the bot measured against the opponents (default hard)")
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option for every game, e.g. long_silence=true: a stalled Nakatha then"
                             " ends by the rules (N42) instead of by --max-actions")
    parser.add_argument("--no-speed", action="store_true")
    args = parser.parse_args(argv)

    budget = BUDGETS["hard"]
    budget = replace(budget, iterations=args.iterations or budget.iterations, seconds=args.seconds or budget.seconds)
    names = [n for n in args.only.split(",") if n] or list(engine.GAME_NAMES)
    print(f"hard budget: {budget.iterations} iterations, cap {budget.seconds:g} s; {args.games} games per pairing"
          f" (seeds {args.first_seed}-{args.first_seed + args.games - 1})")
    print(f"{'game':9} {'n':>2} {'opponent':8} {args.bot + ' wins':>10} {'draws':>5} {'95% interval':>14} {'goal':>6} {'min':>6}")
    pool = multiprocessing.get_context("spawn").Pool(args.jobs) if args.jobs > 1 else None
    try:
        for name in names:
            players = args.players or engine.get_game(name).player_counts[0]
            for opponent in args.opponents.split(",") if args.games else ():
                options = _options(name, players, args.sets)
                r = match(pool, name, players, opponent, budget, args.games, args.first_seed, args.max_actions,
                          args.bot, options)
                goal = (POLICY_GOALS if args.bot == "policy" else GOALS).get(opponent, 0.5) if players == 2 else 1 / players
                print(f"{name:9} {players:>2} {opponent:8} {r['wins'] / r['games']:>9.0%} {r['draws']:>5} "
                      f"{r['low']:>6.0%}-{r['high']:<6.0%} {'>' if players > 2 else ''}{goal:>5.0%} "
                      f"{r['minutes']:>6.1f}  load {os.getloadavg()[0]:.1f}", flush=True)
    finally:
        if pool:
            pool.close()
    if not args.no_speed:
        print(f"\n{'game':9} {'MCTS it/s':>10} {'random playouts/s':>18} {'ratio':>7} {'depth':>6} {'hard s/action':>13}"
              f" {'hard s/turn':>11}  load  (goals: ratio >= 0.25, a turn under {budget.turn_seconds or budget.seconds:g} s)")
        for name in names:
            s = speed(name, args.players or engine.get_game(name).player_counts[0], budget)
            print(f"{name:9} {s['iterations']:>10.0f} {s['playouts']:>18.1f} {s['ratio']:>7.2f} {s['depth']:>6}"
                  f" {s['slowest']:>13.1f} {s['slowest_turn']:>11.1f}  {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
