"""The transparency log's two append-only tables (triggers in migration 0002 refuse UPDATE/DELETE).

A ``LogEntry`` is a leaf of the Merkle tree at ``index``: a game head ``(game, seq, hash)`` or a
signing key coming into use (key rotation is an entry in the log). A ``Checkpoint`` is a signed
tree head: its size and root are kept for ever.
"""

from django.db import models

from games.models import Game


class LogEntry(models.Model):
    class Kind(models.TextChoices):
        HEAD = "head"
        KEY = "key"

    index = models.PositiveBigIntegerField(unique=True, help_text="the leaf's position in the tree, from 0")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    seq = models.PositiveIntegerField(null=True, blank=True)
    hash = models.CharField(max_length=64, help_text="the head's event hash, or the key's fingerprint")
    public_key = models.CharField(max_length=64, blank=True, help_text="a key entry: base64 of the raw key")
    leaf_hash = models.CharField(max_length=64, help_text="SHA-256(0x00 || leaf), hex")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["index"]
        indexes = [models.Index(fields=["game", "seq"], name="transparency_entry_game_seq")]

    def __str__(self):
        return f"{self.index}: {self.kind} {self.game_id}:{self.seq}"


class Checkpoint(models.Model):
    size = models.PositiveBigIntegerField(unique=True)
    root = models.CharField(max_length=64, help_text="the tree's root hash, hex")
    origin = models.CharField(max_length=200)
    key_id = models.CharField(max_length=16)
    at = models.DateTimeField()
    note = models.TextField(help_text="the checkpoint as a signed note (C2SP tlog-checkpoint)")
    # Nullable so that adding it is a plain ALTER TABLE: SQLite would otherwise copy the table and
    # lose its append-only triggers.
    compact_range = models.TextField(
        null=True,
        blank=True,
        help_text="the tree's right edge (its perfect subtrees' roots, largest first, hex, space-separated): "
        "the next checkpoint appends to it instead of reading every leaf again; empty on older checkpoints",
    )

    class Meta:
        ordering = ["size"]

    def __str__(self):
        return f"checkpoint {self.size} {self.root[:12]}"
