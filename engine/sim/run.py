"""Running a simulation's jobs: in this process, in local processes, or through any executor
that turns a list of jobs into records (Celery's lives in ``workers.simulation``).

Records may arrive in any order; they are sorted back into job order, so the result does not
depend on who played which game.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Iterable, Iterator

from tqdm import tqdm

from engine.sim.play import play_job
from engine.sim.spec import Spec

Executor = Callable[[list[dict]], Iterable[dict]]


def in_process(jobs: list[dict]) -> Iterator[dict]:
    return map(play_job, jobs)


def local_processes(workers: int) -> Executor:
    """``workers`` processes, each handed a few games at a time so none sits idle at the end."""

    def run(jobs: list[dict]) -> Iterator[dict]:
        # spawn, not fork: the caller may hold threads (a progress bar) or a database connection.
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            chunk = max(1, min(8, len(jobs) // (workers * 8)))
            yield from pool.imap_unordered(play_job, jobs, chunksize=chunk)

    return run


def simulate(spec: Spec, executor: Executor | None = None, *, jobs: int = 1, progress: bool = False,
             stream=None) -> list[dict]:
    """Every game's record, in job order (cell, then game index)."""
    work = spec.jobs()
    if executor is None:
        executor = in_process if jobs <= 1 else local_processes(jobs)
    bar = tqdm(total=len(work), unit="game", desc=spec.game, file=stream or sys.stderr,
               disable=not progress, smoothing=0.1)
    records = {}
    with bar:
        for record in executor(work):
            # A job redelivered after a lost worker may report twice: keep one record per job.
            records[(record["cell_index"], record["index"])] = record
            bar.update(1)
    missing = len(work) - len(records)
    if missing:
        raise RuntimeError(f"{missing} of {len(work)} games reported no result")
    return [records[key] for key in sorted(records)]
