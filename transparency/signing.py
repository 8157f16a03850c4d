"""The log's signing key and receipts for accepted writes.

The private key comes from ``TRANSPARENCY_SIGNING_KEY`` (PEM or base64 of 32 raw bytes) in
production; on the embedded default it is generated once into ``TRANSPARENCY_KEY_FILE``
(``var/transparency_key.pem``, mode 0600), as ``config.secretkey`` does for SECRET_KEY.
"""

from __future__ import annotations

import functools
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

from config import secretkey
from transparency import keys, receipts


@functools.cache
def private_key() -> Ed25519PrivateKey:
    text = settings.TRANSPARENCY_SIGNING_KEY or secretkey.load_or_create(
        Path(settings.TRANSPARENCY_KEY_FILE), make=keys.new_private_pem
    )
    return keys.private_from_text(text)


@receiver(setting_changed)
def _forget_key(setting, **kwargs):
    if setting in ("TRANSPARENCY_SIGNING_KEY", "TRANSPARENCY_KEY_FILE"):
        private_key.cache_clear()


def origin() -> str:
    return settings.TRANSPARENCY_ORIGIN


def current_key_id() -> str:
    return keys.key_id(private_key().public_key())


def receipt_for(game_id: int, seq: int, event_hash: str | None = None) -> dict:
    """The signed receipt of event ``seq`` of game ``game_id`` (its time is the event's own, so a
    receipt fetched again is the same receipt while the key is)."""
    from games.models import Event

    stored = Event.objects.filter(game_id=game_id, seq=seq).values_list("hash", "created_at").first()
    if stored is None or (event_hash is not None and stored[0] != event_hash):
        raise LookupError(f"game {game_id} has no event {seq} with that hash")
    return receipts.sign(
        private_key(), origin=origin(), game=int(game_id), seq=int(seq), hash=stored[0], at=stored[1].isoformat()
    )


def head_receipt(game) -> dict:
    """The receipt of a game's head after a write (``Game.seq``, ``Game.head_hash``)."""
    return receipt_for(game.pk, game.seq, game.head_hash)
