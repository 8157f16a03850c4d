"""Browser tests: Debian's Chromium driven by Playwright against a real ASGI server (daphne, in a
subprocess) that shares the test database, so WebSockets work as in production.

The server runs with no REDIS_URL: bots' turns run in-process and live updates use the in-memory
channel layer, which is enough for one server process. Tests talk to it only through the browser
(no ORM calls while Playwright's event loop runs in this thread).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import require, test_database_url

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
OUTPUT = Path(settings.BASE_DIR) / "test-output"
SCREENSHOTS = OUTPUT / "screenshots"
MEASURES = ("board-share.json", "touch-targets.json", "axe.json")  # written by the tests, read below
PASSWORD = "a long passphrase"


def fresh_output(output: Path = OUTPUT) -> None:
    """Start a run's output afresh: the screenshots and measures of an earlier run are gone, so what
    the directory holds after a run is that run's alone (issue 18 review, item 4)."""
    shutil.rmtree(output / "screenshots", ignore_errors=True)
    for name in MEASURES:
        (output / name).unlink(missing_ok=True)
    (output / "screenshots").mkdir(parents=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_serving(url: str, proc, log_path: Path, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    proc.kill()
    pytest.fail("daphne did not start:\n" + log_path.read_text()[-3000:])


@pytest.fixture(scope="session")
def live_asgi(django_db_setup, django_db_blocker):
    """The site on a free port, served by daphne from the test database."""
    require(importlib.util.find_spec("playwright") is not None, "playwright is not installed (requirements-dev.txt)")
    require(Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is not None, f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    require(connection.vendor == "postgresql", "the browser tests' server shares the test database: it needs PostgreSQL")
    fresh_output()
    port = _free_port()
    # One server for the whole session, counting in its own memory: its sign-up throttle (5 an hour
    # per address by default) would stop the sixth test's users, all from 127.0.0.1, and its write
    # throttle (120 a minute per user) a test that plays a whole game by clicks faster than a person.
    # No outbox relay thread: this server shares the test database with every later test, whose
    # outbox rows are that test's to hand off (its own after-commit hand-offs still run here).
    # No periodic sweep either: it would run on the real clock, over the rows of every later test,
    # forfeiting a game whose test fixed the clock months back (its deadline long past in real time),
    # and writing checkpoints and digests behind that test's back.
    env = dict(os.environ, DATABASE_URL=test_database_url(), REDIS_URL="", LOG_LEVEL="WARNING",
               THROTTLE_SIGNUP="10000/h", THROTTLE_WRITE="100000/m", RELAY_SECONDS="0",
               BOT_SWEEP_SECONDS="0")
    log_path = OUTPUT / "daphne.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                 "config.asgi:application"], cwd=settings.BASE_DIR, env=env,
                                stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    _wait_until_serving(base + "/", proc, log_path)
    yield base
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
    _wait_for_sessions_to_close(django_db_blocker)


def _wait_for_sessions_to_close(django_db_blocker, timeout: float = 10.0) -> None:
    """The server's database sessions end a moment after its process: wait, so that dropping the
    test database at the end of the run does not find them still there."""
    deadline = time.monotonic() + timeout
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
            if cursor.fetchone()[0] == 0:
                return
            time.sleep(0.1)


@pytest.fixture
def browser(live_asgi, transactional_db):
    """A fresh Chromium per test, closed before the database is flushed (Playwright's event loop
    must not be running in this thread when Django touches the database)."""
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()
    playwright.stop()


@pytest.fixture
def new_user(browser, live_asgi):
    """A new browser context with a freshly signed-up user logged in: ``new_user("alice")``."""
    contexts = []

    def make(name: str, width: int = 1200, height: int = 1000, touch: bool = False):
        context = browser.new_context(viewport={"width": width, "height": height}, base_url=live_asgi,
                                      has_touch=touch, is_mobile=touch)
        contexts.append(context)
        page = context.new_page()
        page.goto("/signup/")
        page.fill("#id_username", name)
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        page.click("form.stack button[type=submit]")
        page.wait_for_url(live_asgi + "/")
        return page

    yield make
    for context in contexts:
        context.close()


def pytest_terminal_summary(terminalreporter):
    """The CI log names the screenshots and prints the measured board-click shares, the smallest touch
    targets and axe-core's counts per page."""
    shots = sorted(SCREENSHOTS.glob("*.png")) if SCREENSHOTS.exists() else []
    if not shots:
        return
    terminalreporter.section("play site: screenshots and measures")
    for path in shots:
        terminalreporter.write_line(f"screenshot: {path}")
    for name in MEASURES:
        if (OUTPUT / name).exists():
            terminalreporter.write_line(f"{name}: {(OUTPUT / name).read_text()}")
