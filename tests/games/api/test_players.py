"""The players API: the leaderboard, a player's page, the games waiting on me, a timed game."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games import services
from games.models import Game, Rating
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


def rate(game_name, rating, *, user=None, bot="", games=1):
    return Rating.objects.create(game_name=game_name, user=user, bot=bot, rating=rating, games=games)


# --- the leaderboard -------------------------------------------------------------------------------------
def test_the_leaderboard_ranks_players_and_bots_best_first(api, alice, bob):
    rate("paso", 1610.04, user=alice)
    rate("paso", 1480, user=bob)
    rate("paso", 1550, bot="greedy")
    rate("tibetana", 1900, user=bob)  # another game: not on this board
    rate("paso", 1700, bot="random", games=0)  # never played: not ranked
    body = api().get("/api/leaderboard?game=paso").json()
    assert body["count"] == 3
    assert [(r["rank"], r["player"], r["rating"]) for r in body["results"]] == [
        (1, "alice", 1610.0),
        (2, "bot:greedy", 1550.0),
        (3, "bob", 1480.0),
    ]
    assert set(body["results"][0]) == {"rank", "game", "player", "rating", "deviation", "volatility", "games"}


def test_the_leaderboard_is_paginated_and_ranks_continue_across_pages(api, db):
    users = User.objects.bulk_create(User(username=f"p{n:02}") for n in range(23))  # no password hashing
    for n, user in enumerate(users):
        rate("paso", 1500 + n, user=user)
    second = api().get("/api/leaderboard?game=paso&page=2").json()
    assert second["count"] == 23 and second["previous"] is not None and second["next"] is None
    assert [r["rank"] for r in second["results"]] == [21, 22, 23]
    assert [r["player"] for r in second["results"]] == ["p02", "p01", "p00"]


def test_the_leaderboard_names_the_game_it_needs(api, db):
    missing = api().get("/api/leaderboard")
    assert missing.status_code == 400 and missing.json()["field"] == "game"
    unknown = api().get("/api/leaderboard?game=chess")
    assert unknown.status_code == 400 and "unknown game 'chess'" in unknown.json()["error"]


# --- a player's page ----------------------------------------------------------------------------------------
def test_a_players_page_shows_ratings_per_game_and_recent_games(api, alice, bob):
    rate("paso", 1620, user=alice, games=4)
    rate("tibetana", 1440, user=alice, games=2)
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    services.create_game(creator=bob, name="paso")  # open, bob's: not alice's
    body = api().get("/api/players/alice").json()
    assert body["username"] == "alice"
    assert [(r["game"], r["rating"], r["games"]) for r in body["ratings"]] == [("paso", 1620.0, 4), ("tibetana", 1440.0, 2)]
    assert [g["id"] for g in body["recent_games"]] == [game.pk]


def test_an_unknown_player_is_404(api, db):
    response = api().get("/api/players/nobody")
    assert response.status_code == 404 and "nobody" in response.json()["error"]


# --- games waiting on me -------------------------------------------------------------------------------------
def test_my_waiting_games_show_the_deadline_and_seconds_left(api, alice, bob):
    timed = accepted_game(
        creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}],
        time_control={"days_per_move": 2, "vacation_days": 7},
    )
    untimed = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    theirs = accepted_game(creator=bob, name="paso", seats=[{"user": "bob"}, {"user": "alice"}])
    body = api(alice).get("/api/me/waiting").json()
    assert [g["id"] for g in body["results"]] == [timed.pk, untimed.pk]  # the nearest deadline first
    first, second = body["results"]
    assert first["to_act"] == "south" and first["deadline_at"] == timed.deadline_at.isoformat()
    assert 2 * 86400 - 60 < first["seconds_left"] <= 2 * 86400
    assert first["vacation_left"] == 7 * 86400 and first["time_control"]["policy"] == "forfeit"
    assert second["deadline_at"] is None and second["seconds_left"] is None
    assert [g["id"] for g in api(bob).get("/api/me/waiting").json()["results"]] == [theirs.pk]


def test_an_overdue_game_shows_zero_seconds_left(api, alice, bob):
    game = accepted_game(
        creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}], time_control={"days_per_move": 1}
    )
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(hours=1))
    assert api(alice).get("/api/me/waiting").json()["results"][0]["seconds_left"] == 0


def test_waiting_needs_a_signed_in_player(api, db):
    assert api().get("/api/me/waiting").status_code in (401, 403)


# --- creating a timed game -------------------------------------------------------------------------------------
def test_a_game_is_created_with_a_time_control_through_the_api(api, alice, bob):
    response = api(alice).post(
        "/api/games",
        {"game": "paso", "seats": [{"user": "alice"}, {"user": "bob"}],
         "time_control": {"days_per_move": 3, "policy": "bot", "bot": "greedy"}},
        format="json",
    )
    assert response.status_code == 201, response.content
    game = Game.objects.get(pk=response.json()["id"])
    assert game.time_control == {"days_per_move": 3, "vacation_days": 0, "policy": "bot", "bot": "greedy"}
    assert game.deadline_at is None  # the clock starts with the game, once bob accepts
    assert api(bob).post(f"/api/games/{game.pk}/accept", {}, format="json").status_code == 200
    game.refresh_from_db()
    assert game.deadline_at is not None


def test_a_wrong_time_control_is_a_400_naming_the_field(api, alice):
    response = api(alice).post("/api/games", {"game": "paso", "time_control": {"days_per_move": -2}}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "time_control" and "days_per_move" in response.json()["error"]
    assert not Game.objects.exists()
