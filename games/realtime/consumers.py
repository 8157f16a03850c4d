"""The game's live channel: each connection gets its own user's view after every event.

A connection joins the groups of the seats its user holds, or the watchers' group
(``games.broadcast``): each write's message to a group already holds that group's view, computed
once per seat, so an ordinary move reaches every socket without a database read, and nothing
hidden passes to a group that may not see it. A user holding several seats (hot seat) is sent the
view of the seat to act. When the seats change hands the connection changes groups and reads its
view once. A client that missed messages sends ``{"type": "resync"}`` (or simply reconnects) and
gets the current view with its ``seq``.

When the channel layer (Redis) is away, a handshake is accepted and closed at once with
``LAYER_AWAY`` (4503), and an open connection whose layer fails is closed the same way: the page
falls back to polling and reconnects later, never sees an HTTP 500 or a bare 1011.

A frame that is not a JSON object (binary, malformed, too deep or too long) is answered with an
error and the socket stays open. Before each move the connection's credential is checked again
(``realtime.auth.writer``) and the move counts against the user's write rate.
"""

import asyncio
import functools
import json
import logging

import orjson
from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch

from games import broadcast, chat, nearby, presence, selectors, services, throttles
from games.errors import ServiceError
from games.realtime import reader
from games.realtime.auth import writer
from transparency.signing import receipt_for

try:  # channels-redis's client; absent on the embedded default's in-memory layer
    from redis.exceptions import RedisError
except ImportError:  # pragma: no cover
    RedisError = OSError

log = logging.getLogger(__name__)

#: Close code of a connection whose channel layer is away: poll, and reconnect later.
LAYER_AWAY = 4503
_LAYER_ERRORS = (OSError, asyncio.TimeoutError, RedisError)

#: The longest frame read: a move is a few dozen characters.
MAX_FRAME = 16 * 1024
#: Chat lines a connection remembers having forwarded (a hot-seat user's seat groups each get a line).
CHAT_SEEN = 64
ENDED = "your session or token has ended, or your account is suspended: log in again and reconnect"


@database_sync_to_async
def _snapshot(game_id: int, user) -> tuple[dict | None, list[int]]:
    """The user's current message and the seats they hold (None: no such game)."""
    game = selectors.Game.objects.filter(pk=game_id).first()
    if game is None:
        return None, []
    message = {
        "type": "state",
        "game": selectors.game_summary(game),
        **selectors.view_for(game, user),
        "legal": selectors.legal_for(game, user)["actions"],
    }
    return message, selectors.seats_of(game, user)


@database_sync_to_async
def _act(game_id: int, credential, content: dict) -> dict:
    user = writer(credential)
    if user is None:
        return {"type": "error", "status": 403, "error": ENDED}
    written = throttles.socket_write(user)
    if not written.allowed():
        return {"type": "error", "status": 429, "error": "too many moves: wait and retry", "retry_after": written.wait()}
    written.record()
    try:
        result = services.submit_action(
            user=user,
            game_id=game_id,
            text=str(content.get("action", "")),
            expected_seq=content.get("expected_seq"),
            idempotency_key=content.get("idempotency_key"),
        )
    except ServiceError as exc:
        return {"type": "error", "status": exc.status, **exc.body()}
    return {"type": "accepted", **result, "receipt": receipt_for(result["game"], result["seq"])}


@database_sync_to_async
def _chat(game_id: int, credential, content: dict) -> dict:
    """A chat frame: the writer checked again now (``realtime.auth.writer``, then ``chat.post``:
    suspension, seat, mute, rate). The line itself comes back to every reader through the outbox."""
    user = writer(credential)
    if user is None:
        return {"type": "error", "status": 403, "error": ENDED}
    try:
        line = chat.post(user=user, game_id=game_id, room=content.get("room"), text=content.get("text"))
    except ServiceError as exc:
        return {"type": "error", "status": exc.status, **exc.body()}
    return {"type": "chat.sent", "id": line["id"]}


