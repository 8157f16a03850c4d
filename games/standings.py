"""Reads about players rather than one game: ratings, the leaderboard, games waiting on a user."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import F

from engine import available
from games import accounts, clock
from games.errors import InvalidRequest, NotFound
from games.models import Game, Rating

User = get_user_model()


def player_name(rating: Rating) -> str:
    return f"bot:{rating.bot}" if rating.bot else rating.user.username


def rating_summary(rating: Rating) -> dict:
    return {
        "game": rating.game_name,
        "player": player_name(rating),
        "rating": round(rating.rating, 1),
        "deviation": round(rating.deviation, 1),
        "volatility": round(rating.volatility, 6),
        "games": rating.games,
    }


def leaderboard(game_name: str | None):
    """Every rated player of one game, best first (ties: the surer rating, then more games)."""
    if not game_name:
        raise InvalidRequest("name the game: ?game=paso", field="game")
    if game_name not in available():
        raise InvalidRequest(f"unknown game {game_name!r}; games: {', '.join(available())}", field="game")
    return (
        Rating.objects.filter(game_name=game_name, games__gt=0)
        .select_related("user")
        .order_by("-rating", "deviation", "-games", "pk")
    )


def player(username: str):
    user = accounts.find_user(username)
    if user is None:
        raise NotFound(f"no player named {username!r}")
    return user


def ratings_of(user) -> list[dict]:
    rows = Rating.objects.filter(user=user).select_related("user").order_by("game_name")
    return [rating_summary(r) for r in rows]


def recent_games(user, limit: int = 10):
    return (
        Game.objects.filter(seats__user=user)
        .exclude(status=Game.Status.OPEN)
        .distinct()
        .prefetch_related("seats__user")
        .order_by("-updated_at")[:limit]
    )


def waiting_on(user):
    """Active games where one of the user's seats is to act, the nearest deadline first."""
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user, seats__number=F("to_act"))
    return games.distinct().prefetch_related("seats__user").order_by(F("deadline_at").asc(nulls_last=True), "pk")


def clock_of(game: Game, user) -> dict:
    """The time the user's seat to act has left in ``game``."""
    seat = next((s for s in game.seats.all() if s.number == game.to_act and s.user_id == user.pk), None)
    return {
        "time_control": game.time_control or None,
        "deadline_at": game.deadline_at.isoformat() if game.deadline_at else None,
        "seconds_left": clock.seconds_left(game),
        "vacation_left": seat.vacation_left if seat is not None and game.time_control else None,
    }
