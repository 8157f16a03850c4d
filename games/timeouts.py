"""Timeouts: what running out of time does to a game, applied by the periodic sweep.

Every consequence is an event (``timeout``) appended under the game's row lock after re-checking
the deadline, so a sweep that runs twice or concurrently applies a policy exactly once. The rules
of time (deadlines, vacation, policies) are ``clock``'s; the writes go through ``services``.
"""

from __future__ import annotations

import math
import random
from datetime import datetime, timedelta

from django.db import transaction

from engine import get_game
from engine.bots import get_bot
from games import clock, notify, services
from games.models import Event, Game
from games.store import append, load_state, lock_game, remember


# --- timeouts ----------------------------------------------------------------------------------------
def apply_timeout(game_id: int, moment: datetime | None = None) -> str | None:
    """Apply the time control to one overdue game. Returns what was done, or None (nothing due).

    Re-checked under the row lock: a second or concurrent call finds the deadline moved on (or
    the game over) and does nothing.
    """
    moment = moment or clock.now()
    with clock.at(moment), transaction.atomic():
        game = lock_game(game_id)
        if game is None or game.status != Game.Status.ACTIVE or game.deadline_at is None:
            return None
        if game.deadline_at >= moment:
            return None
        seat = next((s for s in game.seats.all() if s.number == game.to_act), None)
        if seat is None or seat.bot:  # a bot took the seat over (moderation): bots have no deadline
            Game.objects.filter(pk=game.pk).update(deadline_at=None)
            return None
        name = get_game(game.name).seat_name(game.players, seat.number)
        if seat.vacation_left and _spend_vacation(game, seat, name, moment):
            return "vacation"
        if game.time_control.get("policy") == "bot":
            _bot_plays(game, seat.number, name)
            return "bot"
        _forfeit(game, seat.number, name)
        return "forfeit"


def _spend_vacation(game: Game, seat, name: str, moment: datetime) -> bool:
    """Push the deadline back by whole vacation days covering the overdue time; True if that sufficed."""

    overdue_days = max(1, math.ceil((moment - game.deadline_at).total_seconds() / clock.DAY))
    spent = min(seat.vacation_left, overdue_days * clock.DAY)
    seat.vacation_left -= spent
    seat.save(update_fields=["vacation_left"])
    game.deadline_at += timedelta(seconds=spent)
    payload = {
        "seat": name,
        "policy": "vacation",
        "spent_seconds": spent,
        "vacation_left": seat.vacation_left,
        "deadline_at": game.deadline_at.isoformat(),
    }
    append(game, Event.Kind.TIMEOUT, "service", payload=payload)
    if game.deadline_at >= moment:
        services.save(game)
        notify.after_commit(game)
        return True
    return False  # the allowance ran out before the moment: the policy applies as well


def _forfeit(game: Game, seat: int, name: str) -> None:
    """The seat that ran out of time loses; every other seat wins."""

    append(game, Event.Kind.TIMEOUT, "service", payload={"seat": name, "policy": "forfeit"})
    names = get_game(game.name).seat_names(game.players)
    services.finish(game, {"winners": [n for i, n in enumerate(names) if i != seat], "reason": "timeout", "scores": None})
    services.save(game)
    notify.after_commit(game)


def _bot_plays(game: Game, seat: int, name: str) -> None:
    """A bot of the time control's level plays out the absent seat's turn; the seat stays the player's."""

    level = game.time_control.get("bot", "random")
    _, state = load_state(game)
    append(game, Event.Kind.TIMEOUT, "service", payload={"seat": name, "policy": "bot", "bot": level})
    remember(game, state)  # a timeout changes nothing on the board: no replay for the new head
    services.save(game)
    bot = get_bot(level)
    for _ in range(clock.MAX_BOT_ACTIONS):
        if game.status != Game.Status.ACTIVE or game.to_act != seat:
            return
        engine, state = load_state(game)
        rng = random.Random(f"{game.pk}:{game.seq}:{game.seed}")
        action = bot.choose(engine, engine.view(state, seat), engine.legal_actions(state), rng)
        services.play(game, engine, state, seat, engine.format(action))
