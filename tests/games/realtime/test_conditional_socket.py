"""A move sent over the WebSocket fires the opponent's conditional moves in its plan, and no message
the mover gets holds the rest of the tree (issue 19 item 7)."""

import os

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers

from config.settings import channel_layers_for
from games import conditional
from games.models import Event
from tests.conftest import accepted_game
from tests.games.realtime.test_consumers import close_consumer_connections, connect  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)
REST = ["brahmin summon D a4 r0", "brahmin summon D b4 r0", "end"]  # the subtree that waits on


@pytest.fixture
def memory_layer(settings):
    settings.CHANNEL_LAYERS = channel_layers_for("", f"test{os.getpid()}")
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


async def test_a_socket_move_fires_the_tree_and_the_mover_never_sees_the_rest(memory_layer, alice, bob):
    game = await sync_to_async(accepted_game)(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    tree = [{"if": "temple a1", "then": "temple a5",
             "next": [{"if": ["brahmin summon D a2 r0", "brahmin summon D b1 r0", "end"], "then": REST}]}]
    await sync_to_async(conditional.store)(user=bob, game_id=game.pk, tree=tree)
    socket = await connect(game.pk, alice)
    await socket.receive_json_from(timeout=5)
    await socket.send_json_to({"type": "action", "action": "temple a1", "expected_seq": game.seq})
    messages = [await socket.receive_json_from(timeout=5) for _ in range(2)]
    assert {m["type"] for m in messages} == {"accepted", "state"}
    state = next(m for m in messages if m["type"] == "state")
    assert state["seq"] == game.seq + 2 and state["view"]["temples"] == {"south": "a1", "north": "a5"}
    for message in messages:
        assert not any(text in str(message) for text in REST[:2])  # ("end" is any seat's legal action)
    fired = await sync_to_async(lambda: Event.objects.filter(game=game, payload__conditional=True).count())()
    assert fired == 1
    await socket.disconnect()
