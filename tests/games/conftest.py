"""Fixtures of the game service tests: a real SMTP server for the e-mail tests (``tests/games/mailserver.py``)."""

from tests.games.mailserver import smtp  # noqa: F401 (a fixture)
