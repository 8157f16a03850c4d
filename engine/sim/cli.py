"""The command line, shared by ``python -m engine.sim`` and ``manage.py simulate``."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine.sim import stats
from engine.sim.play import random_filter_note
from engine.sim.report import render
from engine.sim.run import Executor, simulate
from engine.sim.spec import DEFAULT_CAP, Spec, SpecError, build_spec


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="tibetana, nakatha, mandara or paso")
    parser.add_argument("--games", type=int, default=100, help="games per cell of the sweep (default 100)")
    parser.add_argument("--players", default=None,
                        help="player count, or a comma list for mixed counts (games take turns): 2,3,4 (default: the smallest table)")
    parser.add_argument("--bots", default="policy",
                        help="one bot level for every seat, or one per seat: policy,random (default policy: one ply"
                             " with the dice counted; random play says nothing about balance)")
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option or dial, repeatable: --set emberfall_rounds=2")
    parser.add_argument("--sweep", dest="sweeps", action="append", default=[], metavar="NAME=V1,V2,...",
                        help="a dial to vary, repeatable: several make a grid")
    parser.add_argument("--seed", type=int, default=0, help="same seed, same games (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="local processes (default 1)")
    parser.add_argument("--cap", type=int, default=DEFAULT_CAP,
                        help=f"cut a game after this many actions, chance included (default {DEFAULT_CAP})")
    parser.add_argument("--out", type=Path, default=None, help="write games.csv, games.json, summary.json and charts here")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def spec_from(args) -> Spec:
    try:
        players = [int(p) for p in args.players.split(",")] if args.players else None
    except ValueError:
        raise SpecError(f"--players takes a count or a comma list of counts, not {args.players!r}") from None
    return build_spec(args.game, games=args.games, players=players, bots=[b.strip() for b in args.bots.split(",")],
                      sets=args.sets, sweeps=args.sweeps, seed=args.seed, cap=args.cap)


def header(spec: Spec, where: str, seconds: float) -> list[str]:
    count = len(spec.cells()) * spec.games
    lines = [f"{spec.game}: {count} games ({spec.games} per cell) in {seconds:.1f}s, {count / seconds:.1f} games/s, {where}",
             f"players {','.join(map(str, spec.players))}; bots {','.join(spec.bots)}; seed {spec.seed}; cap {spec.cap} actions",
             "options: " + (", ".join(f"{k}={v}" for k, v in spec.options.items()) or "defaults")]
    return lines + [f"note: {n}" for n in notes(spec)]


def notes(spec: Spec) -> list[str]:
    note = random_filter_note(spec.game) if "random" in spec.bots else None
    return [note] if note else []


def run(args, out=None, err=None, executor: Executor | None = None, where: str | None = None) -> dict:
    """Simulate, print the summary, write files; returns the summary. Raises SpecError."""
    out, err = out or sys.stdout, err or sys.stderr
    spec = spec_from(args)
    if args.jobs < 1:
        raise SpecError("--jobs must be at least 1")
    start = time.perf_counter()
    records = simulate(spec, executor, jobs=args.jobs, progress=not args.no_progress, stream=err)
    seconds = max(time.perf_counter() - start, 1e-9)
    summary = stats.summarize(records)
    where = where or (f"{args.jobs} processes" if args.jobs > 1 else "1 process")
    out.write(render(summary, header(spec, where, seconds)))
    if args.out is not None:
        from engine.sim import charts, output

        written = output.write(args.out, spec, records, summary, notes(spec))
        written += charts.draw(args.out, spec.game, records, summary)
        out.write("wrote " + ", ".join(str(p) for p in written) + "\n")
    return summary


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.sim", description="Bot games in bulk, for balance.")
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        run(args)
    except SpecError as exc:
        parser.error(str(exc))
    return 0
