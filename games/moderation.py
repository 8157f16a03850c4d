"""Moderation and reports: every act is an event appended to the game's history, never an edit.

A moderator is an active staff user. Each game act appends one ``moderation`` event whose payload
names the act, the moderator and the reason (players read it in the history); acts that end a game
then append the usual ``end`` event revealing the seed. Seat changes keep the seat's client seed:
the chance stream stays fixed from the start whoever sits there later, so the verifier needs no
special case for them.

A moderator never acts on a game in which they hold (or are offered) a seat, nor sanctions a user
they play an unfinished game against. A seat handed to another user or to a bot was not taken by its
player's own act: the game stops being rated, and the moderation event says so (``"rated": false``).
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

from engine import get_game
from engine.bots import LEVELS
from games import accounts, clock, plan, services
from games.errors import Conflict, Forbidden, InvalidRequest, NotFound
from games.models import Event, Game, Report, Sanction
from games.store import load_state

User = get_user_model()

AUDITORS = "auditors"
MAX_REASON = 2000
MAX_EXTENSION_HOURS = 24 * 60  # two months: longer than any correspondence game needs
ABORTED = {"winners": [], "reason": "aborted", "scores": None}


# --- roles -----------------------------------------------------------------------------------------
def is_moderator(user) -> bool:
    return bool(user and user.is_authenticated and user.is_active and user.is_staff)


def is_auditor(user) -> bool:
    if not (user and user.is_authenticated and user.is_active):
        return False
    return user.is_superuser or user.groups.filter(name=AUDITORS).exists()


def make_auditor(user) -> None:
    group, _ = Group.objects.get_or_create(name=AUDITORS)
    user.groups.add(group)


def _check_moderator(user) -> None:
    # Read afresh: a moderator demoted or suspended since this user object was loaded acts no more.
    fresh = User.objects.filter(pk=user.pk).first() if getattr(user, "pk", None) else None
    if not is_moderator(fresh):
        raise Forbidden("only a moderator (an active staff account) may do this")


def _check_reason(reason) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise InvalidRequest("a moderation act needs a reason", field="reason")
    if len(reason) > MAX_REASON:
        raise InvalidRequest(f"the reason is longer than {MAX_REASON} characters", field="reason")
    return reason.strip()


#: Public for the chat's acts (``games.chat``), which check their moderator and reason alike.
check_moderator, check_reason = _check_moderator, _check_reason


def _record(game: Game, moderator, act: str, reason: str, **details) -> plan.Draft:
    """The draft of a moderation act on ``game``: its ``moderation`` event, naming act, moderator and reason."""
    state = load_state(game)[1] if game.status == Game.Status.ACTIVE else None
    draft = plan.Draft(plan.head_of(game, state), timezone.now())
    draft.add(Event.Kind.MODERATION, "moderator", act, {"act": act, "moderator": moderator.username, "reason": reason,
                                                        **details})
    return draft


def _commit(game: Game, planned: plan.Plan) -> Game:
    services.execute(game, get_game(game.name, rules_version=game.rules_version), planned)
    return game


def _unfinished(game_id, moderator) -> Game:
    game = services.locked(game_id)
    if any(moderator.pk in (s.user_id, s.invited_id) for s in game.seats.all()):
        raise Forbidden("you hold a seat in this game: another moderator must act on it")
    if game.is_over:
        raise Conflict(f"the game is {game.get_status_display()}: there is nothing left to moderate")
    return game


# --- acts on a game --------------------------------------------------------------------------------
@transaction.atomic
def abort(*, moderator, game_id: int, reason: str) -> Game:
    """End an open or running game with no result (status aborted); the end event reveals the seed."""
    _check_moderator(moderator)
    reason = _check_reason(reason)
    game = _unfinished(game_id, moderator)
    # Aborted, not finished: an aborted game has no (rated) result.
    return _commit(game, _record(game, moderator, "abort", reason).end(ABORTED, status=plan.ABORTED).plan())


@transaction.atomic
def adjudicate(*, moderator, game_id: int, winners: list[str], reason: str) -> Game:
    """Declare the result of a running game: ``winners`` are seat names (empty: a draw)."""
    _check_moderator(moderator)
    reason = _check_reason(reason)
    game = _unfinished(game_id, moderator)
    if game.status != Game.Status.ACTIVE:
        raise Conflict("only a game in play can be adjudicated; abort a game that never started")
    names = get_game(game.name).seat_names(game.players)
    if not isinstance(winners, list) or any(w not in names for w in winners) or len(set(winners)) != len(winners):
        raise InvalidRequest(f"winners must be distinct seat names among {', '.join(names)}", field="winners")
    winners = [n for n in names if n in winners]  # seat order, as the engine reports winners
    draft = _record(game, moderator, "adjudicate", reason, winners=winners)
    return _commit(game, draft.end({"winners": winners, "reason": "adjudication", "scores": None}).plan())


def _seat(game: Game, seat):
    """A seat by number or by name; it must be taken (an open seat is filled by joining)."""
    names = get_game(game.name).seat_names(game.players)
    number = names.index(seat) if seat in names else seat
    found = next((s for s in game.seats.all() if s.number == number), None) if isinstance(number, int) else None
    if found is None:
        raise InvalidRequest(f"no seat {seat!r}; seats: {', '.join(names)}", field="seat")
    if not found.is_taken:
        raise Conflict(f"seat {names[found.number]} is open: there is nobody to replace", field="seat")
    return found, names[found.number]


def _unrate(game: Game) -> dict:
    """A seat its player did not take by their own act: the result can no longer count for ratings.

    Returns what the moderation event records of it (nothing if the game was unrated already).
    """
    return {"rated": False} if game.rated else {}


def _change_occupant(draft: plan.Draft, number: int, *, user=None, bot="") -> plan.Plan:
    """The seat's new occupant; it withdraws any draw offer of the seat, and a seat to act gets a
    full move's time (a bot none)."""
    draft.set(rated=False)
    draft.seat(number, user_id=user.pk if user else None, bot=bot)
    draft.set(draw_offer=[n for n in draft.get("draw_offer") if n != number])
    if draft.get("status") == plan.ACTIVE and draft.get("to_act") == number:
        draft.set(deadline_at=clock.next_deadline(draft.head.time_control, None, None, number, bool(bot)))
    return draft.plan()


