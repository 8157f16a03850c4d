"""Chat over the game's WebSocket and the inbox count over /ws/me/ (issue 19, items 5 and 1), on
both channel layers: each line reaches the sockets of its room's readers only."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games import chat, chat_live, presence, services
from games.models import ChatMessage
from games.realtime import tickets
from tests.conftest import accepted_game
from tests.games.realtime import test_consumers as shared

# The consumer tests' fixtures: both channel layers, and the consumers' connections closed after.
layer, close_consumer_connections, connect = shared.layer, shared.close_consumer_connections, shared.connect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def pair(dice_game, alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


@pytest.fixture
def carol(make_user):
    return make_user("carol")


async def opened(game, *users):
    """A socket per user, past its first state message."""
    sockets = []
    for user in users:
        socket = await connect(game.pk, user)
        assert (await socket.receive_json_from(timeout=5))["type"] == "state"
        sockets.append(socket)
    return sockets


async def test_a_players_line_reaches_the_players_only(layer, pair, alice, bob, carol):
    a, b, c = await opened(pair, alice, bob, carol)
    await sync_to_async(chat.post)(user=alice, game_id=pair.pk, room="players", text="<b>hi</b>")
    for socket in (a, b):
        line = await socket.receive_json_from(timeout=5)
        assert line["type"] == "chat" and line["room"] == "players" and line["text"] == "<b>hi</b>"
        assert await socket.receive_nothing(timeout=0.3)  # once, though alice's socket is in one group only
    assert await c.receive_nothing(timeout=0.5)
    for socket in (a, b, c):
        await socket.disconnect()


async def test_a_spectators_line_reaches_the_spectators_only_while_the_game_runs(layer, pair, alice, bob, carol):
    a, b, c = await opened(pair, alice, bob, carol)
    await sync_to_async(chat.post)(user=carol, game_id=pair.pk, room="spectators", text="roll!")
    assert (await c.receive_json_from(timeout=5))["text"] == "roll!"
    assert await a.receive_nothing(timeout=0.5) and await b.receive_nothing(timeout=0.1)
    for socket in (a, b, c):
        await socket.disconnect()


async def test_a_chat_frame_writes_a_line_and_refusals_come_back_as_errors(layer, pair, alice, bob, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "chat": "1/m"}
    a, b = await opened(pair, alice, bob)
    await a.send_json_to({"type": "chat", "room": "players", "text": "hello bob"})
    replies = [await a.receive_json_from(timeout=5) for _ in range(2)]  # the ack and the line, in either order
    assert {r["type"] for r in replies} == {"chat.sent", "chat"}
    assert (await b.receive_json_from(timeout=5))["text"] == "hello bob"
    await a.send_json_to({"type": "chat", "room": "players", "text": "again"})
    refused = await a.receive_json_from(timeout=5)
    assert refused["status"] == 429 and refused["retry_after"] >= 1
    await b.send_json_to({"type": "chat", "room": "players", "text": ""})
    refused = await b.receive_json_from(timeout=5)
    assert refused["status"] == 400 and refused["field"] == "text"
    await b.send_json_to({"type": "chat", "room": "spectators", "text": "hi"})
    assert (await b.receive_json_from(timeout=5))["status"] == 403
    for socket in (a, b):
        await socket.disconnect()


async def test_a_muted_user_is_refused_on_the_socket_at_the_moment_of_writing(layer, pair, alice, make_user):
    (a,) = await opened(pair, alice)
    moderator = await sync_to_async(make_user)("mod", is_staff=True)
    await sync_to_async(chat.mute)(moderator=moderator, username="alice", reason="spam")
    await a.send_json_to({"type": "chat", "room": "players", "text": "hi"})
    refused = await a.receive_json_from(timeout=5)
    assert refused["status"] == 403 and "muted" in refused["error"]
    await a.disconnect()


async def test_a_hidden_line_is_withdrawn_from_open_pages_without_its_text(layer, pair, alice, bob, make_user):
    (b,) = await opened(pair, bob)
    line = await sync_to_async(chat.post)(user=alice, game_id=pair.pk, room="players", text="rude words")
    assert (await b.receive_json_from(timeout=5))["id"] == line["id"]
    moderator = await sync_to_async(make_user)("mod", is_staff=True)
    await sync_to_async(chat.hide)(moderator=moderator, message_id=line["id"], reason="insult")
    withdrawn = await b.receive_json_from(timeout=5)
    assert withdrawn["id"] == line["id"] and withdrawn["hidden"] and "rude" not in str(withdrawn)
    await b.disconnect()


async def connect_me(user):
    from config.asgi import application

    ticket = await sync_to_async(tickets.issue)(user)
    socket = WebsocketCommunicator(application, f"/ws/me/?ticket={ticket}",
                                   headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")])
    connected, _ = await socket.connect()
    assert connected
    return socket


async def test_the_inbox_count_reaches_the_notified_users_own_socket(layer, pair, alice, bob):
    """One message per notified user: bob is told of alice's line (he is away), alice of nothing."""
    me_alice, me_bob = await connect_me(alice), await connect_me(bob)
    await sync_to_async(presence.mark)(alice.pk, pair.pk)
    await sync_to_async(chat.post)(user=alice, game_id=pair.pk, room="players", text="are you there?")
    told = await me_bob.receive_json_from(timeout=5)
    unread = await sync_to_async(lambda: bob.notifications.filter(read_at__isnull=True).count())()
    assert told == {"type": "inbox", "unread": unread} and unread >= 1
    assert await me_bob.receive_nothing(timeout=0.3)
    assert await me_alice.receive_nothing(timeout=0.3)
    await sync_to_async(services.resign)(user=alice, game_id=pair.pk)  # bob is told the game ended
    assert (await me_bob.receive_json_from(timeout=5))["unread"] == unread + 1
    for socket in (me_alice, me_bob):
        await socket.disconnect()


