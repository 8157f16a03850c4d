"""Receipts: the log's signed word that a game stood at (seq, hash) at a time. Pure.

The signature is Ed25519 over these bytes (UTF-8, each line ending in a line feed, no trailing
space, numbers in decimal without leading zeros, the hash in 64 lower-case hex digits, ``at`` exactly
as the event's ``at`` in the export, the ISO 8601 time the event was stored)::

    boardgames-receipt v1
    <origin>
    <game id>
    <seq>
    <event hash>
    <at>
    <key id>

A receipt carries the event's hash only: never its notation or payload, so a secret outcome stays
secret. The hash chain makes a receipt for event n a receipt for every event before it.
"""

from __future__ import annotations

import base64
import binascii
import re

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from transparency import keys

FIELDS = ("origin", "game", "seq", "hash", "at", "key_id")
HEX64 = re.compile(r"[0-9a-f]{64}")


class BadReceipt(ValueError):
    pass


def message(receipt: dict) -> bytes:
    """The canonical bytes a receipt's signature covers; BadReceipt if a field is malformed."""
    try:
        origin, game, seq, hash_, at, key_id = (receipt[f] for f in FIELDS)
    except (KeyError, TypeError) as exc:
        raise BadReceipt(f"a receipt needs the fields {', '.join(FIELDS)} and signature") from exc
    for name, value in (("game", game), ("seq", seq)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BadReceipt(f"a receipt's {name} is a whole number")
    if not isinstance(hash_, str) or not HEX64.fullmatch(hash_):
        raise BadReceipt("a receipt's hash is 64 lower-case hex digits")
    for name, value in (("origin", origin), ("at", at), ("key_id", key_id)):
        if not isinstance(value, str) or not value or "\n" in value:
            raise BadReceipt(f"a receipt's {name} is a one-line text")
    return f"boardgames-receipt v1\n{origin}\n{game}\n{seq}\n{hash_}\n{at}\n{key_id}\n".encode()


def sign(
    private: Ed25519PrivateKey, *, origin: str, game: int, seq: int, hash: str, at: str, key_id: str | None = None
) -> dict:
    """A signed receipt; ``key_id`` (the key's, see ``keys.key_id``) saves deriving it per receipt."""
    receipt = {
        "origin": origin,
        "game": game,
        "seq": seq,
        "hash": hash,
        "at": at,
        "key_id": key_id or keys.key_id(private.public_key()),
    }
    receipt["signature"] = base64.b64encode(private.sign(message(receipt))).decode()
    return receipt


def problem(receipt: dict, public_keys: dict[str, Ed25519PublicKey]) -> str | None:
    """Why ``receipt`` is not a good receipt of one of ``public_keys`` (by key id); None if it is."""
    try:
        signed = message(receipt)
    except BadReceipt as exc:
        return str(exc)
    key = public_keys.get(receipt["key_id"])
    if key is None:
        return f"signed by an unknown key {receipt['key_id']}"
    try:
        signature = base64.b64decode(str(receipt.get("signature", "")), validate=True)
    except binascii.Error:
        return "its signature is not base64"
    if not keys.verifies(key, signature, signed):
        return "its signature does not verify"
    return None
