"""The bot's turn through a real Celery worker on Redis (and eagerly, without one)."""

import time

import pytest

from games import services
from games.models import Event, Game
from tests.workers.conftest import wait_for
from workers.tasks import bot_turn

pytestmark = pytest.mark.django_db(transaction=True)


def paso_against_bot(alice):
    return services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}])


def moves(game):
    return list(Event.objects.filter(game=game, kind="move").order_by("seq").values_list("actor", "notation"))


@pytest.mark.services
def test_the_worker_plays_the_bot_seat_after_a_human_move(celery_worker, alice):
    game = paso_against_bot(alice)
    services.submit_action(user=alice, game_id=game.pk, text="temple c1", expected_seq=game.seq)
    wait_for(lambda: len(moves(game)) == 2, what="the bot's temple")
    actor, notation = moves(game)[1]
    assert actor == "north" and notation.startswith("temple ") and notation.endswith("5")
    game.refresh_from_db()
    assert game.to_act == 0


@pytest.mark.services
def test_a_bot_task_delivered_twice_appends_one_move(celery_worker, alice):
    game = paso_against_bot(alice)
    result = services.submit_action(user=alice, game_id=game.pk, text="temple c1", expected_seq=game.seq)
    for _ in range(2):  # the task queued on commit, plus two more copies of it
        bot_turn.delay(game.pk, result["seq"])
    wait_for(lambda: len(moves(game)) == 2, what="the bot's move")
    time.sleep(1.5)  # let the extra copies run
    assert len(moves(game)) == 2
    assert Event.objects.filter(game=game, seq=result["seq"] + 1, kind="move", actor="north").count() == 1


def test_without_redis_a_bot_game_plays_itself_out_in_process(staff_user):
    game = services.create_game(
        creator=staff_user, name="paso", options={"quiet_turn_limit": 6}, seats=[{"bot": "random"}, {"bot": "random"}]
    )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome is not None
    assert Event.objects.filter(game=game, kind="move").count() > 2


def test_a_stale_bot_task_does_nothing(alice):
    game = paso_against_bot(alice)
    assert bot_turn.apply(args=(game.pk, game.seq)).get() is False  # alice is to act, not the bot
    assert bot_turn.apply(args=(game.pk, game.seq + 5)).get() is False
    assert moves(game) == []