async def test_a_visitor_has_no_inbox_socket(layer, db):
    from config.asgi import application

    socket = WebsocketCommunicator(application, "/ws/me/", headers=[(b"origin", b"http://localhost"),
                                                                     (b"host", b"localhost")])
    connected, code = await socket.connect()
    assert not connected and code == 4403


async def test_a_move_sends_the_next_players_inbox_count_live(layer, pair, alice, bob):
    """The move's own executor (one statement on PostgreSQL, the locked one on SQLite) writes the
    inbox work with its "your move" notification: bob's page hears his count."""
    me_bob = await connect_me(bob)
    await sync_to_async(services.submit_action)(user=alice, game_id=pair.pk, text="roll", expected_seq=pair.seq)
    told = await me_bob.receive_json_from(timeout=5)
    unread = await sync_to_async(lambda: bob.notifications.filter(read_at__isnull=True).count())()
    assert told == {"type": "inbox", "unread": unread}
    assert await sync_to_async(lambda: bob.notifications.filter(kind="your_move").exists())()
    await me_bob.disconnect()


async def test_a_hot_seat_player_hears_each_line_once_even_out_of_order(layer, dice_game, alice, bob):
    """alice holds both seats (two seat groups): each line reaches her page once, an older line
    arriving after a newer one included."""
    game = await sync_to_async(accepted_game)(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "alice"}])
    (a,) = await opened(game, alice)
    made = [await sync_to_async(ChatMessage.objects.create)(game=game, room="players", author=alice, text=t)
            for t in ("first", "second")]
    for line in reversed(made):  # the newer line's hand-off first
        await sync_to_async(chat_live.send)(line.pk)
    heard = [(await a.receive_json_from(timeout=5))["text"] for _ in range(2)]
    assert heard == ["second", "first"]
    assert await a.receive_nothing(timeout=0.3)
    await a.disconnect()
