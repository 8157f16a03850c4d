"""The game's live channel: each connection gets its own user's view after every event.

The group message carries only the new ``seq``; each consumer re-reads the view its user may see,
so nothing hidden ever passes through the channel layer. A client that missed messages sends
``{"type": "resync"}`` (or simply reconnects) and gets the current view with its ``seq``.

A frame that is not a JSON object (binary, malformed, too deep or too long) is answered with an
error and the socket stays open. Before each move the connection's credential is checked again
(``realtime.auth.writer``) and the move counts against the user's write rate.
"""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import selectors, services, throttles
from games.errors import ServiceError
from games.notify import group_name
from games.realtime.auth import writer
from transparency.signing import receipt_for

#: The longest frame read: a move is a few dozen characters.
MAX_FRAME = 16 * 1024
ENDED = "your session or token has ended, or your account is suspended: log in again and reconnect"


@database_sync_to_async
def _snapshot(game_id: int, user) -> dict | None:
    game = selectors.Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    return {
        "type": "state",
        "game": selectors.game_summary(game),
        **selectors.view_for(game, user),
        "legal": selectors.legal_for(game, user)["actions"],
    }


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


class GameConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        self.user = self.scope.get("user")
        message = await _snapshot(self.game_id, self.user)
        if message is None:
            await self.close(code=4404)
            return
        await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        await self.accept()
        await self.send_json(message)

    async def disconnect(self, code):
        await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)

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
        if not isinstance(content, dict):
            await self._refuse("a frame is one JSON object, like {\"type\": \"resync\"}")
        elif kind == "resync":
            await self.send_json(await _snapshot(self.game_id, self.user))
        elif kind == "action":
            if not (self.user and self.user.is_authenticated):
                await self.send_json({"type": "error", "status": 403, "error": "log in to play"})
                return
            await self.send_json(await _act(self.game_id, self.scope.get("credential"), content))
        else:
            await self._refuse("type must be resync or action")

    async def game_event(self, event):
        await self.send_json(await _snapshot(self.game_id, self.user))
