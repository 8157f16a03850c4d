"""An unhandled error shows nothing it held: not on the page, not in any log line (DEBUG is off)."""

import io
import logging

import pytest
from django.test import Client

from config import logsafe
from games import selectors
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(dice_game, alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


@pytest.fixture
def handler_output():
    """What every stream handler configured in this process writes, while the test runs."""
    streams = {}
    for reference in list(logging._handlerList):
        handler = reference()
        if isinstance(handler, logging.StreamHandler) and not isinstance(handler, logging.FileHandler):
            streams[handler] = handler.setStream(io.StringIO())
    buffers = [handler.stream for handler in streams]
    yield lambda: "".join(buffer.getvalue() for buffer in buffers)
    for handler, stream in streams.items():
        handler.setStream(stream)


def break_the_summary(monkeypatch, game):
    """A selector that fails with the seed and the hidden deck in its locals and in its message."""
    deal = game.events.get(kind="chance", secret=True)

    def failing(g):
        seed, hidden_deck = g.seed, deal.notation  # noqa: F841 (locals a DEBUG page would print)
        raise RuntimeError(f"cannot summarise: seed {seed}, {hidden_deck}")

    monkeypatch.setattr(selectors, "game_summary", failing)
    return [game.seed, deal.notation, deal.notation.removeprefix("deal ")]


@pytest.mark.parametrize("path", ["/games/{id}/", "/api/games/{id}"])
def test_an_unhandled_error_shows_no_secret_on_the_page_or_in_the_logs(
    running, monkeypatch, caplog, handler_output, settings, path
):
    assert settings.DEBUG is False
    secrets = break_the_summary(monkeypatch, running)
    caplog.set_level(logging.DEBUG)
    response = Client(raise_request_exception=False).get(path.format(id=running.pk))
    assert response.status_code == 500
    page = response.content.decode()
    assert "went wrong" in page and not [s for s in secrets if s in page]
    records = caplog.records
    assert any(r.name == "django.request" for r in records)  # the error was logged ...
    logged = caplog.text + handler_output() + "".join(
        f"{r.getMessage()} {r.exc_text} {r.__dict__}" for r in records
    )
    assert "RuntimeError" in logged and "test_error_pages.py" in logged  # ... with where it happened
    assert not [s for s in secrets if s in logged]  # ... and without what it held
    assert not [r for r in records if getattr(r, "request", None) is not None or r.exc_info]


def test_a_log_line_given_a_seed_or_an_exception_keeps_neither(caplog, running):
    log = logging.getLogger("games.test")
    hidden = running.events.get(kind="chance", secret=True).notation
    try:
        raise ValueError(f"{hidden} with {running.seed}")
    except ValueError as exc:
        with caplog.at_level(logging.INFO):
            log.info("game %s seed %s failed: %s", running.pk, running.seed, exc)
            log.exception("again: %(error)s", {"error": exc})
    assert running.seed not in caplog.text and hidden not in caplog.text
    assert "ValueError" in caplog.text and logsafe.WITHHELD in caplog.text
    assert f"game {running.pk} seed" in caplog.text  # the rest of the line stays readable
