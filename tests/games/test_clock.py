"""Correspondence time: the option, deadlines as the seat to act changes, vacation, timeout policies."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import clock, services, timeouts
from games.errors import InvalidRequest
from games.ledger import verify_chain
from games.models import Event, Game
from games.store import record_of
from tests.conftest import accepted_game, require
from tests.games.races import at_once
from workers.tasks import sweep_deadlines

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


# --- the option ----------------------------------------------------------------------------------------
def test_a_time_control_is_normalized_with_its_defaults():
    assert clock.check_time_control(None) == {}
    assert clock.check_time_control({"days_per_move": 3}) == {"days_per_move": 3, "vacation_days": 0, "policy": "forfeit"}
    assert clock.check_time_control({"days_per_move": 0.5, "policy": "bot"})["bot"] == "random"


@pytest.mark.parametrize(
    "time_control, says",
    [
        ({"days_per_move": 0}, "days_per_move"),
        ({"days_per_move": True}, "days_per_move"),
        ({"days_per_move": 3, "vacation_days": -1}, "vacation_days"),
        ({"days_per_move": 3, "policy": "pause"}, "policy"),
        ({"days_per_move": 3, "policy": "bot", "bot": "oracle"}, "time_control.bot must be one of"),
        ({"days_per_move": 3, "bot": "random"}, "only goes with"),
        ({"days_per_move": 3, "hours": 2}, "unknown time_control key 'hours'"),
        ("3 days", "must be an object"),
    ],
)
def test_a_wrong_time_control_is_refused_naming_the_field(time_control, says):
    with pytest.raises(InvalidRequest) as error:
        clock.check_time_control(time_control)
    assert error.value.field == "time_control" and says in error.value.message


# --- deadlines -----------------------------------------------------------------------------------------
def timed_dice_game(alice, bob, **time_control):
    with clock.at(T0):
        return accepted_game(
            creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}],
            time_control={"days_per_move": 2, **time_control},
        )


def roll(user, game, moment):
    game.refresh_from_db()
    with clock.at(moment):
        services.submit_action(user=user, game_id=game.pk, text="roll", expected_seq=game.seq)
    game.refresh_from_db()


@pytest.mark.django_db
def test_the_seat_to_act_gets_days_per_move_and_the_next_seat_a_fresh_deadline(dice_game, alice, bob):
    game = timed_dice_game(alice, bob, vacation_days=3)
    assert game.to_act == 0 and game.deadline_at == T0 + 2 * DAY
    assert set(game.seats.values_list("vacation_left", flat=True)) == {3 * 86400}
    assert game.events.get(kind="create").payload["time_control"]["days_per_move"] == 2
    roll(alice, game, T0 + DAY)
    assert game.to_act == 1 and game.deadline_at == T0 + 3 * DAY


@pytest.mark.django_db
def test_an_untimed_game_and_a_bot_to_act_have_no_deadline(dice_game, alice, bob):
    untimed = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    assert untimed.deadline_at is None
    against_bot = services.create_game(
        creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}], time_control={"days_per_move": 1}
    )
    assert against_bot.deadline_at is not None
    services.submit_action(user=alice, game_id=against_bot.pk, text="temple c1", expected_seq=against_bot.seq)
    against_bot.refresh_from_db()
    assert against_bot.to_act == 1 and against_bot.deadline_at is None  # the bot's turn (queued on commit)


@pytest.mark.django_db
def test_the_end_of_a_game_clears_its_deadline(dice_game, alice, bob):
    game = timed_dice_game(alice, bob)
    services.resign(user=bob, game_id=game.pk)
    game.refresh_from_db()
    assert game.status == "finished" and game.deadline_at is None


# --- timeouts ------------------------------------------------------------------------------------------
def kinds_after(game, seq):
    return list(game.events.filter(seq__gt=seq).order_by("seq").values_list("kind", flat=True))


@pytest.mark.django_db
def test_before_the_deadline_nothing_happens(dice_game, alice, bob):
    game = timed_dice_game(alice, bob)
    assert timeouts.apply_timeout(game.pk, T0 + 2 * DAY - timedelta(seconds=1)) is None
    assert timeouts.apply_timeout(game.pk, T0 + 2 * DAY) is None  # the deadline itself is still in time
    assert kinds_after(game, game.seq) == []


@pytest.mark.django_db
def test_forfeit_the_seat_out_of_time_loses_once(dice_game, alice, bob):
    game = timed_dice_game(alice, bob)
    seq = game.seq
    late = T0 + 2 * DAY + timedelta(minutes=1)
    assert timeouts.apply_timeout(game.pk, late) == "forfeit"
    assert timeouts.apply_timeout(game.pk, late) is None
    assert timeouts.apply_timeout(game.pk, late + 10 * DAY) is None
    game.refresh_from_db()
    assert kinds_after(game, seq) == ["timeout", "end"]
    assert game.events.get(kind="timeout").payload == {"seat": "a", "policy": "forfeit"}
    assert game.outcome == {"winners": ["b"], "reason": "timeout", "scores": None}
    assert game.status == "finished" and game.deadline_at is None
    assert verify_chain([record_of(e) for e in game.events.order_by("seq")]) == []


@pytest.mark.django_db
def test_vacation_is_spent_a_day_at_a_time_before_the_policy(dice_game, alice, bob):
    game = timed_dice_game(alice, bob, vacation_days=2)
    deadline = game.deadline_at
    assert timeouts.apply_timeout(game.pk, deadline + timedelta(hours=1)) == "vacation"
    game.refresh_from_db()
    spent = game.events.get(kind="timeout")
    assert spent.payload["policy"] == "vacation" and spent.payload["spent_seconds"] == 86400
    assert game.deadline_at == deadline + DAY and game.seats.get(number=0).vacation_left == 86400
    assert game.status == "active" and game.to_act == 0
    # Three days late: the last vacation day is not enough, so the policy applies in the same sweep.
    assert timeouts.apply_timeout(game.pk, deadline + timedelta(days=3)) == "forfeit"
    game.refresh_from_db()
    policies = [e.payload["policy"] for e in game.events.filter(kind="timeout").order_by("seq")]
    assert policies == ["vacation", "vacation", "forfeit"]
    assert game.seats.get(number=0).vacation_left == 0 and game.outcome["reason"] == "timeout"


@pytest.mark.django_db
def test_bot_policy_plays_the_absent_seats_turn_once_and_the_seat_stays_theirs(dice_game, alice, bob):
    game = timed_dice_game(alice, bob, policy="bot")
    seq = game.seq
    late = T0 + 3 * DAY
    assert timeouts.apply_timeout(game.pk, late) == "bot"
    assert timeouts.apply_timeout(game.pk, late) is None
    game.refresh_from_db()
    assert kinds_after(game, seq) == ["timeout", "move", "chance"]
    move = game.events.get(kind="move")
    assert move.actor == "a" and move.notation == "roll"
    assert game.events.get(kind="timeout").payload == {"seat": "a", "policy": "bot", "bot": "random"}
    assert game.to_act == 1 and game.deadline_at == late + 2 * DAY  # bob's fresh deadline, on the same clock
    assert game.seats.get(number=0).user == alice


@pytest.mark.django_db
def test_the_sweep_applies_each_overdue_game_once(dice_game, alice, bob):
    overdue = [timed_dice_game(alice, bob), timed_dice_game(alice, bob, policy="bot")]
    in_time = timed_dice_game(alice, bob, days_per_move=10)
    moment = (T0 + 5 * DAY).isoformat()
    assert sweep_deadlines.apply(kwargs={"now": moment}).get() == 2
    assert sweep_deadlines.apply(kwargs={"now": moment}).get() == 0
    assert [Event.objects.filter(game=g, kind="timeout").count() for g in overdue] == [1, 1]
    assert Game.objects.get(pk=overdue[0].pk).status == "finished"
    assert not Event.objects.filter(game=in_time, kind="timeout").exists()


@pytest.mark.django_db
def test_the_sweep_reads_the_patched_clock(dice_game, alice, bob, monkeypatch):
    """Without an injected moment the sweep asks django.utils.timezone.now: a test can move it."""
    game = timed_dice_game(alice, bob)
    monkeypatch.setattr("django.utils.timezone.now", lambda: T0 + DAY)
    assert sweep_deadlines.apply().get() == 0
    monkeypatch.setattr("django.utils.timezone.now", lambda: T0 + 3 * DAY)
    assert sweep_deadlines.apply().get() == 1
    game.refresh_from_db()
    assert game.outcome["reason"] == "timeout"


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_concurrent_timeouts_apply_the_policy_once(dice_game, alice, bob):
    """Two sweepers at once on PostgreSQL: the row lock and the re-check let exactly one act."""
    require(connection.vendor == "postgresql", "row locks need PostgreSQL")
    game = timed_dice_game(alice, bob, policy="bot")
    late = T0 + 3 * DAY
    results = at_once(lambda: timeouts.apply_timeout(game.pk, late), 4)
    assert sorted(results, key=str) == [None, None, None, "bot"]
    assert Event.objects.filter(game=game, kind="timeout").count() == 1
    assert Event.objects.filter(game=game, kind="move").count() == 1


@pytest.mark.django_db
def test_the_sweep_queues_again_a_bot_turn_whose_task_was_lost(alice):
    """Here the bot's task never ran (callbacks on commit do not run inside a test transaction)."""
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}])
    services.submit_action(user=alice, game_id=game.pk, text="temple c1", expected_seq=game.seq)
    soon = timezone.now() + timedelta(minutes=1)
    sweep_deadlines.apply(kwargs={"now": soon.isoformat()})
    assert not Event.objects.filter(game=game, actor="north", kind="move").exists()  # not stalled yet: it may be running
    later = timezone.now() + clock.STALLED_BOT_AFTER + timedelta(minutes=1)
    sweep_deadlines.apply(kwargs={"now": later.isoformat()})
    sweep_deadlines.apply(kwargs={"now": later.isoformat()})
    assert Event.objects.filter(game=game, actor="north", kind="move").count() == 1


@pytest.mark.django_db
def test_a_seat_taken_over_by_a_bot_does_not_time_out(dice_game, alice, bob):
    game = timed_dice_game(alice, bob)
    game.seats.filter(number=0).update(user=None, bot="random")  # as a moderator's replacement leaves it
    assert timeouts.apply_timeout(game.pk, T0 + 3 * DAY) is None
    game.refresh_from_db()
    assert game.deadline_at is None and not game.events.filter(kind="timeout").exists()
