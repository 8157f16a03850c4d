"""Issue 14, consent and ratings: the holes found by playing as a hostile user, each closed.

- Forced games: an outsider seating two other users with a tiny deadline and the forfeit policy.
- Bot ratings moved at will by an outsider's bot-against-bot games.
- A moderator adjudicating (or otherwise moderating) a game in which they hold a seat.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import clock, invitations, moderation, ratings, services
from games.errors import Forbidden, InvalidRequest
from games.models import Event, Game, Rating
from tests.conftest import accepted_game
from workers.tasks import sweep_deadlines

pytestmark = pytest.mark.django_db

FORFEIT_FAST = {"days_per_move": 1, "policy": "forfeit"}


@pytest.fixture
def carol(make_user):
    """The outsider."""
    return make_user("carol")


@pytest.fixture
def mod(make_user):
    return make_user("mod", is_staff=True)


def sweep(after: timedelta):
    sweep_deadlines.apply(kwargs={"now": (timezone.now() + after).isoformat()}).get()


# --- forced games ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("days", [1e-9, 1])
def test_an_outsider_cannot_seat_two_other_users(api, alice, bob, carol, days):
    body = {"game": "paso", "seats": [{"user": "alice"}, {"user": "bob"}],
            "time_control": {"days_per_move": days, "policy": "forfeit"}}
    response = api(carol).post("/api/games", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] in ("seats", "time_control")  # a tiny deadline may be refused first
    assert not Game.objects.exists() and not Event.objects.exists()


def test_the_outsider_is_told_to_take_a_seat(alice, bob, carol):
    with pytest.raises(InvalidRequest, match="name yourself in seats") as err:
        services.create_game(creator=carol, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    assert err.value.field == "seats"


def test_a_forced_opponent_is_only_invited_and_never_loses_a_game_they_did_not_accept(alice, bob, carol):
    """carol seats herself against alice with the forfeit policy: alice is invited, no clock runs
    against her, and when she ignores it the game is cancelled: no timeout, no result, no rating."""
    game = services.create_game(creator=carol, name="paso", seats=[{"user": "carol"}, {"user": "alice"}],
                                time_control=FORFEIT_FAST)
    assert game.status == Game.Status.OPEN and game.deadline_at is None
    assert not game.seats.filter(user=alice).exists()
    sweep(timedelta(days=3))  # long past any deadline: nothing can be forfeited
    assert not Event.objects.filter(game=game, kind="timeout").exists()
    sweep(timedelta(days=30))  # past the invitation: the game is cancelled
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.outcome["reason"] == "expired" and game.outcome["winners"] == []
    assert not Event.objects.filter(game=game, kind="timeout").exists()
    assert not Rating.objects.exists()


def test_staff_may_pair_two_users_but_each_must_accept(alice, bob, mod):
    game = services.create_game(creator=mod, name="paso", seats=[{"user": "alice"}, {"user": "bob"}],
                                time_control=FORFEIT_FAST)
    assert game.status == Game.Status.OPEN and set(game.seats.values_list("invited__username", flat=True)) == {
        "alice", "bob"
    }
    invitations.accept(user=alice, game_id=game.pk)
    assert Game.objects.get(pk=game.pk).status == Game.Status.OPEN  # bob has not agreed yet
    invitations.accept(user=bob, game_id=game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.rated  # both seats taken by their players' own act


# --- ratings that mean something ----------------------------------------------------------------------------
def test_an_outsider_cannot_create_bot_games_to_move_bot_ratings(api, carol):
    for pair in ([{"bot": "random"}, {"bot": "greedy"}], [{"bot": "greedy"}, {"bot": "greedy"}]):
        response = api(carol).post("/api/games", {"game": "paso", "seats": pair}, format="json")
        assert response.status_code == 403 and "staff" in response.json()["error"]
    assert not Game.objects.exists() and not Rating.objects.exists()


def test_the_site_form_refuses_a_bot_game_to_an_outsider(client, carol):
    client.force_login(carol)
    response = client.post("/games/new/", {"game": "paso", "seat_0": "bot:random", "seat_1": "bot:greedy"})
    assert response.status_code == 200 and "only staff" in response.content.decode()
    assert not Game.objects.exists()


def test_a_staff_bot_game_is_unrated_and_moves_no_rating(mod, django_capture_on_commit_callbacks):
    with pytest.raises(InvalidRequest, match="no human seat") as err:
        services.create_game(creator=mod, name="paso", seats=[{"bot": "random"}, {"bot": "greedy"}], rated=True)
    assert err.value.field == "rated"
    with django_capture_on_commit_callbacks(execute=True):  # the bots play it out, then it is scored
        game = services.create_game(creator=mod, name="paso", seats=[{"bot": "random"}, {"bot": "greedy"}],
                                    options={"quiet_turn_limit": 6})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.rated is False
    assert game.events.get(kind="create").payload["rated"] is False
    assert game.scored and not Rating.objects.exists()


def test_a_bot_is_rated_only_against_people_in_a_mixed_game(alice, mod):
    """alice, random and greedy: random alone wins. greedy tied alice (both lost) and lost to random,
    but only the result against alice counts: greedy's rating stays where it began."""
    game = services.create_game(creator=alice, name="mandara", seats=[{"user": "alice"}, {"bot": "random"},
                                                                       {"bot": "greedy"}])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, scored=False,
                                           outcome={"winners": ["black"], "reason": "test", "scores": None})
    ratings.score_game(game.pk)
    greedy = Rating.objects.get(game_name="mandara", bot="greedy")
    random_bot = Rating.objects.get(game_name="mandara", bot="random")
    assert greedy.rating == pytest.approx(1500.0) and greedy.games == 1
    assert random_bot.rating > 1500 > Rating.objects.get(user=alice).rating


