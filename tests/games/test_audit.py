"""Verification, export and import of histories: tampering is caught, a round trip is exact."""

import random

import orjson
import pytest
from django.db import connection, transaction
from django.utils import timezone

from engine import available, get_game
from engine.fair import derive_chance
from games import audit, moderation, selectors, services
from games.ledger import GENESIS, event_hash
from games.models import Event, Game, Snapshot
from games.store import load_state, record_of
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


# --- helpers ---------------------------------------------------------------------------------------
def dice_of(alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


def play_out(game, users, *, seed=0, max_moves=300):
    """Random legal moves by whoever is to act until the game ends (a resignation past ``max_moves``)."""
    rng = random.Random(seed)
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        engine, state = load_state(game)
        text = rng.choice(engine.legal_notation(state))
        services.submit_action(user=users[game.to_act], game_id=game.pk, text=text, expected_seq=game.seq)
    services.resign(user=users[game.to_act], game_id=game.pk)
    game.refresh_from_db()
    return game


def rehash(records):
    """Recompute the chain, as a forger who controls the file would: only the replay can catch it."""
    prev = GENESIS
    for record in records:
        record["prev_hash"] = prev
        record["hash"] = prev = event_hash(prev, record)
    return records


def tamper(sql, params=()):
    """Change a stored event behind the service's back (on PostgreSQL the trigger must be bypassed)."""
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL session_replication_role = replica")
        cursor.execute(sql, params)


def finished_dice(alice, bob):
    game = dice_of(alice, bob)
    return play_out(game, {0: alice, 1: bob})


# --- verifying ---------------------------------------------------------------------------------------
def test_an_honest_game_verifies_running_and_finished(dice_game, alice, bob):
    game = dice_of(alice, bob)
    assert audit.verify_game(game) == []  # running: checked against the server's seed
    play_out(game, {0: alice, 1: bob})
    assert game.status == "finished" and audit.verify_game(game) == []


def test_an_event_changed_in_the_database_breaks_the_chain(dice_game, alice, bob):
    game = finished_dice(alice, bob)
    move = game.events.filter(kind="move").first()
    tamper("UPDATE games_event SET actor = %s WHERE id = %s", ["b", move.pk])
    problems = audit.verify_game(game)
    assert f"event {move.seq}: its content does not match its hash" in problems


def append(game, kind, actor, notation):
    """An insider's forgery: an event chained by hand, past the write pipeline."""
    event = Event(game=game, seq=game.seq + 1, kind=kind, actor=actor, notation=notation, payload={},
                  created_at=timezone.now(), prev_hash=game.head_hash)
    event.hash = event_hash(event.prev_hash, record_of(event))
    event.save()
    game.seq, game.head_hash = event.seq, event.hash


def test_a_forged_roll_with_a_valid_chain_is_not_the_one_the_seed_gives(dice_game, alice, bob):
    game = dice_of(alice, bob)
    with transaction.atomic():
        game = services.locked(game.pk)
        engine, state = load_state(game)
        append(game, Event.Kind.MOVE, "a", "roll")
        honest = derive_chance(engine, engine.play(state, "roll"), bytes.fromhex(game.seed), game.pk,
                                        game.seq + 1, [s.client_seed for s in game.seats.all()])
        forged = 6 if engine.format(honest) != "roll 6" else 5
        append(game, Event.Kind.CHANCE, "chance", f"roll {forged}")
        services.save(game)
    problems = audit.verify_game(game)
    assert problems == [f"event {game.seq}: chance outcome 'roll {forged}' is not the one the seed gives"]


def test_a_rehashed_file_with_a_changed_result_fails_the_replay(dice_game, alice, bob):
    records = audit.game_records(finished_dice(alice, bob))
    end = records[-1]
    end["payload"]["outcome"] = {"winners": ["z"], "reason": "dice", "scores": [0, 0]}
    problems = audit.verify_records(rehash(records))
    assert len(problems) == 1 and "but the end event says dice for z" in problems[0]


def test_a_rehashed_file_with_another_seed_fails_the_commitment(dice_game, alice, bob):
    records = audit.game_records(finished_dice(alice, bob))
    records[-1]["payload"]["seed"] = "00" * 32
    assert audit.verify_records(rehash(records)) == ["the seed does not match the commitment (seed_hash) of event 1"]


def test_a_rehashed_file_with_an_illegal_move_is_refused_by_the_engine(dice_game, alice, bob):
    records = audit.game_records(finished_dice(alice, bob))
    move = next(r for r in records if r["kind"] == "move")
    move["notation"] = "roll 6"
    problems = audit.verify_records(rehash(records))
    assert problems and problems[-1].startswith(f"event {move['seq']}: the engine refuses 'roll 6'")


def test_a_wrong_snapshot_and_a_wrong_game_row_are_reported(dice_game, alice, bob):
    game = finished_dice(alice, bob)
    Snapshot.objects.create(game=game, seq=5, document=orjson.dumps({"deck": None}).decode())
    Game.objects.filter(pk=game.pk).update(outcome={"winners": [], "reason": "agreement", "scores": None})
    game.refresh_from_db()
    problems = audit.verify_game(game)
    assert "event 5: the stored snapshot differs from the replayed position" in problems
    assert "the game row's outcome differs from its end event" in problems


def test_replay_reports_a_rules_change_that_ends_an_old_game_differently(dice_game, alice, bob, monkeypatch):
    game = finished_dice(alice, bob)
    assert audit.replay_game(game) == []
    before = dice_game.outcome

    def changed(state):  # a "rules change": the other seat now wins
        outcome = before(state)
        return outcome and {**outcome, "winners": ["b"] if outcome["winners"] != ["b"] else ["a"]}

    monkeypatch.setattr(dice_game, "outcome", changed)
    problems = audit.replay_game(game)
    assert len(problems) == 1 and problems[0].startswith("the replay ends dice for")


def test_the_position_at_every_event_matches_a_replay_from_the_start(dice_game, alice, bob, settings):
    settings.SNAPSHOT_EVERY = 3
    game = finished_dice(alice, bob)
    assert game.snapshots.count() >= 2
    state, engine_kinds = dice_game.setup(2), {"move", "chance"}
    for record in [{"seq": 0, "kind": "", "notation": ""}, *audit.game_records(game)]:
        if record["kind"] in engine_kinds:
            state = dice_game.play(state, record["notation"])
        position = selectors.position_at(game, record["seq"])
        assert position == {"seq": record["seq"], "full": True, "rules_version": dice_game.rules_version,
                            "position": dice_game.to_json(state)}


# --- export and import ----------------------------------------------------------------------------------
def exported_then_forgotten(make_game):
    """Make a game, export it, then roll it back: the database no longer holds it (as on another server)."""
    with transaction.atomic():
        game = make_game()
        records = selectors.export_records(game)
        summary = selectors.game_summary(game)
        data, text = audit.jsonl(records), audit.notation_text(records)
        transaction.set_rollback(True)
    assert not Game.objects.filter(pk=game.pk).exists()
    return game.pk, records, summary, data, text


def assert_round_trip(game_id, records, summary, data, text):
    assert audit.import_histories(data) == {game_id: "imported"}
    game = Game.objects.get(pk=game_id)
    again = selectors.export_records(game)
    assert again == records
    assert audit.jsonl(again) == data and audit.notation_text(again) == text
    mine = selectors.game_summary(game)
    for key in ("game", "players", "options", "status", "seq", "seats", "outcome", "seed_hash", "seed"):
        assert mine[key] == summary[key], key
    assert audit.verify_game(game) == []
    assert audit.import_histories(data) == {game_id: "already here"}


@pytest.mark.parametrize("name", available())
def test_export_then_import_round_trips_a_game_of_each_kind_exactly(make_user, name, settings):
    settings.SNAPSHOT_EVERY = 4
    engine = get_game(name)
    players = engine.player_counts[0]
    users = [make_user(f"p{n}") for n in range(players)]

    def make():
        game = accepted_game(creator=users[0], name=name, players=players,
                                    seats=[{"user": u.username} for u in users])
        return play_out(game, dict(enumerate(users)), seed=7)

    exported = exported_then_forgotten(make)
    assert_round_trip(*exported)
    assert Game.objects.get(pk=exported[0]).snapshots.exists()


def test_a_moderated_game_round_trips_with_its_seats_and_status(dice_game, alice, bob, make_user):
    mod, carol = make_user("mod", is_staff=True), make_user("carol")

    def make():
        game = dice_of(alice, bob)
        moderation.hand_seat(moderator=mod, game_id=game.pk, seat="b", username="carol", reason="bob left")
        moderation.replace_with_bot(moderator=mod, game_id=game.pk, seat="a", level="random", reason="alice left")
        return moderation.abort(moderator=mod, game_id=game.pk, reason="test game")

    game_id, records, summary, data, text = exported_then_forgotten(make)
    assert [s["player"] for s in summary["seats"]] == ["bot:random", "carol"] and summary["status"] == "aborted"
    assert_round_trip(game_id, records, summary, data, text)
    assert Game.objects.get(pk=game_id).seats.get(number=1).user == carol


def test_import_refuses_a_tampered_file_and_stores_nothing(dice_game, alice, bob):
    game_id, records, *_ = exported_then_forgotten(lambda: finished_dice(alice, bob))
    records[5]["notation"] = "roll 6" if records[5]["notation"] != "roll 6" else "roll 5"
    with pytest.raises(audit.ImportRefused, match=f"game {game_id}: event 6: its content does not match its hash"):
        audit.import_histories(audit.jsonl(records))
    assert not Game.objects.filter(pk=game_id).exists() and not Event.objects.filter(game_id=game_id).exists()


def test_import_refuses_a_running_game_and_a_malformed_line(dice_game, alice, bob):
    running = dice_of(alice, bob)
    with pytest.raises(audit.ImportRefused, match="has not ended"):
        audit.import_histories(audit.jsonl(audit.game_records(running)))
    with pytest.raises(audit.ImportRefused, match="line 1 is not an event record"):
        audit.import_histories(b"{not json}\n")
    assert Game.objects.count() == 1


def test_import_refuses_an_id_taken_by_another_history(dice_game, alice, bob):
    game_id, records, *_ = exported_then_forgotten(lambda: finished_dice(alice, bob))
    Game.objects.create(pk=game_id, name="dice", players=2, seed="", seed_hash="")
    with pytest.raises(audit.ImportRefused, match=f"game {game_id} already exists here with a different history"):
        audit.import_histories(audit.jsonl(records))
    assert not Event.objects.filter(game_id=game_id).exists()


def test_new_games_take_ids_after_imported_ones(dice_game, alice, bob):
    game_id, records, *_ = exported_then_forgotten(lambda: finished_dice(alice, bob))
    audit.import_histories(audit.jsonl(records))
    assert dice_of(alice, bob).pk > game_id
