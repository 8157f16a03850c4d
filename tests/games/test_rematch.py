"""Rematch (issue 19 item 6): after a finished game, a player offers the same game again with the
seats swapped; the other accepts (a new, ordinary game starts) or declines; a bot accepts at once."""

import pytest

from games import rematch, services
from games.errors import Conflict, Forbidden, InvalidRequest
from games.models import Game, Notification, Rematch
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db

TIMED = {"days_per_move": 3}


def finished(alice, bob, **extra):
    """A timed Paso game alice (seat 0) against bob (seat 1), ended by bob's resignation."""
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}],
                         time_control=TIMED, **extra)
    return services.resign(user=bob, game_id=game.pk)


def test_an_accepted_rematch_starts_the_same_game_with_the_seats_swapped(alice, bob):
    old = finished(alice, bob)
    offered = rematch.answer(user=alice, game_id=old.pk, choice="offer")
    assert offered["offered_by"] == "alice" and offered["new_game"] is None
    assert Notification.objects.filter(user=bob, kind="rematch_offer", game=old).count() == 1
    answer = rematch.answer(user=bob, game_id=old.pk, choice="accept")
    new = Game.objects.get(pk=answer["new_game"])
    seats = {s.number: s.user for s in new.seats.all()}
    assert seats == {0: bob, 1: alice}  # swapped
    assert new.status == Game.Status.ACTIVE and new.name == "paso" and new.options == old.options
    assert new.time_control == old.time_control and new.rated == old.rated
    row = Rematch.objects.get(game=old)
    assert row.answer == "accepted" and row.answered_by == bob and row.new_game == new
    assert Notification.objects.filter(user=alice, kind="rematch_answer", game=old).count() == 1
    assert not Notification.objects.filter(user=bob, kind="rematch_answer").exists()  # the writer is not told


def test_a_declined_rematch_starts_nothing_and_tells_the_offerer(alice, bob):
    old = finished(alice, bob)
    rematch.answer(user=bob, game_id=old.pk, choice="offer")
    before = Game.objects.count()
    answer = rematch.answer(user=alice, game_id=old.pk, choice="decline")
    assert answer["answer"] == "declined" and answer["new_game"] is None
    assert Game.objects.count() == before
    assert Notification.objects.filter(user=bob, kind="rematch_answer", text__contains="declined").exists()


def test_a_bot_opponent_accepts_at_once(alice):
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}])
    services.resign(user=alice, game_id=game.pk)
    answer = rematch.answer(user=alice, game_id=game.pk, choice="offer")
    new = Game.objects.get(pk=answer["new_game"])
    assert [(s.user_id, s.bot) for s in new.seats.all()] == [(None, "random"), (alice.pk, "")]
    assert new.status in (Game.Status.ACTIVE, Game.Status.FINISHED)


def test_only_players_offer_or_answer(alice, bob, make_user):
    old = finished(alice, bob)
    with pytest.raises(Forbidden):
        rematch.answer(user=make_user("carol"), game_id=old.pk, choice="offer")
    assert not Rematch.objects.exists()


def test_conflicts_a_game_not_over_a_second_offer_an_answer_twice(alice, bob):
    running = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    with pytest.raises(Conflict, match="finished"):
        rematch.answer(user=alice, game_id=running.pk, choice="offer")
    old = finished(alice, bob)
    with pytest.raises(Conflict, match="no rematch"):
        rematch.answer(user=bob, game_id=old.pk, choice="accept")
    rematch.answer(user=alice, game_id=old.pk, choice="offer")
    with pytest.raises(Conflict, match="already offered"):
        rematch.answer(user=bob, game_id=old.pk, choice="offer")
    with pytest.raises(Conflict, match="already agree"):
        rematch.answer(user=alice, game_id=old.pk, choice="accept")
    rematch.answer(user=bob, game_id=old.pk, choice="decline")
    with pytest.raises(Conflict, match="already declined"):
        rematch.answer(user=bob, game_id=old.pk, choice="accept")


def test_the_api_names_the_field_and_answers_403_409(api, alice, bob, make_user):
    old = finished(alice, bob)
    url = f"/api/games/{old.pk}/rematch"
    bad = api(alice).post(url, {"choice": "maybe"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "choice"
    assert api(make_user("carol")).post(url, {"choice": "offer"}, format="json").status_code == 403
    assert api(alice).post(url, {"choice": "offer"}, format="json").status_code == 200
    assert api(alice).post(url, {"choice": "offer"}, format="json").status_code == 409
    done = api(bob).post(url, {"choice": "accept"}, format="json")
    assert done.status_code == 200 and done.json()["new_game"]
    assert api(bob).get(url).json()["new_game"] == done.json()["new_game"]
    assert api(alice).post("/api/games/999999/rematch", {"choice": "offer"}, format="json").status_code == 404


def test_choice_is_checked_before_anything(alice, bob):
    old = finished(alice, bob)
    with pytest.raises(InvalidRequest):
        rematch.answer(user=alice, game_id=old.pk, choice=None)


def test_with_more_than_two_players_the_seats_rotate_by_one_and_everyone_must_accept(alice, bob, make_user):
    carol = make_user("carol")
    game = accepted_game(creator=alice, name="mandara", players=3,
                         seats=[{"user": "alice"}, {"user": "bob"}, {"user": "carol"}])
    services.resign(user=alice, game_id=game.pk)  # a resignation ends the game for everyone
    rematch.answer(user=alice, game_id=game.pk, choice="offer")
    assert rematch.answer(user=bob, game_id=game.pk, choice="accept")["new_game"] is None  # carol has not
    new = Game.objects.get(pk=rematch.answer(user=carol, game_id=game.pk, choice="accept")["new_game"])
    assert [s.user for s in new.seats.all()] == [bob, carol, alice]
