"""WebSocket handshakes carrying text no database can store (a NUL byte, a lone surrogate) in the
path, the query, a header or a cookie are refused before any session or ticket lookup, as
``games.middleware.RefuseBadInput`` refuses such HTTP requests with a 400."""

from __future__ import annotations

from urllib.parse import parse_qsl

from django.http.cookie import parse_cookie

from games.inputs import unstorable

#: The close code of a refused handshake (4000 + the HTTP status it stands for).
REFUSED = 4400


def _texts(scope):
    yield scope.get("path", "")
    query = scope.get("query_string", b"").decode("latin-1")
    for name, value in parse_qsl(query, keep_blank_values=True):
        yield name
        yield value
    for name, value in scope.get("headers", ()):
        text = value.decode("latin-1")
        yield text
        if name.lower() == b"cookie":  # parsing turns a quoted "\000" into a NUL
            for key, morsel in parse_cookie(text).items():
                yield key
                yield morsel


def refused(scope) -> bool:
    return any(unstorable(text) is not None for text in _texts(scope))


class RefuseBadBytes:
    """ASGI middleware for the WebSocket router: a refused handshake is closed before it is accepted
    (the client sees the handshake fail, as with any refused connection)."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and refused(scope):
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": REFUSED})
            return None
        return await self.inner(scope, receive, send)
