"""Idempotency-Key answers: the first answer to a keyed write is kept and given to every retry.

A key belongs to its user and to one request: the record keeps the request's fingerprint (its
kind, game and body, hashed), and the same key sent with another request is refused with 422, as
the IETF Idempotency-Key draft asks, rather than replaying an answer to a question not asked.
Records expire after ``IDEMPOTENCY_KEY_HOURS`` (the deadline sweep purges them): a retry comes
within seconds or minutes, and a key reused a day later is a new request.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

import orjson
from django.conf import settings
from django.utils import timezone

from games.errors import Unprocessable
from games.models import IdempotencyRecord

REUSED = "this Idempotency-Key was already used for a different request: use a new key for a new request"


def fingerprint(kind: str, game_id: int, **body) -> str:
    """What a request asked, as 64 hex digits (the same request always gives the same)."""
    text = orjson.dumps({"kind": kind, "game": game_id, **body}, option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(text).hexdigest()


def move_print(game_id: int, text: str, expected_seq) -> str:
    """The fingerprint of a move request (both executors use it)."""
    return fingerprint("move", game_id, action=text, expected_seq=expected_seq)


def answered(user, key: str | None, print_: str) -> dict | None:
    """The kept answer to ``key`` if it was answered for this very request; None if never used
    (or expired); Unprocessable if it answered another request."""
    if not key or user is None:
        return None
    record = IdempotencyRecord.objects.filter(user=user, key=key, created_at__gte=_oldest()).first()
    if record is None:
        return None
    if record.fingerprint != print_:
        raise Unprocessable(REUSED, field="Idempotency-Key")
    return record.response


def keep(user, key: str | None, print_: str, game_id: int, answer: dict) -> None:
    """Keep the answer to ``key`` (inside the write's transaction: kept exactly when written)."""
    if key and user is not None:
        # An expired record of the same key gives way to this one (the key is unique per user).
        IdempotencyRecord.objects.filter(user=user, key=key, created_at__lt=_oldest()).delete()
        IdempotencyRecord.objects.create(user=user, key=key, fingerprint=print_, game_id=game_id, response=answer)


def purge(now=None) -> int:
    """Delete the records past their time (the sweep's part). Returns how many."""
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=_oldest(now)).delete()
    return deleted


def _oldest(now=None):
    return (now or timezone.now()) - timedelta(hours=settings.IDEMPOTENCY_KEY_HOURS)
