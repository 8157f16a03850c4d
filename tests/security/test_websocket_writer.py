"""The game's WebSocket: tickets instead of tokens in the URL, every move's writer checked again,
and frames that are not a JSON object answered with an error on a socket that stays open."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.utils import timezone

from config.settings import channel_layers_for
from games import moderation
from games.models import Event, SocketTicket
from tests.conftest import accepted_game, client_for, token_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def memory_layer(settings):
    settings.CHANNEL_LAYERS = channel_layers_for("")
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
async def close_consumer_connections():
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture
def dice_pair(dice_game, alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


async def open_socket(game_id, query="", cookie=None):
    from config.asgi import application

    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if cookie:
        headers.append((b"cookie", cookie.encode("latin-1")))
    socket = WebsocketCommunicator(application, f"/ws/games/{game_id}/{query}", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    first = await socket.receive_json_from(timeout=5)
    return socket, first


def ticket_with(client) -> str:
    answer = client.post("/api/auth/ws-ticket")
    assert answer.status_code == 201, answer.content
    return answer.json()["ticket"]


async def roll(socket, seq):
    await socket.send_json_to({"type": "action", "action": "roll", "expected_seq": seq})
    return await socket.receive_json_from(timeout=5)


def events_of(game):
    return Event.objects.filter(game=game).count()


async def test_a_token_in_the_url_no_longer_authenticates(dice_pair, alice):
    token = await sync_to_async(token_for)(alice)
    socket, first = await open_socket(dice_pair.pk, f"?token={token}")
    assert first["seat"] is None and first["legal"] == []
    refused = await roll(socket, dice_pair.seq)
    assert refused["type"] == "error" and refused["status"] == 403
    assert await sync_to_async(events_of)(dice_pair) == dice_pair.seq
    await socket.disconnect()


async def test_a_ticket_admits_one_connection_once(dice_pair, alice):
    client = await sync_to_async(client_for)(alice)
    ticket = await sync_to_async(ticket_with)(client)
    socket, first = await open_socket(dice_pair.pk, f"?ticket={ticket}")
    assert first["seat"] == "a" and first["legal"] == ["roll"]
    again, second = await open_socket(dice_pair.pk, f"?ticket={ticket}")
    assert second["seat"] is None  # used: a visitor
    answer = await roll(socket, dice_pair.seq)
    assert answer["type"] in ("accepted", "state")
    await socket.disconnect()
    await again.disconnect()


async def test_an_expired_or_unknown_ticket_is_a_visitor(dice_pair, alice):
    client = await sync_to_async(client_for)(alice)
    ticket = await sync_to_async(ticket_with)(client)
    await sync_to_async(SocketTicket.objects.update)(expires_at=timezone.now() - timedelta(seconds=1))
    for query in (f"?ticket={ticket}", "?ticket=nonsense", "?ticket=" + "x" * 5000, "?ticket=%ff%fe"):
        socket, first = await open_socket(dice_pair.pk, query)
        assert first["seat"] is None
        await socket.disconnect()


async def test_a_handshake_with_a_nul_anywhere_is_refused_before_any_lookup(dice_pair):
    """As HTTP answers 400 (games.middleware), a NUL in the query, a header or a cookie (quoted
    "\\000" included) closes the handshake with 4400: no session or ticket is looked up with it."""
    from config.asgi import application

    base = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    cases = [
        ("?ticket=%00", []),
        ("", [(b"cookie", b"sessionid=abcdefghijklmno\x00pqrstuvwxyz0123456")]),
        ("", [(b"cookie", b'sessionid="abcdefghijklmno\\000pqrstuvwxyz0123456"')]),
        ("", [(b"x-anything", b"a\x00b")]),
    ]
    for query, headers in cases:
        socket = WebsocketCommunicator(application, f"/ws/games/{dice_pair.pk}/{query}", headers=base + headers)
        connected, code = await socket.connect()
        assert (connected, code) == (False, 4400), (query, headers)
        await socket.disconnect()


async def test_a_cookie_with_bad_bytes_is_a_visitor_never_a_crash(dice_pair):
    socket, first = await open_socket(dice_pair.pk, cookie="sessionid=" + "\xff\xfe" * 20)
    assert first["seat"] is None
    await socket.disconnect()


async def test_a_user_suspended_after_connecting_cannot_move(dice_pair, alice, make_user):
    moderator = await sync_to_async(make_user)("mod", is_staff=True)
    client = await sync_to_async(client_for)(alice)
    socket, first = await open_socket(dice_pair.pk, f"?ticket={await sync_to_async(ticket_with)(client)}")
    assert first["seat"] == "a"
    await sync_to_async(moderation.suspend)(moderator=moderator, username="alice", reason="abuse")
    messages = [await socket.receive_json_from(timeout=5)]  # the suspension's event in the game
    before = await sync_to_async(events_of)(dice_pair)
    refused = await roll(socket, messages[-1]["seq"])
    assert refused["type"] == "error" and refused["status"] == 403
    assert await sync_to_async(events_of)(dice_pair) == before
    await socket.disconnect()


async def test_a_socket_stops_writing_when_its_token_is_logged_out(dice_pair, alice):
    client = await sync_to_async(client_for)(alice)
    socket, first = await open_socket(dice_pair.pk, f"?ticket={await sync_to_async(ticket_with)(client)}")
    assert first["seat"] == "a"
    assert (await sync_to_async(client.post)("/api/auth/logout")).status_code == 204
    refused = await roll(socket, dice_pair.seq)
    assert refused["type"] == "error" and refused["status"] == 403
    assert await sync_to_async(events_of)(dice_pair) == dice_pair.seq
    await socket.disconnect()


async def test_a_browser_socket_stops_writing_when_its_session_logs_out(dice_pair, alice):
    from django.test import Client

    browser = Client()
    await sync_to_async(browser.force_login)(alice)
    cookie = f"sessionid={browser.cookies['sessionid'].value}"
    socket, first = await open_socket(dice_pair.pk, cookie=cookie)
    assert first["seat"] == "a"
    assert (await sync_to_async(browser.post)("/logout/")).status_code == 302
    refused = await roll(socket, dice_pair.seq)
    assert refused["type"] == "error" and refused["status"] == 403
    assert await sync_to_async(events_of)(dice_pair) == dice_pair.seq
    await socket.disconnect()


async def test_a_browser_socket_plays_by_its_session(dice_pair, alice):
    from django.test import Client

    browser = Client()
    await sync_to_async(browser.force_login)(alice)
    socket, first = await open_socket(dice_pair.pk, cookie=f"sessionid={browser.cookies['sessionid'].value}")
    assert first["seat"] == "a"
    answers = [await roll(socket, dice_pair.seq), await socket.receive_json_from(timeout=5)]
    assert {a["type"] for a in answers} == {"accepted", "state"}
    await socket.disconnect()


@pytest.mark.parametrize("frame", [
    "not json", "[1, 2]", "42", '"text"', "null", "{", "[" * 20000 + "]" * 20000, "x" * 70000,
    "1" * 5000,
])
async def test_a_frame_that_is_not_a_json_object_is_a_400_and_the_socket_stays_open(dice_pair, frame):
    socket, _ = await open_socket(dice_pair.pk)
    await socket.send_to(text_data=frame)
    error = await socket.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["status"] == 400 and error["error"]
    await socket.send_json_to({"type": "resync"})
    assert (await socket.receive_json_from(timeout=5))["type"] == "state"
    await socket.disconnect()


async def test_a_binary_frame_is_a_400_and_the_socket_stays_open(dice_pair):
    socket, _ = await open_socket(dice_pair.pk)
    await socket.send_to(bytes_data=b"\x00\x01")
    error = await socket.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["status"] == 400
    await socket.send_json_to({"type": "resync"})
    assert (await socket.receive_json_from(timeout=5))["type"] == "state"
    await socket.disconnect()
