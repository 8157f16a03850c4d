"""Conditional moves and the one-statement optimistic write (issue 19 item 7), on real PostgreSQL:
a game with a waiting tree is never stored by the statement, so the tree answers in the move's plan."""

import pytest
from django.db import connection

from games import conditional, optimistic, plan, services
from games.models import ConditionalTree, Event, Game
from games.store import load_state
from tests.conftest import accepted_game, require

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
TREE = [{"if": "temple a1", "then": "temple a5"}]


@pytest.fixture(autouse=True)
def postgres_only():
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")


def paso(alice, bob) -> Game:
    return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])


def test_a_move_against_a_waiting_tree_takes_the_locked_path_and_fires_it(alice, bob):
    game = paso(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=TREE)
    before = optimistic.taken["count"]
    services.submit_action(user=alice, game_id=game.pk, text="temple a1", expected_seq=game.seq)
    assert optimistic.taken["count"] == before
    assert list(Event.objects.filter(game=game, kind="move").values_list("notation", flat=True)) == [
        "temple a1", "temple a5"]
    assert not ConditionalTree.objects.exists()


def test_a_head_remembered_before_a_tree_was_stored_elsewhere_is_refused_by_the_statement(alice, bob):
    game = paso(alice, bob)
    game.refresh_from_db()
    _, state = load_state(game)
    stale = plan.head_of(game, state)  # what another process remembered before the tree came
    conditional.store(user=bob, game_id=game.pk, tree=TREE)
    optimistic._keep(game.pk, stale)
    assert optimistic.submit(alice, game.pk, "temple a1", game.seq) is None  # the guard: conditionals = 0
    assert not Event.objects.filter(game=game, kind="move").exists()
    services.submit_action(user=alice, game_id=game.pk, text="temple a1", expected_seq=game.seq)
    assert Event.objects.filter(game=game, kind="move", payload__conditional=True).count() == 1
