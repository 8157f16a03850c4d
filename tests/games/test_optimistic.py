"""The one-statement write of a plain move (``games.optimistic``), on real PostgreSQL.

Each test plays Paso del Brahmán (no CHANCE, so every move is one event) in autocommit, as a
request does: ``transaction=True``, no surrounding transaction.
"""

import random
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from engine import get_game
from games import audit, optimistic, services
from games.errors import Conflict, Forbidden, InvalidRequest, Unprocessable
from games.models import Event, Game, IdempotencyRecord, Snapshot
from games.store import load_state
from tests.conftest import accepted_game, require
from tests.games.races import at_once

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
PASO = get_game("paso")


@pytest.fixture(autouse=True)
def postgres_only():
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")


def new_game(alice, bob, **extra) -> Game:
    seats = [{"user": "alice"}, {"user": "bob"}]
    return accepted_game(creator=alice, name="paso", seats=seats, options={"quiet_turn_limit": 0}, **extra)


def random_moves(count: int, seed: int = 1) -> list[str]:
    """Moves of a random Paso game that does not end within ``count`` moves."""
    rng, state, moves = random.Random(seed), PASO.setup(2, {"quiet_turn_limit": 0}), []
    while len(moves) < count:
        action = rng.choice(PASO.legal_actions(state))
        after = PASO.apply(state, action)
        if PASO.outcome(after) is None:
            moves.append(PASO.format(action))
            state = after
    return moves


def play(game: Game, moves: list[str], users: dict) -> None:
    """Each move by the seat to act, naming the seq the caller last saw."""
    for text in moves:
        game.refresh_from_db()
        services.submit_action(user=users[game.to_act], game_id=game.pk, text=text, expected_seq=game.seq)


def test_a_plain_move_takes_the_one_statement_path_and_leaves_a_verifiable_history(alice, bob):
    game = new_game(alice, bob)
    text = random_moves(1)[0]
    stored = optimistic.submit(alice, game.pk, text, game.seq)
    assert stored == {"game": game.pk, "seq": game.seq + 1, "action": text, "to_act": "north"}
    game.refresh_from_db()
    event = Event.objects.get(game=game, seq=game.seq)
    assert (event.kind, event.actor, event.notation) == ("move", "south", text)
    assert game.head_hash == event.hash
    _, state = load_state(game, use_cache=False)  # replayed from the stored events alone
    assert game.to_act == PASO.actor(state)
    assert audit.verify_game(game) == []


def test_the_move_statement_is_prepared_once_on_the_server_and_reused(alice, bob):
    # Django turns prepared statements off (prepare_threshold None), and psycopg then ignores
    # prepare=True as well: the move's statement would be parsed and planned on every move.
    game = new_game(alice, bob)
    users = {0: alice, 1: bob}
    for text in random_moves(4, seed=2):
        game.refresh_from_db()
        assert optimistic.submit(users[game.to_act], game.pk, text, game.seq) is not None
    with connection.cursor() as cursor:
        cursor.execute("SELECT generic_plans + custom_plans FROM pg_prepared_statements"
                       " WHERE statement LIKE %s", ["%WITH moved AS%"])
        runs = [count for (count,) in cursor.fetchall()]
    # Two shapes (a "your move" notice for the first two moves; none while it is unread), each
    # prepared once and run twice: without preparing, the server holds none of them.
    assert sorted(runs) == [2, 2]


def test_both_paths_store_the_same_history_snapshots_included(alice, bob, settings, monkeypatch):
    settings.SNAPSHOT_EVERY = 7  # several snapshots fall on plain moves within 30 moves
    moves = random_moves(30, seed=4)
    fast = new_game(alice, bob)
    play(fast, moves, {0: alice, 1: bob})
    monkeypatch.setattr(optimistic, "submit", lambda *args: None)
    locked = new_game(alice, bob)
    play(locked, moves, {0: alice, 1: bob})

    def history(game):  # the moves (the create and join events carry each game's own seeds)
        moves = Event.objects.filter(game=game, kind="move")
        return list(moves.values_list("seq", "kind", "actor", "notation", "payload", "secret"))

    def snapshots(game):
        return list(Snapshot.objects.filter(game=game).order_by("seq").values_list("seq", "document"))

    assert history(fast) == history(locked) and len(history(fast)) == 30
    assert snapshots(fast) == snapshots(locked) and len(snapshots(fast)) == 30 // 7
    fast.refresh_from_db()
    locked.refresh_from_db()
    assert (fast.seq, fast.to_act, fast.status) == (locked.seq, locked.to_act, locked.status)
    assert audit.verify_game(fast) == [] and audit.verify_game(locked) == []


