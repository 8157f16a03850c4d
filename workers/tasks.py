"""Celery tasks. Each is idempotent: safe to deliver twice, safe to redeliver after a crash."""

from __future__ import annotations

from celery import shared_task


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def bot_turn(game_id: int, expected_seq: int) -> bool:
    """Play the bot seat's move in ``game_id`` if the game is still at ``expected_seq``.

    The move and its sequence number commit together, so a redelivered task finds the
    sequence number moved on and appends nothing.
    """
    from games.services import play_bot_turn

    return play_bot_turn(game_id, expected_seq)
