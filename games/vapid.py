"""VAPID key pairs (RFC 8292) in the form the settings take them: base64url without padding of the
uncompressed P-256 public point (what a browser's ``applicationServerKey`` wants) and of the 32-byte
private scalar (what ``py_vapid`` reads)."""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def new_pair() -> tuple[str, str]:
    """A fresh ``(public, private)`` pair."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return b64url(public), b64url(key.private_numbers().private_value.to_bytes(32, "big"))
