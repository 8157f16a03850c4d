"""The event store on real PostgreSQL: the append-only trigger and optimistic concurrency."""

import threading

import pytest
from django.db import connection, connections, transaction

from games import services
from games.errors import Conflict
from games.models import Event
from tests.conftest import require

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def postgres_only():
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")


def dice_game_of(alice, bob):
    return services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


@pytest.mark.parametrize("statement", ["UPDATE games_event SET notation = 'forged'", "DELETE FROM games_event"])
def test_the_trigger_refuses_update_and_delete_for_any_client(dice_game, alice, bob, statement):
    game = dice_game_of(alice, bob)
    with pytest.raises(Exception, match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    assert Event.objects.filter(game=game).count() == game.seq
    assert not Event.objects.filter(notation="forged").exists()


def test_two_concurrent_moves_with_the_same_expected_seq_one_wins_one_conflicts(dice_game, alice, bob):
    game = dice_game_of(alice, bob)
    seq = game.seq
    barrier = threading.Barrier(2)
    results = []

    def submit():
        barrier.wait()
        try:
            services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=seq)
            results.append("accepted")
        except Conflict:
            results.append("conflict")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["accepted", "conflict"]
    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))  # no gap, no duplicate
    assert Event.objects.filter(game=game, kind="move").count() == 1
