"""API authentication: expiring tokens (django-rest-knox) and sessions, with a suspended account
told why its writes fail.

A suspended user (``is_active`` False) reads like a visitor; every write gets 403 with the reason.
A token is sent as ``Authorization: Token <key>``; it expires (``REST_KNOX`` in settings) and log-out
deletes it.
"""

from __future__ import annotations

from django.contrib.auth import SESSION_KEY, get_user_model
from drf_spectacular.authentication import SessionScheme
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication
from rest_framework import permissions
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import AuthenticationFailed, PermissionDenied

SUSPENDED = "your account is suspended: you may read, but not play, report or change anything"


# --- suspended accounts: readers like a visitor, every write a clear 403 ---------------------------
def _refuse_suspended(request) -> None:
    if request.method not in permissions.SAFE_METHODS:
        raise PermissionDenied(SUSPENDED)


class SuspensionAwareTokenAuthentication(TokenAuthentication):
    """Knox's token check refuses an inactive user with 401 "User inactive or deleted"; say why instead."""

    def authenticate_credentials(self, token):
        try:
            token.decode("utf-8")  # knox decodes it unguarded: a header that is not UTF-8 is no token
        except UnicodeDecodeError:
            raise AuthenticationFailed("invalid token") from None
        return super().authenticate_credentials(token)

    def validate_user(self, auth_token):
        return auth_token.user, auth_token

    def authenticate(self, request):
        result = super().authenticate(request)
        if result is not None and not result[0].is_active:
            view = (getattr(request, "parser_context", None) or {}).get("view")
            if getattr(view, "suspended_may_call", False):  # log-out: revoking a token is always allowed
                return result
            _refuse_suspended(request)
            return None
        return result


class SuspensionAwareSessionAuthentication(SessionAuthentication):
    """Django drops an inactive user's session to anonymous; a write from it is told the reason."""

    def authenticate(self, request):
        result = super().authenticate(request)
        session = getattr(request._request, "session", None)
        user_id = session.get(SESSION_KEY) if session is not None else None
        if result is None and user_id is not None:
            if get_user_model().objects.filter(pk=user_id, is_active=False).exists():
                _refuse_suspended(request)
        return result


class SuspensionAwareTokenScheme(KnoxTokenScheme):
    """The API schema's name for the token scheme (knox's own class keeps "knoxApiToken")."""

    target_class = SuspensionAwareTokenAuthentication
    name = "apiToken"
    priority = 1


class SuspensionAwareSessionScheme(SessionScheme):
    target_class = SuspensionAwareSessionAuthentication
    name = "sessionCookie"
    priority = 1


#: The API's authentication (settings.REST_FRAMEWORK names these).
AUTHENTICATION = [SuspensionAwareTokenAuthentication, SuspensionAwareSessionAuthentication]
