"""The log's signing key and receipts for accepted writes.

The private key comes from ``TRANSPARENCY_SIGNING_KEY`` (PEM or base64 of 32 raw bytes) in
production; on the embedded default it is generated once into ``TRANSPARENCY_KEY_FILE``
(``var/transparency_key.pem``, mode 0600), as ``config.secretkey`` does for SECRET_KEY.
"""

from __future__ import annotations

import functools
from datetime import datetime
from pathlib import Path

import psycopg
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.conf import settings
from django.core.signals import setting_changed
from django.db import connection
from django.dispatch import receiver

from config import secretkey
from transparency import keys, receipts


@functools.cache
def private_key() -> Ed25519PrivateKey:
    text = settings.TRANSPARENCY_SIGNING_KEY or secretkey.load_or_create(
        Path(settings.TRANSPARENCY_KEY_FILE), make=keys.new_private_pem
    )
    return keys.private_from_text(text)


@functools.cache
def _key_id() -> str:
    # Deriving the public key and hashing it costs more than the signature itself: once per key.
    return keys.key_id(private_key().public_key())


@receiver(setting_changed)
def _forget_key(setting, **kwargs):
    if setting in ("TRANSPARENCY_SIGNING_KEY", "TRANSPARENCY_KEY_FILE"):
        private_key.cache_clear()
        _key_id.cache_clear()


def origin() -> str:
    return settings.TRANSPARENCY_ORIGIN


def current_key_id() -> str:
    return _key_id()


#: The head event's hash and time: on PostgreSQL a statement prepared once per connection and bound
#: on the server (the ORM would build and plan the query again for every write's receipt).
EVENT = "SELECT hash, created_at FROM games_event WHERE game_id = %s AND seq = %s"


def _stored(game_id: int, seq: int):
    from games import store

    if (written := store.written(game_id, seq)) is not None:
        return written  # this process just wrote it: no read
    if connection.vendor != "postgresql":
        from games.models import Event

        return Event.objects.filter(game_id=game_id, seq=seq).values_list("hash", "created_at").first()
    connection.ensure_connection()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(EVENT, (game_id, seq), prepare=True)
        return cursor.fetchone()


def receipt_for(game_id: int, seq: int, event_hash: str | None = None, at: datetime | None = None) -> dict:
    """The signed receipt of event ``seq`` of game ``game_id`` (its time is the event's own, so a
    receipt fetched again is the same receipt while the key is).

    A caller that read the event already passes its ``event_hash`` and ``at`` (``created_at``):
    nothing is read then. Otherwise the event is read, and must have ``event_hash`` if one is given.
    """
    if event_hash is None or at is None:
        stored = _stored(int(game_id), int(seq))
        if stored is None or (event_hash is not None and stored[0] != event_hash):
            raise LookupError(f"game {game_id} has no event {seq} with that hash")
        event_hash, at = stored
    return receipts.sign(
        private_key(), origin=origin(), game=int(game_id), seq=int(seq), hash=event_hash, at=at.isoformat(),
        key_id=_key_id(),
    )


def head_receipt(game) -> dict:
    """The receipt of a game's head after a write (``Game.seq``, ``Game.head_hash``)."""
    return receipt_for(game.pk, game.seq, game.head_hash)
