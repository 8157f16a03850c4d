"""The embedded default's bot worker (``games.background``): turns after the call, in order,
one at a time, picked up after a restart, and an error in one turn stops nothing else.

Every test starts from a worker that is not running yet (the ``background_worker`` fixture), so
what a call left behind is seen before any turn is played; then the worker is started and the test
waits, with a bound, for the state it expects. Nothing here measures time.
"""

import logging
import threading

import pytest

from games import background, services
from games.models import Event, Game
from tests.conftest import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

SHORT = {"quiet_turn_limit": 6}  # a random Paso game then ends in a few dozen moves


def bot_game(creator, first="random", second="random"):
    """A game of two bots: only staff create one (issue 14), so ``creator`` is made staff here."""
    if not creator.is_staff:
        creator.is_staff = True
        creator.save(update_fields=["is_staff"])
    return services.create_game(creator=creator, name="paso", options=SHORT,
                                seats=[{"bot": first}, {"bot": second}])


def moves(game_id):
    return Event.objects.filter(game_id=game_id, kind="move").count()


def seq_of(game_id):
    return Game.objects.values_list("seq", flat=True).get(pk=game_id)


@pytest.fixture
def record_turns(monkeypatch):
    """Every turn the worker plays, in order, and how many ran at once at most."""
    played, running, lock = [], {"now": 0, "most": 0}, threading.Lock()
    play = services.play_bot_turn

    def recording(game_id, seq):
        with lock:
            running["now"] += 1
            running["most"] = max(running["most"], running["now"])
        try:
            moved = play(game_id, seq)
            if moved:
                played.append((game_id, seq))
            return moved
        finally:
            with lock:
                running["now"] -= 1

    monkeypatch.setattr(services, "play_bot_turn", recording)
    return {"played": played, "running": running}


def test_creating_a_bot_game_queues_its_first_turn_and_plays_none(background_worker, alice):
    game = bot_game(alice)
    assert game.status == Game.Status.ACTIVE
    assert seq_of(game.pk) == game.seq and moves(game.pk) == 0
    assert background_worker.waiting() == 1


def test_the_worker_plays_a_bot_game_to_its_end(background_worker, alice):
    game = bot_game(alice)
    background_worker.start()
    wait_until(lambda: Game.objects.get(pk=game.pk).status == Game.Status.FINISHED and not background_worker.waiting(),
               what="the bots' game to end")
    assert moves(game.pk) > 2


def test_a_human_move_that_hands_the_turn_to_a_bot_returns_before_the_bot_moves(background_worker, alice):
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}])
    result = services.submit_action(user=alice, game_id=game.pk, text="temple c1", expected_seq=game.seq)
    assert seq_of(game.pk) == result["seq"] and moves(game.pk) == 1
    background_worker.start()
    wait_until(lambda: seq_of(game.pk) > result["seq"], what="the bot's reply")
    reply = Event.objects.get(game_id=game.pk, seq=result["seq"] + 1)
    assert reply.kind == "move" and reply.actor == "north"


def test_turns_are_played_first_queued_first_one_at_a_time(background_worker, record_turns, alice):
    first, second = bot_game(alice), bot_game(alice)
    background_worker.start()
    wait_until(lambda: len(record_turns["played"]) >= 4, what="four turns")
    background_worker.stop()
    # Each game's next turn is queued behind the other game's waiting one: the games take turns.
    assert [game_id for game_id, _ in record_turns["played"][:4]] == [first.pk, second.pk, first.pk, second.pk]
    assert record_turns["running"]["most"] == 1


def test_a_new_worker_picks_up_a_turn_that_a_stopped_process_left_unplayed(background_worker, alice):
    game = services.create_game(creator=alice, name="paso", seats=[{"bot": "random"}, {"user": "alice"}])
    assert background_worker.waiting() == 1 and moves(game.pk) == 0  # queued in a process that then died
    restarted = background.BotTurnWorker(sweep_every=None)
    background.use(restarted)
    restarted.start()
    try:
        wait_until(lambda: moves(game.pk) == 1, what="the restarted worker to play the bot's turn")
    finally:
        restarted.stop()
    assert Event.objects.get(game_id=game.pk, kind="move").actor == "south"


def test_an_error_in_one_turn_is_logged_and_the_next_turn_is_played(background_worker, monkeypatch, caplog, alice):
    broken, sound = bot_game(alice), bot_game(alice)
    play = services.play_bot_turn

    def failing_for_one_game(game_id, seq):
        if game_id == broken.pk:
            raise RuntimeError("the bot fell over")
        return play(game_id, seq)

    monkeypatch.setattr(services, "play_bot_turn", failing_for_one_game)
    with caplog.at_level(logging.ERROR, logger="games.background"):
        background_worker.start()
        wait_until(lambda: moves(sound.pk) >= 2, what="the sound game to go on")
    assert moves(broken.pk) == 0
    # The log keeps the failure's type and frames, never its message (config.logsafe).
    assert any(f"{broken.pk}" in r.getMessage() and "RuntimeError" in (r.exc_text or "") for r in caplog.records)


def test_the_sweep_queues_again_a_turn_whose_run_failed(background_worker, monkeypatch, settings, alice):
    game = bot_game(alice)
    play = services.play_bot_turn

    def failing(game_id, seq):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(services, "play_bot_turn", failing)
    background_worker.start()
    wait_until(lambda: background_worker.waiting() == 0, what="the failed turn to leave the queue")
    assert moves(game.pk) == 0
    monkeypatch.setattr(services, "play_bot_turn", play)
    settings.BOT_SWEEP_SECONDS = 0  # quiet for one sweep interval: lost
    background_worker.sweep()
    wait_until(lambda: moves(game.pk) >= 1, what="the swept turn to be played")


def test_the_sweep_does_not_queue_a_turn_twice(background_worker, settings, alice):
    bot_game(alice)
    settings.BOT_SWEEP_SECONDS = 0
    background_worker.sweep()
    assert background_worker.waiting() == 1  # the turn queued on commit is already there


def test_on_celery_a_bot_turn_does_not_go_to_the_background_worker(background_worker, settings, alice):
    settings.BOT_TURNS = "celery"
    game = services.create_game(creator=alice, name="paso", seats=[{"bot": "random"}, {"user": "alice"}])
    assert background_worker.waiting() == 0
    assert moves(game.pk) == 1  # eager Celery (as in tests) played it inline


@pytest.fixture
def memory_layer(settings):
    from channels.layers import channel_layers

    from config.settings import channel_layers_for

    settings.CHANNEL_LAYERS = channel_layers_for("")
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


async def test_a_watcher_on_the_in_memory_layer_sees_the_bot_move_the_worker_plays(background_worker, memory_layer,
                                                                                  alice):
    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator
    from django.db import connections

    from config.asgi import application

    game = await sync_to_async(services.create_game)(creator=alice, name="paso",
                                                     seats=[{"user": "alice"}, {"bot": "random"}])
    watcher = WebsocketCommunicator(application, f"/ws/games/{game.pk}/",
                                    headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")])
    assert (await watcher.connect())[0]
    assert (await watcher.receive_json_from(timeout=5))["seq"] == game.seq
    await sync_to_async(services.submit_action)(user=alice, game_id=game.pk, text="temple c1", expected_seq=game.seq)
    assert (await watcher.receive_json_from(timeout=5))["seq"] == game.seq + 1  # alice's move
    background_worker.start()  # only now: the next message can come from the worker's thread alone
    assert (await watcher.receive_json_from(timeout=10))["seq"] == game.seq + 2  # the bot's, from the worker
    await watcher.disconnect()
    await sync_to_async(connections.close_all)()
