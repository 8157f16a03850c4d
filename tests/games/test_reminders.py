"""Deadline reminders (issue 19.4): the sweep tells the seat to act 24 h and 2 h before its deadline,
once each per deadline (also under two concurrent sweeps), and never once the move was made."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import IntegrityError, connection, transaction

from games import clock, notifications, reminders, services
from games.models import Notification, Outbox
from tests.conftest import accepted_game, require
from tests.games.races import at_once
from workers.tasks import sweep_deadlines

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)

pytestmark = pytest.mark.django_db


def timed(alice, bob, days=3):
    with clock.at(T0):
        return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}],
                             time_control={"days_per_move": days})


def reminded(user=None):
    rows = Notification.objects.filter(kind__startswith="deadline").order_by("id")
    return [(n.user.username, n.kind) for n in (rows.filter(user=user) if user else rows)]


def sweep(moment):
    sweep_deadlines.apply(args=[moment.isoformat()]).get()


def test_the_seat_to_act_is_reminded_24_hours_then_2_hours_before_once_each(dice_game, alice, bob):
    game = timed(alice, bob)
    deadline = game.deadline_at
    assert deadline == T0 + 3 * 24 * H
    sweep(deadline - 25 * H)
    assert reminded() == []
    for left in (23, 22, 3):
        sweep(deadline - left * H)
    assert reminded() == [("alice", "deadline_24h")]
    [row] = Notification.objects.filter(kind="deadline_24h")
    assert row.deadline == deadline and row.game == game and row.seq == game.seq
    assert row.text == (f"Less than 24 hours left for your move in Dice #{game.pk} (you play a); "
                        f"the deadline is {deadline:%Y-%m-%d %H:%M} UTC.")
    for left in (1.5, 1, 0.1):
        sweep(deadline - left * H)
    assert reminded() == [("alice", "deadline_24h"), ("alice", "deadline_2h")]
    sweep(deadline + H)  # past it: the timeout's business, not a reminder's
    assert len(reminded()) == 2


def test_no_reminder_once_the_move_was_made(dice_game, alice, bob):
    game = timed(alice, bob)
    deadline = game.deadline_at
    with clock.at(deadline - 25 * H):
        services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    sweep(deadline - 23 * H)
    sweep(deadline - H)
    assert reminded(alice) == []  # bob's deadline is three days away from his turn's start
    game.refresh_from_db()
    sweep(game.deadline_at - 23 * H)
    assert reminded() == [("bob", "deadline_24h")]


def test_a_reminder_as_long_as_the_move_is_left_out(dice_game, alice, bob):
    game = timed(alice, bob, days=1)
    sweep(game.deadline_at - 23 * H)
    assert reminded() == []  # "24 hours left" on a one-day move says nothing new
    sweep(game.deadline_at - H)
    assert reminded() == [("alice", "deadline_2h")]


def test_a_moved_deadline_is_a_new_deadline_to_remind(dice_game, alice, bob, staff_user):
    from games import moderation

    game = timed(alice, bob)
    sweep(game.deadline_at - H)
    with clock.at(game.deadline_at - H):
        moderation.extend_deadline(moderator=staff_user, game_id=game.pk, hours=48, reason="a storm")
    game.refresh_from_db()
    sweep(game.deadline_at - H)
    assert reminded(alice) == [("alice", "deadline_2h"), ("alice", "deadline_2h")]
    assert Notification.objects.filter(kind="deadline_2h").values("deadline").distinct().count() == 2


def test_the_database_refuses_a_second_reminder_for_one_deadline(dice_game, alice, bob):
    game = timed(alice, bob)
    sweep(game.deadline_at - H)
    with pytest.raises(IntegrityError), transaction.atomic():
        Notification.objects.create(user=alice, kind="deadline_2h", game=game, seq=game.seq, text="again",
                                    deadline=game.deadline_at)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_sweeps_remind_once(dice_game, alice, bob):
    require(connection.vendor == "postgresql", "row locks need PostgreSQL")
    game = timed(alice, bob)
    moment = game.deadline_at - 23 * H
    results = at_once(lambda: reminders.remind_due(moment), 2)
    assert sorted(results) == [0, 1], results
    assert reminded() == [("alice", "deadline_24h")]
    later = game.deadline_at - H
    results = at_once(lambda: reminders.remind_due(later), 4)
    assert sorted(results) == [0, 0, 0, 1], results
    assert reminded() == [("alice", "deadline_24h"), ("alice", "deadline_2h")]


def test_a_reminder_sends_the_reminded_players_inbox_count_through_the_outbox(dice_game, alice, bob):
    """Issue 19, item 1: the inbox badge changes live for a reminder too (the relay's inbox work)."""
    game = timed(alice, bob)
    before = Outbox.objects.filter(kind=Outbox.Kind.INBOX, seq=game.seq).count()
    sweep(game.deadline_at - 23 * H)
    assert Outbox.objects.filter(kind=Outbox.Kind.INBOX, game=game, seq=game.seq).count() == before + 1
    counts = notifications.unread_of_notified(game.pk, game.seq)
    assert counts[alice.pk] == Notification.objects.filter(user=alice, read_at__isnull=True).count()
