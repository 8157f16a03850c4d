"""Appending to the transparency log and proving what it holds.

``checkpoint()`` is the periodic task's work: append every game head that moved since the last
checkpoint (and the signing key, the first time it signs), then sign the new tree head. Heads are
read as committed: a write still open simply joins the next checkpoint, and nothing depends on the
order in which games committed. Proofs are computed from the leaf hashes kept in ``LogEntry``.
"""

from __future__ import annotations

import base64

from django.db import connection, transaction
from django.db.models import F, Max, OuterRef, Q, Subquery
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
    """Append the moved heads and sign a checkpoint; None when nothing moved since the last one.

    The tree grows from the last checkpoint's compact range: N new leaves cost O(N log size) hashes,
    and no earlier leaf is read again (only when that range is missing: checkpoints older than it).
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK])
    size, edge = _tree()
    private = signing.private_key()
    key_id = signing.current_key_id()
    rows = _key_row(private) + [
        (LogEntry.Kind.HEAD.value, game_id, seq, head, "", leaves.head_hash(game_id, seq, head))
        for game_id, seq, head in moved_heads()
    ]
    if not rows:
        return None
    _insert(size, rows)
    merkle.append_leaves(edge, size, [row[-1] for row in rows])
    now = timezone.now()
    signed = notes.Checkpoint(
        origin=signing.origin(), size=size + len(rows), root=merkle.root_of_range(edge), time=now.isoformat()
    )
    return Checkpoint.objects.create(
        size=signed.size, root=signed.root.hex(), origin=signed.origin, key_id=key_id, at=now,
        note=notes.sign(signed, private), compact_range=" ".join(h.hex() for h in edge),
    )


def _tree() -> tuple[int, list[bytes]]:
    """The log's size and compact range: the last checkpoint's, when it covers every leaf and its
    range folds to its root; otherwise rebuilt from all the leaves (once)."""
    highest = LogEntry.objects.aggregate(highest=Max("index"))["highest"]
    size = 0 if highest is None else highest + 1
    last = latest()
    if last is not None and last.size == size and last.compact_range:
        edge = [bytes.fromhex(h) for h in last.compact_range.split()]
        if len(edge) == size.bit_count() and merkle.root_of_range(edge) == bytes.fromhex(last.root):
            return size, edge
    return size, merkle.compact_range(leaf_hashes())


def _key_row(private) -> list[tuple]:
    """The signing key's own leaf, the first time it signs (key rotation is an entry in the log)."""
    fingerprint = keys.fingerprint(private.public_key())
    if LogEntry.objects.filter(kind=LogEntry.Kind.KEY, hash=fingerprint).exists():
        return []
    raw = base64.b64encode(keys.raw_public(private.public_key())).decode()
    leaf = merkle.leaf_hash(leaves.key(signing.current_key_id(), raw))
    return [(LogEntry.Kind.KEY.value, None, None, fingerprint, raw, leaf)]


COLUMNS = ("index", "kind", "game_id", "seq", "hash", "public_key", "leaf_hash", "created_at")


def _insert(first: int, rows: list[tuple]) -> None:
    """Store ``rows`` (kind, game, seq, hash, public key, leaf hash) as leaves ``first``, ``first + 1``...
    On PostgreSQL by COPY: building and binding a model per leaf was most of a large checkpoint's time."""
    now = timezone.now()
    if connection.vendor != "postgresql":
        LogEntry.objects.bulk_create(
            [LogEntry(**dict(zip(COLUMNS, (first + i, *row[:-1], row[-1].hex(), now), strict=True)))
             for i, row in enumerate(rows)],
            batch_size=500,
        )
        return
    names = ", ".join(f'"{c}"' for c in COLUMNS)
    with connection.cursor() as cursor, cursor.cursor.copy(f"COPY transparency_logentry ({names}) FROM STDIN") as copy:
        for i, row in enumerate(rows):
            copy.write_row((first + i, *row[:-1], row[-1].hex(), now))


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
