"""The outbox (issue 16.1): follow-up work is written with its events and never lost.

A write stores its live update, bot turn and scoring as outbox rows in its own transaction; after
the commit they are handed off and deleted. A hand-off that fails (a broker or channel layer away)
leaves its row and the write's answer stands; the relay hands it off once the part is back.
"""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from games import broadcast, chat, notify, relay, services
from games.models import Game, Outbox
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db(transaction=True)


class Away(ConnectionError):
    """What a broker or channel layer that is down raises."""


@pytest.fixture
def paso(alice, bob):
    return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])


def first_move(game):
    from games.selectors import legal_for

    game.refresh_from_db()
    return legal_for(game, game.seats.get(number=game.to_act).user)["actions"][0]


def move(game, user):
    game.refresh_from_db()
    return services.submit_action(user=user, game_id=game.pk, text=first_move(game), expected_seq=game.seq)


def mover(game):
    game.refresh_from_db()
    return game.seats.get(number=game.to_act).user


def later(seconds=relay.GRACE + 1):
    return timezone.now() + timedelta(seconds=seconds)


def test_a_write_hands_off_its_work_after_commit_and_leaves_no_row(paso):
    sent = []
    original = broadcast.send
    broadcast.send = lambda game_id, seq: sent.append((game_id, seq))
    try:
        answer = move(paso, mover(paso))
    finally:
        broadcast.send = original
    assert sent == [(paso.pk, answer["seq"])]
    assert Outbox.objects.count() == 0  # handed off, then deleted (no relay thread here: at once)


def test_the_work_of_a_rolled_back_write_is_never_written(paso, monkeypatch):
    sent = []
    monkeypatch.setattr(broadcast, "send", lambda game_id, seq: sent.append(seq))
    user = mover(paso)
    with pytest.raises(RuntimeError), transaction.atomic():
        move(paso, user)
        assert Outbox.objects.filter(game=paso, kind="broadcast").count() == 1  # written with the events
        raise RuntimeError("the transaction fails after the write")
    assert Outbox.objects.count() == 0 and sent == []


def test_a_failed_hand_off_keeps_its_row_and_the_write_answers(paso, monkeypatch):
    def away(game_id, seq):
        raise Away("channel layer away")

    monkeypatch.setattr(broadcast, "send", away)
    answer = move(paso, mover(paso))  # no 500: the move stands
    row = Outbox.objects.get(kind="broadcast")
    assert (row.game_id, row.seq) == (paso.pk, answer["seq"])
    assert row.attempts == 1 and row.error == "Away"  # due again a second later; the type, never the message
    # the write's later work was not tried after a failure (each would make the writer wait): it waits too
    assert all(r.attempts == 1 and r.due_at == row.due_at for r in Outbox.objects.exclude(pk=row.pk))
    assert relay.run_due() == 0  # not yet due
    later = Outbox.objects.exclude(pk=row.pk).count()
    assert relay.run_due(row.due_at) == later  # the broadcast still away: tried, and put back with backoff
    row.refresh_from_db()
    assert row.attempts == 2


def test_a_row_never_handed_off_is_found_after_its_grace(paso, monkeypatch):
    """A process that died between the commit and the hand-off: the row waits, untried."""
    sent = []
    monkeypatch.setattr(broadcast, "send", lambda game_id, seq: sent.append(seq))
    written = timezone.now()
    Outbox.objects.create(game=paso, seq=paso.seq, kind="broadcast", created_at=written)
    assert relay.run_due(written + timedelta(seconds=relay.GRACE - 1)) == 0 and sent == []
    assert relay.run_due(written + timedelta(seconds=relay.GRACE + 1)) == 1 and sent == [paso.seq]
    assert not Outbox.objects.exists()


