"""The synchronous writer of channels-redis's layer: what it stores, channels-redis receives as its own."""

import asyncio
import os
import time
import uuid

import pytest
from channels_redis.core import RedisChannelLayer

from config.settings import channel_layers_for
from games import redis_layer
from tests.conftest import require

REDIS_URL = os.environ.get("REDIS_URL", "")


@pytest.fixture
def layer_config():
    require(bool(REDIS_URL), "REDIS_URL is not set: channels-redis cannot be tested")
    return channel_layers_for(REDIS_URL, prefix=f"rl-{uuid.uuid4().hex[:8]}")["default"]["CONFIG"]


def run(coroutine_function, config):
    """Run ``coroutine_function(layer)`` on a channels-redis layer of its own loop."""
    async def main():
        layer = RedisChannelLayer(**config)
        try:
            return await coroutine_function(layer)
        finally:
            await layer.flush()
    return asyncio.run(main())


def test_a_message_stored_here_is_received_through_channels_redis_with_its_fields(layer_config):
    async def scenario(layer):
        channel = await layer.new_channel()
        await layer.group_add("game-1.seat-0", channel)
        found = redis_layer.members(layer, ["game-1.seat-0", "game-1.watch"])
        assert found == {"game-1.seat-0": [channel]}  # the group nobody is in is not named
        redis_layer.send(layer, {"game-1.seat-0": (found["game-1.seat-0"], {"type": "game.state", "seq": 7})})
        return await asyncio.wait_for(layer.receive(channel), 5)

    assert run(scenario, layer_config) == {"type": "game.state", "seq": 7}


def test_each_group_of_a_channel_in_two_groups_reaches_it(layer_config):
    """A hot-seat user's socket is in both seat groups: it hears each group's own message."""
    async def scenario(layer):
        channel = await layer.new_channel()
        for group in ("g.seat-0", "g.seat-1"):
            await layer.group_add(group, channel)
        found = redis_layer.members(layer, ["g.seat-0", "g.seat-1"])
        redis_layer.send(layer, {g: (found[g], {"type": "game.state", "for_seat": n})
                                 for n, g in enumerate(["g.seat-0", "g.seat-1"])})
        return [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(2)]

    received = run(scenario, layer_config)
    assert sorted(m["for_seat"] for m in received) == [0, 1]


def test_members_past_the_group_expiry_are_dropped_as_group_send_drops_them(layer_config):
    async def scenario(layer):
        fresh, stale = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("g.watch", fresh)
        await layer.group_add("g.watch", stale)
        connection = redis_layer.client(layer, layer.consistent_hash("g.watch"))
        connection.zadd(layer._group_key("g.watch"), {stale: int(time.time()) - layer.group_expiry - 10})
        found = redis_layer.members(layer, ["g.watch"])
        still_stored = connection.zrange(layer._group_key("g.watch"), 0, -1)
        return found, fresh, still_stored

    found, fresh, stored = run(scenario, layer_config)
    assert found == {"g.watch": [fresh]}
    assert stored == [fresh.encode()]


def test_a_channel_at_its_capacity_is_not_sent_more(layer_config):
    config = {**layer_config, "capacity": 2}

    async def scenario(layer):
        channel = await layer.new_channel()
        await layer.group_add("g.watch", channel)
        for seq in range(4):
            redis_layer.send(layer, {"g.watch": ([channel], {"type": "game.state", "seq": seq})})
        got = [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(2)]
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(channel), 0.3)
        return got

    assert [m["seq"] for m in run(scenario, config)] == [0, 1]


def test_a_send_after_redis_dropped_the_connection_uses_a_fresh_one(layer_config):
    async def scenario(layer):
        channel = await layer.new_channel()
        await layer.group_add("g.watch", channel)
        connection = redis_layer.client(layer, 0)
        connection.ping()
        connection.client_kill_filter(_id=connection.client_id())  # as a restarted Redis does
        redis_layer.send(layer, {"g.watch": ([channel], {"type": "game.state", "seq": 1})})
        return await asyncio.wait_for(layer.receive(channel), 5)

    assert run(scenario, layer_config)["seq"] == 1
