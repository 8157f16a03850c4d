"""Tokens and tickets over HTTP: log-out (this token, or all of them) and a WebSocket ticket.

Log-in and sign-up (``views``) make a token with ``issue_token``; a token expires on its own
(``REST_KNOX``) and log-out deletes it, so an old token then gets 401.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import logout
from drf_spectacular.utils import extend_schema
from knox.models import get_token_model
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games import throttles
from games.api.responses import TicketSerializer
from games.realtime import tickets


def issue_token(request, user) -> dict:
    """A new token for ``user``; tokens made per user are throttled."""
    made = throttles.tokens(request, user)
    throttles.check(made)
    instance, key = get_token_model().objects.create(user=user)
    throttles.record(made)
    return {"token": key, "expiry": instance.expiry.isoformat() if instance.expiry else None}


class _LogOutView(APIView):
    suspended_may_call = True  # a suspended user's token still authenticates here (games.api.auth)
    permission_classes = [permissions.IsAuthenticated]
    throttle_classes = []  # ending a session is never refused for having written too much

    def _end_session(self, request) -> None:
        if request.auth is None:  # signed in by the session cookie: end it
            logout(request._request)


class LogOut(_LogOutView):
    """Revoke the token this request carries (or end this session)."""

    @extend_schema(request=None, responses={204: None})
    def post(self, request):
        if request.auth is not None:
            request.auth.delete()
        self._end_session(request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogOutAll(_LogOutView):
    """Revoke every token of the caller (and end this session)."""

    @extend_schema(request=None, responses={204: None})
    def post(self, request):
        request.user.auth_token_set.all().delete()
        self._end_session(request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SocketTicket(APIView):
    """A single-use ticket, good for ``WS_TICKET_SECONDS``, to open a game's WebSocket with."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={201: TicketSerializer})
    def post(self, request):
        made = throttles.tokens(request, request.user)
        throttles.check(made)
        token = request.auth if isinstance(request.auth, get_token_model()) else None
        session = getattr(request._request, "session", None)
        ticket = tickets.issue(
            request.user,
            token_digest=token.digest if token is not None else "",
            session_key=(session.session_key or "") if token is None and session is not None else "",
        )
        throttles.record(made)
        return Response({"ticket": ticket, "expires_in": settings.WS_TICKET_SECONDS}, status=status.HTTP_201_CREATED)
