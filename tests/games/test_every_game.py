"""Every game in the registry is playable on the service: bots play it to the end through the event
store, it replays from its events, and hidden CHANCE outcomes stay hidden until the end."""

import orjson
import pytest

from engine import CHANCE, GAME_NAMES, get_game
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


@pytest.mark.parametrize(("name", "players"), PLAYER_COUNTS)
def test_secret_outcomes_reach_no_seat_before_the_end(alice, make_user, name, players):
    users = [alice] + [make_user(f"player{n}") for n in range(1, players)]
    game = accepted_game(
        creator=alice, name=name, players=players, seats=[{"user": u.username} for u in users]
    )
    secrets = list(Event.objects.filter(game=game, secret=True).values_list("notation", flat=True))
    engine = get_game(name)
    if not secrets:
        assert engine.actor(load_state(game)[1]) != CHANCE
        return
    for who in [*users, None]:
        seen = orjson.dumps(
            [selectors.view_for(game, who), selectors.history(game), selectors.export_records(game), selectors.legal_for(game, who)]
        ).decode()
        for secret in secrets:
            assert secret not in seen
