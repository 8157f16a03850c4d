"""Immediate delivery of notifications: an e-mail (for the kinds the user wants at once) and a Web
Push (your move, invitations), sent by a Celery task once the write that told them committed.

Every write that writes notifications leaves an outbox row (``deliver`` at its game and seq:
``games.relay``), whose hand-off queues the task ``deliver_notifications`` by name. The task may
run twice (the outbox hands off at least once): each notification is taken under its row lock
(``SKIP LOCKED``: a concurrent run passes it over) and marked ``delivered_at``, so it is delivered
once. A user who has the game's page open at that moment saw the event live (``games.presence``):
nothing is sent, and it is left out of the digest too. A notification already read is not sent.
The e-mail is sent before the commit: a refused e-mail rolls the mark back and the task is retried.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games import mail, mailprefs, presence, push
from games.models import Notification


def deliver(game_id: int, seq: int) -> int:
    """Deliver the notifications written at ``(game_id, seq)`` not yet delivered. Returns how many
    messages (e-mails and accepted pushes) this sent."""
    ids = Notification.objects.filter(game_id=game_id, seq=seq, delivered_at__isnull=True).values_list("pk", flat=True)
    return sum(deliver_one(pk) for pk in list(ids))


def deliver_one(pk: int) -> int:
    with transaction.atomic():
        notification = (Notification.objects.select_for_update(skip_locked=True, of=("self",))
                        .select_related("user", "game").filter(pk=pk, delivered_at__isnull=True).first())
        if notification is None:
            return 0  # delivered already, or being delivered by another run
        now = timezone.now()
        notification.delivered_at, sent = now, 0
        if presence.is_present(notification.user_id, notification.game_id):
            notification.seen_live = True
        elif notification.read_at is None:
            if mailprefs.mode_of(notification.user, notification.kind) == mailprefs.IMMEDIATELY:
                mail.send(mail.single(notification))
                notification.mailed_at, sent = now, 1
            sent += push.send(notification)
        notification.save(update_fields=["delivered_at", "seen_live", "mailed_at"])
    return sent
