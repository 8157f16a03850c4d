"""The one Redis reader per loop (``games.realtime.reader``): another process's messages reach this
process's sockets, one message for several channels reaches each, and a lost Redis reaches all."""

import asyncio
import os

import pytest
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from channels_redis.core import RedisChannelLayer

from config.settings import channel_layers_for
from games import nearby
from games.realtime import reader
from games.realtime.consumers import LAYER_AWAY, MeConsumer
from tests.conftest import require

REDIS_URL = os.environ.get("REDIS_URL", "")


def _layer(url: str, prefix: str) -> RedisChannelLayer:
    return RedisChannelLayer(**channel_layers_for(url, prefix)["default"]["CONFIG"])


async def test_another_processs_group_send_reaches_each_of_this_processs_channels_once():
    """channels-redis stores one message for all the channels of a process that are in a group
    (``__asgi_channel__`` a list): the reader hands it to each of them, and to no other."""
    require(bool(REDIS_URL), "REDIS_URL is not set: channels-redis cannot be tested")
    prefix = f"reader{os.getpid()}"
    here, elsewhere = _layer(REDIS_URL, prefix), _layer(REDIS_URL, prefix)
    channels = [await here.new_channel() for _ in range(3)]
    queues = [nearby.listen(c, here.capacity) for c in channels]
    for channel in channels:
        reader.attach(here, channel)
    try:
        for channel in channels[:2]:
            await here.group_add("table", channel)
        await elsewhere.group_send("table", {"type": "game.state", "seq": 7})
        heard = [await asyncio.wait_for(q.get(), 5) for q in queues[:2]]
        assert heard == [{"type": "game.state", "seq": 7}] * 2
        await asyncio.sleep(0.2)
        assert queues[2].empty()  # not in the group: nothing
    finally:
        for channel in channels:
            nearby.leave(channel)
            reader.detach(here)
        await here.flush()
    assert not reader._readers  # the last socket of the loop stopped the reader


async def test_a_reader_that_loses_redis_tells_every_socket_of_its_loop():
    """Port 9 has no Redis: each socket's queue gets ``LayerAway``, as each socket's own
    ``receive`` raised before (the consumer closes with 4503)."""
    away = _layer("redis://127.0.0.1:9/0", f"away{os.getpid()}")
    channels = [await away.new_channel() for _ in range(2)]
    queues = [nearby.listen(c, 2) for c in channels]
    for channel in channels:
        reader.attach(away, channel)
    try:
        for queue in queues:
            assert isinstance(await asyncio.wait_for(queue.get(), 5), reader.LayerAway)
    finally:
        for channel in channels:
            nearby.leave(channel)
            reader.detach(away)


async def test_a_socket_that_has_fallen_behind_still_learns_that_the_layer_failed():
    channel = "specific.behind!1"
    queue = nearby.listen(channel, 2)
    try:
        queue.put_nowait({"type": "x"})
        queue.put_nowait({"type": "y"})
        nearby.fail(asyncio.get_running_loop(), reader.LayerAway(OSError("gone")))
        assert [queue.get_nowait()["type"], type(queue.get_nowait())] == ["y", reader.LayerAway]
    finally:
        nearby.leave(channel)


@pytest.mark.django_db(transaction=True)
async def test_a_socket_whose_layer_is_away_is_closed_with_4503_not_1011(settings, alice):
    """The inbox socket (``/ws/me/``), like the game's, closes with the code the page polls on."""
    settings.CHANNEL_LAYERS = channel_layers_for("redis://127.0.0.1:9/0", f"gone{os.getpid()}")
    channel_layers.backends.clear()
    communicator = WebsocketCommunicator(MeConsumer(), "/ws/me/")
    communicator.scope["user"] = alice
    await communicator.connect(timeout=5)
    closed = await communicator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": LAYER_AWAY}
    await communicator.wait(timeout=5)
    channel_layers.backends.clear()
