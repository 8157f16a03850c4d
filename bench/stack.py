"""The production shape as subprocesses on one machine: a Redis of its own, daphne servers, Celery
workers and beat, against one PostgreSQL database. Used by the fault tests (``tests/faults``), which
stop, kill and restart the parts, and by the load generator (``bench/load.py``).

Each process runs in its own session (process group), so a kill reaches its children too, and writes
its output to a log file of its own, read back by ``tail`` when something fails.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def poll(predicate, timeout: float, interval: float = 0.1):
    """``predicate()``'s first true value within ``timeout`` seconds, else None."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            return None
        time.sleep(interval)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its reaped children (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    # fields[11..14]: utime, stime, cutime, cstime (the stat file's fields 14-17)
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / ticks


class Process:
    """One subprocess in its own process group, its output in ``log``."""

    def __init__(self, name: str, command: list[str], env: dict, log: Path, cwd: Path = ROOT):
        self.name, self.command, self.env, self.log, self.cwd = name, command, env, log, cwd
        self.popen: subprocess.Popen | None = None
        self.started_at = 0.0

    def start(self) -> Process:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as out:
            self.popen = subprocess.Popen(self.command, cwd=self.cwd, env=self.env, stdout=out,
                                          stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                          start_new_session=True)
        self.started_at = time.monotonic()
        return self

    @property
    def pid(self) -> int:
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except OSError:
            return ""

    def tail(self, lines: int = 60) -> str:
        return "\n".join(self.text().splitlines()[-lines:])

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to the whole process group (the process and every child it started)."""
        if self.popen is None:
            return
        try:
            os.killpg(self.popen.pid, sig)
        except ProcessLookupError:
            pass

    def stop(self, timeout: float = 15.0) -> None:
        if self.popen is None:
            return
        if self.alive():
            self.kill(signal.SIGTERM)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill(signal.SIGKILL)  # anything of the group still there
        try:
            self.popen.wait(5)
        except subprocess.TimeoutExpired:
            pass


class Redis:
    """A redis-server of its own on a free port, which can be stopped and started again on that port.
    ``persist``: an append-only file, so a restart keeps what it held (else it comes back empty)."""

    def __init__(self, directory: Path, *, persist: bool = False, port: int | None = None):
        self.directory = directory
        self.persist = persist
        self.port = port or free_port()
        self.process: Process | None = None
        self.starts = 0

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self, timeout: float = 20.0) -> Redis:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("no redis-server binary (apt-get install redis-server)")
        self.directory.mkdir(parents=True, exist_ok=True)
        command = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                   "--appendonly", "yes" if self.persist else "no", "--dir", str(self.directory),
                   "--protected-mode", "no"]
        self.starts += 1
        self.process = Process("redis", command, dict(os.environ), self.directory / "redis.log").start()
        if not poll(self.ping, timeout):
            raise RuntimeError("redis-server did not answer:\n" + self.process.tail())
        return self

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """Stop it (as an outage would: clients see their connections refused until ``start``)."""
        if self.process is not None:
            self.process.kill(signal.SIGKILL if not self.persist else signal.SIGTERM)
            self.process.stop(10)
            poll(lambda: not self.ping(), 10)

    def restart(self) -> None:
        self.stop()
        self.start()


class Stack:
    """Servers and workers sharing ``database_url`` and a ``Redis``; every process logs under ``logs``."""

    def __init__(self, database_url: str, redis: Redis, logs: Path, *, env: dict | None = None,
                 name: str = "stack"):
        self.database_url = database_url
        self.redis = redis
        self.logs = logs
        self.name = name
        self.queue = f"{name}-{uuid.uuid4().hex[:6]}"
        self.extra_env = env or {}
        self.processes: list[Process] = []
        self.servers: list[tuple[Process, str]] = []

    def env(self, role: str, **extra) -> dict:
        env = dict(os.environ)
        for key in ("DEBUG", "CELERY_BROKER_TRANSPORT_OPTIONS", BOT_HOLD_ENV):
            env.pop(key, None)
        env.update(
            DATABASE_URL=self.database_url, REDIS_URL=self.redis.url(), CELERY_QUEUE=self.queue,
            DATABASE_APPLICATION_NAME=f"{self.name}-{role}", LOG_LEVEL="WARNING",
            THROTTLE_WRITE="1000000/m", THROTTLE_SIGNUP="1000000/h", THROTTLE_TOKEN="1000000/h",
            PYTHONUNBUFFERED="1",
        )
        env.update(self.extra_env)
        env.update({k: str(v) for k, v in extra.items()})
        return env

    def _add(self, process: Process) -> Process:
        self.processes.append(process)
        return process.start()

    def server(self, index: int | None = None, *, wait: bool = True, access_log: bool = True, **env) -> str:
        """A daphne process on a free port; its base URL once it answers. ``access_log=False``: no
        line per request (a benchmark's servers)."""
        index = len(self.servers) if index is None else index
        port = free_port()
        command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                   *([] if access_log else ["-v", "0"]), "config.asgi:application"]
        process = self._add(Process(f"daphne-{index}", command, self.env(f"web-{index}", **env),
                                    self.logs / f"daphne-{index}.log"))
        base = f"http://127.0.0.1:{port}"
        self.servers.append((process, base))
        if wait:
            self.wait_serving(process, base)
        return base

    def wait_serving(self, process: Process, base: str, timeout: float = 90.0) -> None:
        import urllib.request

        def answers():
            if not process.alive():
                raise RuntimeError(f"{process.name} exited:\n{process.tail()}")
            try:
                with urllib.request.urlopen(base + "/api/catalog", timeout=5) as response:
                    return response.status == 200
            except OSError:
                return False

        if not poll(answers, timeout, 0.2):
            raise RuntimeError(f"{process.name} did not serve within {timeout}s:\n{process.tail()}")

    def worker(self, name: str | None = None, *, concurrency: int = 1, wait: bool = True, **env) -> Process:
        """A Celery worker (prefork, as ``make worker`` runs) on the stack's queue."""
        name = name or f"worker-{len([p for p in self.processes if p.name.startswith('worker')])}"
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "prefork", "-c", str(concurrency),
                   "-Q", self.queue, "-n", f"{name}-{uuid.uuid4().hex[:4]}@%h",
                   "-l", os.environ.get("STACK_WORKER_LOG_LEVEL", "INFO"),
                   "--without-gossip", "--without-mingle", "--without-heartbeat"]
        process = self._add(Process(name, command, self.env(name, LOG_LEVEL="INFO", **env), self.logs / f"{name}.log"))
        if wait:
            self.wait_ready(process)
        return process

    def wait_ready(self, process: Process, timeout: float = 90.0) -> None:
        def ready():
            if not process.alive():
                raise RuntimeError(f"{process.name} exited:\n{process.tail()}")
            return " ready." in process.text()

        if not poll(ready, timeout, 0.2):
            raise RuntimeError(f"{process.name} was not ready within {timeout}s:\n{process.tail()}")

    def beat(self, **env) -> Process:
        schedule = self.logs / f"beat-{uuid.uuid4().hex[:6]}"
        command = [sys.executable, "-m", "celery", "-A", "config", "beat", "-l", "INFO", "--schedule", str(schedule)]
        return self._add(Process("beat", command, self.env("beat", LOG_LEVEL="INFO", **env), self.logs / "beat.log"))

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()

    def report(self, lines: int = 60) -> str:
        parts = [f"----- {p.name} ({p.log}) -----\n{p.tail(lines)}" for p in self.processes]
        if self.redis.process is not None:
            parts.append(f"----- redis -----\n{self.redis.process.tail(20)}")
        return "\n".join(parts)


#: workers.tasks.HOLD_ENV, named here without importing the worker package
BOT_HOLD_ENV = "BOT_TURN_TEST_HOLD_SECONDS"
