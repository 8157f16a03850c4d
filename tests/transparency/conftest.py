import pytest

from tests.conftest import accepted_game
from transparency import keys


@pytest.fixture(autouse=True)
def signing_key(settings):
    """A fresh log key for each test (the embedded default's key file stays out of the tests)."""
    settings.TRANSPARENCY_SIGNING_KEY = keys.new_private_pem()
    settings.TRANSPARENCY_ORIGIN = "test.example/boardgames-log"
    return settings.TRANSPARENCY_SIGNING_KEY


def play(game_id, users, moves: int):
    """Play ``moves`` moves of a two-player game, each the first legal action of the seat to act."""
    from games import selectors, services

    for _ in range(moves):
        game = selectors.get(game_id)
        for user in users:
            legal = selectors.legal_for(game, user)
            if legal["actions"]:
                services.submit_action(user=user, game_id=game_id, text=legal["actions"][0], expected_seq=game.seq)
                break
    return selectors.get(game_id)


@pytest.fixture
def finished_game(alice, bob):
    from games import services

    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    play(game.pk, [alice, bob], 4)
    return services.resign(user=bob, game_id=game.pk)


@pytest.fixture
def running_game(alice, bob):
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    return play(game.pk, [alice, bob], 3)
