"""WebSocket authentication: the session cookie (browsers) or ``?token=<API token>`` (other clients)."""

from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware


@database_sync_to_async
def _user_for_token(key: str):
    from rest_framework.authtoken.models import Token

    token = Token.objects.select_related("user").filter(key=key).first()
    return token.user if token and token.user.is_active else None


class TokenAuthMiddleware(BaseMiddleware):
    async def __call__(self, scope, receive, send):
        token = parse_qs(scope.get("query_string", b"").decode()).get("token", [None])[0]
        if token:
            user = await _user_for_token(token)
            if user is not None:
                scope = dict(scope, user=user)
        return await super().__call__(scope, receive, send)


def TokenAuthMiddlewareStack(inner):  # noqa: N802 (named like Channels' own stacks)
    # The session stack runs first; a valid token then overrides its (anonymous) user.
    return AuthMiddlewareStack(TokenAuthMiddleware(inner))
