"""Ed25519 keys: parse, describe, and the encodings the verifier and the signed notes share.

Pure (the ``cryptography`` package only), so the offline verifier can read a published key.
A key's ``fingerprint`` is the SHA-256 of its 32 raw public bytes, in hex; its ``key_id`` is the
first 16 hex digits of that. Notes name the key by the C2SP signed-note key hash instead.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

#: The signed-note algorithm byte of Ed25519.
ED25519 = b"\x01"
VERIFIER_KEY = re.compile(r"[^+\s]+\+[0-9a-f]{8}\+")


class KeyError_(ValueError):
    """A key that cannot be read."""


def private_from_text(text: str) -> Ed25519PrivateKey:
    """A private key from PEM (PKCS#8) or from the base64 of its 32 raw bytes."""
    text = text.strip()
    if text.startswith("-----BEGIN"):
        key = serialization.load_pem_private_key(text.encode(), password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise KeyError_("the signing key must be an Ed25519 key")
        return key
    try:
        raw = base64.b64decode(text, validate=True)
    except binascii.Error as exc:
        raise KeyError_("the signing key is neither PEM nor base64") from exc
    if len(raw) != 32:
        raise KeyError_("a raw Ed25519 private key is 32 bytes (base64)")
    return Ed25519PrivateKey.from_private_bytes(raw)


def new_private_pem() -> str:
    key = Ed25519PrivateKey.generate()
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


def raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def public_from_text(text: str) -> Ed25519PublicKey:
    """A public key from PEM, from the base64 of its 32 raw bytes, or from a signed-note verifier key
    (``name+hash+base64(0x01 || key)``)."""
    text = text.strip()
    if text.startswith("-----BEGIN"):
        key = serialization.load_pem_public_key(text.encode())
        if not isinstance(key, Ed25519PublicKey):
            raise KeyError_("the public key must be an Ed25519 key")
        return key
    if VERIFIER_KEY.match(text):
        try:
            raw = base64.b64decode(text.split("+", 2)[2], validate=True)
        except binascii.Error as exc:
            raise KeyError_("the verifier key's key is not base64") from exc
        if raw[:1] != ED25519:
            raise KeyError_("the verifier key is not an Ed25519 key")
        raw = raw[1:]
    else:
        try:
            raw = base64.b64decode(text, validate=True)
        except binascii.Error as exc:
            raise KeyError_("the public key is neither PEM, base64 nor a verifier key") from exc
    if len(raw) != 32:
        raise KeyError_("an Ed25519 public key is 32 bytes")
    return Ed25519PublicKey.from_public_bytes(raw)


def fingerprint(key: Ed25519PublicKey) -> str:
    return hashlib.sha256(raw_public(key)).hexdigest()


def key_id(key: Ed25519PublicKey) -> str:
    return fingerprint(key)[:16]


def public_pem(key: Ed25519PublicKey) -> str:
    return key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def note_key_hash(name: str, key: Ed25519PublicKey) -> bytes:
    """The signed-note key hash: the first 4 bytes of SHA-256(name || 0x0A || 0x01 || key)."""
    return hashlib.sha256(name.encode() + b"\n" + ED25519 + raw_public(key)).digest()[:4]


def verifier_key(name: str, key: Ed25519PublicKey) -> str:
    """The signed-note verifier key string ``name+hex(keyhash)+base64(0x01 || key)``."""
    return f"{name}+{note_key_hash(name, key).hex()}+{base64.b64encode(ED25519 + raw_public(key)).decode()}"


def verifies(key: Ed25519PublicKey, signature: bytes, message: bytes) -> bool:
    try:
        key.verify(signature, message)
    except InvalidSignature:
        return False
    return True
