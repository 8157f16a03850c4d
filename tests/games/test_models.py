"""Events are append-only at the model layer, on every database."""

import pytest

from games.models import AppendOnlyError, Event
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


def test_a_stored_event_cannot_be_saved_again_or_deleted(dice_game, alice, bob):
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    event = game.events.first()
    event.notation = "forged"
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(game=game).update(notation="forged")
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(game=game).delete()
    assert not Event.objects.filter(notation="forged").exists()
