"""The daily digest: each user at most one e-mail a day, with their unread notifications not yet mailed.

A run (celery beat at ``DIGEST_HOUR`` UTC; the background worker's sweep on the embedded default)
covers what was created before today's digest hour, so a run that comes late, or twice, sends the
same digest: never a second one. Each user's digest is one transaction: its ``Digest`` row
(unique per user and day), its notifications locked and marked mailed, the e-mail sent before the
commit. A second, concurrent run inserting the same ``Digest`` row waits on the unique index for the
first to commit, then finds the row and sends nothing; if the first failed (the mail server
refused), its rollback leaves everything for the next run.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games import mail, mailprefs
from games.models import Digest, Notification, Preferences

log = logging.getLogger(__name__)

#: Users one run mails at most (the next run goes on).
BATCH = 1000


def cutoff(moment: datetime) -> datetime | None:
    """Today's digest hour, if ``moment`` is past it (None: today's digest is not due yet)."""
    moment = moment.astimezone(UTC)
    hour = moment.replace(hour=settings.DIGEST_HOUR, minute=0, second=0, microsecond=0)
    return hour if moment >= hour else None


def pending(cut: datetime):
    """Notifications a digest may carry: unread, not mailed, not seen live, created before ``cut``."""
    return Notification.objects.filter(read_at__isnull=True, mailed_at__isnull=True, seen_live=False, created_at__lt=cut)


def run(moment: datetime | None = None) -> int:
    """Send every digest now due. Returns how many e-mails this run sent."""
    cut = cutoff(moment or timezone.now())
    if cut is None:
        return 0
    day = cut.date()
    done = Digest.objects.filter(user_id=OuterRef("user_id"), day=day)
    users = pending(cut).filter(~Exists(done)).values_list("user_id", flat=True).distinct().order_by("user_id")
    sent = 0
    for user_id in list(users[:BATCH]):
        try:
            sent += send_digest(user_id, day, cut)
        except Exception as exc:  # the mail server refused or is away: this user's digest waits for the next run
            log.warning("digest for user %s not sent: %s", user_id, type(exc).__name__)
    return sent


def send_digest(user_id: int, day, cut: datetime) -> int:
    """The user's digest of ``day`` (notifications before ``cut``), unless one was sent. 1 if this call sent it."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).exclude(email="").first()
    if user is None:
        return 0
    kinds = mailprefs.digest_kinds(Preferences.objects.filter(user_id=user_id).first())
    if not kinds:
        return 0
    with transaction.atomic():
        try:
            with transaction.atomic():
                digest = Digest.objects.create(user_id=user_id, day=day)
        except IntegrityError:
            return 0  # another run sent (or is sending) today's
        items = list(pending(cut).filter(user_id=user_id, kind__in=kinds).select_related("game")
                     .select_for_update(skip_locked=True, of=("self",)).order_by("created_at", "id"))
        if not items:
            transaction.set_rollback(True)  # nothing to say: no digest row, a later run may send one today
            return 0
        Notification.objects.filter(pk__in=[n.pk for n in items]).update(mailed_at=digest.sent_at)
        Digest.objects.filter(pk=digest.pk).update(count=len(items))
        mail.send(mail.digest(user, items))
    return 1

