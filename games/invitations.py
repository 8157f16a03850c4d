"""Invitations: a seat the creator named for another user is only offered to them.

The create event lists the invitations and when they lapse. The invited user accepts (a ``join``
event marked ``"invitation": "accepted"``: their seat is then taken by their own act) or declines
(a ``decline`` event; the game is cancelled). The creator may withdraw an invitation and open the
seat to anyone (``open_seat``). Invitations nobody answered in time cancel the game (``expire``),
from the periodic sweep: under the row lock and after a re-check, so concurrent sweeps cancel once.
A cancelled game is aborted with no result; its end event reveals the seed, as every end does.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from engine import get_game
from games import clock, plan, services
from games.errors import Conflict, Forbidden, InvalidRequest
from games.models import Event, Game, Seat
from games.store import lock_game

#: The outcome's reason when invitations cancel a game, in words for people.
CANCELLED = {"declined": "an invited player declined", "expired": "an invitation was not answered in time"}


# --- the invited user ---------------------------------------------------------------------------------
@transaction.atomic
def accept(*, user, game_id: int, client_seed: str | None = None) -> Game:
    """Take the seat offered to ``user``; the game starts if that was the last seat to fill."""
    services.check_writable(user)
    game = services.locked(game_id)
    seat = _invitation_of(game, user)
    if seat.invited_until is not None and seat.invited_until < clock.now():
        raise Conflict("this invitation has expired")
    client_seed = services.check_client_seed(client_seed)
    engine = get_game(game.name, rules_version=game.rules_version)
    draft = plan.Draft(plan.head_of(game), timezone.now())
    services.take_seat(draft, engine, seat.number, user=user, client_seed=client_seed, accepted=True)
    services.execute(game, engine, services.start_if_full(draft, engine), by=user)
    return game


@transaction.atomic
def decline(*, user, game_id: int) -> Game:
    """Refuse the seat offered to ``user``: the game, made to be played with them, is cancelled."""
    services.check_writable(user)
    game = services.locked(game_id)
    seat = _invitation_of(game, user)
    engine = get_game(game.name, rules_version=game.rules_version)
    draft = plan.Draft(plan.head_of(game), timezone.now())
    draft.add(Event.Kind.DECLINE, engine.seat_name(game.players, seat.number),
              payload={"seat": seat.number, "user": user.username})
    services.execute(game, engine, _cancel(draft, "declined"), by=user)
    return game


def _invitation_of(game: Game, user) -> Seat:
    seat = next((s for s in game.seats.all() if s.invited_id == user.pk and s.is_invitation), None)
    if seat is None:
        raise Forbidden("you have no pending invitation to this game")
    if game.status != Game.Status.OPEN:
        raise Conflict(f"the game is {game.get_status_display()}: the invitation no longer stands")
    return seat


# --- the creator ------------------------------------------------------------------------------------
@transaction.atomic
def open_seat(*, user, game_id: int, seat) -> Game:
    """Withdraw the invitation of seat ``seat`` (number or name): anyone may now join it."""
    services.check_writable(user)
    game = services.locked(game_id)
    if user is None or game.created_by_id != user.pk:
        raise Forbidden("only the game's creator may open an invited seat")
    if game.status != Game.Status.OPEN:
        raise Conflict(f"the game is {game.get_status_display()}: its seats are settled")
    names = get_game(game.name).seat_names(game.players)
    number = names.index(seat) if seat in names else seat
    found = next((s for s in game.seats.all() if s.number == number), None) if _is_int(number) else None
    if found is None:
        raise InvalidRequest(f"no seat {seat!r}; seats: {', '.join(names)}", field="seat")
    if not found.is_invitation:
        raise Conflict(f"seat {names[found.number]} holds no pending invitation", field="seat")
    payload = {"seat": found.number, "seat_name": names[found.number], "user": found.invited.username,
               "by": user.username}
    draft = plan.Draft(plan.head_of(game), timezone.now())
    draft.add(Event.Kind.OPEN_SEAT, "service", payload=payload)
    draft.seat(found.number, invited_id=None, invited_until=None)
    services.execute(game, get_game(game.name, rules_version=game.rules_version), draft.plan(), by=user)
    return game


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- expiry, from the periodic sweep ----------------------------------------------------------------
def overdue(moment: datetime | None = None, limit: int = 500) -> list[int]:
    """Ids of open games holding an invitation that lapsed before ``moment``, the oldest first."""
    seats = Seat.objects.filter(game__status=Game.Status.OPEN, taken_at__isnull=True, invited__isnull=False,
                                invited_until__lt=moment or clock.now())
    return list(dict.fromkeys(seats.order_by("invited_until").values_list("game_id", flat=True)[:limit]))


def expire(game_id: int, moment: datetime | None = None) -> bool:
    """Cancel the game if an invitation of it lapsed before ``moment``; True if this call did.

    Re-checked under the row lock: a second or concurrent sweep finds the game cancelled, or the
    invitation answered, and does nothing.
    """
    moment = moment or clock.now()
    with clock.at(moment), transaction.atomic():
        game = lock_game(game_id)
        if game is None or game.status != Game.Status.OPEN:
            return False
        lapsed = [s for s in game.seats.all() if s.is_invitation and s.invited_until and s.invited_until < moment]
        if not lapsed:
            return False
        engine = get_game(game.name, rules_version=game.rules_version)
        names = engine.seat_names(game.players)
        payload = {"seats": [names[s.number] for s in lapsed], "users": [s.invited.username for s in lapsed]}
        draft = plan.Draft(plan.head_of(game), timezone.now())
        draft.add(Event.Kind.EXPIRE, "service", payload=payload)
        services.execute(game, engine, _cancel(draft, "expired"))
        return True


def expire_overdue(moment: datetime | None = None) -> int:
    """The sweep's part: cancel every game whose invitations lapsed. Returns how many this call cancelled."""
    return sum(expire(game_id, moment) for game_id in overdue(moment))


# --- shared -------------------------------------------------------------------------------------------
def _cancel(draft: plan.Draft, reason: str) -> plan.Plan:
    """End a game that never started: aborted, no result, the seed revealed by the end event."""
    return draft.end({"winners": [], "reason": reason, "scores": None}, status=plan.ABORTED).plan()

