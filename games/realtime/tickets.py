"""WebSocket tickets: a short-lived, single-use admission bought with a token or a session.

A ticket is consumed by one conditional UPDATE (unused and unexpired, then used), which the database
grants to one caller only: single use holds across any number of server processes.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from games.models import SocketTicket

MAX_TICKET = 128


@dataclass(frozen=True)
class Credential:
    """What a socket's user proved at connect time, checked again before each of its moves."""

    user_id: int
    token_digest: str = ""  # a knox token's digest
    session_key: str = ""


def _digest(ticket: str) -> str:
    return hashlib.sha256(ticket.encode("utf-8", "surrogatepass")).hexdigest()


def issue(user, *, token_digest: str = "", session_key: str = "") -> str:
    now = timezone.now()
    SocketTicket.objects.filter(expires_at__lt=now - timedelta(hours=1)).delete()  # keep the table small
    ticket = secrets.token_urlsafe(32)
    SocketTicket.objects.create(
        digest=_digest(ticket), user=user, token_digest=token_digest or "", session_key=session_key or "",
        expires_at=now + timedelta(seconds=settings.WS_TICKET_SECONDS),
    )
    return ticket


def consume(ticket: str) -> Credential | None:
    """The ticket's credential, once; None for an unknown, used or expired ticket."""
    if not ticket or len(ticket) > MAX_TICKET:
        return None
    now = timezone.now()
    fresh = SocketTicket.objects.filter(digest=_digest(ticket), used_at__isnull=True, expires_at__gt=now)
    if fresh.update(used_at=now) != 1:
        return None
    row = SocketTicket.objects.get(digest=_digest(ticket))
    return Credential(row.user_id, row.token_digest, row.session_key)
