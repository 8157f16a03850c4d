"""Correspondence time as the pages say it: "2 days 3 hours left", the deadline of the seat to act.

Only wording lives here; the deadlines themselves are the clock's (``games.clock``,
``games.standings.clock_of``). game.js words a countdown the same way (``timeLeftText``).
"""

from __future__ import annotations

from engine import get_game
from games import clock
from games.models import Game

#: Under this many seconds left a deadline is shown as urgent.
URGENT = 24 * 3600
UNITS = (("day", 86400), ("hour", 3600), ("minute", 60))


def duration_text(seconds: int | float) -> str:
    """The two largest units of a duration: "2 days 3 hours", "5 minutes", "under a minute"."""
    seconds = int(seconds)
    parts = []
    for name, size in UNITS:
        count, seconds = divmod(seconds, size)
        if count or parts:
            parts.append((count, name))
    words = [f"{n} {name}{'' if n == 1 else 's'}" for n, name in parts[:2] if n]
    return " ".join(words) or "under a minute"


def time_left_text(seconds: int | None) -> str | None:
    if seconds is None:
        return None
    return "out of time" if seconds <= 0 else f"{duration_text(seconds)} left"


def time_control_text(time_control: dict | None) -> str:
    """A time control in a sentence, e.g. "3 days per move, 7 days of vacation; on timeout: forfeit"."""
    if not time_control:
        return "untimed: no deadline per move"
    days = time_control["days_per_move"]
    text = f"{duration_text(days * 86400)} per move"
    vacation = time_control.get("vacation_days") or 0
    if vacation:
        text += f", {duration_text(vacation * 86400)} of vacation per player"
    if time_control.get("policy") == "bot":
        return text + f"; on timeout a bot ({time_control.get('bot', 'random')}) plays the turn"
    return text + "; on timeout the seat forfeits"


def deadline_of(game: Game, user=None) -> dict | None:
    """The running deadline: whose it is, when, how long is left, and whether it is the user's.

    ``vacation_left`` is the user's own seat's allowance (None when it is not their deadline).
    """
    if game.status != Game.Status.ACTIVE or game.deadline_at is None or game.to_act is None:
        return None
    seconds = clock.seconds_left(game)
    seat = next((s for s in game.seats.all() if s.number == game.to_act), None)
    mine = bool(seat and user is not None and user.is_authenticated and seat.user_id == user.pk)
    return {
        "seat": get_game(game.name).seat_name(game.players, game.to_act),
        "deadline_at": game.deadline_at,
        "seconds_left": seconds,
        "text": time_left_text(seconds),
        "urgent": seconds < URGENT,
        "mine": mine,
        "vacation_left": duration_text(seat.vacation_left) if mine and seat.vacation_left else None,
    }


def my_vacation(game: Game, user) -> str | None:
    """The vacation the user's seat has left in a timed game (the page script shows it on their turn)."""
    if not game.time_control or user is None or not user.is_authenticated:
        return None
    seat = next((s for s in game.seats.all() if s.user_id == user.pk), None)
    return duration_text(seat.vacation_left) if seat is not None and seat.vacation_left else None
