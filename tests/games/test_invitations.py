"""Invitations (issue 14, consent): a seat named for another user is offered, not taken.

Accepting takes it and starts a full game; declining or letting it lapse cancels the game, as events;
the creator may open an invited seat to anyone. Mostly with the dice-and-deck double.
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import audit, clock, invitations, selectors, services
from games.errors import Conflict, Forbidden, InvalidRequest
from games.models import Event, Game, Rating
from tests.conftest import require
from tests.games.races import at_once
from workers.tasks import sweep_deadlines

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)

pytestmark = pytest.mark.django_db


def invite_bob(alice, **extra):
    """alice sits at seat a and invites bob to seat b, at T0."""
    with clock.at(T0):
        return services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}], **extra)


def kinds(game):
    return list(Event.objects.filter(game=game).order_by("seq").values_list("kind", flat=True))


# --- an invitation ----------------------------------------------------------------------------------
def test_an_invited_seat_is_offered_not_taken_and_the_game_waits(dice_game, alice, bob, make_user):
    game = invite_bob(alice, time_control={"days_per_move": 1})
    seat = game.seats.get(number=1)
    assert seat.user is None and seat.invited == bob and seat.invited_until == T0 + 7 * DAY
    assert game.status == Game.Status.OPEN and game.deadline_at is None  # no clock runs for anyone yet
    assert kinds(game) == ["create", "join"]
    create = game.events.get(kind="create").payload
    assert create["invitations"] == [{"seat": 1, "seat_name": "b", "user": "bob"}]
    assert create["invited_until"] == (T0 + 7 * DAY).isoformat() and create["rated"] is True
    summary = selectors.game_summary(game)["seats"][1]
    assert summary == {"number": 1, "name": "b", "player": "bob", "open": False, "invited": True}
    # Nobody else can take bob's seat, and the game is not listed as open to join.
    with pytest.raises(Conflict, match="no seat of this game is open"):
        services.join_game(user=make_user("carol"), game_id=game.pk)
    with pytest.raises(Conflict, match="accept the invitation"):
        services.join_game(user=bob, game_id=game.pk)
    assert not selectors.list_games(None, open_=True).exists()


def test_accepting_takes_the_seat_by_the_users_own_act_and_starts_the_game(dice_game, alice, bob):
    game = invite_bob(alice, time_control={"days_per_move": 1})
    with clock.at(T0 + DAY):
        game = invitations.accept(user=bob, game_id=game.pk, client_seed="bob's seed")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.rated is True
    assert game.deadline_at == T0 + 2 * DAY  # the clock starts with the game
    join = game.events.filter(kind="join").order_by("-seq").first()
    assert join.actor == "b" and join.payload == {
        "seat": 1, "player": "bob", "client_seed": "bob's seed", "invitation": "accepted",
    }
    seat = game.seats.get(number=1)
    assert seat.user == bob and seat.is_taken and not seat.is_invitation and seat.invited_until is None
    assert audit.verify_game(game) == []
    with pytest.raises(Forbidden, match="no pending invitation"):
        invitations.accept(user=bob, game_id=game.pk)


def test_only_the_invited_user_may_answer(dice_game, alice, bob, make_user):
    game = invite_bob(alice)
    for user in (alice, make_user("carol")):
        with pytest.raises(Forbidden, match="no pending invitation"):
            invitations.accept(user=user, game_id=game.pk)
        with pytest.raises(Forbidden, match="no pending invitation"):
            invitations.decline(user=user, game_id=game.pk)
    assert kinds(game) == ["create", "join"]


def test_declining_cancels_the_game_as_events_with_no_result(dice_game, alice, bob):
    game = invite_bob(alice)
    invitations.decline(user=bob, game_id=game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert game.outcome == {"winners": [], "reason": "declined", "scores": None}
    assert kinds(game) == ["create", "join", "decline", "end"]
    decline = game.events.get(kind="decline")
    assert decline.actor == "b" and decline.payload == {"seat": 1, "user": "bob"}
    assert game.events.get(kind="end").payload["seed"] == game.seed
    assert audit.verify_game(game) == [] and not Rating.objects.exists()
    with pytest.raises(Conflict, match="no longer stands"):
        invitations.accept(user=bob, game_id=game.pk)  # declined: nothing left to accept


def test_a_suspended_user_is_not_invited_and_cannot_answer(dice_game, alice, bob, make_user):
    carol = make_user("carol", is_active=False)
    with pytest.raises(InvalidRequest, match="suspended") as err:
        services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "carol"}])
    assert err.value.field == "seats"
    game = invite_bob(alice)
    bob.is_active = False
    bob.save()
    with pytest.raises(Forbidden, match="suspended"):
        invitations.accept(user=bob, game_id=game.pk)
    assert carol.invitations.count() == 0 and kinds(game) == ["create", "join"]


def test_one_user_is_invited_to_one_seat_of_a_game_only(alice, bob):
    with pytest.raises(InvalidRequest, match="one seat") as err:
        services.create_game(creator=alice, name="mandara", seats=[{"user": "alice"}, {"user": "bob"}, {"user": "bob"}])
    assert err.value.field == "seats" and not Game.objects.exists()


# --- the creator opens an invited seat --------------------------------------------------------------
def test_the_creator_opens_an_invited_seat_to_anyone_who_then_joins(dice_game, alice, bob, make_user):
    game = invite_bob(alice)
    carol = make_user("carol")
    with pytest.raises(Forbidden, match="only the game's creator"):
        invitations.open_seat(user=bob, game_id=game.pk, seat="b")
    with pytest.raises(Conflict, match="no pending invitation"):
        invitations.open_seat(user=alice, game_id=game.pk, seat="a")
    with pytest.raises(InvalidRequest) as err:
        invitations.open_seat(user=alice, game_id=game.pk, seat="z")
    assert err.value.field == "seat"
    invitations.open_seat(user=alice, game_id=game.pk, seat="b")
    event = game.events.get(kind="open_seat")
    assert event.payload == {"seat": 1, "seat_name": "b", "user": "bob", "by": "alice"}
    assert selectors.game_summary(Game.objects.get(pk=game.pk))["seats"][1]["open"] is True
    with pytest.raises(Forbidden):
        invitations.accept(user=bob, game_id=game.pk)  # withdrawn
    services.join_game(user=carol, game_id=game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.rated and audit.verify_game(game) == []


# --- expiry ---------------------------------------------------------------------------------------
def test_the_sweep_cancels_a_game_whose_invitation_lapsed_once(dice_game, alice, bob):
    game = invite_bob(alice)
    answered = invite_bob(alice)
    with clock.at(T0 + DAY):
        invitations.accept(user=bob, game_id=answered.pk)
    sweep_deadlines.apply(kwargs={"now": (T0 + 6 * DAY).isoformat()}).get()
    assert Game.objects.get(pk=game.pk).status == Game.Status.OPEN
    with clock.at(T0 + 8 * DAY), pytest.raises(Conflict, match="expired"):
        invitations.accept(user=bob, game_id=game.pk)  # lapsed, though no sweep has run yet
    for _ in range(2):
        sweep_deadlines.apply(kwargs={"now": (T0 + 8 * DAY).isoformat()}).get()
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert game.outcome == {"winners": [], "reason": "expired", "scores": None}
    assert kinds(game) == ["create", "join", "expire", "end"]
    assert game.events.get(kind="expire").payload == {"seats": ["b"], "users": ["bob"]}
    assert Game.objects.get(pk=answered.pk).status == Game.Status.ACTIVE
    assert audit.verify_game(game) == []


def test_the_invitation_period_is_a_setting(dice_game, alice, bob, settings):
    settings.INVITATION_DAYS = 2
    game = invite_bob(alice)
    assert game.seats.get(number=1).invited_until == T0 + 2 * DAY
    assert invitations.overdue(T0 + 2 * DAY - timedelta(seconds=1)) == []
    assert invitations.overdue(T0 + 3 * DAY) == [game.pk]


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_sweeps_cancel_a_lapsed_game_once(dice_game, alice, bob):
    """On PostgreSQL, two sweeps at the same moment: the row lock and the re-check let one cancel."""
    require(connection.vendor == "postgresql", "row locks need PostgreSQL")
    game = invite_bob(alice)
    late = (T0 + 8 * DAY).isoformat()
    at_once(lambda: sweep_deadlines.apply(kwargs={"now": late}).get(), 2)
    assert kinds(game) == ["create", "join", "expire", "end"]
    assert sorted(at_once(lambda: invitations.expire(game.pk, T0 + 9 * DAY), 2)) == [False, False]
    assert Event.objects.filter(game=game, kind="expire").count() == 1


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_concurrent_expiries_one_cancels_the_others_find_it_done(dice_game, alice, bob):
    require(connection.vendor == "postgresql", "row locks need PostgreSQL")
    game = invite_bob(alice)
    assert sorted(at_once(lambda: invitations.expire(game.pk, T0 + 8 * DAY), 4)) == [False, False, False, True]
    assert Event.objects.filter(game=game, kind="end").count() == 1


# --- the API ------------------------------------------------------------------------------------------
def test_get_invitations_lists_mine_pending_soonest_first(api, alice, bob, make_user):
    now = timezone.now().replace(microsecond=0)
    with clock.at(now):
        first = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    with clock.at(now + DAY):
        second = services.create_game(creator=alice, name="paso", seats=[{"user": "bob"}, {"user": "alice"}],
                                      time_control={"days_per_move": 2})
    services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": make_user("carol").username}])
    response = api(bob).get("/api/invitations")
    assert response.status_code == 200
    assert response.json() == [
        {"game": first.pk, "name": "paso", "players": 2, "seat": 1, "seat_name": "north", "invited_by": "alice",
         "invited_until": (now + 7 * DAY).isoformat().replace("+00:00", "Z"), "rated": True, "time_control": {}},
        {"game": second.pk, "name": "paso", "players": 2, "seat": 0, "seat_name": "south", "invited_by": "alice",
         "invited_until": (now + 8 * DAY).isoformat().replace("+00:00", "Z"), "rated": True,
         "time_control": {"days_per_move": 2, "vacation_days": 0, "policy": "forfeit"}},
    ]
    assert api(alice).get("/api/invitations").json() == []
    assert api().get("/api/invitations").status_code == 401
    assert api(bob).post(f"/api/games/{first.pk}/accept", {}, format="json").status_code == 200
    assert [i["game"] for i in api(bob).get("/api/invitations").json()] == [second.pk]


def test_accept_decline_and_open_seat_over_the_api(api, alice, bob, make_user):
    carol = make_user("carol")
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    refused = api(carol).post(f"/api/games/{game.pk}/accept", {}, format="json")
    assert refused.status_code == 403 and "no pending invitation" in refused.json()["error"]
    assert api(bob).post(f"/api/games/{game.pk}/accept", {"client_seed": ""}, format="json").status_code == 400
    assert api(bob).post("/api/games/999999/accept", {}, format="json").status_code == 404
    opened = api(alice).post(f"/api/games/{game.pk}/open-seat", {"seat": "north"}, format="json")
    assert opened.status_code == 200 and opened.json()["seats"][1] == {
        "number": 1, "name": "north", "player": None, "open": True, "invited": False,
    }
    for bad in ({"seat": "²"}, {"seat": "x" * 500}, {}):
        response = api(alice).post(f"/api/games/{game.pk}/open-seat", bad, format="json")
        assert response.status_code == 400 and response.json()["field"] == "seat"
    declined_game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    declined = api(bob).post(f"/api/games/{declined_game.pk}/decline")
    assert declined.status_code == 200 and declined.json()["status"] == "aborted"
    assert declined.json()["outcome"]["reason"] == "declined"
    assert api(bob).post(f"/api/games/{declined_game.pk}/decline").status_code == 409  # cancelled already


def test_the_schema_describes_the_invitation_endpoints(api, db):
    schema = api().get("/api/schema/", {"format": "json"}).json()
    for path in ("/api/invitations", "/api/games/{game_id}/accept", "/api/games/{game_id}/decline",
                 "/api/games/{game_id}/open-seat"):
        operation = next(iter(schema["paths"][path].values()))
        content = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert content.get("$ref") or content.get("items", {}).get("$ref"), path
