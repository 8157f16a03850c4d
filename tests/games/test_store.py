"""The one replay (``store.replay``): snapshots of this rules version used, others ignored and reported."""

import io
import threading

import orjson
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from engine import get_game
from games import selectors, store
from games.models import Snapshot
from games.site.replay import position_at as site_position_at
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db
PASO = get_game("paso")
OPTIONS = {"quiet_turn_limit": 0}


def paso_game(alice, bob, moves: int):
    from games import services

    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}], options=OPTIONS)
    users = {0: alice, 1: bob}
    for _ in range(moves):
        game.refresh_from_db()
        _, state = store.replay(game)
        text = PASO.format(PASO.legal_actions(state)[0])
        services.submit_action(user=users[game.to_act], game_id=game.pk, text=text, expected_seq=game.seq)
    game.refresh_from_db()
    return game


def from_events(game, seq):
    """The position after ``seq`` replayed from the start, with no snapshot at all."""
    state = PASO.setup(2, OPTIONS)
    for event in game.events.filter(seq__lte=seq, kind__in=store.ENGINE_KINDS).order_by("seq"):
        state = PASO.play(state, event.notation)
    return state


def move_seqs(game) -> list[int]:
    return list(game.events.filter(kind__in=store.ENGINE_KINDS).order_by("seq").values_list("seq", flat=True))


def test_snapshots_carry_the_engine_rules_version(settings, alice, bob):
    settings.SNAPSHOT_EVERY = 3
    game = paso_game(alice, bob, 5)
    versions = set(game.snapshots.values_list("rules_version", flat=True))
    assert game.snapshots.count() >= 2 and versions == {PASO.rules_version}


def test_replay_reads_the_latest_snapshot_of_this_rules_version(settings, alice, bob):
    settings.SNAPSHOT_EVERY = 0
    game = paso_game(alice, bob, 6)
    early, late = move_seqs(game)[1], move_seqs(game)[3]
    # A snapshot claiming an earlier position at a later event: a replay that used it shows it.
    planted = orjson.dumps(PASO.to_json(from_events(game, early))).decode()
    Snapshot.objects.create(game=game, seq=late, document=planted, rules_version=PASO.rules_version)
    _, state = store.replay(game, late, use_cache=False)
    assert PASO.to_json(state) == PASO.to_json(from_events(game, early))
    assert PASO.to_json(from_events(game, early)) != PASO.to_json(from_events(game, late))


def test_a_snapshot_of_another_rules_version_is_ignored_and_replay_all_reports_it(settings, alice, bob):
    settings.SNAPSHOT_EVERY = 0
    game = paso_game(alice, bob, 6)
    early, late = move_seqs(game)[1], move_seqs(game)[3]
    wrong = orjson.dumps(PASO.to_json(from_events(game, early))).decode()
    Snapshot.objects.create(game=game, seq=late, document=wrong, rules_version=PASO.rules_version + 1)
    for upto in (late, late + 1, game.seq):
        _, state = store.replay(game, upto, use_cache=False)
        assert PASO.to_json(state) == PASO.to_json(from_events(game, upto))
    assert store.stale_snapshots(game) == [late]
    out = io.StringIO()
    call_command("replay_all", "--game", str(game.pk), stdout=out, stderr=io.StringIO())
    assert f"STALE game {game.pk} (paso): snapshots after events {late} " in out.getvalue()
    assert "1 with snapshots of another rules version" in out.getvalue()


def test_replay_all_still_fails_on_a_snapshot_of_this_version_that_differs(settings, alice, bob):
    settings.SNAPSHOT_EVERY = 0
    game = paso_game(alice, bob, 6)
    early, late = move_seqs(game)[1], move_seqs(game)[3]
    wrong = orjson.dumps(PASO.to_json(from_events(game, early))).decode()
    Snapshot.objects.create(game=game, seq=late, document=wrong, rules_version=PASO.rules_version)
    with pytest.raises(CommandError):
        call_command("replay_all", "--game", str(game.pk), stdout=io.StringIO(), stderr=io.StringIO())


def test_the_admin_audit_and_site_positions_are_the_one_replay_and_name_the_rules_version(settings, alice, bob):
    settings.SNAPSHOT_EVERY = 0
    game = paso_game(alice, bob, 6)
    early, late = move_seqs(game)[0], move_seqs(game)[2]
    planted = orjson.dumps(PASO.to_json(from_events(game, early))).decode()
    Snapshot.objects.create(game=game, seq=late, document=planted, rules_version=PASO.rules_version)
    expected_view = PASO.view(from_events(game, early), None)  # the planted snapshot shows: the one replay read it
    assert expected_view != PASO.view(from_events(game, late), None)
    audit_position = selectors.position_at(game, late)
    assert audit_position["position"] == expected_view and audit_position["rules_version"] == PASO.rules_version
    site = site_position_at(game, alice, late)
    assert site["view"] == PASO.view(from_events(game, early), 0) and site["rules_version"] == PASO.rules_version


def test_the_state_cache_holds_under_threads():
    errors, keys = [], range(1000)

    def hammer(offset):
        try:
            for k in keys:
                store._cache_put(("t", offset, k), k)
                store._cache_get(("t", (offset + 1) % 4, k))
        except Exception as exc:  # a race in the OrderedDict raises (KeyError, RuntimeError)
            errors.append(exc)

    threads = [threading.Thread(target=hammer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(store._CACHE) <= store._CACHE_SIZE
    assert isinstance(store._CACHE_LOCK, type(threading.Lock()))
