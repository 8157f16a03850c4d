"""The event store on real PostgreSQL: the append-only trigger and optimistic concurrency."""

import pytest
from django.db import connection, transaction

from games import services
from games.models import Event
from tests.conftest import accepted_game, require
from tests.games.races import at_once

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def postgres_only():
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")


def dice_game_of(alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


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
    results = at_once(lambda: services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=seq), 2)
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "dict"]
    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))  # no gap, no duplicate
    assert Event.objects.filter(game=game, kind="move").count() == 1
