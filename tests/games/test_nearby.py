"""This process's sockets: a live update handed from a writer's thread into the socket's own loop."""

import asyncio
import threading

import pytest

from games import nearby


def hand_from_a_writer_thread(channels, message):
    out = {}
    writer = threading.Thread(target=lambda: out.update(elsewhere=nearby.hand(channels, message)))
    writer.start()
    writer.join()
    return out["elsewhere"]


def test_a_channel_of_this_process_gets_the_message_and_the_others_are_left_for_redis():
    async def scenario():
        queue = nearby.listen("specific.here!1", capacity=10)
        try:
            elsewhere = hand_from_a_writer_thread(["specific.here!1", "specific.there!2"], {"type": "game.state", "seq": 3})
            return elsewhere, await asyncio.wait_for(queue.get(), 5)
        finally:
            nearby.leave("specific.here!1")

    elsewhere, received = asyncio.run(scenario())
    assert elsewhere == ["specific.there!2"]
    assert received == {"type": "game.state", "seq": 3}


def test_the_groups_of_this_process_s_channels_are_known_until_they_leave_them_or_close():
    async def scenario():
        nearby.listen("specific.here!a", capacity=10)
        nearby.listen("specific.here!b", capacity=10)
        nearby.joined("specific.here!a", "game-1.seat-0")
        nearby.joined("specific.here!b", "game-1.seat-0")
        nearby.joined("specific.here!b", "game-1.watch")
        nearby.joined("specific.other!c", "game-1.watch")  # not this process's: never named
        seen = [nearby.members(["game-1.seat-0", "game-1.seat-1", "game-1.watch"])]
        nearby.left("specific.here!a", "game-1.seat-0")
        seen.append(nearby.members(["game-1.seat-0", "game-1.watch"]))
        nearby.leave("specific.here!b")
        seen.append(nearby.members(["game-1.seat-0", "game-1.watch"]))
        nearby.leave("specific.here!a")
        return seen

    assert asyncio.run(scenario()) == [
        {"game-1.seat-0": ["specific.here!a", "specific.here!b"], "game-1.watch": ["specific.here!b"]},
        {"game-1.seat-0": ["specific.here!b"], "game-1.watch": ["specific.here!b"]},
        {},
    ]


def test_a_channel_that_left_is_sent_through_redis_again():
    async def scenario():
        nearby.listen("specific.here!gone", capacity=10)
        nearby.leave("specific.here!gone")
        return hand_from_a_writer_thread(["specific.here!gone"], {"type": "game.state"})

    assert asyncio.run(scenario()) == ["specific.here!gone"]


def test_a_channel_at_its_capacity_is_not_given_more():
    async def scenario():
        queue = nearby.listen("specific.here!full", capacity=2)
        try:
            for seq in range(4):
                hand_from_a_writer_thread(["specific.here!full"], {"type": "game.state", "seq": seq})
            await asyncio.sleep(0.05)  # the loop runs the hand-overs
            return [queue.get_nowait()["seq"] for _ in range(queue.qsize())]
        finally:
            nearby.leave("specific.here!full")

    assert asyncio.run(scenario()) == [0, 1]


def test_a_channel_whose_loop_has_closed_is_left_for_redis():
    loop = asyncio.new_event_loop()
    loop.run_until_complete(_listen("specific.here!closed"))
    loop.close()
    try:
        assert nearby.hand(["specific.here!closed"], {"type": "game.state"}) == ["specific.here!closed"]
    finally:
        nearby.leave("specific.here!closed")


async def _listen(channel):
    nearby.listen(channel, capacity=1)


@pytest.fixture(autouse=True)
def nothing_registered_after():
    yield
    assert not nearby._here and not nearby._groups and not nearby._joined
