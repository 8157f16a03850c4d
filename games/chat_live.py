"""A chat line's live message and the groups it goes to (the relay's ``chat`` hand-off).

The players' room goes to the seat groups (``broadcast.seat_group``), the spectators' room to the
watchers' group, and to the seat groups too once the game is over (``games.chat.access``). A
hidden line goes the same way without its text: open pages drop it.
"""

from __future__ import annotations

from games import broadcast, inbox_live, notifications
from games.chat_view import PLAYERS, summary
from games.models import ChatMessage, Notification


def messages(line_id: int) -> dict[str, dict]:
    """The group message of line ``line_id`` by group name (none: the line is gone)."""
    line = ChatMessage.objects.select_related("game", "author").filter(pk=line_id).first()
    if line is None:
        return {}
    game = line.game
    seats = [broadcast.seat_group(game.pk, n) for n in range(game.players)]
    groups = seats if line.room == PLAYERS else [broadcast.watch_group(game.pk), *(seats if game.is_over else [])]
    message = {"type": "chat.line", "line": {"type": "chat", **summary(line)}}
    return {group: message for group in groups}


def send(line_id: int) -> None:
    """Hand the line to its groups; raises when the channel layer is away (the outbox keeps it)."""
    broadcast.deliver(messages(line_id))


def send_unread(line_id: int) -> None:
    """The inbox counts of the users line ``line_id`` notified (``games.chat._tell_absent`` stamps
    their notifications with the line's moment): one message each, to their own group."""
    line = ChatMessage.objects.filter(pk=line_id).values("game_id", "created_at").first()
    if line is None:
        return
    told = Notification.objects.filter(game_id=line["game_id"], kind=notifications.CHAT,
                                       created_at=line["created_at"]).values_list("user_id", flat=True)
    inbox_live.send_unread(told)
