"""A read compiled once (``games.compiled``) lists what its queryset lists, with the same joined
objects, in one query, for every value it is given after the first."""

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from games.compiled import Compiled
from games.models import Seat
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db

SEATS = Compiled(lambda game_id: Seat.objects.select_related("game", "user", "invited")
                 .filter(game_id=game_id).order_by("number"))


def fields(seat):
    return ({f.attname: getattr(seat, f.attname) for f in Seat._meta.concrete_fields},
            {f.attname: getattr(seat.game, f.attname) for f in seat.game._meta.concrete_fields},
            seat.user.username if seat.user else None, seat.invited.username if seat.invited else None)


def test_a_compiled_read_lists_what_its_queryset_lists_for_each_value(alice, bob, make_user):
    carol = make_user("carol")
    first = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    second = accepted_game(creator=carol, name="paso", seats=[{"user": "carol"}, {"bot": "random"}])
    for game in (first, second, first):  # the SQL compiled for the first serves the others
        expected = list(Seat.objects.select_related("game", "user", "invited").filter(game_id=game.pk).order_by("number"))
        with CaptureQueriesContext(connection) as queries:
            read = SEATS.read(game.pk)
            joined = [fields(seat) for seat in read]  # the joined rows come along: no further query
        assert len(queries) == 1
        assert joined == [fields(seat) for seat in expected]
        assert [seat.number for seat in read] == [0, 1]
        assert (read[1].user is None) == (game is second)  # a bot's seat: no user joined in


def test_a_compiled_read_of_no_row_and_of_a_value_no_column_holds_is_empty(alice):
    assert SEATS.read(10**6) == []
    assert SEATS.read(2**63) == []  # the ORM's answer too, where PostgreSQL would refuse the value


@pytest.mark.django_db(transaction=True)  # autocommit, as a request outside ``atomic`` runs
def test_a_locking_read_refuses_to_run_outside_a_transaction(alice, bob):
    locked = Compiled(lambda game_id: Seat.objects.select_for_update().filter(game_id=game_id))
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    with pytest.raises(TransactionManagementError):
        locked.read(game.pk)
    with transaction.atomic():
        assert len(locked.read(game.pk)) == 2


def test_a_read_must_take_exactly_one_parameter():
    both = Compiled(lambda key: Seat.objects.filter(game_id=key, user_id=key))
    with pytest.raises(ValueError, match="exactly one parameter"):
        both.read(1)
