"""The game page's chat panel (issue 19, item 5): each reader is offered the rooms games.chat lets
them read, and no line's text is ever put into the page's HTML (chat.js loads it as data)."""

import json
import re

import pytest

from games import chat, services
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair(alice, bob):
    return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])


def rooms_on_page(client, game) -> list[dict] | None:
    html = client.get(f"/games/{game.pk}/").content.decode()
    found = re.search(r'<script id="chat-rooms" type="application/json">(.*?)</script>', html)
    return json.loads(found.group(1)) if found else None


def test_players_get_their_room_spectators_theirs_and_visitors_none(client, pair, alice, make_user):
    client.force_login(alice)
    assert rooms_on_page(client, pair) == [{"room": "players", "write": True}]
    client.force_login(make_user("carol"))
    assert rooms_on_page(client, pair) == [{"room": "spectators", "write": True}]
    client.logout()
    assert rooms_on_page(client, pair) is None


def test_once_the_game_is_over_the_players_also_read_the_spectators_room(client, pair, alice, bob):
    services.resign(user=bob, game_id=pair.pk)
    client.force_login(alice)
    assert rooms_on_page(client, pair) == [{"room": "players", "write": True}, {"room": "spectators", "write": True}]


def test_a_lines_markup_is_never_in_the_pages_html(client, pair, alice, bob):
    chat.post(user=alice, game_id=pair.pk, room="players", text="<script>alert(1)</script>")
    client.force_login(bob)
    assert "alert(1)" not in client.get(f"/games/{pair.pk}/").content.decode()
