"""The site's pages say people's words for the service's terms (issue 18: "internal names
everywhere"): game titles, numbered seats, bot players, outcome reasons, on the lists of games and
the profile, not only on the game page."""

import re

import pytest

from games import services
from games.templatetags.words import game_title, player, seat, seats, words
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db

NAKATHA_SEATS = [{"name": "p0"}, {"name": "p1"}, {"name": "p2"}]


def test_the_filters_word_titles_seats_players_and_reasons():
    assert game_title("paso") == "Paso del Brahmán" and game_title("nakatha") == "Nakatha"
    assert seat("p1", NAKATHA_SEATS) == "player 2" and seat("south", [{"name": "south"}, {"name": "north"}]) == "south"
    assert seats(["p0", "p2"], NAKATHA_SEATS) == "player 1 and player 3"
    assert player("bot:random") == "random bot" and player("alice") == "alice"
    assert words("mandala_complete") == "Mandala complete" and words(None) == ""


def test_the_lists_of_games_and_the_profile_use_those_words(client, alice, bob):
    game = accepted_game(creator=alice, name="nakatha", seats=[{"user": "alice"}, {"user": "bob"}])
    client.force_login(alice)
    home = client.get("/").content.decode()
    assert f"Nakatha #{game.pk}" in home and "player 1: alice" in home
    assert not re.search(r"\bp[01]\b", home) and f"nakatha #{game.pk}" not in home
    services.resign(user=bob, game_id=game.pk)
    profile = client.get("/players/alice/").content.decode()
    assert f"Nakatha #{game.pk}" in profile and "<td>Resignation</td>" in profile
    assert "<td>resignation</td>" not in profile
