"""Side effects of a committed write: live updates, the bot's turn, and end-of-game scoring."""

from __future__ import annotations

import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def after_commit(game) -> None:
    """Once the transaction commits: tell the game's watchers, queue a bot if one is to act, and
    queue the scoring of a game that is over (the task itself makes sure it scores once)."""
    game_id, seq, to_act = game.pk, game.seq, game.to_act
    bot_to_act = game.status == "active" and any(s.number == to_act and s.bot for s in game.seats.all())
    to_score = game.status in ("finished", "aborted") and not game.scored

    def run():
        broadcast(game_id, seq)
        if bot_to_act:
            schedule_bot(game_id, seq)
        if to_score:
            schedule_scoring(game_id)

    transaction.on_commit(run)


def broadcast(game_id: int, seq: int) -> None:
    """Each consumer re-reads its own seat's view: the message itself carries nothing hidden."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(game_id), {"type": "game.event", "seq": seq})
    except Exception:  # a lost notification is recovered by the client's resync, never fatal
        log.exception("could not broadcast game %s seq %s", game_id, seq)


_eager = threading.local()


def schedule_bot(game_id: int, seq: int) -> None:
    """Queue the bot's turn. In eager mode (no Redis) run the chain in a loop, not recursively."""
    from workers.tasks import bot_turn

    if not bot_turn.app.conf.task_always_eager:
        bot_turn.delay(game_id, seq)
        return
    pending = getattr(_eager, "pending", None)
    if pending is not None:  # already draining: the loop below picks this up
        pending.append((game_id, seq))
        return
    _eager.pending = [(game_id, seq)]
    try:
        while _eager.pending:
            bot_turn.delay(*_eager.pending.pop(0))
    finally:
        _eager.pending = None


def schedule_scoring(game_id: int) -> None:
    """Queue the end-of-game scoring (final ratings). Eagerly, it runs here and now."""
    from workers.tasks import score_game

    score_game.delay(game_id)
