"""Idempotency-Key done right (issue 16.4): one answer per request, 422 for a key reused for another
request, 400 for a key that is not one, and keys that expire after IDEMPOTENCY_KEY_HOURS."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import idempotency, services
from games.errors import Unprocessable
from games.models import Event, IdempotencyRecord
from games.selectors import legal_for
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def paso(alice, bob):
    return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])


def to_act(game):
    game.refresh_from_db()
    user = game.seats.get(number=game.to_act).user
    return user, legal_for(game, user)["actions"]


def post(api, user, game, action, key, seq=None):
    return api(user).post(f"/api/games/{game.pk}/actions", {"action": action, "expected_seq": game.seq if seq is None else seq},
                          format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_retry_gets_the_first_answer_and_stores_nothing(api, paso):
    user, legal = to_act(paso)
    first = post(api, user, paso, legal[0], "retry-1")
    again = post(api, user, paso, legal[0], "retry-1", seq=paso.seq)
    assert first.status_code == again.status_code == 201
    assert {k: v for k, v in again.json().items() if k != "receipt"} == {k: v for k, v in first.json().items() if k != "receipt"}
    assert Event.objects.filter(game=paso).count() == first.json()["seq"]


def test_a_key_reused_for_another_move_answers_422_and_changes_nothing(api, paso):
    user, legal = to_act(paso)
    assert post(api, user, paso, legal[0], "once").status_code == 201
    other, legal = to_act(paso)
    assert other != user and post(api, other, paso, legal[0], "theirs").status_code == 201
    user_again, legal = to_act(paso)
    assert user_again == user
    seq = paso.seq
    refused = post(api, user, paso, legal[0], "once")  # the user's key, another move
    assert refused.status_code == 422
    assert refused.json()["field"] == "Idempotency-Key" and "different request" in refused.json()["error"]
    paso.refresh_from_db()
    assert paso.seq == seq


@pytest.mark.parametrize("key", ["x" * 201, "with space", "tab\tkey", "ä"])
def test_a_key_that_is_not_one_answers_400_naming_the_header(api, paso, key):
    user, legal = to_act(paso)
    response = post(api, user, paso, legal[0], key)
    assert response.status_code == 400 and response.json()["field"] == "Idempotency-Key"
    assert Event.objects.filter(game=paso).count() == paso.seq


def test_a_non_string_key_over_the_socket_is_refused_not_stored_as_its_repr(paso):
    user, legal = to_act(paso)
    from games.errors import InvalidRequest

    with pytest.raises(InvalidRequest, match="Idempotency-Key"):
        services.submit_action(user=user, game_id=paso.pk, text=legal[0], expected_seq=paso.seq, idempotency_key=12345)
    assert not IdempotencyRecord.objects.exists()


def test_an_expired_key_is_a_new_request_and_the_sweep_purges_it(paso, settings):
    user, legal = to_act(paso)
    services.submit_action(user=user, game_id=paso.pk, text=legal[0], expected_seq=paso.seq, idempotency_key="old")
    IdempotencyRecord.objects.update(created_at=timezone.now() - timedelta(hours=settings.IDEMPOTENCY_KEY_HOURS + 1))
    with pytest.raises(Unprocessable):  # not expired under a longer setting: still the other request's
        settings.IDEMPOTENCY_KEY_HOURS += 2
        idempotency.answered(user, "old", idempotency.move_print(paso.pk, "something else", paso.seq))
    settings.IDEMPOTENCY_KEY_HOURS -= 2
    assert idempotency.answered(user, "old", idempotency.move_print(paso.pk, "something else", paso.seq)) is None
    assert idempotency.purge() == 1 and not IdempotencyRecord.objects.exists()


def test_the_fingerprint_names_the_request():
    base = idempotency.move_print(1, "tiger walk", 4)
    assert base == idempotency.move_print(1, "tiger walk", 4)
    assert len({base, idempotency.move_print(2, "tiger walk", 4), idempotency.move_print(1, "tiger run", 4),
                idempotency.move_print(1, "tiger walk", 5)}) == 4
