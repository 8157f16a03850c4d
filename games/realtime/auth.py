"""WebSocket authentication: the session cookie (browsers) or ``?ticket=`` (other clients).

A ticket comes from ``POST /api/auth/ws-ticket``: it lives a minute and admits one connection (the
long-lived token never travels in a URL). Either way the connection keeps a ``Credential``, and
``writer`` checks it again before each move: the user still active, the token not revoked or
expired, the session not logged out.
"""

from __future__ import annotations

from importlib import import_module
from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from games.realtime import tickets
from games.realtime.tickets import Credential


@database_sync_to_async
def _admit(ticket: str):
    credential = tickets.consume(ticket)
    if credential is None:
        return AnonymousUser(), None
    user = writer(credential)
    return (user, credential) if user is not None else (AnonymousUser(), None)


class TicketAuthMiddleware(BaseMiddleware):
    async def __call__(self, scope, receive, send):
        try:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        except ValueError:
            query = {}
        ticket = query.get("ticket", [None])[0]
        if ticket:
            user, credential = await _admit(ticket)
            scope = dict(scope, user=user, credential=credential)  # a bad ticket is a visitor, not the cookie
        else:
            user = scope.get("user")
            session = scope.get("session")
            credential = None
            if user is not None and user.is_authenticated and session is not None and session.session_key:
                credential = Credential(user.pk, session_key=session.session_key)
            scope = dict(scope, credential=credential)
        return await super().__call__(scope, receive, send)


def TicketAuthMiddlewareStack(inner):  # noqa: N802 (named like Channels' own stacks)
    # The session stack runs first; a ticket then replaces its user.
    return AuthMiddlewareStack(TicketAuthMiddleware(inner))


def writer(credential: Credential | None):
    """The credential's user, read afresh, if it may still write; None otherwise."""
    if credential is None:
        return None
    user = get_user_model().objects.filter(pk=credential.user_id, is_active=True).first()
    if user is None:
        return None
    if credential.token_digest and not _token_alive(credential.token_digest, user):
        return None
    if credential.session_key and not _session_alive(credential.session_key, user):
        return None
    return user


def _token_alive(digest: str, user) -> bool:
    from knox.models import get_token_model

    token = get_token_model().objects.filter(digest=digest, user=user).first()
    return token is not None and (token.expiry is None or token.expiry > timezone.now())


def _session_alive(session_key: str, user) -> bool:
    """As Django's own ``get_user``: the session exists, names this user and carries their auth hash."""
    data = import_module(settings.SESSION_ENGINE).SessionStore(session_key=session_key).load()
    if str(data.get(SESSION_KEY)) != str(user.pk):
        return False
    return constant_time_compare(data.get(HASH_SESSION_KEY) or "", user.get_session_auth_hash())
