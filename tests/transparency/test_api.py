"""The log over HTTP: receipts on every write, the key, checkpoints and proofs that verify."""

import base64

from games.models import Event
from tests.conftest import client_for
from transparency import keys, leaves, log, merkle, notes, receipts


def _key(api):
    answer = api().get("/api/transparency/key").json()
    public = keys.public_from_text(answer["public_key"])
    assert answer["fingerprint"] == keys.fingerprint(public) and answer["key_id"] == keys.key_id(public)
    assert keys.public_from_text(answer["verifier_key"]) == public
    return {answer["key_id"]: public}


def _good(receipt, public):
    assert receipts.problem(receipt, public) is None
    stored = Event.objects.get(game_id=receipt["game"], seq=receipt["seq"])
    assert receipt["hash"] == stored.hash


def test_every_accepted_write_answers_with_a_receipt_of_the_new_head(api, alice, bob):
    public = _key(api)
    created = client_for(alice).post(
        "/api/games", {"game": "paso", "seats": [{"user": "alice"}, {"user": "bob"}]}, format="json"
    ).json()
    _good(created["receipt"], public)
    assert created["receipt"]["seq"] == created["seq"]
    accepted = client_for(bob).post(f"/api/games/{created['id']}/accept", {}, format="json").json()
    _good(accepted["receipt"], public)
    legal = client_for(alice).get(f"/api/games/{created['id']}/legal").json()
    moved = client_for(alice).post(
        f"/api/games/{created['id']}/actions", {"action": legal["actions"][0], "expected_seq": legal["seq"]},
        format="json",
    ).json()
    _good(moved["receipt"], public)
    resigned = client_for(bob).post(f"/api/games/{created['id']}/resign").json()
    _good(resigned["receipt"], public)
    assert resigned["receipt"]["seq"] == resigned["seq"] > moved["seq"]
    assert set(resigned["receipt"]) == {"origin", "game", "seq", "hash", "at", "key_id", "signature"}


def test_receipts_again_own_seats_while_running_every_event_once_over(api, alice, bob, make_user, running_game):
    mine = client_for(alice).get(f"/api/games/{running_game.pk}/receipts").json()
    south = set(Event.objects.filter(game=running_game, actor="south").values_list("seq", flat=True))
    assert {r["seq"] for r in mine} == south and south
    assert client_for(make_user("carol")).get(f"/api/games/{running_game.pk}/receipts").json() == []
    assert api().get(f"/api/games/{running_game.pk}/receipts").json() == []
    client_for(bob).post(f"/api/games/{running_game.pk}/resign")
    every = api().get(f"/api/games/{running_game.pk}/receipts").json()
    assert [r["seq"] for r in every] == list(range(1, Event.objects.filter(game=running_game).count() + 1))


def test_a_checkpoint_logs_the_key_then_only_the_heads_that_moved(alice, bob, running_game):
    first = log.checkpoint()
    assert first.size == 2  # the key, then the game's head
    assert log.checkpoint() is None  # nothing moved
    from tests.transparency.conftest import play

    play(running_game.pk, [alice, bob], 1)
    second = log.checkpoint()
    assert second.size == 3
    assert notes.open_note(second.note, keys.public_from_text(
        base64.b64encode(keys.raw_public(log.public_keys()[second.key_id])).decode()
    )).size == 3


