"""The hash chain detects any edit, insertion or removal of an event."""

import pytest

from games import services
from games.ledger import verify_chain
from games.store import record_of
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def records(dice_game, alice, bob):
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    return [record_of(e) for e in game.events.order_by("seq")]


def test_an_intact_history_verifies(records):
    assert verify_chain(records) == []


def test_a_tampered_event_is_detected(records):
    records[6]["notation"] = "roll 6" if records[6]["notation"] != "roll 6" else "roll 1"
    assert verify_chain(records) == ["event 7: its content does not match its hash"]


def test_a_removed_event_is_detected(records):
    del records[2]
    problems = verify_chain(records)
    assert any("expected sequence number 3" in p for p in problems)
    assert any("prev_hash does not match" in p for p in problems)
