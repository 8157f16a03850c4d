"""A SQLite database of a test's own, migrated by ``manage.py migrate`` in a subprocess, and the
site served from it by daphne: the embedded default, whatever database the suite itself runs on."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings


def sqlite_env(directory: Path) -> dict:
    """The environment of the embedded default on ``directory/db.sqlite3``: no Redis."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "BOT_TURNS")}
    return env | {"DATABASE_URL": f"sqlite:///{directory / 'db.sqlite3'}", "LOG_LEVEL": "WARNING"}


def manage(env: dict, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=settings.BASE_DIR, env=env,
                          capture_output=True, text=True, timeout=timeout)


def migrated(directory: Path) -> dict:
    env = sqlite_env(directory)
    done = manage(env, "migrate", "--noinput")
    if done.returncode != 0:
        pytest.fail("migrate on SQLite failed:\n" + done.stdout[-2000:] + done.stderr[-2000:])
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``daphne config.asgi:application`` on a free port, stopped by ``stop()``."""

    def __init__(self, env: dict, log_path: Path):
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        with open(log_path, "w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), "config.asgi:application"],
                cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT)
        self._wait_until_serving()

    def _wait_until_serving(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with urllib.request.urlopen(self.base + "/api/schema/", timeout=5):
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        pytest.fail("daphne did not start:\n" + self.log_path.read_text()[-3000:])

    def log(self) -> str:
        return self.log_path.read_text()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