@transaction.atomic
def replace_with_bot(*, moderator, game_id: int, seat, level: str, reason: str) -> Game:
    """A bot of ``level`` takes over a seat (an absent or banned player); it plays at once if to act."""
    _check_moderator(moderator)
    reason = _check_reason(reason)
    if level not in LEVELS:
        raise InvalidRequest(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}", field="level")
    game = _unfinished(game_id, moderator)
    found, name = _seat(game, seat)
    draft = _record(game, moderator, "replace_with_bot", reason, seat=found.number, seat_name=name,
                    previous=found.player_name, player=f"bot:{level}", **_unrate(game))
    return _commit(game, _change_occupant(draft, found.number, bot=level))


@transaction.atomic
def hand_seat(*, moderator, game_id: int, seat, username: str, reason: str) -> Game:
    """Give a seat to another (active) user, who plays on from the current position."""
    _check_moderator(moderator)
    reason = _check_reason(reason)
    game = _unfinished(game_id, moderator)
    user = accounts.find_user(username)
    if user is None:
        raise InvalidRequest(f"no user named {username!r}", field="username")
    if not user.is_active:
        raise Conflict(f"{username} is suspended and cannot take a seat", field="username")
    if any(user.pk in (s.user_id, s.invited_id) for s in game.seats.all()):
        raise Conflict(f"{username} already has a seat in this game", field="username")
    found, name = _seat(game, seat)
    draft = _record(game, moderator, "hand_seat", reason, seat=found.number, seat_name=name,
                    previous=found.player_name, player=username, **_unrate(game))
    return _commit(game, _change_occupant(draft, found.number, user=user))


@transaction.atomic
def extend_deadline(*, moderator, game_id: int, hours, reason: str) -> Game:
    """Push the current move's deadline back by ``hours``."""
    _check_moderator(moderator)
    reason = _check_reason(reason)
    if isinstance(hours, bool) or not isinstance(hours, int | float) or not 0 < hours <= MAX_EXTENSION_HOURS:
        raise InvalidRequest(f"hours must be a number above 0 and at most {MAX_EXTENSION_HOURS}", field="hours")
    game = _unfinished(game_id, moderator)
    if game.deadline_at is None:
        raise Conflict("this game has no deadline running: nothing to extend")
    deadline = game.deadline_at + timedelta(hours=hours)
    draft = _record(game, moderator, "extend_deadline", reason, hours=hours, deadline=deadline.isoformat())
    return _commit(game, draft.set(deadline_at=deadline).plan())


