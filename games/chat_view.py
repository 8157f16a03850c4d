"""What a chat reader sees: who reads and writes which room, and a line as a reader gets it.

Shared by the chat's writes (``games.chat``) and its live hand-off (``games.chat_live``); it reads
no database beyond the objects handed to it and imports nothing of the write path.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from games.models import ChatMessage, Game

PLAYERS, SPECTATORS = ChatMessage.Room.PLAYERS, ChatMessage.Room.SPECTATORS
ROOMS = (PLAYERS, SPECTATORS)


# --- who may do what --------------------------------------------------------------------------------
def players_of(game: Game) -> set[int]:
    return {s.user_id for s in game.seats.all() if s.is_taken and s.user_id is not None}


def access(game: Game, user, room: str) -> tuple[bool, bool]:
    """(may read, may write) ``room`` of ``game`` for ``user`` by the rooms' rule (``games.chat``)."""
    if not getattr(user, "is_authenticated", False):
        return False, False
    seated = user.pk in players_of(game)
    if room == PLAYERS:
        allowed = seated
    else:
        allowed = game.is_over or not seated
    return allowed, allowed


def links_allowed(author, now=None) -> bool:
    """Links in a line are clickable only for accounts older than ``CHAT_LINK_DAYS`` (spam)."""
    now = now or timezone.now()
    return author.date_joined <= now - timedelta(days=settings.CHAT_LINK_DAYS)


def summary(line: ChatMessage, *, moderator: bool = False) -> dict:
    """A line as a reader gets it: a hidden line's text only for moderators."""
    shown = {"id": line.pk, "game": line.game_id, "room": line.room, "author": line.author.username,
             "created_at": line.created_at.isoformat(), "links": links_allowed(line.author), "hidden": line.hidden}
    if not line.hidden:
        return shown | {"text": line.text}
    if moderator:
        return shown | {"text": line.text, "hidden_by": getattr(line.hidden_by, "username", None),
                        "hidden_reason": line.hidden_reason}
    return shown | {"text": ""}
