"""Every game in the registry is playable on the service: bots play it to the end through the event
store, it replays from its events, and hidden CHANCE outcomes stay hidden until the end (checked on every
game and player count whose play draws one, after the service has stored one)."""

import random

import orjson
import pytest

from engine import CHANCE, GAME_NAMES, get_game
from engine.bots.chance import random_action
from games import selectors, services
from games.ledger import verify_chain
from games.models import Event
from games.store import load_state
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


def _player_counts():
    for name in GAME_NAMES:
        counts = get_game(name).player_counts
        for players in sorted({counts[0], counts[-1]}):
            yield pytest.param(name, players, id=f"{name}-{players}")


PLAYER_COUNTS = list(_player_counts())


@pytest.mark.django_db(transaction=True)  # real commits: the bots' turns run on commit
@pytest.mark.parametrize(("name", "players"), PLAYER_COUNTS)
def test_bots_play_a_whole_game_that_replays_from_its_events(staff_user, name, players):
    game = services.create_game(creator=staff_user, name=name, players=players, seats=[{"bot": "random"}] * players)
    game.refresh_from_db()
    assert game.status == "finished", f"{name} did not finish"
    engine, cached = load_state(game)
    _, replayed = load_state(game, use_cache=False)
    assert engine.to_json(replayed) == engine.to_json(cached)
    assert engine.outcome(replayed) == game.outcome
    assert verify_chain(selectors.export_records(game)) == []
    assert Event.objects.filter(game=game, kind="end").count() == 1


def _draws_a_secret(name: str, players: int, plies: int = 3000) -> bool:
    """Whether random play of the game (engine only) meets a secret CHANCE outcome."""
    engine, rng = get_game(name), random.Random(f"{name}:{players}")
    state = engine.setup(players, {})
    for _ in range(plies):
        actor = engine.actor(state)
        if actor is None:
            return False
        action = random_action(engine, state, rng, actor)
        if actor == CHANCE and engine.is_secret(state, action):
            return True
        state = engine.apply(state, action)
    return False


SECRET_KEEPING = [p for p in PLAYER_COUNTS if _draws_a_secret(*p.values)]


def _play_until_a_secret_is_stored(game, users, moves: int = 400):
    """Random legal moves through the service, each by the seat's own user, until a secret CHANCE
    event is stored (or the game ends: then the test fails)."""
    rng = random.Random(game.pk)
    for _ in range(moves):
        if Event.objects.filter(game=game, secret=True).exists():
            return
        game.refresh_from_db()
        assert game.status != "finished", "the game ended before any secret outcome"
        engine, state = load_state(game)
        text = engine.format(rng.choice(engine.legal_actions(state)))
        services.submit_action(user=users[engine.actor(state)], game_id=game.pk, text=text, expected_seq=game.seq)
    raise AssertionError(f"no secret outcome in {moves} moves")


def test_some_games_keep_secret_outcomes():
    assert SECRET_KEEPING, "no game draws a secret outcome: the secrecy test below checks nothing"


@pytest.mark.parametrize(("name", "players"), SECRET_KEEPING)
def test_secret_outcomes_reach_no_seat_before_the_end(alice, make_user, name, players):
    users = [alice] + [make_user(f"player{n}") for n in range(1, players)]
    game = accepted_game(
        creator=alice, name=name, players=players, seats=[{"user": u.username} for u in users]
    )
    _play_until_a_secret_is_stored(game, users)
    game.refresh_from_db()
    assert game.status != "finished"
    secrets = list(Event.objects.filter(game=game, secret=True).values_list("notation", flat=True))
    assert secrets
    for who in [*users, None]:
        seen = orjson.dumps(
            [selectors.view_for(game, who), selectors.history(game), selectors.export_records(game), selectors.legal_for(game, who)]
        ).decode()
        for secret in secrets:
            assert secret not in seen
