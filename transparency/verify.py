"""``verify_history --checkpoint FILE``: the database's games and log against a published checkpoint.

The hash chain alone cannot see a rewrite that recomputed every later hash and the game's head; a
checkpoint signed before the rewrite can: the head it logged no longer matches the event now stored.
"""

from __future__ import annotations

from games.models import Event
from transparency import leaves, log, merkle, notes
from transparency.audit import FAIL, OK, UNVERIFIED, Report


def against_checkpoint(text: str, games) -> Report:
    report = Report([])
    checkpoint = None
    for key in log.public_keys().values():
        try:
            checkpoint = notes.open_note(text, key)
            break
        except notes.BadNote:
            continue
    if checkpoint is None:
        report.add(FAIL, "the checkpoint file is not signed by any key this log has used")
        return report
    hashes = log.leaf_hashes(checkpoint.size)
    if len(hashes) < checkpoint.size or merkle.root(hashes) != checkpoint.root:
        report.add(FAIL, f"the log in the database is not the tree of checkpoint {checkpoint.size}: "
                         "its leaves were changed or removed")
        return report
    report.add(OK, f"the log's first {checkpoint.size} leaves have the checkpoint's root {checkpoint.root.hex()}")
    for game in games:
        entry = log.head_entry(game.pk, checkpoint.size)
        if entry is None:
            report.add(UNVERIFIED, f"game {game.pk}: not in checkpoint {checkpoint.size} (never checkpointed): "
                                   "not verified against the log")
            continue
        stored = Event.objects.filter(game=game, seq=entry.seq).values_list("hash", flat=True).first()
        if stored != entry.hash or leaves.head_hash(game.pk, entry.seq, stored).hex() != entry.leaf_hash:
            report.add(FAIL, f"game {game.pk}: event {entry.seq} now has hash {stored}, but checkpoint "
                             f"{checkpoint.size} logged {entry.hash}: the history was rewritten")
        else:
            report.add(OK, f"game {game.pk}: its head at seq {entry.seq} is in checkpoint {checkpoint.size}")
    return report