def test_backoff_grows_to_three_seconds_and_a_row_is_handed_off_once_the_part_is_back(paso, monkeypatch):
    monkeypatch.setattr(broadcast, "send", lambda game_id, seq: (_ for _ in ()).throw(Away("away")))
    move(paso, mover(paso))
    moment, waits = Outbox.objects.get(kind="broadcast").due_at, []
    for _ in range(5):
        relay.run_due(moment)  # the first run also hands off the write's later work, which waited
        row = Outbox.objects.get(kind="broadcast")
        waits.append((row.due_at - moment).total_seconds())
        moment = row.due_at
    assert waits == [2.0, 3.0, 3.0, 3.0, 3.0]  # after the first try's 1 s
    sent = []
    monkeypatch.setattr(broadcast, "send", lambda game_id, seq: sent.append(seq))
    assert relay.run_due(moment - timedelta(seconds=1)) == 0  # not yet due
    assert relay.run_due(moment) == 1 and len(sent) == 1
    assert Outbox.objects.count() == 0


def test_a_bot_turn_queued_while_the_broker_was_away_is_played_when_it_returns(alice, monkeypatch):
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}])
    game.refresh_from_db()
    if game.to_act != 0:  # the bot moved first: play our move to hand it the turn
        pytest.fail("paso's first seat acts first")
    schedule = notify.schedule_bot
    monkeypatch.setattr(notify, "schedule_bot", lambda game_id, seq: (_ for _ in ()).throw(Away("broker away")))
    answer = move(game, alice)
    game.refresh_from_db()
    assert game.seq == answer["seq"] and game.to_act == 1  # the bot's turn waits
    assert Outbox.objects.filter(kind="bot_turn", game=game).count() == 1
    monkeypatch.setattr(notify, "schedule_bot", schedule)  # the broker is back
    relay.run_due(later())
    game.refresh_from_db()
    assert game.seq > answer["seq"] and (game.to_act == 0 or game.is_over)  # the bot moved, once
    assert not Outbox.objects.filter(kind="bot_turn").exists()


def test_a_resignation_while_the_broker_is_away_is_scored_when_it_returns(alice, bob, monkeypatch):
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    scoring = notify.schedule_scoring
    monkeypatch.setattr(notify, "schedule_scoring", lambda game_id: (_ for _ in ()).throw(Away("broker away")))
    services.resign(user=bob, game_id=game.pk)
    assert Game.objects.get(pk=game.pk).scored is False
    assert Outbox.objects.filter(kind="score", game=game).count() == 1
    monkeypatch.setattr(notify, "schedule_scoring", scoring)
    relay.run_due(later())
    assert Game.objects.get(pk=game.pk).scored is True
    assert Outbox.objects.count() == 0


def test_a_row_handed_off_twice_does_no_harm(alice):
    """The flush of a process may be lost (it commits without waiting for the disk): the row is then
    handed off again, which every kind of work tolerates."""
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}])
    move(game, alice)
    game.refresh_from_db()
    seq = game.seq
    for kind in ("bot_turn", "score", "broadcast"):
        relay.hand_off(kind, game.pk, seq - 1)  # a stale bot turn names a seq the game left: a no-op
    game.refresh_from_db()
    assert game.seq == seq


def test_a_chat_line_written_while_the_layer_is_away_is_delivered_when_it_returns(paso, alice, monkeypatch):
    """Issue 19, item 5: a chat line and the inbox count it causes leave through the outbox too."""


    monkeypatch.setattr(broadcast, "listened", lambda groups: set(groups))  # every page is open
    monkeypatch.setattr(broadcast, "deliver", lambda by_group: (_ for _ in ()).throw(Away("layer away")))
    line = chat.post(user=alice, game_id=paso.pk, room="players", text="hello")  # bob is away: told
    waiting = set(Outbox.objects.values_list("kind", "seq"))
    assert {(Outbox.Kind.CHAT, line["id"]), (Outbox.Kind.CHAT_INBOX, line["id"])} <= waiting
    sent = []
    monkeypatch.setattr(broadcast, "deliver", lambda by_group: sent.append(by_group))  # the layer is back
    relay.run_due(later())
    lines = [m for by_group in sent for m in by_group.values() if m["type"] == "chat.line"]
    counts = [(g, m) for by_group in sent for g, m in by_group.items() if m["type"] == "inbox.unread"]
    assert lines and all(m["line"]["text"] == "hello" for m in lines)
    assert [g for g, _ in counts] == [broadcast.user_group(paso.seats.get(number=1).user_id)]
    assert not Outbox.objects.filter(kind__in=[Outbox.Kind.CHAT, Outbox.Kind.CHAT_INBOX]).exists()
