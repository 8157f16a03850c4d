"""Checkpoints as C2SP signed notes (c2sp.org/tlog-checkpoint, c2sp.org/signed-note). Pure.

A checkpoint file is::

    <origin>
    <tree size>
    <base64 root hash>
    time <ISO 8601 time of signing>          (an extension line: opaque to other tools)

    — <key name> <base64(key hash (4 bytes) || Ed25519 signature)>

The signature covers the text up to and including the line feed before the blank line. The key
name is the origin; the key hash is ``keys.note_key_hash``.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from transparency import keys

DASH = "\u2014"


class BadNote(ValueError):
    pass


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    size: int
    root: bytes
    time: str

    def body(self) -> str:
        return f"{self.origin}\n{self.size}\n{base64.b64encode(self.root).decode()}\ntime {self.time}\n"


def sign(checkpoint: Checkpoint, private: Ed25519PrivateKey) -> str:
    """The checkpoint as a signed note, signed by ``private`` under the name ``checkpoint.origin``."""
    body = checkpoint.body()
    stamp = keys.note_key_hash(checkpoint.origin, private.public_key()) + private.sign(body.encode())
    return f"{body}\n{DASH} {checkpoint.origin} {base64.b64encode(stamp).decode()}\n"


def signature_of(text: str) -> bytes:
    """The raw Ed25519 signature of a note made by ``sign`` (the first signature line)."""
    return _split(text)[1][0][2][4:]


def _split(text: str):
    body, sep, rest = text.partition("\n\n")
    if not sep or not rest.endswith("\n"):
        raise BadNote("a checkpoint note is its text, a blank line, then signature lines")
    body += "\n"
    signatures = []
    for line in rest[:-1].split("\n"):
        parts = line.split(" ")
        if len(parts) != 3 or parts[0] != DASH:
            raise BadNote(f"not a signature line: {line[:80]!r}")
        try:
            stamp = base64.b64decode(parts[2], validate=True)
        except binascii.Error as exc:
            raise BadNote("a signature is not base64") from exc
        if len(stamp) < 5:
            raise BadNote("a signature is too short")
        signatures.append((parts[1], stamp[:4], stamp))
    return body, signatures


def parse(text: str) -> Checkpoint:
    """The checkpoint a note states, unverified."""
    body, _ = _split(text)
    lines = body[:-1].split("\n")
    if len(lines) < 3:
        raise BadNote("a checkpoint has an origin, a tree size and a root hash")
    origin, size, root = lines[:3]
    if not size.isdigit() or (size != "0" and size.startswith("0")):
        raise BadNote("the tree size is a decimal number")
    try:
        root_bytes = base64.b64decode(root, validate=True)
    except binascii.Error as exc:
        raise BadNote("the root hash is not base64") from exc
    if len(root_bytes) != 32:
        raise BadNote("the root hash is not 32 bytes")
    time = next((line[5:] for line in lines[3:] if line.startswith("time ")), "")
    return Checkpoint(origin=origin, size=int(size), root=root_bytes, time=time)


def open_note(text: str, public: Ed25519PublicKey, name: str | None = None) -> Checkpoint:
    """The checkpoint of ``text`` if ``public`` signed it (under ``name``, by default its origin)."""
    checkpoint = parse(text)
    body, signatures = _split(text)
    name = name or checkpoint.origin
    wanted = keys.note_key_hash(name, public)
    for signer, key_hash, stamp in signatures:
        if signer == name and key_hash == wanted and keys.verifies(public, stamp[4:], body.encode()):
            return checkpoint
    raise BadNote(f"no valid signature by {name} with this key")