def test_hot_seat_stays_possible_and_is_unrated(alice):
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "alice"}])
    assert game.status == Game.Status.ACTIVE and game.rated is False
    with pytest.raises(InvalidRequest, match="hot seat") as err:
        services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "alice"}], rated=True)
    assert err.value.field == "rated"
    services.resign(user=alice, game_id=game.pk)
    assert ratings.score_game(game.pk) == {} and not Rating.objects.exists()


def test_rated_must_be_a_boolean(api, alice):
    response = api(alice).post("/api/games", {"game": "paso", "rated": "perhaps"}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "rated"
    with pytest.raises(InvalidRequest):
        services.create_game(creator=alice, name="paso", rated="yes")


def test_a_seat_handed_by_a_moderator_makes_the_game_unrated(alice, bob, make_user, mod):
    make_user("dave")
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    assert game.rated
    moderation.hand_seat(moderator=mod, game_id=game.pk, seat="north", username="dave", reason="bob left")
    game.refresh_from_db()
    assert game.rated is False
    assert game.events.filter(kind="moderation").last().payload["rated"] is False
    services.resign(user=alice, game_id=game.pk)
    assert ratings.score_game(game.pk) == {} and not Rating.objects.exists()


def test_a_seat_given_to_a_bot_makes_the_game_unrated(alice, bob, mod):
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    moderation.replace_with_bot(moderator=mod, game_id=game.pk, seat="north", level="greedy", reason="bob banned")
    assert Game.objects.get(pk=game.pk).rated is False


# --- a moderator's own games ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("act", "body"), [
    ("adjudicate", {"winners": ["south"], "reason": "I win"}),
    ("abort", {"reason": "losing"}),
    ("replace-seat", {"seat": "north", "bot": "random", "reason": "x"}),
    ("extend-deadline", {"hours": 5, "reason": "more time for me"}),
])
def test_a_moderator_cannot_moderate_a_game_in_which_they_hold_a_seat(api, alice, mod, act, body):
    with clock.at(timezone.now()):
        game = accepted_game(creator=mod, name="paso", seats=[{"user": "mod"}, {"user": "alice"}],
                             time_control={"days_per_move": 2})
    response = api(mod).post(f"/api/moderation/games/{game.pk}/{act}", body, format="json")
    assert response.status_code == 403 and "hold a seat" in response.json()["error"]
    assert not game.events.filter(kind="moderation").exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_nor_a_game_they_are_invited_to(alice, mod):
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "mod"}])
    with pytest.raises(Forbidden, match="hold a seat"):
        moderation.abort(moderator=mod, game_id=game.pk, reason="I do not want to play")


def test_nor_suspend_an_opponent_of_an_unfinished_game(alice, mod, make_user):
    accepted_game(creator=mod, name="paso", seats=[{"user": "mod"}, {"user": "alice"}])
    with pytest.raises(Forbidden, match="another moderator"):
        moderation.suspend(moderator=mod, username="alice", reason="so that she times out")
    alice.refresh_from_db()
    assert alice.is_active
    other = make_user("other_mod", is_staff=True)
    moderation.suspend(moderator=other, username="alice", reason="abuse")  # a moderator with no stake may
    alice.refresh_from_db()
    assert not alice.is_active


def test_the_admin_form_refuses_a_moderator_their_own_game(client, alice, make_user):
    boss = make_user("boss", is_staff=True, is_superuser=True)
    game = accepted_game(creator=boss, name="paso", seats=[{"user": "boss"}, {"user": "alice"}])
    client.force_login(boss)
    response = client.post(f"/admin/games/game/{game.pk}/moderate/",
                           {"act": "adjudicate", "winners": "south", "reason": "mine"}, follow=True)
    assert "hold a seat" in response.content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