def test_a_head_this_process_missed_is_caught_by_the_statement_and_the_move_conflicts(alice, bob):
    """Another process stored alice's move; this one still remembers the head before it, and
    alice's second tab sends the same move again with the seq it saw then."""
    game = new_game(alice, bob)
    first, second = random_moves(2)
    seen = optimistic._heads[game.pk]
    services.submit_action(user=alice, game_id=game.pk, text=first, expected_seq=seen.seq)
    optimistic._keep(game.pk, seen)  # as if the write above had happened elsewhere
    with pytest.raises(Conflict, match="stale expected_seq"):
        services.submit_action(user=alice, game_id=game.pk, text=first, expected_seq=seen.seq)
    assert Event.objects.filter(game=game).count() == seen.seq + 1  # the statement matched nothing
    assert game.pk not in optimistic._heads  # forgotten: the next write reads the row afresh
    game.refresh_from_db()
    user = alice if game.to_act == 0 else bob
    services.submit_action(user=user, game_id=game.pk, text=second, expected_seq=game.seq)
    assert Event.objects.filter(game=game).count() == seen.seq + 2
    game.refresh_from_db()
    assert audit.verify_game(game) == []


def test_errors_come_from_the_locked_path_and_change_nothing(alice, bob, make_user):
    game = new_game(alice, bob)
    seq, move = game.seq, random_moves(1)[0]
    with pytest.raises(InvalidRequest) as illegal:
        services.submit_action(user=alice, game_id=game.pk, text="brahmin walk a1.sw-e5.ne", expected_seq=seq)
    assert illegal.value.field == "action"
    with pytest.raises(Forbidden, match="not your turn"):
        services.submit_action(user=bob, game_id=game.pk, text=move, expected_seq=seq)
    with pytest.raises(Forbidden, match="no seat"):
        services.submit_action(user=make_user("carol"), game_id=game.pk, text=move, expected_seq=seq)
    # Suspended in the database while this ``alice`` object still says active (a socket's user):
    # the one statement of the fast path checks the row itself, and the locked path refuses.
    type(alice).objects.filter(pk=alice.pk).update(is_active=False)
    assert alice.is_active
    with pytest.raises(Forbidden, match="suspended"):
        services.submit_action(user=alice, game_id=game.pk, text=move, expected_seq=seq)
    assert Event.objects.filter(game=game).count() == seq


def test_two_concurrent_plain_moves_with_the_same_expected_seq_one_wins_one_conflicts(alice, bob):
    game = new_game(alice, bob)
    seq, move = game.seq, random_moves(1)[0]
    results = at_once(lambda: services.submit_action(user=alice, game_id=game.pk, text=move, expected_seq=seq), 2)
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "dict"]
    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, seq + 2))  # no gap, no duplicate


def test_a_timed_game_gets_the_deadline_the_clock_rules_give(alice, bob):
    game = new_game(alice, bob, time_control={"days_per_move": 3})
    game.refresh_from_db()
    first_deadline = game.deadline_at
    before = timezone.now()
    for text in random_moves(6):
        previous = game.to_act
        assert optimistic.submit(game.to_act == 0 and alice or bob, game.pk, text, game.seq) is not None
        game.refresh_from_db()
        if game.to_act == previous:
            assert game.deadline_at == first_deadline  # the same seat acting on keeps its deadline
        else:
            assert before + timedelta(days=3) <= game.deadline_at <= timezone.now() + timedelta(days=3)
            first_deadline = game.deadline_at


def test_a_plain_move_that_hands_the_turn_to_a_bot_queues_the_bot(alice):
    game = services.create_game(
        creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}], options={"quiet_turn_limit": 0}
    )
    state, seq = load_state(game)[1], game.seq
    while True:  # alice's moves until one hands the turn over
        action = next(a for a in PASO.legal_actions(state) if PASO.outcome(PASO.apply(state, a)) is None)
        state = PASO.apply(state, action)
        stored = optimistic.submit(alice, game.pk, PASO.format(action), seq)
        assert stored is not None
        seq = stored["seq"]
        if PASO.actor(state) == 1:
            break
    game.refresh_from_db()
    assert game.seq > seq  # the bot answered (tasks run eagerly here)
    assert Event.objects.get(game=game, seq=seq + 1).actor == "north"


def test_a_move_with_an_idempotency_key_is_one_statement_and_a_retry_gets_the_same_answer(alice, bob):
    game = new_game(alice, bob)
    text = random_moves(1)[0]
    stored = optimistic.submit(alice, game.pk, text, game.seq, "tab-1:move-1")
    assert stored == {"game": game.pk, "seq": game.seq + 1, "action": text, "to_act": "north"}
    assert IdempotencyRecord.objects.get(user=alice, key="tab-1:move-1").response == stored
    again = services.submit_action(user=alice, game_id=game.pk, text=text, expected_seq=game.seq,
                                   idempotency_key="tab-1:move-1")
    assert again == stored
    assert Event.objects.filter(game=game).count() == game.seq + 1  # the retry stored nothing


def test_a_key_already_used_for_another_game_is_refused_and_nothing_is_stored(alice, bob):
    first, second = new_game(alice, bob), new_game(alice, bob)
    text = random_moves(1)[0]
    services.submit_action(user=alice, game_id=first.pk, text=text, expected_seq=first.seq, idempotency_key="k")
    assert optimistic.submit(alice, second.pk, text, second.seq, "k") is None  # the statement matched nothing
    with pytest.raises(Unprocessable, match="different request"):  # the IETF draft's 422
        services.submit_action(user=alice, game_id=second.pk, text=text, expected_seq=second.seq, idempotency_key="k")
    assert Event.objects.filter(game=second).count() == second.seq
