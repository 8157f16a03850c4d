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


def test_members_as_known_are_sent_their_messages_by_one_script(layer_config):
    """Issue 16.3: where the members are known from the last update, one round trip checks and sends."""
    async def scenario(layer):
        channel = await layer.new_channel()
        await layer.group_add("g.seat-0", channel)
        left = redis_layer.send_if_members(layer, ["g.seat-0", "g.watch"], {"g.seat-0": [channel]},
                                           {"g.seat-0": ([channel], {"type": "game.state", "seq": 3})})
        return left, await asyncio.wait_for(layer.receive(channel), 5)

    left, received = run(scenario, layer_config)
    assert left is None
    assert received == {"type": "game.state", "seq": 3}


@pytest.mark.parametrize("change", ["joined", "left", "joined another group"])
def test_members_changed_since_they_were_known_get_nothing_and_are_handed_back(layer_config, change):
    """A guess that no longer holds stores nothing (the caller sends to the members found): no
    socket that joined meanwhile misses the update, none that left is sent it."""
    async def scenario(layer):
        known, other = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("g.seat-0", known)
        if change == "left":
            await layer.group_add("g.seat-0", other)
            guess = {"g.seat-0": sorted([known, other])}
            await layer.group_discard("g.seat-0", other)
        else:
            guess = {"g.seat-0": [known]}
            await layer.group_add("g.seat-0" if change == "joined" else "g.watch", other)
        found = redis_layer.send_if_members(layer, ["g.seat-0", "g.watch"], guess,
                                            {"g.seat-0": (guess["g.seat-0"], {"type": "game.state", "seq": 4})})
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(known), 0.3)
        return found, known, other

    found, known, other = run(scenario, layer_config)
    expected = {"joined": {"g.seat-0": sorted([known, other])}, "left": {"g.seat-0": [known]},
                "joined another group": {"g.seat-0": [known], "g.watch": [other]}}[change]
    assert {g: sorted(c) for g, c in found.items()} == expected


def test_a_member_past_the_group_expiry_does_not_count_against_the_guess(layer_config):
    async def scenario(layer):
        fresh, stale = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("g.watch", fresh)
        await layer.group_add("g.watch", stale)
        connection = redis_layer.client(layer, 0)
        connection.zadd(layer._group_key("g.watch"), {stale: int(time.time()) - layer.group_expiry - 10})
        left = redis_layer.send_if_members(layer, ["g.watch"], {"g.watch": [fresh]},
                                           {"g.watch": ([fresh], {"type": "game.state", "seq": 5})})
        return left, await asyncio.wait_for(layer.receive(fresh), 5)

    left, received = run(scenario, layer_config)
    assert left is None and received["seq"] == 5
