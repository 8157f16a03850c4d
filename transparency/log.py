"""Appending to the transparency log and proving what it holds.

``checkpoint()`` is the periodic task's work: append every game head that moved since the last
checkpoint (and the signing key, the first time it signs), then sign the new tree head. Heads are
read as committed: a write still open simply joins the next checkpoint, and nothing depends on the
order in which games committed. Proofs are computed from the leaf hashes kept in ``LogEntry``.
"""

from __future__ import annotations

import base64

from django.db import connection, transaction
from django.db.models import F, OuterRef, Q, Subquery
from django.utils import timezone

from games.models import Game
from transparency import keys, leaves, merkle, notes, signing
from transparency.models import Checkpoint, LogEntry

#: A PostgreSQL advisory lock key: one checkpoint at a time (SQLite's writes are serial already).
LOCK = 0x7472616E73  # "trans"


def leaf_hashes(size: int | None = None) -> list[bytes]:
    entries = LogEntry.objects.order_by("index")
    if size is not None:
        entries = entries.filter(index__lt=size)
    return [bytes.fromhex(h) for h in entries.values_list("leaf_hash", flat=True)]


def moved_heads():
    """Games whose head is not the last one logged for them (or never logged), in id order."""
    logged = LogEntry.objects.filter(game=OuterRef("pk")).order_by("-seq").values("seq")[:1]
    return (
        Game.objects.filter(seq__gt=0)
        .annotate(logged=Subquery(logged))
        .filter(Q(logged__isnull=True) | Q(seq__gt=F("logged")))
        .order_by("pk")
        .values_list("pk", "seq", "head_hash")
    )


@transaction.atomic
def checkpoint() -> Checkpoint | None:
    """Append the moved heads and sign a checkpoint; None when nothing moved since the last one."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK])
    index = LogEntry.objects.count()
    entries = []
    private = signing.private_key()
    key_id = keys.key_id(private.public_key())
    if not LogEntry.objects.filter(kind=LogEntry.Kind.KEY, hash=keys.fingerprint(private.public_key())).exists():
        raw = base64.b64encode(keys.raw_public(private.public_key())).decode()
        entries.append(
            LogEntry(
                index=index, kind=LogEntry.Kind.KEY, hash=keys.fingerprint(private.public_key()),
                public_key=raw, leaf_hash=merkle.leaf_hash(leaves.key(key_id, raw)).hex(),
            )
        )
    for game_id, seq, head in moved_heads().iterator(chunk_size=2000):
        entries.append(
            LogEntry(
                index=index + len(entries), kind=LogEntry.Kind.HEAD, game_id=game_id, seq=seq, hash=head,
                leaf_hash=leaves.head_hash(game_id, seq, head).hex(),
            )
        )
    if not entries:
        return None
    LogEntry.objects.bulk_create(entries, batch_size=2000)
    hashes = leaf_hashes()
    now = timezone.now()
    signed = notes.Checkpoint(origin=signing.origin(), size=len(hashes), root=merkle.root(hashes), time=now.isoformat())
    return Checkpoint.objects.create(
        size=signed.size, root=signed.root.hex(), origin=signed.origin, key_id=key_id, at=now,
        note=notes.sign(signed, private),
    )


def latest() -> Checkpoint | None:
    return Checkpoint.objects.order_by("-size").first()


def public_keys() -> dict:
    """Every key the log has named (key entries), and the current one, by key id."""
    found = {}
    for raw in LogEntry.objects.filter(kind=LogEntry.Kind.KEY).values_list("public_key", flat=True):
        key = keys.public_from_text(raw)
        found[keys.key_id(key)] = key
    current = signing.private_key().public_key()
    found[keys.key_id(current)] = current
    return found


def head_entry(game_id: int, size: int, seq: int | None = None) -> LogEntry | None:
    """The head of ``game_id`` logged within the first ``size`` leaves (at ``seq``, or the latest)."""
    entries = LogEntry.objects.filter(kind=LogEntry.Kind.HEAD, game_id=game_id, index__lt=size)
    if seq is not None:
        entries = entries.filter(seq=seq)
    return entries.order_by("-index").first()


def inclusion(entry: LogEntry, size: int) -> list[bytes]:
    return merkle.inclusion_proof(leaf_hashes(size), entry.index)


def consistency(first: int, second: int) -> list[bytes]:
    return merkle.consistency_proof(leaf_hashes(second), first)
