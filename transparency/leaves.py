"""The canonical bytes of the log's leaves. Pure: the offline verifier builds them from an export.

A game head (the hash only: a secret outcome stays secret)::

    boardgames-head v1
    <game id>
    <seq>
    <event hash, 64 lower-case hex>

A signing key coming into use::

    boardgames-key v1
    <key id>
    <base64 of the 32 raw Ed25519 public key bytes>

Each line ends with a line feed. The leaf's hash in the tree is ``SHA-256(0x00 || leaf)``.
"""

from __future__ import annotations

from transparency import merkle


def head(game: int, seq: int, event_hash: str) -> bytes:
    return f"boardgames-head v1\n{int(game)}\n{int(seq)}\n{event_hash}\n".encode()


def key(key_id: str, public_key_b64: str) -> bytes:
    return f"boardgames-key v1\n{key_id}\n{public_key_b64}\n".encode()


def head_hash(game: int, seq: int, event_hash: str) -> bytes:
    return merkle.leaf_hash(head(game, seq, event_hash))
