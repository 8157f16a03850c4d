"""Game chat: short lines in two rooms per game, stored apart from the move history, moderated.

Who reads and writes which room (``access``):

- the players' room: the users holding a seat, always (their own conversation; nobody else reads
  it, moderators excepted);
- the spectators' room: every other logged-in user while the game runs, and the players too once
  it is over. While it runs the players neither read nor write there: spectators who watch the
  engine or each other must not be able to advise a player.

Moderators read both rooms, hidden lines included. Every write checks its writer at the moment of
writing (an active account, not muted, the seat for the players' room), refuses empty or over-long
text (400 naming ``text``) and counts against the user's chat rate (429). A line's live delivery
and the inbox counts of those it notified leave through the outbox after the commit
(``Outbox.Kind.CHAT``, ``Outbox.Kind.CHAT_INBOX``): a channel layer away loses nothing.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import accounts, chat_view, moderation, notifications, presence, relay, services, throttles
from games.chat_view import PLAYERS, ROOMS, players_of
from games.errors import Conflict, Forbidden, InvalidRequest, NotFound, TooManyRequests
from games.inputs import unstorable
from games.models import ChatMessage, ChatModeration, ChatMute, ChatReport, Game, Notification, Outbox

User = get_user_model()
#: The longest line (``ChatMessage.text``).
MAX_TEXT = 500
MAX_REASON = 2000


def access(game: Game, user, room: str) -> tuple[bool, bool]:
    """(may read, may write) ``room`` of ``game`` for ``user``: moderators read every room."""
    read, write = chat_view.access(game, user, room)
    return read or moderation.is_moderator(user), write


def rooms_for(game: Game, user) -> list[dict]:
    """The rooms ``user`` reads on the game's page, each with whether they may write there."""
    return [{"room": room, "write": rw[1]} for room in ROOMS if (rw := access(game, user, room))[0]]


def summary(line: ChatMessage, viewer=None) -> dict:
    return chat_view.summary(line, moderator=viewer is not None and moderation.is_moderator(viewer))


# --- checks -----------------------------------------------------------------------------------------
def check_room(room) -> str:
    if room not in ROOMS:
        raise InvalidRequest(f"room must be one of {', '.join(ROOMS)}", field="room")
    return room


def _game(game_id) -> Game:
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first()
    if game is None:
        raise NotFound(f"no game {game_id}")
    return game


def muted_until(user, now=None):
    """Whether ``user`` is muted now: (True, until or None) or (False, None)."""
    mute = ChatMute.objects.filter(user_id=user.pk).first()
    now = now or timezone.now()
    if mute is None or (mute.until is not None and mute.until <= now):
        return False, None
    return True, mute.until


def _check_text(text) -> str:
    if not isinstance(text, str) or not text.strip():
        raise InvalidRequest("a chat line needs some text", field="text")
    text = text.strip()
    if len(text) > MAX_TEXT:
        raise InvalidRequest(f"a chat line holds at most {MAX_TEXT} characters", field="text")
    if (bad := unstorable(text)) is not None:
        raise InvalidRequest(f"the text holds {bad}", field="text")
    return text


# --- writing ----------------------------------------------------------------------------------------
@transaction.atomic
def post(*, user, game_id, room, text) -> dict:
    """Write a line to ``room`` of the game; returns it as readers see it."""
    services.check_writable(user)  # the account as the database has it now (a socket's user is old)
    room = check_room(room)
    game = _game(game_id)
    if not access(game, user, room)[1]:
        raise Forbidden("the players' room is for the players of this game" if room == PLAYERS
                        else "the players read the spectators' room only once the game is over")
    muted, until = muted_until(user)
    if muted:
        raise Forbidden("you are muted in chat" + (f" until {until:%Y-%m-%d %H:%M} UTC" if until else ""))
    text = _check_text(text)
    rate = throttles.chat(user)
    if not rate.allowed():
        raise TooManyRequests("too many chat lines: wait and retry", retry_after=rate.wait() or 1)
    rate.record()
    line = ChatMessage.objects.create(game=game, room=room, author=user, text=text)
    work = [Outbox(game=game, seq=line.pk, kind=Outbox.Kind.CHAT, created_at=line.created_at)]
    if _tell_absent(game, line):
        work.append(Outbox(game=game, seq=line.pk, kind=Outbox.Kind.CHAT_INBOX, created_at=line.created_at))
    relay.store(work)
    relay.after_commit(work)
    return summary(line, user)