class ForwardingConsumer(AsyncJsonWebsocketConsumer):
    """A socket that forwards what the channel layer brings it, without the database.

    Channels closes the thread's stale database connections before every message it dispatches
    (``aclose_old_connections``: a hop to a worker thread and back, on every write's live update).
    The layer's messages here are ready-made (a write's view, a chat line, an inbox count), and
    every read these consumers make goes through ``database_sync_to_async``, which closes stale
    connections in its own thread: so layer messages are dispatched straight to their handler.

    Its channel is also named in ``games.nearby``: a write of this same process hands it its
    messages through a queue on this loop rather than through Redis, and on channels-redis the
    messages Redis holds for it are put in the same queue by its loop's one reader
    (``realtime.reader``), not read by a ``receive`` of its own."""

    #: The channel layer's message types (``games.broadcast``, ``chat_live``, ``inbox_live``).
    FORWARDED = frozenset({"game.state", "chat.line", "inbox.unread"})

    async def __call__(self, scope, receive, send):
        try:
            await self._serve(scope, receive, send)
        except _LAYER_ERRORS as exc:  # the layer went away under an open connection
            log.warning("%s socket closed: channel layer away (%s)", scope.get("path", "a"), exc)
            await send({"type": "websocket.close", "code": LAYER_AWAY})

    async def _serve(self, scope, receive, send):
        """Channels' own ``AsyncConsumer.__call__`` (channels 4.3), with a third source of messages:
        the queue this process's writers hand this channel's messages to (``games.nearby``)."""
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        if self.channel_layer is None:
            return await super().__call__(scope, receive, send)
        self.channel_name = await self.channel_layer.new_channel()
        self.base_send = send
        handed = nearby.listen(self.channel_name, self.channel_layer.capacity)
        sources = [receive, handed.get]
        read_here = reader.reads_for(self.channel_layer)
        if read_here:  # Redis's messages for this channel arrive in ``handed`` too
            reader.attach(self.channel_layer, self.channel_name)
        else:
            sources.append(functools.partial(self.channel_layer.receive, self.channel_name))
        try:
            await await_many_dispatch(sources, self.dispatch)
        except StopConsumer:
            pass
        finally:
            nearby.leave(self.channel_name)
            if read_here:
                reader.detach(self.channel_layer)

    async def _join_group(self, group: str) -> None:
        """Join ``group`` in the layer, then name it here for this process's writers."""
        await self.channel_layer.group_add(group, self.channel_name)
        nearby.joined(self.channel_name, group)

    async def _leave_group(self, group: str) -> None:
        nearby.left(self.channel_name, group)
        await self.channel_layer.group_discard(group, self.channel_name)

    async def dispatch(self, message):
        if isinstance(message, reader.LayerAway):
            raise message.error
        handler = getattr(self, get_handler_name(message), None) if message.get("type") in self.FORWARDED else None
        if handler is None:
            await super().dispatch(message)
        else:
            await handler(message)

    @classmethod
    async def encode_json(cls, content):
        try:
            return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS).decode()  # as json.dumps, faster
        except TypeError:  # what orjson refuses and json writes (an integer past 64 bits)
            return json.dumps(content)


