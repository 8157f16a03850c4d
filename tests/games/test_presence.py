"""games.presence: a mark lasts PRESENCE_SECONDS, per user and game."""

import pytest
from django.core.cache import cache

from games import presence


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def test_a_mark_is_per_user_and_game():
    presence.mark(7, 1)
    assert presence.is_present(7, 1)
    assert not presence.is_present(7, 2) and not presence.is_present(8, 1)
    assert presence.present([7, 8, None], 1) == {7}


def test_a_mark_expires_after_presence_seconds(monkeypatch):
    seen = {}
    monkeypatch.setattr(presence.cache, "set", lambda key, value, timeout: seen.update({key: timeout}))
    presence.mark(7, 1)
    assert seen == {"presence:1:7": presence.PRESENCE_SECONDS}
    assert presence.PRESENCE_SECONDS > 2 * presence.HEARTBEAT_SECONDS


def test_nobody_is_marked_for_an_anonymous_page():
    presence.mark(None, 1)
    assert presence.present([None], 1) == set()
