"""Run workloads in long-lived spawned worker processes, in short bursts that all start together.

A workload is a function ``prepare(worker_index) -> step``: everything before the returned ``step``
is set-up (connections, users, games, move lists) and is never timed; ``step()`` does one operation
and raises ``StopIteration`` when it has nothing left to do.

Every worker prepares every workload once, then runs whichever burst it is told to. Short bursts of
the different workloads interleave, so a disturbance on a shared machine hits them all alike and
the ratios stay meaningful even when the absolute figures wobble.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import time
import traceback
from dataclasses import dataclass

SETUP_TIMEOUT = 180  # seconds the workers may spend preparing (spawn, Django, games, move lists)
START_DELAY = 0.05  # seconds between sending a burst and its common start


@dataclass
class Rate:
    count: int
    per_second: float
    exhausted: bool  # a worker ran out of prepared work before the burst ended


def django_setup() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def timed_loop(step, seconds: float) -> tuple[int, float, bool]:
    """Call ``step`` for ``seconds``: (operations done, seconds taken, ran out of work)."""
    count, start = 0, time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        try:
            step()
        except StopIteration:
            return count, time.perf_counter() - start, True
        count += 1
    return count, time.perf_counter() - start, False


class Workers:
    """``count`` spawned processes, each holding a prepared ``step`` for every workload."""

    def __init__(self, count: int, workloads: list[str]):
        context = multiprocessing.get_context("spawn")
        self._results = context.Queue()
        self._commands = [context.Queue() for _ in range(count)]
        self._processes = [
            context.Process(target=_serve, args=(index, workloads, commands, self._results), daemon=True)
            for index, commands in enumerate(self._commands)
        ]
        for process in self._processes:
            process.start()
        self._collect(count, SETUP_TIMEOUT)

    def burst(self, workload: str, processes: int, seconds: float) -> Rate:
        """Run ``workload`` on the first ``processes`` workers for ``seconds``; their summed rate."""
        start = time.time() + START_DELAY
        for commands in self._commands[:processes]:
            commands.put((workload, start, seconds))
        outcomes = self._collect(processes, seconds + 60)
        # Each worker ran for the same wall-clock window, so their rates add up.
        return Rate(
            count=sum(count for count, _, _ in outcomes),
            per_second=sum(count / elapsed for count, elapsed, _ in outcomes),
            exhausted=any(exhausted for _, _, exhausted in outcomes),
        )

    def close(self) -> None:
        for commands in self._commands:
            commands.put(None)
        for process in self._processes:
            process.join(timeout=10)

    def _collect(self, count: int, timeout: float) -> list:
        outcomes = [self._results.get(timeout=timeout) for _ in range(count)]
        failures = [outcome[1] for outcome in outcomes if outcome[0] == "error"]
        if failures:
            self.close()
            raise RuntimeError(f"a benchmark worker failed:\n{failures[0]}")
        return [outcome[1] for outcome in outcomes]


def _serve(index: int, workloads: list[str], commands, results) -> None:
    try:
        steps = {workload: _prepare(workload, index) for workload in workloads}
    except Exception:
        results.put(("error", traceback.format_exc()))
        return
    results.put(("ok", None))
    while (command := commands.get()) is not None:
        workload, start, seconds = command
        time.sleep(max(0.0, start - time.time()))
        try:
            results.put(("ok", timed_loop(steps[workload], seconds)))
        except Exception:
            results.put(("error", traceback.format_exc()))
            return


def _prepare(workload: str, index: int):
    module, name = workload.split(":")
    return getattr(importlib.import_module(module), name)(index)
