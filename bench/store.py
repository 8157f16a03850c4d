"""The event store benchmark: raw PostgreSQL commits, the eventsourcing library, our service layer.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python bench/store.py [--profile]

Everything runs in one go on a database of its own (``bench_store`` beside the configured one,
created and migrated if missing), so the figures are comparable and the ratios mean something.
Ratios are printed with their goals, never asserted. ``--profile`` adds a cProfile of the
submission path.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

# Run as a script, Python puts bench/ first on the path, where bench/engine.py would shadow the
# engine package: the project root takes its place (spawned workers inherit this path).
_HERE, _ROOT = Path(__file__).resolve().parent, str(Path(__file__).resolve().parent.parent)
sys.path[:] = [_ROOT] + [p for p in sys.path if Path(p or ".").resolve() != _HERE and p != _ROOT]

from bench import database  # noqa: E402
from bench.harness import Workers, django_setup  # noqa: E402

SECONDS = 1.0  # each throughput burst
#: Each round runs one burst of every throughput figure; a figure is its median over the rounds, and
#: a ratio the median of its per-round ratios (bursts a few seconds apart see the same machine).
ROUNDS = 8
WORKERS = 4
READ_SECONDS = 8.0  # all read-time figures together (the games take turns)
READ_SIZES = (10, 100, 1000)
#: Not asked for, but honest: 1,000 is a snapshot boundary (nothing to replay); 1,049 is the worst case.
WORST_READ = 1049
PROFILE_SECONDS = 3.0
#: key: (label, workload "module:function", processes)
FIGURES = {
    "raw1": ("raw INSERT+COMMIT (psycopg 3), 1 process", "bench.workloads:raw_insert", 1),
    "raw4": ("raw INSERT+COMMIT (psycopg 3), 4 processes", "bench.workloads:raw_insert", 4),
    "es1": ("eventsourcing save(), 1 event each, 1 process", "bench.peer:tally_saves", 1),
    "sub1": ("services.submit_action, 1 process", "bench.workloads:submissions", 1),
    "sub4": ("services.submit_action, 4 processes", "bench.workloads:submissions", 4),
    "lock1": ("submit_action, locked executor only, 1 process", "bench.workloads:locked_submissions", 1),
}


def main() -> None:
    args = _arguments()
    configured = os.environ.get("DATABASE_URL", "")
    url = database.bench_url(configured)  # refuses anything but PostgreSQL
    database.ensure_database(configured, url)
    os.environ["DATABASE_URL"] = url  # spawned workers inherit it
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # DEBUG is off by default: no per-query bookkeeping (the production shape).
    django_setup()
    _migrate()
    _header(url)

    from bench.peer import create_tables
    from bench.workloads import create_raw_table

    create_raw_table(url)
    create_tables(url)
    database.vacuum(url)
    rounds = _measure_throughput()
    _print_rates(rounds)
    reads = _measure_reads()
    _print_ratios(rounds, reads)
    print(f"load average at the end: {_load()}")
    if args.profile:
        _profile()


def _measure_throughput() -> list[dict]:
    workers = Workers(WORKERS, sorted({workload for _, workload, _ in FIGURES.values()}))
    try:
        return [
            {
                key: workers.burst(workload, processes, SECONDS)
                for key, (_, workload, processes) in FIGURES.items()
            }
            for _ in range(ROUNDS)
        ]
    finally:
        workers.close()


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def _arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="also cProfile the submission path")
    return parser.parse_args()


def _migrate() -> None:
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def _header(url: str) -> None:
    from django.conf import settings

    server = database.server_settings(url)
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1]
    print(
        f"database {url.rsplit('/', 1)[-1]}: PostgreSQL {server['server_version']}, "
        f"synchronous_commit={server['synchronous_commit']}, fsync={server['fsync']}, "
        f"wal_sync_method={server['wal_sync_method']}, autovacuum={server['autovacuum']}"
    )
    print(
        f"cpus {os.cpu_count()}, load average {_load()}, DEBUG={settings.DEBUG}, channel layer {layer}, "
        f"SNAPSHOT_EVERY={settings.SNAPSHOT_EVERY}"
    )
    print(
        f"throughput: {ROUNDS} rounds, each one {SECONDS:g} s burst of every figure in turn; "
        "a figure is its median over the rounds, a ratio the median of its per-round ratios\n"
    )


def _print_rates(rounds) -> None:
    print(f"{'throughput, operations per second':<50}{'median':>8}{'min':>8}{'max':>8}{'total ops':>11}")
    for key, (label, _, _) in FIGURES.items():
        each = [r[key].per_second for r in rounds]
        total = sum(r[key].count for r in rounds)
        note = "  (a worker ran out of prepared moves)" if any(r[key].exhausted for r in rounds) else ""
        print(
            f"{label:<50}{statistics.median(each):>8,.0f}{min(each):>8,.0f}{max(each):>8,.0f}{total:>11,}{note}"
        )
    print()


def _measure_reads() -> dict:
    from bench.reads import build_game, replayed_after_snapshot, timed_reads

    sizes = (*READ_SIZES, WORST_READ)
    games = [build_game(events, seed=7000 + n) for n, events in enumerate(sizes)]
    timings = timed_reads(games, READ_SECONDS)
    print(f"{'load_state(use_cache=False)':<50}{'median ms':>12}{'reads':>12}{'replayed':>10}")
    for events, game, times in zip(sizes, games, timings):
        label = f"game of {events:,} events"
        print(
            f"{label:<50}{statistics.median(times) * 1000:>12.3f}{len(times):>12,}{replayed_after_snapshot(game):>10}"
        )
    print()
    return dict(zip(sizes, timings))


def _ratio(rounds, top: str, bottom: str) -> float:
    return statistics.median(r[top].per_second / r[bottom].per_second for r in rounds)


def _print_ratios(rounds, reads) -> None:
    from bench.reads import paired_ratio

    ratios = [
        ("submissions / raw INSERT+COMMIT (1 process)", _ratio(rounds, "sub1", "raw1"), ">=", 0.5),
        ("submissions / eventsourcing saves (1 process)", _ratio(rounds, "sub1", "es1"), ">=", 1.5),
        ("4-process / 1-process submissions", _ratio(rounds, "sub4", "sub1"), ">=", 1.6),
        ("submissions / locked executor only (1 process)", _ratio(rounds, "sub1", "lock1"), ">", 1.0),
        ("4-process / 1-process raw INSERT+COMMIT (context)", _ratio(rounds, "raw4", "raw1"), "", None),
        ("1,000-event read / 10-event read", paired_ratio(reads[1000], reads[10]), "<=", 2.0),
        (
            f"{WORST_READ:,}-event read / 10-event read (context)",
            paired_ratio(reads[WORST_READ], reads[10]),
            "",
            None,
        ),
    ]
    # The disk's raw commit rate beside every ratio: on a slow disk the commit hides the Python per move.
    raw = statistics.median(r["raw1"].per_second for r in rounds)
    print(f"{'ratio':<50}{'measured':>12}{'goal':>10}  met  {'raw commits/s':>13}")
    for label, value, sense, goal in ratios:
        if goal is None:
            print(f"{label:<50}{value:>12.2f}{'':>10}  {'':3}  {raw:>13,.0f}")
            continue
        met = {">=": value >= goal, ">": value > goal, "<=": value <= goal}[sense]
        print(f"{label:<50}{value:>12.2f}{sense + ' ' + format(goal, 'g'):>10}  {'yes' if met else 'NO ':3}  {raw:>13,.0f}")
    print()


def _profile() -> None:
    """Where a submission's time goes, in this process (the workload's own set-up is not profiled)."""
    import cProfile
    import pstats

    from bench.harness import timed_loop
    from bench.workloads import submissions

    step = submissions(99)
    profiler = cProfile.Profile()
    profiler.enable()
    count, elapsed, _ = timed_loop(step, PROFILE_SECONDS)
    profiler.disable()
    print(f"cProfile of {count:,} submissions in {elapsed:.1f} s (profiled, so slower)")
    stats = pstats.Stats(profiler).strip_dirs()
    stats.sort_stats("cumulative").print_stats(35)
    stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
