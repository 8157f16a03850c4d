"""The game's WebSocket: each user gets their own view after every event, on both channel layers."""

import asyncio
import json
import os

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.db import connections

from config.settings import channel_layers_for
from engine import get_game
from games import services
from games.realtime import tickets
from tests.conftest import accepted_game, require

pytestmark = pytest.mark.django_db(transaction=True)

REDIS_URL = os.environ.get("REDIS_URL", "")


@pytest.fixture(params=["memory", "redis"])
def layer(request, settings):
    """Run each test on the in-memory layer and on channels-redis (configured as in settings)."""
    if request.param == "redis":
        require(bool(REDIS_URL), "REDIS_URL is not set: channels-redis cannot be tested")
    # The very configuration the settings build, with a prefix of this test run's own.
    settings.CHANNEL_LAYERS = channel_layers_for(REDIS_URL if request.param == "redis" else "", f"test{os.getpid()}")
    channel_layers.backends.clear()
    yield request.param
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
async def close_consumer_connections():
    """Consumers reach the database from asgiref's worker thread: close its connection afterwards,
    or the test database cannot be dropped at the end of the run."""
    yield
    await sync_to_async(connections.close_all)()


async def connect(game_id, user=None):
    from config.asgi import application

    query = ""
    if user is not None:
        ticket = await sync_to_async(tickets.issue)(user)
        query = f"?ticket={ticket}"
    communicator = WebsocketCommunicator(
        application, f"/ws/games/{game_id}/{query}", headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")]
    )
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@pytest.fixture
def dice_pair(dice_game, alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


async def test_each_seat_and_a_spectator_get_their_own_view_after_a_move(layer, dice_pair, alice, bob):
    game = dice_pair
    sockets = {"alice": await connect(game.pk, alice), "bob": await connect(game.pk, bob), "spectator": await connect(game.pk)}
    first = {name: await s.receive_json_from(timeout=5) for name, s in sockets.items()}
    assert first["alice"]["seat"] == "a" and first["alice"]["legal"] == ["roll"]
    assert first["bob"]["seat"] == "b" and first["bob"]["legal"] == []
    assert first["spectator"]["seat"] is None
    deal = await sync_to_async(lambda: game.events.get(kind="chance").notation)()
    for message in first.values():
        assert message["view"]["deck"] == "hidden" and deal not in str(message)

    await sync_to_async(services.submit_action)(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    after = {name: await s.receive_json_from(timeout=5) for name, s in sockets.items()}
    for message in after.values():
        assert message["seq"] == game.seq + 2  # the move and its roll
        assert len(message["view"]["rolls"][0]) == 1
        assert deal not in str(message)
    assert after["bob"]["legal"] == ["roll"] and after["alice"]["legal"] == []
    for s in sockets.values():
        await s.disconnect()


async def test_a_move_sent_over_the_socket_is_played_and_errors_are_reported(layer, dice_pair, alice):
    game = dice_pair
    socket = await connect(game.pk, alice)
    await socket.receive_json_from(timeout=5)
    await socket.send_json_to({"type": "action", "action": "roll", "expected_seq": game.seq - 1})
    refused = await socket.receive_json_from(timeout=5)
    assert refused["type"] == "error" and refused["status"] == 409
    await socket.send_json_to({"type": "action", "action": "roll", "expected_seq": game.seq})
    messages = [await socket.receive_json_from(timeout=5) for _ in range(2)]
    assert {m["type"] for m in messages} == {"accepted", "state"}
    await socket.send_json_to({"type": "resync"})
    resync = await socket.receive_json_from(timeout=5)
    assert resync["type"] == "state" and resync["seq"] == game.seq + 2
    await socket.disconnect()


async def test_an_idle_socket_still_receives_a_later_move(layer, dice_pair, alice, bob):
    """redis-py 8 times out idle reads after 5 s unless the layer says otherwise (NOTES)."""
    game = dice_pair
    socket = await connect(game.pk, bob)
    await socket.receive_json_from(timeout=5)
    await asyncio.sleep(6.5)
    await sync_to_async(services.submit_action)(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    message = await socket.receive_json_from(timeout=5)
    assert message["seq"] == game.seq + 2 and message["legal"] == ["roll"]
    await socket.disconnect()


async def test_an_unknown_game_is_refused(layer, db):
    from config.asgi import application

    communicator = WebsocketCommunicator(application, "/ws/games/999999/", headers=[(b"origin", b"http://localhost")])
    connected, code = await communicator.connect()
    assert not connected and code == 4404


async def test_a_move_reaches_every_socket_without_the_consumers_reading_the_database(layer, dice_pair, alice, bob,
                                                                                    monkeypatch):
    """Issue 16.3: the broadcast carries each seat's view, computed once per seat by the writer."""
    from games.realtime import consumers

    game = dice_pair
    sockets = {"alice": await connect(game.pk, alice), "bob": await connect(game.pk, bob), "spectator": await connect(game.pk)}
    for s in sockets.values():
        await s.receive_json_from(timeout=5)

    def no_reads(*args):
        raise AssertionError("a consumer read the database for an ordinary move")

    monkeypatch.setattr(consumers, "_snapshot", no_reads)
    await sync_to_async(services.submit_action)(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    after = {name: await s.receive_json_from(timeout=5) for name, s in sockets.items()}
    assert {m["seq"] for m in after.values()} == {game.seq + 2}
    assert (after["alice"]["seat"], after["bob"]["seat"], after["spectator"]["seat"]) == ("a", "b", None)
    assert after["bob"]["legal"] == ["roll"] and after["alice"]["legal"] == after["spectator"]["legal"] == []
    for s in sockets.values():
        assert await s.receive_nothing(timeout=0.3)  # one message each, none twice
        await s.disconnect()


async def test_a_live_update_is_forwarded_without_a_hop_to_a_database_thread(layer, dice_pair, alice, monkeypatch):
    """Channels closes stale database connections before each message it dispatches (a hop to a
    worker thread and back); a layer's ready-made message needs no database and skips it, a frame
    from the page does not."""
    import channels.consumer

    hops, real = [], channels.consumer.aclose_old_connections

    async def counted():
        hops.append(1)
        await real()

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    game = dice_pair
    socket = await connect(game.pk, alice)
    await socket.receive_json_from(timeout=5)
    before = len(hops)
    await sync_to_async(services.submit_action)(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    assert (await socket.receive_json_from(timeout=5))["seq"] == game.seq + 2
    assert len(hops) == before  # the live update went straight to its handler
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong"
    assert len(hops) == before + 1  # the page's frame was dispatched as channels does
    await socket.disconnect()


async def test_a_frame_is_the_json_of_its_message_whatever_its_numbers_and_keys():
    from games.realtime.consumers import ForwardingConsumer

    message = {"seq": 7, "by_seat": {0: "a", 1: "b"}, "huge": 2**70, "text": "naïve"}
    assert json.loads(await ForwardingConsumer.encode_json(message)) == {
        "seq": 7, "by_seat": {"0": "a", "1": "b"}, "huge": 2**70, "text": "naïve"}


async def test_a_hot_seat_player_gets_the_view_of_the_seat_to_act_once(layer, dice_game, alice):
    game = await sync_to_async(services.create_game)(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "alice"}])
    socket = await connect(game.pk, alice)
    first = await socket.receive_json_from(timeout=5)
    assert first["seat"] == "a"
    await sync_to_async(services.submit_action)(user=alice, game_id=game.pk, text="roll", expected_seq=first["seq"])
    message = await socket.receive_json_from(timeout=5)
    assert message["seat"] == "b" and message["legal"] == ["roll"]  # the seat now to act
    assert await socket.receive_nothing(timeout=0.3)
    await socket.disconnect()


async def test_a_spectator_who_takes_a_seat_gets_the_seats_view(layer, alice, bob):
    game = await sync_to_async(services.create_game)(creator=alice, name="paso")
    socket = await connect(game.pk, bob)
    first = await socket.receive_json_from(timeout=5)
    assert first["seat"] is None
    await sync_to_async(services.join_game)(user=bob, game_id=game.pk)
    message = await socket.receive_json_from(timeout=5)
    assert message["seat"] == get_game("paso").seat_name(2, 1)  # bob's seat's view, read once on the change
    assert message["game"]["status"] == "active"
    await socket.disconnect()


async def test_a_handshake_while_the_channel_layer_is_away_is_closed_with_4503(settings, dice_pair, alice):
    """Not an HTTP 500: the page knows 4503 and polls until the layer is back."""
    from config.asgi import application

    settings.CHANNEL_LAYERS = channel_layers_for("redis://127.0.0.1:9/0", f"away{os.getpid()}")  # nothing listens
    channel_layers.backends.clear()
    try:
        ticket = await sync_to_async(tickets.issue)(alice)
        communicator = WebsocketCommunicator(application, f"/ws/games/{dice_pair.pk}/?ticket={ticket}",
                                             headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")])
        connected, _ = await communicator.connect(timeout=10)
        assert connected  # accepted, so that the close code reaches the page
        closed = await communicator.receive_output(timeout=10)
        assert closed == {"type": "websocket.close", "code": 4503}
    finally:
        channel_layers.backends.clear()


async def test_an_open_page_marks_its_user_present_and_its_heartbeat_is_answered(layer, dice_pair, alice, bob):
    from django.core.cache import cache

    from games import presence

    game = dice_pair
    await sync_to_async(cache.clear)()
    spectator = await connect(game.pk)  # anonymous: nobody to mark
    socket = await connect(game.pk, alice)
    await socket.receive_json_from(timeout=5)
    await spectator.receive_json_from(timeout=5)
    assert await sync_to_async(presence.present)([alice.pk, bob.pk], game.pk) == {alice.pk}

    await sync_to_async(cache.clear)()  # the mark lapsed: the next heartbeat renews it
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from(timeout=5) == {"type": "pong"}
    assert await sync_to_async(presence.is_present)(alice.pk, game.pk)
    assert not await sync_to_async(presence.is_present)(bob.pk, game.pk)
    await socket.disconnect()
    await spectator.disconnect()


async def test_a_socket_of_the_writers_process_is_handed_its_update_and_another_process_hears_it_through_redis(
        settings, dice_pair, alice, monkeypatch):
    """Issue 16.3: a live update skips Redis for the sockets of the writer's own process
    (``games.nearby``); a channel of another process in the same group still gets it through Redis."""
    from channels_redis.core import RedisChannelLayer

    from games import broadcast, redis_layer

    require(bool(REDIS_URL), "REDIS_URL is not set: channels-redis cannot be tested")
    settings.CHANNEL_LAYERS = channel_layers_for(REDIS_URL, f"near{os.getpid()}")
    channel_layers.backends.clear()
    game = dice_pair
    socket = await connect(game.pk, alice)
    await socket.receive_json_from(timeout=5)
    elsewhere = RedisChannelLayer(**settings.CHANNEL_LAYERS["default"]["CONFIG"])  # as another daphne's
    other = await elsewhere.new_channel()
    await elsewhere.group_add(broadcast.seat_group(game.pk, 0), other)
    through_redis, real = [], redis_layer.send

    def recorded(layer, to_groups):
        through_redis.extend(c for channels, _ in to_groups.values() for c in channels)
        real(layer, to_groups)

    monkeypatch.setattr(redis_layer, "send", recorded)
    await sync_to_async(services.submit_action)(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    assert (await socket.receive_json_from(timeout=5))["seq"] == game.seq + 2
    heard = await asyncio.wait_for(elsewhere.receive(other), 5)
    assert heard["type"] == "game.state" and heard["seq"] == game.seq + 2 and heard["for_seat"] == 0
    assert through_redis == [other]  # only the other process's channel went through Redis
    await socket.disconnect()
    await elsewhere.flush()
    channel_layers.backends.clear()


async def test_a_later_update_goes_to_the_last_ones_members_in_one_script_and_reaches_a_socket_that_joined_since(
        settings, dice_pair, monkeypatch):
    """Issue 16.3: the groups' members Redis gave for a game's last update are sent to at once, by
    a script that checks them (one round trip, not two); when a socket of another process joined
    since, the script stores nothing, and the members it found are sent to: nothing is lost."""
    from collections import Counter

    from channels_redis.core import RedisChannelLayer

    from games import broadcast, redis_layer

    require(bool(REDIS_URL), "REDIS_URL is not set: channels-redis cannot be tested")
    settings.CHANNEL_LAYERS = channel_layers_for(REDIS_URL, f"seen{os.getpid()}")
    channel_layers.backends.clear()
    monkeypatch.setattr(broadcast, "_members_seen", broadcast._SeenMembers())
    game = dice_pair
    elsewhere = RedisChannelLayer(**settings.CHANNEL_LAYERS["default"]["CONFIG"])  # as another daphne's
    seated = await elsewhere.new_channel()
    await elsewhere.group_add(broadcast.seat_group(game.pk, 0), seated)
    calls = Counter()

    def counted(name, real):
        def call(*args):
            calls[name] += 1
            return real(*args)
        return call

    for name in ("members", "send", "send_if_members"):
        monkeypatch.setattr(redis_layer, name, counted(name, getattr(redis_layer, name)))

    async def update() -> Counter:
        calls.clear()
        await sync_to_async(broadcast.send)(game.pk, game.seq)
        return Counter(calls)

    assert await update() == {"members": 1, "send": 1}  # nothing known yet: members read, then sent
    assert (await asyncio.wait_for(elsewhere.receive(seated), 5))["for_seat"] == 0
    assert await update() == {"send_if_members": 1}  # the same members: one script
    assert (await asyncio.wait_for(elsewhere.receive(seated), 5))["for_seat"] == 0
    watching = await elsewhere.new_channel()
    await elsewhere.group_add(broadcast.watch_group(game.pk), watching)
    assert await update() == {"send_if_members": 1, "send": 1}  # a newcomer: found by the script, then sent
    heard = {(await asyncio.wait_for(elsewhere.receive(c), 5))["for_seat"] for c in (seated, watching)}
    assert heard == {0, None}
    assert await update() == {"send_if_members": 1}  # and known from then on
    await elsewhere.flush()
    channel_layers.backends.clear()
