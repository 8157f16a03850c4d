"""Fixtures of the game service tests: a real SMTP server for the e-mail tests (``tests/games/mailserver.py``)."""

import sys

from tests.games.mailserver import smtp  # noqa: F401 (a fixture)


def pytest_terminal_summary(terminalreporter):
    """The executors' equivalence test: what its examples covered, per game (for the issue's note)."""
    executors = sys.modules.get("tests.games.test_executors")
    if executors is None or not executors.examples_by_game:
        return
    terminalreporter.write_sep("-", "both executors, the same rows: examples per game")
    for key, examples in sorted(executors.examples_by_game.items()):
        terminalreporter.write_line(
            f"{key:<18} sequences {examples:>3}  requests {executors.requests_by_game.get(key, 0):>4}  fast writes {executors.taken_by_game.get(key, 0):>4}  "
            f"snapshots {executors.snapshots_by_game.get(key, 0):>4}  told {executors.told_by_game.get(key, 0):>4}")
