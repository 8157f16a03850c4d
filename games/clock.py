"""Correspondence time: a deadline per move, a vacation allowance, and the time control's bounds.

A game's ``time_control`` is ``{"days_per_move", "vacation_days", "policy", "bot"?}`` (empty:
untimed). Deadlines live in the database (``Game.deadline_at``) and a periodic task sweeps the
overdue ones: a Celery ETA of days would be redelivered again and again by Redis after its
visibility timeout. What running out of time does is ``games.timeouts``: an event (``timeout``), appended
under the game's row lock after re-checking the deadline, so a sweep that runs twice or
concurrently applies a policy exactly once.

Time comes from ``now()``: ``django.utils.timezone.now`` unless a caller fixed the moment with
``at(moment)`` (the sweep task does, so a whole sweep and every deadline it sets agree on one clock).
"""

from __future__ import annotations

import contextlib
from contextvars import ContextVar
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from engine import Option
from engine.bots import LEVELS
from engine.core import shown
from games.errors import InvalidRequest
from games.models import Game

DAY = 86400  # seconds
POLICIES = ("forfeit", "bot")
#: The time control's bounds, declared once (as an engine declares its options): the services,
#: the site's form and the API catalog all read them. Shorter than an hour a move is not
#: correspondence play (and a deadline sweep runs every minute); longer than 30 days, or more
#: than 60 days of vacation, leaves a game hanging for a season.
MIN_DAYS_PER_MOVE = 1 / 24
MAX_DAYS_PER_MOVE = 30
MAX_VACATION_DAYS = 60
TIME_CONTROL = (
    Option("days_per_move", "number", 3, "days (fractions allowed) a seat has for each move: one hour to 30 days",
           MIN_DAYS_PER_MOVE, MAX_DAYS_PER_MOVE),
    Option("vacation_days", "number", 0, "days each seat may overrun its deadlines in all", 0, MAX_VACATION_DAYS),
    Option("policy", "choice", "forfeit", "what a passed deadline does: the seat forfeits, or a bot plays the turn",
           choices=POLICIES),
    Option("bot", "choice", "random", "the bot level that plays a timed-out turn (policy bot only)",
           choices=tuple(LEVELS)),
)
BOUNDS = {option.name: option for option in TIME_CONTROL}
KEYS = tuple(BOUNDS)
#: A bot seat to act with no write for this long has lost its task (see ``stalled_bot_turns``): a
#: backstop for a message the broker lost (a Redis restarted empty), well past a bot move's 9 s cap
#: and a normal queue's wait. A worker killed whole needs no sweep: its messages' leases run out
#: (``workers.healing``). A turn queued again that was only waiting is a no-op when it runs second.
STALLED_BOT_AFTER = timedelta(minutes=2)
#: A bot finishing an absent seat's turn stops after this many actions (a runaway guard).
MAX_BOT_ACTIONS = 200

_moment: ContextVar[datetime | None] = ContextVar("clock_moment", default=None)


def now() -> datetime:
    return _moment.get() or timezone.now()


@contextlib.contextmanager
def at(moment: datetime | None):
    """Fix ``now()`` for the block (``None``: the real clock)."""
    token = _moment.set(moment)
    try:
        yield
    finally:
        _moment.reset(token)


# --- the option ----------------------------------------------------------------------------------------
def check_time_control(time_control) -> dict:
    """The normalized time control, or InvalidRequest naming what is wrong. Empty: untimed."""
    if not time_control:
        return {}
    if not isinstance(time_control, dict):
        raise _bad("time_control must be an object such as {\"days_per_move\": 3}")
    unknown = sorted(set(time_control) - set(KEYS))
    if unknown:
        raise _bad(f"unknown time_control key {unknown[0]!r}; keys: {', '.join(KEYS)}")
    if "days_per_move" not in time_control:
        raise _bad("time_control.days_per_move is required: " + BOUNDS["days_per_move"].range_text())
    normalized = {name: _checked(time_control, name) for name in ("days_per_move", "vacation_days", "policy")}
    if normalized["policy"] == "bot":
        normalized["bot"] = _checked(time_control, "bot")
    elif "bot" in time_control:
        raise _bad("time_control.bot only goes with the policy \"bot\"")
    return normalized


def _checked(time_control: dict, name: str):
    bound = BOUNDS[name]
    value = time_control.get(name, bound.default)
    if not bound.accepts(value):
        raise _bad(f"time_control.{name} must be {bound.range_text()}, not {shown(value)}")
    return value


def _bad(message: str) -> InvalidRequest:
    return InvalidRequest(message, field="time_control")


def vacation_seconds(time_control: dict) -> int:
    """Each seat's vacation allowance at the start of a game."""
    return int(round(time_control.get("vacation_days", 0) * DAY)) if time_control else 0


# --- deadlines, set by the services whenever the seat to act is named ---------------------------------
def next_deadline(time_control: dict, deadline_at, previous_to_act, to_act, bot_to_act: bool, *, at=None):
    """The deadline once ``to_act`` (None: nobody) is to act after ``previous_to_act``, counted from
    ``at`` (default ``now()``): a seat newly to act gets a full ``days_per_move``; the same seat
    acting on keeps its deadline. Bot seats have no deadline (a stalled bot turn is a queue
    problem, not a player's absence)."""
    if not time_control or to_act is None or bot_to_act:
        return None
    if to_act != previous_to_act or deadline_at is None:
        return (at or now()) + timedelta(days=time_control["days_per_move"])
    return deadline_at


def seconds_left(game: Game, moment: datetime | None = None) -> int | None:
    if game.deadline_at is None:
        return None
    return max(0, int((game.deadline_at - (moment or now())).total_seconds()))


def stalled_bot_turns(
    moment: datetime | None = None, limit: int | None = 500, after: timedelta | None = None
) -> list[tuple[int, int]]:
    """(game id, seq) of games whose bot seat has been to act for ``after`` (``stalled_after()``).

    Its task was lost (a broker that restarted empty, a server process that stopped): queueing it
    again is safe, since a bot turn names the seq it expects and a second delivery does nothing.
    """
    since = (moment or now()) - (stalled_after() if after is None else after)
    games = Game.objects.filter(status=Game.Status.ACTIVE, updated_at__lt=since, seats__number=F("to_act"),
                                seats__bot__gt="")  # one filter(): the seat to act is the bot's
    return list(games.order_by("updated_at").values_list("pk", "seq")[:limit])


def stalled_after() -> timedelta:
    """How long a bot seat may wait before its turn counts as lost.

    On Celery, a turn may wait behind a busy queue: ``STALLED_BOT_AFTER``. The in-process worker
    (``games.background``) knows which turns it holds and skips them, so a turn quiet for one
    sweep interval that it does not hold was lost (an error in the turn, a process stopped).
    """
    if settings.BOT_TURNS == "background":
        return timedelta(seconds=settings.BOT_SWEEP_SECONDS)
    return STALLED_BOT_AFTER


def overdue(moment: datetime | None = None, limit: int = 500) -> list[int]:
    """Ids of active games whose seat to act ran out of time, the longest overdue first."""
    games = Game.objects.filter(status=Game.Status.ACTIVE, deadline_at__lt=moment or now())
    return list(games.order_by("deadline_at").values_list("pk", flat=True)[:limit])
