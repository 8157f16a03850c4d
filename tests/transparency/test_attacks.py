"""Attacks on history that the hash chain alone cannot see, and what catches them.

The insider rewrite: on the database, event 5 of a finished game is rewritten (its stored time: a
change replay cannot notice), every later ``prev_hash``/``hash`` recomputed and the game row's
``head_hash`` updated. ``verify_history`` still answers OK; receipts a player kept and any checkpoint
published before the rewrite do not.
"""

import base64
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games import ledger, selectors
from games.models import Event, Game
from games.store import record_of
from tests.conftest import client_for
from transparency import audit, keys, log, merkle, notes, receipts, signing
from transparency.verify import against_checkpoint


def _rewrite(game: Game, seq: int = 5) -> None:
    """What an insider with the database could do: change event ``seq`` and recompute the chain."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # the owner can; the app's role cannot (grant_app_role)
            cursor.execute("SET LOCAL session_replication_role = replica")  # triggers off, this transaction
    events = list(Event.objects.filter(game=game).order_by("seq"))
    prev = events[seq - 2].hash
    for event in events[seq - 1 :]:
        if event.seq == seq:
            event.created_at = event.created_at.replace(year=event.created_at.year - 1)
        record = record_of(event)
        event.prev_hash, event.hash = prev, ledger.event_hash(prev, record)
        Event._base_manager.filter(pk=event.pk).update(
            created_at=event.created_at, prev_hash=event.prev_hash, hash=event.hash
        )
        prev = event.hash
    Game.objects.filter(pk=game.pk).update(head_hash=prev)


def _export(game) -> bytes:
    from games import audit as games_audit

    return games_audit.jsonl(selectors.export_records(Game.objects.get(pk=game.pk)))


def _verifier_key() -> str:
    return keys.verifier_key(signing.origin(), signing.private_key().public_key())


def _inclusion(game, size) -> dict:
    entry = log.head_entry(game.pk, size)
    return {"game": game.pk, "seq": entry.seq, "hash": entry.hash, "leaf_index": entry.index, "size": size,
            "path": [p.hex() for p in log.inclusion(entry, size)]}


def test_the_rewrite_passes_the_chain_but_not_the_receipts_nor_an_earlier_checkpoint(
    finished_game, alice, capsys
):
    kept = client_for(alice).get(f"/api/games/{finished_game.pk}/receipts").json()
    checkpoint = log.checkpoint()
    proof = _inclusion(finished_game, checkpoint.size)
    before = audit.audit(export=_export(finished_game), public_keys=[_verifier_key()], receipts_given=kept,
                         checkpoints=[("cp", checkpoint.note)], inclusions=[proof])
    assert before.status == 0, before.text()

    _rewrite(finished_game)
    call_command("verify_history", "--game", str(finished_game.pk))
    assert "OK 1 games verified" in capsys.readouterr().out  # the chain alone is fooled

    after = audit.audit(export=_export(finished_game), public_keys=[_verifier_key()], receipts_given=kept,
                        checkpoints=[("cp", checkpoint.note)], inclusions=[proof])
    assert after.status == 1
    text = after.text()
    assert "OK chain of game" in text  # the recomputed chain links up...
    assert "this history is not the one that was played" in text  # ...but the kept receipts refuse it
    assert "the history was changed after it was logged" in text  # ...and so does the checkpoint

    by_db = against_checkpoint(checkpoint.note, [finished_game])
    assert by_db.status == 1 and "the history was rewritten" in by_db.text()


def test_verify_history_with_a_checkpoint_file_fails_the_rewrite(finished_game, tmp_path, capsys):
    checkpoint = log.checkpoint()
    note = tmp_path / "checkpoint"
    note.write_text(checkpoint.note)
    call_command("verify_history", "--game", str(finished_game.pk), "--checkpoint", str(note))
    assert f"OK game {finished_game.pk}: its head" in capsys.readouterr().out
    _rewrite(finished_game)
    with pytest.raises(CommandError):
        call_command("verify_history", "--game", str(finished_game.pk), "--checkpoint", str(note))
    assert "FAIL" in capsys.readouterr().out


def test_a_rewritten_game_never_checkpointed_is_reported_unverified(finished_game, alice, bob):
    from tests.conftest import accepted_game

    log.checkpoint()
    late = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    from tests.transparency.conftest import play

    play(late.pk, [alice, bob], 3)
    checkpoint = log.latest()  # the new game is not in it
    _rewrite(Game.objects.get(pk=late.pk))
    by_db = against_checkpoint(checkpoint.note, [late])
    assert by_db.status == 2 and "never checkpointed" in by_db.text() and "OK game" not in by_db.text()
    offline = audit.audit(export=_export(late), public_keys=[_verifier_key()], checkpoints=[("cp", checkpoint.note)])
    assert offline.status == 2 and "is in no checkpoint given" in offline.text()


def test_a_forked_log_is_caught_by_consistency_proofs(finished_game, running_game):
    honest = log.checkpoint()
    hashes = log.leaf_hashes()
    private = signing.private_key()
    forged = [*hashes[:-1], merkle.leaf_hash(b"another head")]
    fork = notes.sign(notes.Checkpoint(signing.origin(), len(forged), merkle.root(forged), "now"), private)
    same_size = audit.audit(export=_export(finished_game), public_keys=[_verifier_key()],
                            checkpoints=[("honest", honest.note), ("fork", fork)])
    assert same_size.status == 1 and f"fork: 2 signed checkpoints of size {honest.size}" in same_size.text()

    # a later tree grown from the fork cannot be proved consistent with the honest one
    grown = [*forged, merkle.leaf_hash(b"later")]
    later = notes.sign(notes.Checkpoint(signing.origin(), len(grown), merkle.root(grown), "later"), private)
    proof = {"first": honest.size, "second": len(grown),
             "path": [p.hex() for p in merkle.consistency_proof(grown, honest.size)]}
    caught = audit.audit(export=_export(finished_game), public_keys=[_verifier_key()],
                         checkpoints=[("honest", honest.note), ("later", later)], consistencies=[proof])
    assert caught.status == 1 and "NOT consistent" in caught.text()


def test_a_receipt_with_a_wrong_signature_is_refused(finished_game, alice):
    kept = client_for(alice).get(f"/api/games/{finished_game.pk}/receipts").json()
    public = {keys.key_id(signing.private_key().public_key()): signing.private_key().public_key()}
    assert receipts.problem(kept[0], public) is None
    bad = dict(kept[0], signature=base64.b64encode(bytes(64)).decode())
    assert receipts.problem(bad, public) == "its signature does not verify"
    moved = dict(kept[0], seq=kept[0]["seq"] + 1)
    assert receipts.problem(moved, public) == "its signature does not verify"
    stranger = keys.private_from_text(keys.new_private_pem())
    forged = receipts.sign(stranger, origin=kept[0]["origin"], game=kept[0]["game"], seq=kept[0]["seq"],
                           hash="0" * 64, at=kept[0]["at"])
    assert "unknown key" in receipts.problem(forged, public)
    report = audit.audit(export=_export(finished_game), public_keys=[_verifier_key()], receipts_given=[bad])
    assert report.status == 1 and "refused" in report.text()


def test_receipts_and_leaves_carry_the_hash_only(running_game, bob):
    kept = client_for(bob).get(f"/api/games/{running_game.pk}/receipts").json()
    assert kept and all(set(r) == set(receipts.FIELDS) | {"signature"} for r in kept)
    log.checkpoint()
    from transparency.models import LogEntry

    entry = LogEntry.objects.get(kind="head", game=running_game)
    assert entry.hash == Game.objects.get(pk=running_game.pk).head_hash
    assert json.dumps(kept).count(running_game.seed) == 0


def test_the_log_tables_refuse_update_and_delete_on_postgresql(running_game):
    from django.db import DatabaseError, transaction

    from tests.conftest import require
    from transparency.models import Checkpoint, LogEntry

    require(connection.vendor == "postgresql", "the append-only triggers are tested on PostgreSQL")
    log.checkpoint()
    for model, change in ((LogEntry, {"hash": "0" * 64}), (Checkpoint, {"root": "0" * 64})):
        with pytest.raises(DatabaseError), transaction.atomic():
            model.objects.update(**change)
        with pytest.raises(DatabaseError), transaction.atomic():
            model.objects.all().delete()
