"""A worker killed (SIGKILL) inside a bot turn: the redelivered task loses nothing, doubles nothing.

The first worker holds the bot's move uncommitted (the test hook ``BOT_TURN_TEST_HOLD_SECONDS``)
and is killed there; PostgreSQL rolls the move back. The task was acknowledged late, so Redis still
holds it as unacknowledged; a second worker restores it after the (lowered) visibility timeout and
plays the game on to its end. Both workers use their own key prefix on Redis, so the low visibility
timeout cannot touch any other worker's messages.
"""

import signal
import uuid

import pytest
import redis

from config.celery import app
from games import notify, services
from games.ledger import verify_chain
from games.models import Event, Game
from games.store import load_state, record_of
from tests.workers.conftest import REDIS_URL, require_services, start_worker, stop_worker, wait_for
from workers.tasks import HOLD_ENV, bot_turn

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def isolated_broker():
    require_services()
    prefix = f"killtest-{uuid.uuid4().hex[:8]}:"
    options = {
        "global_keyprefix": prefix,
        "visibility_timeout": 3,
        "unacked_restore_interval": 1,
        "unacked_restore_throttle": 1,
    }
    workers: list[dict] = []
    yield {"queue": f"kill-{uuid.uuid4().hex[:8]}", "options": options, "workers": workers}
    for worker in workers:
        stop_worker(worker)
    client = redis.Redis.from_url(REDIS_URL)
    for key in client.scan_iter(f"{prefix}*"):
        client.delete(key)


def test_a_worker_killed_inside_a_bot_turn_loses_nothing_and_doubles_nothing(isolated_broker, staff_user, monkeypatch):
    queued = []
    monkeypatch.setattr(notify, "schedule_bot", lambda game_id, seq: queued.append((game_id, seq)))
    game = services.create_game(
        creator=staff_user, name="paso", options={"quiet_turn_limit": 6}, seats=[{"bot": "random"}, {"bot": "random"}]
    )
    assert queued == [(game.pk, game.seq)]  # queued on commit; we deliver it ourselves below
    first_seq = game.seq
    queue, options = isolated_broker["queue"], isolated_broker["options"]

    doomed = start_worker(queue, transport_options=options, extra_env={HOLD_ENV: "60"})
    isolated_broker["workers"].append(doomed)
    app.conf.task_always_eager = False  # the autouse eager_tasks fixture puts it back
    with app.connection_for_write(REDIS_URL, transport_options=options) as connection:
        sent = bot_turn.apply_async((game.pk, first_seq), connection=connection, queue=queue)
    wait_for(lambda: any("played=True, holding" in line for line in doomed["log"]), what="the held bot move")
    assert not Event.objects.filter(game=game, seq=first_seq + 1).exists()  # written, not committed
    doomed["process"].send_signal(signal.SIGKILL)
    doomed["process"].wait(10)
    assert Game.objects.get(pk=game.pk).seq == first_seq  # the move died with the transaction

    heir = start_worker(queue, transport_options=options)
    isolated_broker["workers"].append(heir)
    wait_for(lambda: Game.objects.get(pk=game.pk).status == "finished", timeout=120, what="the redelivered game")
    assert any(sent.id in line and "received" in line for line in heir["log"])  # the same message, again

    game.refresh_from_db()
    events = list(Event.objects.filter(game=game).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, game.seq + 1))
    assert verify_chain([record_of(e) for e in events]) == []
    assert Event.objects.filter(game=game, seq=first_seq + 1, kind="move").count() == 1
    engine, state = load_state(game, use_cache=False)  # every stored move replays to the stored outcome
    assert engine.outcome(state) == game.outcome
