"""Deadline reminders: the beat sweep tells the seat to act when its deadline is 24 hours, then
2 hours, away; once each per (game, deadline), and never once the move was made.

Each game is re-read under its row lock, as a timeout is (``games.timeouts``): a move (either
executor: the one-statement write updates the same row) and a reminder of the same game are
serialized, and the reminder names the deadline it found under the lock. A move made first has
moved the deadline on (or the game ended), so nothing reminds the mover of a turn they played.
Two concurrent sweeps find the first one's reminder under the lock, and the unique constraint
(``one_reminder_per_deadline``) refuses a second row should anything else write one.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from engine import get_game
from games import clock, notifications, relay
from games.models import Game, Notification, Outbox
from games.store import lock_game

#: Games one sweep reminds at most (the nearest deadline first; the next minute's sweep goes on).
BATCH = 500


def due(moment: datetime, limit: int = BATCH) -> list[int]:
    """Ids of active games whose deadline falls within the longest reminder's reach of ``moment``."""
    reach = moment + timedelta(seconds=notifications.REMINDERS[0][1])
    games = Game.objects.filter(status=Game.Status.ACTIVE, deadline_at__gt=moment, deadline_at__lte=reach)
    return list(games.order_by("deadline_at").values_list("pk", flat=True)[:limit])


def kind_due(time_control: dict, left: float) -> str | None:
    """The nearest reminder ``left`` seconds before a deadline calls for, or None.

    A reminder longer than a whole move's time says nothing the "your move" did not (a game of
    one day a move would be reminded "24 hours left" as the turn begins): it is left out."""
    per_move = time_control.get("days_per_move", 0) * clock.DAY if time_control else 0
    chosen = None
    for kind, before in notifications.REMINDERS:  # the nearest last: it wins
        if left <= before < per_move:
            chosen = kind
    return chosen


def remind(game_id: int, moment: datetime) -> bool:
    """Write the reminder now due for the game's seat to act, if any and not written; True if this call did."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game is None or game.status != Game.Status.ACTIVE or game.deadline_at is None:
            return False
        left = (game.deadline_at - moment).total_seconds()
        kind = kind_due(game.time_control, left) if left > 0 else None
        seat = next((s for s in game.seats.all() if s.number == game.to_act), None)
        if kind is None or seat is None or seat.bot or seat.user_id is None:
            return False
        if Notification.objects.filter(game=game, kind=kind, deadline=game.deadline_at).exists():
            return False
        name = get_game(game.name, rules_version=game.rules_version).seat_name(game.players, seat.number)
        made = Notification.objects.bulk_create([Notification(
            user_id=seat.user_id, kind=kind, game=game, seq=game.seq, deadline=game.deadline_at, created_at=timezone.now(),
            text=notifications.reminder_text(game.name, game.pk, name, kind, game.deadline_at),
        )], ignore_conflicts=True)
        if made:  # the reminded player's open pages show the new unread count; its e-mail and push
            work = [Outbox(game=game, seq=game.seq, kind=kind) for kind in (Outbox.Kind.INBOX, Outbox.Kind.DELIVER)]
            relay.store(work)
            relay.after_commit(work)
        return bool(made)


def remind_due(moment: datetime | None = None) -> int:
    """The sweep's part: every reminder now due. Returns how many this call wrote."""
    moment = moment or clock.now()
    return sum(remind(game_id, moment) for game_id in due(moment))
