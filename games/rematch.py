"""Rematch: after a game ends, its players play again with the same game, options, time control and
rated flag, seats swapped (with more than two players, rotated by one).

One player offers; every other human player accepts or declines (a bot accepts at once). The offer
and its answer are the finished game's ``Rematch`` row, written under the game's row lock; the new
game is created and started by the ordinary services (``services.create_game``, the others' seats
as invitations each accepted by ``invitations.accept``), so it is an ordinary game in every way.
The other players are told of the offer and of the answer by notifications in the same transaction.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games import invitations, notifications, services
from games.errors import Conflict, Forbidden, InvalidRequest, NotFound
from games.models import Game, Notification, Rematch

CHOICES = ("offer", "accept", "decline")


def state(game: Game, user) -> dict:
    """The rematch as ``user`` sees it: the offer, the answer, the new game and what they may do."""
    row = Rematch.objects.select_related("offered_by").filter(game=game).first()
    plays, me = _plays(game, user), getattr(user, "pk", None)
    if row is None:
        return {"offered": False, "offered_by": None, "accepted_by_you": False, "answer": None, "new_game": None,
                "can_offer": game.status == Game.Status.FINISHED and plays, "can_answer": False}
    return {"offered": True, "offered_by": row.offered_by.username, "accepted_by_you": me in row.accepted,
            "answer": row.answer or None, "new_game": row.new_game_id, "can_offer": False,
            "can_answer": not row.answer and plays and me not in row.accepted}


@transaction.atomic
def answer(*, user, game_id: int, choice) -> dict:
    """``offer`` a rematch of a finished game, or ``accept`` / ``decline`` the standing offer."""
    if choice not in CHOICES:
        raise InvalidRequest("choice must be offer, accept or decline", field="choice")
    services.check_writable(user)
    game = services.locked(game_id)
    if not _plays(game, user):
        raise Forbidden("only a player of this game can offer or answer a rematch")
    if game.status != Game.Status.FINISHED:
        raise Conflict(f"the game is {game.get_status_display()}: a rematch follows a finished game")
    row = Rematch.objects.filter(game=game).first()
    if choice == "offer":
        if row is not None:
            raise Conflict("a rematch of this game was already offered")
        row = Rematch.objects.create(game=game, offered_by=user, accepted=[user.pk])
        _tell(game, row, user, f"{user.username} offers a rematch of {_label(game)}.", Notification.Kind.REMATCH_OFFER)
    else:
        _check_answerable(row, user)
        if choice == "decline":
            _close(row, user, Rematch.Answer.DECLINED)
            _tell(game, row, user, f"{user.username} declined the rematch of {_label(game)}.",
                  Notification.Kind.REMATCH_ANSWER)
            return state(game, user)
        row.accepted = [*row.accepted, user.pk]
        row.save(update_fields=["accepted"])
    if set(_humans(game)) <= set(row.accepted):  # everyone agrees (bots always do): the new game
        _start(game, row, user)
    return state(game, user)


def _check_answerable(row, user) -> None:
    if row is None:
        raise Conflict("no rematch of this game was offered")
    if row.answer:
        raise Conflict(f"the rematch was already {row.answer}")
    if user.pk in row.accepted:
        raise Conflict("you already agree to the rematch; waiting for the others")


def _start(game: Game, row: Rematch, by) -> None:
    """Create the new game (seats rotated by one) and take each other player's seat by their accept."""
    seats = list(game.seats.all())
    rotated = [seats[(n + 1) % len(seats)] for n in range(len(seats))]
    creator = row.offered_by
    specs = [{"bot": s.bot} if s.bot else {"user": s.user.username} for s in rotated]
    new = services.create_game(creator=creator, name=game.name, players=game.players, options=game.options,
                               seats=specs, time_control=game.time_control or None, rated=game.rated)
    for seat in new.seats.filter(invited__isnull=False, taken_at__isnull=True).select_related("invited"):
        invitations.accept(user=seat.invited, game_id=new.pk)
    row.new_game = new
    _close(row, by, Rematch.Answer.ACCEPTED)
    _tell(game, row, by, f"The rematch of {_label(game)} starts: {notifications.label(new.name, new.pk)}.",
          Notification.Kind.REMATCH_ANSWER)


def _close(row: Rematch, by, answer: str) -> None:
    row.answer, row.answered_at = answer, timezone.now()
    row.answered_by = by if getattr(by, "is_authenticated", False) else None
    row.save(update_fields=["answer", "answered_at", "answered_by", "new_game"])


def _tell(game: Game, row: Rematch, writer, text: str, kind: str) -> None:
    """Every other human player of the finished game, in this transaction."""
    Notification.objects.bulk_create(
        Notification(user_id=u, kind=kind, game=game, seq=game.seq, text=text[:notifications.MAX_TEXT])
        for u in sorted(set(_humans(game)) - {writer.pk})
    )


def _humans(game: Game) -> list[int]:
    return [s.user_id for s in game.seats.all() if s.user_id and not s.bot]


def _plays(game: Game, user) -> bool:
    return getattr(user, "pk", None) in _humans(game)


def _label(game: Game) -> str:
    return notifications.label(game.name, game.pk)


def get_game(game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first()
    if game is None:
        raise NotFound(f"no game {game_id}")
    return game
