"""Notifications as data (issue 19.1): rows written by the write pipeline with the events that cause
them, never to the writer, never with hidden information, never when the write rolls back."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection, transaction

from engine import get_game
from games import clock, invitations, moderation, optimistic, services, store, timeouts
from games.errors import InvalidRequest
from games.models import Event, Notification
from tests.conftest import accepted_game, require

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def told(user, kind=None):
    rows = Notification.objects.filter(user=user).order_by("id")
    return list(rows.filter(kind=kind) if kind else rows)


def kinds(user):
    return [n.kind for n in told(user)]


def dice(alice, bob, **extra):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}], **extra)


def roll(game, user):
    game.refresh_from_db()
    return services.submit_action(user=user, game_id=game.pk, text="roll", expected_seq=game.seq)


def test_an_invitation_tells_the_invited_user_and_nobody_else(dice_game, alice, bob):
    game = services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    [invited] = told(bob)
    assert invited.kind == "invitation" and invited.game == game and invited.seq == game.seq
    assert invited.text == f"alice invites you to play Dice #{game.pk}, seat b."
    assert invited.read_at is None and told(alice) == []


def test_accepting_tells_the_creator_and_whose_move_it_is_not_the_accepting_user(dice_game, alice, bob):
    game = dice(alice, bob)
    assert kinds(alice) == ["invitation_answered", "your_move"]  # seat a acts first
    assert told(alice)[0].text == f"bob accepted the invitation to Dice #{game.pk}."
    assert told(alice)[1].text == f"Your move in Dice #{game.pk} (you play a)."
    assert kinds(bob) == ["invitation"]  # nothing of bob's own act


def test_declining_tells_the_creator_once_that_the_game_is_cancelled(dice_game, alice, bob):
    game = services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    invitations.decline(user=bob, game_id=game.pk)
    assert [(n.kind, n.text) for n in told(alice)] == [
        ("invitation_answered", f"bob declined the invitation to Dice #{game.pk}: the game is cancelled.")]
    assert kinds(bob) == ["invitation"]


def test_withdrawing_an_invitation_tells_the_user_it_was_offered_to(dice_game, alice, bob):
    game = services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    invitations.open_seat(user=alice, game_id=game.pk, seat="b")
    assert told(bob)[-1].text == f"alice withdrew the invitation to Dice #{game.pk}: the seat is open to anyone."


def test_a_move_tells_the_next_seat_and_not_the_mover(dice_game, alice, bob):
    game = dice(alice, bob, time_control={"days_per_move": 1})
    Notification.objects.all().delete()
    roll(game, alice)
    game.refresh_from_db()
    assert kinds(alice) == []
    [yours] = told(bob)
    assert yours.kind == "your_move" and yours.seq == game.seq
    assert yours.text == f"Your move in Dice #{game.pk} (you play b); the deadline is {game.deadline_at:%Y-%m-%d %H:%M} UTC."


def test_a_bot_seat_is_told_nothing_and_a_bots_move_tells_the_human(dice_game, alice):
    game = services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"bot": "random"}])
    roll(game, alice)
    assert kinds(alice) == []  # the bot is to act: nobody to tell
    game.refresh_from_db()
    assert services.play_bot_turn(game.pk, game.seq)
    assert kinds(alice) == ["your_move"]


def test_the_end_tells_the_others_their_result_but_not_the_last_mover(dice_game, alice, bob):
    game = dice(alice, bob)
    for user in (alice, bob, alice, bob):
        roll(game, user)
    game.refresh_from_db()
    assert game.is_over
    [ended] = told(alice, "ended")
    winners = game.outcome["winners"]
    said = "a draw" if len(winners) == 2 else "you won" if winners == ["a"] else "b won"
    assert ended.text == f"Dice #{game.pk} is over: {said} (dice)."
    assert told(bob, "ended") == []


def test_resigning_tells_the_opponent_they_won(dice_game, alice, bob):
    game = dice(alice, bob)
    services.resign(user=bob, game_id=game.pk)
    assert told(alice)[-1].text == f"Dice #{game.pk} is over: you won (by resignation)."
    assert "ended" not in kinds(bob)


def test_a_timeout_tells_both_players(dice_game, alice, bob):
    with clock.at(T0):
        game = dice(alice, bob, time_control={"days_per_move": 1})
    assert timeouts.apply_timeout(game.pk, T0 + timedelta(days=2)) == "forfeit"
    assert told(alice, "ended")[0].text == f"Dice #{game.pk} is over: b won (on time)."
    assert told(bob, "ended")[0].text == f"Dice #{game.pk} is over: you won (on time)."


def test_a_moderation_act_tells_every_player_once_with_its_reason(dice_game, alice, bob, staff_user):
    game = dice(alice, bob)
    moderation.abort(moderator=staff_user, game_id=game.pk, reason="a broken position")
    for user in (alice, bob):
        [act] = told(user, "moderation")
        assert act.text == f"A moderator aborted the game in Dice #{game.pk}. Reason: a broken position"
        assert "ended" not in kinds(user)  # the act says it; no second row for the same write
    assert told(staff_user) == []


def test_a_rolled_back_write_tells_nobody(dice_game, alice, bob):
    game = dice(alice, bob)
    before = Notification.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        services.resign(user=bob, game_id=game.pk)
        assert Notification.objects.count() == before + 1  # written with the events...
        raise RuntimeError("the transaction rolls back")
    assert Notification.objects.count() == before  # ...and gone with them
    with pytest.raises(InvalidRequest):
        services.submit_action(user=alice, game_id=game.pk, text="jump", expected_seq=game.seq)
    assert Notification.objects.count() == before


def test_no_text_holds_hidden_information(dice_game, alice, bob):
    game = dice(alice, bob)
    for user in (alice, bob, alice, bob):
        roll(game, user)
    secrets = [e.notation for e in Event.objects.filter(game=game, secret=True)]
    assert secrets and Notification.objects.exists()
    for text in Notification.objects.values_list("text", flat=True):
        assert "deal" not in text and not any(secret in text for secret in secrets)


@pytest.mark.django_db(transaction=True)
def test_a_plain_move_stored_by_one_statement_tells_the_next_seat(alice, bob):
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}],
                         options={"quiet_turn_limit": 0})
    engine = get_game("paso")
    players = {0: alice, 1: bob}
    taken = optimistic.taken["count"]
    for _ in range(4):
        game.refresh_from_db()
        _, state = store.load_state(game)
        mover = players[game.to_act]
        services.submit_action(user=mover, game_id=game.pk, text=engine.legal_notation(state)[0], expected_seq=game.seq)
        game.refresh_from_db()
        if game.to_act != engine.actor(state):
            latest = Notification.objects.filter(game=game).latest("id")
            assert (latest.user, latest.kind, latest.seq) == (players[game.to_act], "your_move", game.seq)
    assert optimistic.taken["count"] > taken, "no move took the one-statement path"
    names = engine.seat_names(2)
    for row in Notification.objects.filter(game=game, kind="your_move"):
        mover = Event.objects.get(game=game, seq=row.seq).actor
        assert mover not in names or players[names.index(mover)] != row.user  # never the mover


def test_the_scoring_adds_the_rating_change_to_the_game_ended_notification(dice_game, alice, bob):
    from games import ratings

    game = dice(alice, bob)
    services.resign(user=bob, game_id=game.pk)
    changes = ratings.score_game(game.pk)
    before, after = changes[f"user:{alice.pk}"]
    [ended] = told(alice, "ended")
    assert ended.text == (f"Dice #{game.pk} is over: you won (by resignation). "
                          f"Your rating: {before.rating:.0f} → {after.rating:.0f} ({after.rating - before.rating:+.0f}).")
    assert ratings.score_game(game.pk) is None  # scored once: the text gains it once
    assert told(alice, "ended")[0].text == ended.text
