"""The simulator's speed: games per second per process for each game, and the speed-up of
``--jobs 2`` and of ``--celery`` with two workers over one process, measured side by side.

    .venv/bin/python bench/sim.py [--seconds 4] [--games 40] [--rounds 2] [--game nakatha]

Part 1 plays policy-bot games (the simulator's default) in this process for about ``--seconds`` per
game and player count, then random-bot games for a quarter of that: games per second per core,
the ratio between them, and the load average beside each row (the machine is shared).
Part 2 plays the same ``--games`` jobs (policy bots, ``--game`` at mixed player counts) three ways,
in alternating rounds so load on a shared machine falls on all of them alike: one process, two
local processes (pool start-up included, as a user sees it), and Celery solo workers started here
on a private queue, one and then two (start-up excluded: workers are long-lived). The goal is at least 1.7x on
two cores; each round also measures the machine's own ceiling (a pure-CPU loop in two processes),
because on a shared machine other work takes cores away from every way alike. The Celery part needs ``REDIS_URL``; without it, it is skipped. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import GAME_NAMES, get_game  # noqa: E402
from engine.sim import build_spec, simulate  # noqa: E402
from engine.sim.play import play_job  # noqa: E402


def per_process(name: str, players: int, seconds: float, bots: str = "policy") -> tuple[float, float]:
    """(games per second, actions per game) for ``bots`` in every seat, in this process."""
    jobs = build_spec(name, games=10_000, players=[players], bots=[bots]).jobs()
    start, actions, done = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds or done == 0:
        actions += play_job(jobs[done])["actions"]
        done += 1
    return done / (time.perf_counter() - start), actions / done


def spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def machine_ceiling(n: int = 4_000_000) -> float:
    """The speed-up two processes get on a pure-CPU loop right now: the most any way can reach
    while other work shares the cores (about 2.0 on an idle two-core machine)."""
    import multiprocessing

    start = time.perf_counter()
    spin(n), spin(n)
    one = time.perf_counter() - start
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(spin, [1000, 1000])  # start-up excluded: this measures the cores, not spawn
        start = time.perf_counter()
        pool.map(spin, [n, n])
        two = time.perf_counter() - start
    return one / two


def start_workers(queue: str, count: int) -> list[subprocess.Popen]:
    env = dict(os.environ, CELERY_QUEUE=queue)
    procs, ready = [], []
    for i in range(count):
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "solo", "-Q", queue, "-l", "INFO",
                   "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"bench{i}-{queue}@%h"]
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        event = threading.Event()
        threading.Thread(target=_watch, args=(proc, event), daemon=True).start()
        procs.append(proc)
        ready.append(event)
    if not all(event.wait(90) for event in ready):
        stop_workers(procs)
        raise RuntimeError("the Celery workers did not start")
    return procs


def _watch(proc, event) -> None:
    for line in proc.stdout:
        if " ready." in line:
            event.set()


def stop_workers(procs) -> None:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        proc.wait(30)


def celery_executor_on(queue: str):
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from config.celery import app
    from workers.simulation import celery_executor

    app.conf.task_always_eager = False
    app.conf.task_default_queue = queue
    return celery_executor()


class CeleryWay:
    """``count`` workers on ``queue`` for one timed run: started by ``ready``, stopped after."""

    def __init__(self, spec, queue: str, count: int, executor):
        self.spec, self.queue, self.count, self.executor = spec, queue, count, executor
        self.procs = []

    def ready(self):
        self.procs = start_workers(self.queue, self.count)

    def __call__(self):
        try:
            return simulate(self.spec, self.executor)
        finally:
            stop_workers(self.procs)
            self.procs = []


def speedups(game: str, games: int, rounds: int) -> None:
    spec = build_spec(game, games=games, players=list(get_game(game).player_counts))
    ways = {"1 process": lambda: simulate(spec), "--jobs 2": lambda: simulate(spec, jobs=2)}
    workers = []
    if os.environ.get("REDIS_URL"):
        # One private queue, served by one worker and then by two (started before the clock runs,
        # stopped after): the scaling from one worker to two.
        queue = f"bench-sim-{uuid.uuid4().hex[:6]}"
        executor = celery_executor_on(queue)
        for count in (1, 2):
            ways[f"--celery, {count} worker{'s' if count > 1 else ''}"] = CeleryWay(spec, queue, count, executor)
    else:
        print("REDIS_URL is not set: the Celery measurement is skipped")
    try:
        times = {way: [] for way in ways}
        ceilings = []
        reference = None
        for _ in range(rounds):
            ceilings.append(machine_ceiling())
            for way, run in ways.items():
                if hasattr(run, "ready"):
                    run.ready()  # workers are long-lived: their start-up is not timed
                start = time.perf_counter()
                records = run()
                times[way].append(time.perf_counter() - start)
                reference = reference or records
                assert records == reference, f"{way} played different games"
    finally:
        stop_workers(workers)
    one = statistics.median(times["1 process"])
    print(f"\n{games} {game} games (players {','.join(map(str, spec.players))}), median of {rounds} rounds:")
    print(f"{'way':<22}{'seconds':>9}{'games/s':>9}{'speed-up':>10}")
    for way, seconds in times.items():
        median = statistics.median(seconds)
        print(f"{way:<22}{median:>9.2f}{games / median:>9.2f}{one / median:>9.2f}x")
    if "--celery, 1 worker" in times:
        scale = statistics.median(times["--celery, 1 worker"]) / statistics.median(times["--celery, 2 workers"])
        print(f"Celery, one worker to two: {scale:.2f}x")
    print(f"(goal: at least 1.7x on two cores; cores here: {os.cpu_count()}, load {os.getloadavg()}; "
          f"a pure-CPU loop in 2 processes reached {statistics.median(ceilings):.2f}x in the same rounds)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="time per game and player count in part 1")
    parser.add_argument("--games", type=int, default=40, help="games in each run of part 2")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds in part 2")
    parser.add_argument("--game", default="nakatha", help="the game of part 2")
    parser.add_argument("--no-speed", action="store_true", help="skip part 1 (per game and player count)")
    args = parser.parse_args()
    if not args.no_speed:
        per_game(args.seconds)
    speedups(args.game, args.games, args.rounds)


def per_game(seconds: float) -> None:
    print(f"{'game':<10}{'players':>8}{'policy games/s':>16}{'actions/game':>14}{'random games/s':>16}"
          f"{'ratio':>7}  load   (one process: games per second per core)")
    for name in GAME_NAMES:
        for players in get_game(name).player_counts:
            rate, length = per_process(name, players, seconds)
            load = os.getloadavg()[0]
            plain, _ = per_process(name, players, seconds / 4, "random")
            print(f"{name:<10}{players:>8}{rate:>16.2f}{length:>14.0f}{plain:>16.1f}{rate / plain:>7.3f}  {load:.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