def test_inclusion_and_consistency_proofs_over_http_verify(api, alice, bob, running_game):
    from tests.transparency.conftest import play

    first = log.checkpoint()
    play(running_game.pk, [alice, bob], 2)
    second = log.checkpoint()
    latest = api().get("/api/transparency/checkpoints").json()
    assert latest["size"] == second.size
    assert api().get(f"/api/transparency/checkpoints?size={first.size}").json()["root"] == first.root
    for size in (first.size, second.size):
        proof = api().get(f"/api/transparency/inclusion?game={running_game.pk}&size={size}").json()
        leaf = leaves.head_hash(running_game.pk, proof["seq"], proof["hash"])
        root = bytes.fromhex(api().get(f"/api/transparency/checkpoints?size={size}").json()["root"])
        path = [bytes.fromhex(p) for p in proof["path"]]
        assert merkle.verify_inclusion(proof["leaf_index"], size, leaf, path, root)
    consistency = api().get(f"/api/transparency/consistency?from={first.size}&to={second.size}").json()
    assert merkle.verify_consistency(
        first.size, second.size, bytes.fromhex(first.root), bytes.fromhex(second.root),
        [bytes.fromhex(p) for p in consistency["path"]],
    )


def test_bad_or_unknown_proof_requests_are_clear_4xx(api, running_game):
    assert api().get("/api/transparency/checkpoints").status_code == 404
    log.checkpoint()
    assert api().get("/api/transparency/inclusion").json()["field"] == "game"
    assert api().get("/api/transparency/inclusion?game=x").status_code == 400
    assert api().get("/api/transparency/inclusion?game=999999").status_code == 404
    assert api().get("/api/transparency/consistency?from=1&to=99").status_code == 404
    assert api().get("/api/transparency/checkpoints?size=-1").status_code == 400


def test_key_rotation_is_an_entry_in_the_log(api, settings, running_game):
    log.checkpoint()
    old = _key(api)
    settings.TRANSPARENCY_SIGNING_KEY = keys.new_private_pem()
    from games import services

    services.resign(user=running_game.seats.get(number=1).user, game_id=running_game.pk)
    rotated = log.checkpoint()
    assert rotated.key_id not in old
    answer = api().get("/api/transparency/key").json()
    assert [p["key_id"] for p in answer["previous"]] == list(old)
    from transparency.models import LogEntry

    assert LogEntry.objects.filter(kind="key").count() == 2


def test_the_about_page_shows_the_key_and_its_fingerprint(api, db):
    from django.test import Client

    page = Client().get("/about/").content.decode()
    answer = api().get("/api/transparency/key").json()
    assert answer["fingerprint"] in page and answer["key_id"] in page and answer["verifier_key"] in page


def test_a_checkpoint_grows_the_last_ones_compact_range_without_reading_the_leaves(alice, bob, running_game, monkeypatch):
    from tests.transparency.conftest import play

    first = log.checkpoint()
    assert merkle.root_of_range([bytes.fromhex(h) for h in first.compact_range.split()]).hex() == first.root
    play(running_game.pk, [alice, bob], 1)

    def no_reload(size=None):
        raise AssertionError("the checkpoint read every leaf again")

    monkeypatch.setattr(log, "leaf_hashes", no_reload)
    second = log.checkpoint()
    monkeypatch.undo()
    assert second.size == first.size + 1
    assert second.root == merkle.root(log.leaf_hashes()).hex()  # the same root a full recomputation gives


def test_a_checkpoint_after_one_without_a_compact_range_rebuilds_it_from_the_leaves(alice, bob, running_game, monkeypatch):
    from tests.transparency.conftest import play
    from transparency.models import Checkpoint

    create = Checkpoint.objects.create
    monkeypatch.setattr(Checkpoint.objects, "create", lambda **fields: create(**{**fields, "compact_range": None}))
    older = log.checkpoint()  # as checkpoints made before the range was kept
    monkeypatch.undo()
    assert older.compact_range is None
    play(running_game.pk, [alice, bob], 2)
    reloads = []
    full = log.leaf_hashes
    monkeypatch.setattr(log, "leaf_hashes", lambda size=None: reloads.append(size) or full(size))
    second = log.checkpoint()
    assert reloads == [None]
    assert second.root == merkle.root(full()).hex() and second.size == older.size + 1
    assert merkle.verify_consistency(
        older.size, second.size, bytes.fromhex(older.root), bytes.fromhex(second.root),
        log.consistency(older.size, second.size),
    )