class GameConsumer(ForwardingConsumer):
    seats: list[int] = []
    joined: list[str] = []
    chat_seen: tuple = ()  # the latest chat lines forwarded: a user in several seat groups hears a line once

    async def connect(self):
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        self.user = self.scope.get("user")
        message, seats = await _snapshot(self.game_id, self.user)
        if message is None:
            await self.close(code=4404)
            return
        try:
            await self._join_retrying(seats)
        except _LAYER_ERRORS as exc:
            log.warning("game %s handshake: channel layer away (%s)", self.game_id, exc)
            await self.accept()
            await self.close(code=LAYER_AWAY)
            return
        await self.accept()
        await self._seen()
        await self.send_json(message)

    async def _seen(self) -> None:
        """Our user has this game's page open (``games.presence``): on connect and every frame."""
        if getattr(self.user, "is_authenticated", False):
            await sync_to_async(presence.mark)(self.user.pk, self.game_id)

    async def _join_retrying(self, seats: list[int]) -> None:
        """Join, trying once more on a fresh connection: after Redis restarts, the layer's first
        use of each pooled connection fails, and the second finds Redis."""
        try:
            await self._join(seats)
        except _LAYER_ERRORS:
            await self._join(seats)

    async def _join(self, seats: list[int]) -> None:
        """Be in the groups of ``seats`` (none: the watchers'), and in no other."""
        wanted = [broadcast.seat_group(self.game_id, n) for n in seats] or [broadcast.watch_group(self.game_id)]
        for group in wanted:
            if group not in self.joined:
                await self._join_group(group)
        for group in self.joined:
            if group not in wanted:
                await self._leave_group(group)
        self.seats, self.joined = list(seats), wanted

    async def disconnect(self, code):
        for group in self.joined:
            try:
                await self._leave_group(group)
            except _LAYER_ERRORS:
                pass  # the layer is away: its group memberships expire on their own

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if not text_data:
            await self._refuse("send text frames holding a JSON object")
        elif len(text_data) > MAX_FRAME:
            await self._refuse(f"a frame holds at most {MAX_FRAME} characters")
        else:
            try:
                content = await self.decode_json(text_data)
            except (ValueError, RecursionError):
                await self._refuse("a frame is one JSON object, like {\"type\": \"resync\"}")
                return
            await self.receive_json(content, **kwargs)

    async def _refuse(self, error: str):
        await self.send_json({"type": "error", "status": 400, "error": error})

    async def receive_json(self, content, **kwargs):
        kind = content.get("type") if isinstance(content, dict) else None
        await self._seen()
        if not isinstance(content, dict):
            await self._refuse("a frame is one JSON object, like {\"type\": \"resync\"}")
        elif kind == "ping":  # the page's heartbeat: still open
            await self.send_json({"type": "pong"})
        elif kind == "resync":
            await self.send_json((await _snapshot(self.game_id, self.user))[0])
        elif kind == "action":
            if not (self.user and self.user.is_authenticated):
                await self.send_json({"type": "error", "status": 403, "error": "log in to play"})
                return
            await self.send_json(await _act(self.game_id, self.scope.get("credential"), content))
        elif kind == "chat":
            if not (self.user and self.user.is_authenticated):
                await self.send_json({"type": "error", "status": 403, "error": "log in to chat"})
                return
            await self.send_json(await _chat(self.game_id, self.scope.get("credential"), content))
        else:
            await self._refuse("type must be resync, action, chat or ping")

    async def game_state(self, event):
        """A write's message to one of our groups: forward it if it is our eye's view."""
        me = getattr(self.user, "pk", None) if getattr(self.user, "is_authenticated", False) else None
        seats = [n for n, u in enumerate(event["users"]) if me is not None and u == me]
        if seats != self.seats:  # seats changed hands: other groups, and our view read once
            await self._join(seats)
            await self.send_json((await _snapshot(self.game_id, self.user))[0])
            return
        eye = event["to_act"] if event["to_act"] in seats else (seats[0] if seats else None)
        if event["for_seat"] == eye:
            await self.send_json(event["state"])

    async def chat_line(self, event):
        """A chat line to one of our groups (``games.chat_live``): the groups already are its readers."""
        line = event["line"]
        key = (line["id"], line["hidden"])  # a line, then perhaps its withdrawal
        if key not in self.chat_seen:  # lines of two writers may arrive out of order: not "the last id"
            self.chat_seen = (*self.chat_seen[-(CHAT_SEEN - 1):], key)
            await self.send_json(line)


class MeConsumer(ForwardingConsumer):
    """A logged-in user's own channel (``/ws/me/``): their inbox's unread count, live, on any page."""

    async def connect(self):
        self.user = self.scope.get("user")
        if not getattr(self.user, "is_authenticated", False):
            await self.close(code=4403)
            return
        self.group = broadcast.user_group(self.user.pk)
        try:
            await self._join_group(self.group)
        except _LAYER_ERRORS:
            await self.accept()
            await self.close(code=LAYER_AWAY)
            return
        await self.accept()

    async def disconnect(self, code):
        if getattr(self, "group", None):
            try:
                await self._leave_group(self.group)
            except _LAYER_ERRORS:
                pass  # its membership expires on its own

    async def receive_json(self, content, **kwargs):
        await self.send_json({"type": "pong"})  # a heartbeat keeps proxies from closing it; nothing else is read

    async def inbox_unread(self, event):
        await self.send_json({"type": "inbox", "unread": event["unread"]})
