"""Timeouts: what running out of time does to a game, applied by the periodic sweep.

Every consequence is an event (``timeout``) appended under the game's row lock after re-checking
the deadline, so a sweep that runs twice or concurrently applies a policy exactly once. The rules
of time (deadlines, vacation, policies) are ``clock``'s; the writes go through ``services``.
"""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import clock, plan, services
from games.models import Event, Game
from games.store import load_state, lock_game


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
            Game.objects.filter(pk=game.pk).update(deadline_at=None)  # a repair, no event: nothing happened
            return None
        engine, state = load_state(game)
        done, planned = plan_timeout(engine, plan.head_of(game, state), seat.vacation_left, moment,
                                     at=timezone.now())
        services.execute(game, engine, planned)
        return done


def plan_timeout(engine, head: plan.Head, vacation_left: int, moment: datetime, *, at) -> tuple[str, plan.Plan]:
    """What running out of time at ``moment`` does to the seat to act: vacation spent, else the
    time control's policy (a bot plays the turn, or the seat forfeits)."""
    draft = plan.Draft(head, at)
    seat = head.to_act
    name = engine.seat_name(head.players, seat)
    if vacation_left and _spend_vacation(draft, seat, name, vacation_left, moment):
        return "vacation", draft.plan()
    if head.time_control.get("policy") == "bot":
        _bot_plays(draft, engine, seat, name)
        return "bot", plan.close(draft, engine, snapshot_every=settings.SNAPSHOT_EVERY)
    _forfeit(draft, engine, seat, name)
    return "forfeit", draft.plan()


def _spend_vacation(draft: plan.Draft, seat: int, name: str, vacation_left: int, moment: datetime) -> bool:
    """Push the deadline back by whole vacation days covering the overdue time; True if that sufficed."""
    deadline = draft.get("deadline_at")
    overdue_days = max(1, math.ceil((moment - deadline).total_seconds() / clock.DAY))
    spent = min(vacation_left, overdue_days * clock.DAY)
    deadline += timedelta(seconds=spent)
    draft.seat(seat, vacation_left=vacation_left - spent)
    draft.set(deadline_at=deadline)
    draft.add(Event.Kind.TIMEOUT, "service", payload={
        "seat": name, "policy": "vacation", "spent_seconds": spent, "vacation_left": vacation_left - spent,
        "deadline_at": deadline.isoformat(),
    })
    return deadline >= moment  # else the allowance ran out before the moment: the policy applies as well


def _forfeit(draft: plan.Draft, engine, seat: int, name: str) -> None:
    """The seat that ran out of time loses; every other seat wins."""
    draft.add(Event.Kind.TIMEOUT, "service", payload={"seat": name, "policy": "forfeit"})
    names = engine.seat_names(draft.head.players)
    draft.end({"winners": [n for i, n in enumerate(names) if i != seat], "reason": "timeout", "scores": None})


def _bot_plays(draft: plan.Draft, engine, seat: int, name: str) -> None:
    """A bot of the time control's level plays out the absent seat's turn; the seat stays the player's."""
    level = draft.head.time_control.get("bot", "random")
    draft.add(Event.Kind.TIMEOUT, "service", payload={"seat": name, "policy": "bot", "bot": level})
    draft.set(deadline_at=None)  # the turn is played now; the next seat to act gets its own deadline
    for _ in range(clock.MAX_BOT_ACTIONS):
        if draft.get("status") != plan.ACTIVE or engine.actor(draft.state) != seat:
            return
        facts = draft.facts()
        chosen = services.bot_choice(replace(facts, seq=draft.seq), engine, seat, level)
        plan.play(draft, engine, seat, chosen)
        plan.settle(draft, engine, now=clock.now())