# --- acts on a user --------------------------------------------------------------------------------
@transaction.atomic
def suspend(*, moderator, username: str, reason: str) -> Sanction:
    """Refuse the user every write (inactive account); each unfinished game of theirs says why."""
    return _sanction(moderator, username, reason, Sanction.Act.SUSPEND)


@transaction.atomic
def reinstate(*, moderator, username: str, reason: str) -> Sanction:
    return _sanction(moderator, username, reason, Sanction.Act.REINSTATE)


def _sanction(moderator, username: str, reason: str, act: str) -> Sanction:
    _check_moderator(moderator)
    reason = _check_reason(reason)
    found = accounts.find_user(username)
    user = User.objects.select_for_update().filter(pk=found.pk).first() if found else None
    if user is None:
        raise NotFound(f"no user named {username!r}")
    suspending = act == Sanction.Act.SUSPEND
    if user.pk == moderator.pk:
        raise Conflict("a moderator cannot sanction their own account")
    if user.is_active != suspending:
        raise Conflict(f"{username} is already {'suspended' if suspending else 'active'}")
    unfinished = Game.objects.filter(seats__user=user, status__in=[Game.Status.OPEN, Game.Status.ACTIVE])
    if unfinished.filter(pk__in=Game.objects.filter(seats__user=moderator).values("pk")).exists():
        raise Forbidden(f"you play an unfinished game against {username}: another moderator must act")
    user.is_active = not suspending
    user.save(update_fields=["is_active"])
    sanction = Sanction.objects.create(user=user, act=act, moderator=moderator, reason=reason)
    for game_id in unfinished.distinct().values_list("pk", flat=True):
        game = services.locked(game_id)
        _commit(game, _record(game, moderator, act, reason, user=username).plan())
    return sanction


# --- reports ---------------------------------------------------------------------------------------
@transaction.atomic
def file_report(*, reporter, reason: str, game_id: int | None = None, username: str | None = None) -> Report:
    """A player reports a game, an opponent, or an opponent in a game."""
    services.check_writable(reporter)
    if not isinstance(reason, str) or not reason.strip():
        raise InvalidRequest("say what is wrong: a report needs a reason", field="reason")
    if len(reason) > MAX_REASON:
        raise InvalidRequest(f"the reason is longer than {MAX_REASON} characters", field="reason")
    if game_id is None and not username:
        raise InvalidRequest("name a game, a user or both", field="game")
    game = None
    if game_id is not None and (game := Game.objects.filter(pk=game_id).first()) is None:
        raise NotFound(f"no game {game_id}")
    reported = None
    if username:
        reported = accounts.find_user(username)
        if reported is None:
            raise InvalidRequest(f"no user named {username!r}", field="user")
        if reported.pk == reporter.pk:
            raise InvalidRequest("you cannot report yourself", field="user")
    return Report.objects.create(reporter=reporter, game=game, reported_user=reported, reason=reason.strip())


@transaction.atomic
def close_report(*, moderator, report_id: int, outcome: str) -> Report:
    _check_moderator(moderator)
    report = Report.objects.select_for_update().filter(pk=report_id).first()
    if report is None:
        raise NotFound(f"no report {report_id}")
    if report.status == Report.Status.CLOSED:
        raise Conflict(f"report {report_id} is already closed")
    if not isinstance(outcome, str) or not outcome.strip():
        raise InvalidRequest("closing a report needs an outcome", field="outcome")
    report.status, report.outcome = Report.Status.CLOSED, outcome.strip()[:MAX_REASON]
    report.handled_by, report.closed_at = moderator, timezone.now()
    report.save(update_fields=["status", "outcome", "handled_by", "closed_at"])
    return report


def report_queue(moderator, *, status: str = Report.Status.OPEN):
    """Reports for moderators to work, oldest first."""
    _check_moderator(moderator)
    if status and status not in Report.Status.values:
        raise InvalidRequest(f"status must be one of {', '.join(Report.Status.values)}", field="status")
    reports = Report.objects.select_related("reporter", "game", "reported_user", "handled_by")
    return reports.filter(status=status).order_by("created_at") if status else reports.order_by("-created_at")


def report_summary(report: Report) -> dict:
    return {
        "id": report.pk,
        "reporter": report.reporter.username,
        "game": report.game_id,
        "user": report.reported_user.username if report.reported_user_id else None,
        "reason": report.reason,
        "status": report.status,
        "outcome": report.outcome,
        "handled_by": report.handled_by.username if report.handled_by_id else None,
        "created_at": report.created_at.isoformat(),
        "closed_at": report.closed_at.isoformat() if report.closed_at else None,
    }