def _tell_absent(game: Game, line: ChatMessage) -> bool:
    """The "chat while you were away" notifications of a line, in its transaction: to the room's
    members (the players; the spectators' room has no members to tell) who do not have the game's
    page open, at most one unread per user and game. Whether anyone was told."""
    if line.room != PLAYERS:
        return False
    others = players_of(game) - {line.author_id}
    away = others - presence.present(others, game.pk)
    already = set(Notification.objects.filter(game=game, kind=notifications.CHAT, read_at__isnull=True,
                                              user_id__in=away).values_list("user_id", flat=True))
    text = notifications.chat_text(line.author.username, game.name, game.pk)
    told = [Notification(user_id=u, kind=notifications.CHAT, game=game, seq=game.seq, created_at=line.created_at,
                         text=text) for u in sorted(away - already)]
    Notification.objects.bulk_create(told, ignore_conflicts=True)  # a concurrent line told them first
    return bool(told)


@transaction.atomic
def report(*, user, message_id, reason="") -> dict:
    """A reader of a line reports it to the moderators, once per reporter and line."""
    services.check_writable(user)
    line = _line(message_id)
    if not access(line.game, user, line.room)[0] or line.author_id == user.pk:
        raise Forbidden("you can report a line of a room you read, not your own")
    if not isinstance(reason, str) or len(reason) > MAX_REASON or unstorable(reason):
        raise InvalidRequest(f"the reason is text of at most {MAX_REASON} characters", field="reason")
    try:
        with transaction.atomic():
            made = ChatReport.objects.create(message=line, reporter=user, reason=reason.strip())
    except IntegrityError as exc:
        raise Conflict("you already reported this line") from exc
    return {"id": made.pk, "message": line.pk}


def _line(message_id) -> ChatMessage:
    if isinstance(message_id, bool) or not isinstance(message_id, int):
        raise NotFound("no such chat line")
    line = ChatMessage.objects.select_related("game", "author").filter(pk=message_id).first()
    if line is None:
        raise NotFound(f"no chat line {message_id}")
    line.game.seats.all()  # noqa: B018 (read once, used by ``access``)
    return line


@transaction.atomic
def hide(*, moderator, message_id, reason) -> dict:
    """A moderator hides a line: kept, marked with who, when and why, and logged."""
    moderation.check_moderator(moderator)
    reason = moderation.check_reason(reason)
    line = _line(message_id)
    if moderator.pk in players_of(line.game):
        raise Forbidden("you hold a seat in this game: another moderator must act on its chat")
    if line.hidden:
        raise Conflict("this line is already hidden")
    line.hidden, line.hidden_by, line.hidden_reason, line.hidden_at = True, moderator, reason, timezone.now()
    line.save(update_fields=["hidden", "hidden_by", "hidden_reason", "hidden_at"])
    ChatModeration.objects.create(act=ChatModeration.Act.HIDE, moderator=moderator, message=line,
                                  user_id=line.author_id, reason=reason)
    work = [Outbox(game_id=line.game_id, seq=line.pk, kind=Outbox.Kind.CHAT)]  # open pages drop the line
    relay.store(work)
    relay.after_commit(work)
    return summary(line, moderator)


@transaction.atomic
def mute(*, moderator, username, reason, hours=None) -> dict:
    """A moderator mutes a user in every chat, for ``hours`` (None: until unmuted); logged."""
    moderation.check_moderator(moderator)
    reason = moderation.check_reason(reason)
    target = _user(username)
    if hours is not None and (isinstance(hours, bool) or not isinstance(hours, int) or not 0 < hours <= 24 * 365):
        raise InvalidRequest("hours must be a whole number from 1 to 8760, or left out", field="hours")
    until = timezone.now() + timedelta(hours=hours) if hours else None
    ChatMute.objects.update_or_create(user=target, defaults={"moderator": moderator, "reason": reason,
                                                             "until": until, "created_at": timezone.now()})
    ChatModeration.objects.create(act=ChatModeration.Act.MUTE, moderator=moderator, user=target, reason=reason,
                                  until=until)
    return {"user": target.username, "muted": True, "until": until.isoformat() if until else None}


@transaction.atomic
def unmute(*, moderator, username, reason) -> dict:
    moderation.check_moderator(moderator)
    reason = moderation.check_reason(reason)
    target = _user(username)
    if not ChatMute.objects.filter(user=target).delete()[0]:
        raise Conflict(f"{target.username} is not muted")
    ChatModeration.objects.create(act=ChatModeration.Act.UNMUTE, moderator=moderator, user=target, reason=reason)
    return {"user": target.username, "muted": False, "until": None}


def _user(username):
    user = accounts.find_user(username) if isinstance(username, str) else None
    if user is None:
        raise NotFound(f"no user named {username!r}")
    return user


# --- reading ----------------------------------------------------------------------------------------
def lines(*, user, game_id, room):
    """The lines of ``room`` the user may read, oldest first (a queryset, for paging)."""
    room = check_room(room)
    game = _game(game_id)
    if not access(game, user, room)[0]:
        raise Forbidden("the players' room is for the players of this game" if room == PLAYERS
                        else "the spectators' room opens to the players once the game is over")
    return ChatMessage.objects.filter(game=game, room=room).select_related("author").order_by("id")


