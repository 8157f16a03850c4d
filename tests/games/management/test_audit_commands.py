"""The audit commands: verify_history, export_history, import_history and replay_all."""

from io import StringIO

import orjson
import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from games.models import Game, Snapshot
from tests.conftest import accepted_game
from tests.games.test_audit import finished_dice, tamper

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue()


def failing(*args):
    out = StringIO()
    with pytest.raises(CommandError) as exc:
        call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue(), str(exc.value)


def test_verify_history_passes_honest_games_and_names_each_failing_one(dice_game, alice, bob):
    honest, forged = finished_dice(alice, bob), finished_dice(alice, bob)
    assert run("verify_history", "--game", str(honest.pk)) == "OK 1 games verified\n"
    move = forged.events.filter(kind="move").first()
    tamper("UPDATE games_event SET notation = %s WHERE id = %s", ["roll 6", move.pk])
    out, error = failing("verify_history", "--all")
    assert f"FAIL game {forged.pk} (dice): event {move.seq}: its content does not match its hash" in out
    assert f"game {honest.pk}" not in out
    assert error == "1 of 2 games failed verification"


def test_verify_history_needs_a_game_or_all(db):
    assert failing("verify_history")[1] == "name a game with --game ID, or pass --all"
    assert failing("verify_history", "--game", "99")[1] == "no game 99"


def test_export_writes_json_lines_and_notation_then_import_restores_the_game(dice_game, alice, bob, tmp_path):
    with transaction.atomic():
        game = finished_dice(alice, bob)
        assert run("export_history", "--game", str(game.pk), "--out", str(tmp_path)).startswith("exported 1 games")
        transaction.set_rollback(True)
    lines = (tmp_path / f"game-{game.pk}.jsonl").read_bytes().splitlines()
    assert [orjson.loads(line)["seq"] for line in lines] == list(range(1, game.seq + 1))
    text = (tmp_path / f"game-{game.pk}.txt").read_text()
    assert text.startswith(f"# dice game {game.pk}: 2 players") and "    6 a          roll\n" in text
    assert not Game.objects.filter(pk=game.pk).exists()
    assert run("import_history", str(tmp_path / f"game-{game.pk}.jsonl")) == f"game {game.pk}: imported\n"
    assert run("verify_history", "--game", str(game.pk)) == "OK 1 games verified\n"


def test_export_all_writes_only_finished_games(dice_game, alice, bob, tmp_path):
    done = finished_dice(alice, bob)
    accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    run("export_history", "--all", "--out", str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"game-{done.pk}.jsonl", f"game-{done.pk}.txt"]


def test_import_refuses_a_tampered_file_with_a_clear_error(dice_game, alice, bob, tmp_path):
    with transaction.atomic():
        game = finished_dice(alice, bob)
        run("export_history", "--game", str(game.pk), "--out", str(tmp_path))
        transaction.set_rollback(True)
    path = tmp_path / f"game-{game.pk}.jsonl"
    records = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    records[-1]["payload"]["outcome"]["winners"] = ["b"] if records[-1]["payload"]["outcome"]["winners"] != ["b"] else ["a"]
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    _, error = failing("import_history", str(path))
    assert error.startswith("refused: the file does not verify, nothing was imported")
    assert f"game {game.pk}: event {game.seq}: its content does not match its hash" in error
    assert not Game.objects.filter(pk=game.pk).exists()


def test_replay_all_reports_games_that_no_longer_replay_as_stored(dice_game, alice, bob):
    finished_dice(alice, bob)
    bad = finished_dice(alice, bob)
    assert run("replay_all") == "OK 2 games replay as stored\n"
    Snapshot.objects.create(game=bad, seq=7, document=orjson.dumps({"deck": ["9"]}).decode())
    out, error = failing("replay_all")
    assert out == f"BROKEN game {bad.pk} (dice): event 7: the stored snapshot differs from the replayed position\n"
    assert error == "1 of 2 games no longer replay as stored"
