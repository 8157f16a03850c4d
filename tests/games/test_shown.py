"""The row a live update shows (``games.shown``): moved on by plain moves, the row as stored."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import optimistic, selectors, services, shown, store
from tests.conftest import require
from tests.games.test_optimistic import new_game, play, random_moves

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def postgres_only():
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")
    shown.forget_all()
    yield
    shown.forget_all()


def shown_without_reading(game_id: int, seq: int):
    with CaptureQueriesContext(connection) as queries:
        game = shown.game_at(game_id, seq)
    return game, len(queries)


def test_plain_moves_move_the_shown_row_on_as_the_database_stores_it(alice, bob):
    game = new_game(alice, bob)
    users = {0: alice, 1: bob}
    play(game, random_moves(1), users)  # the head is now remembered: the next moves are plain
    game.refresh_from_db()
    shown.game_at(game.pk, game.seq)  # shown once, read once
    taken = optimistic.taken["count"]
    for text in random_moves(6)[1:]:
        game.refresh_from_db()
        services.submit_action(user=users[game.to_act], game_id=game.pk, text=text, expected_seq=game.seq)
        game.refresh_from_db()
        moved, reads = shown_without_reading(game.pk, game.seq)
        assert reads == 0
        assert selectors.game_summary(moved) == selectors.game_summary(store.game_with_seats(game.pk))
    assert optimistic.taken["count"] == taken + 5  # every one of them was a plain, one-statement move


def test_a_write_of_the_locked_path_is_read_afresh(alice, bob):
    game = new_game(alice, bob)
    shown.game_at(game.pk, game.seq)
    services.resign(user=alice, game_id=game.pk)  # an end: the locked path, which moves nothing on here
    game.refresh_from_db()
    after, reads = shown_without_reading(game.pk, game.seq)
    assert reads == 1
    assert (after.status, after.outcome) == (game.status, game.outcome)


def test_a_row_older_than_its_freshness_is_read_again(alice, bob, monkeypatch):
    game = new_game(alice, bob)
    shown.game_at(game.pk, game.seq)
    assert shown_without_reading(game.pk, game.seq)[1] == 0
    monkeypatch.setattr(shown, "FRESH_FOR", 0.0)
    assert shown_without_reading(game.pk, game.seq)[1] == 1
