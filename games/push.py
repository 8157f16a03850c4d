"""Web Push: the browsers that asked to be told of a move or an invitation, and the pushes sent to them.

A subscription is what a browser's ``PushManager.subscribe`` answers (its push service's endpoint,
and the keys a message is encrypted to: RFC 8291); ``subscribe`` checks it before storing it. A
push is sent by ``pywebpush`` with the site's VAPID key pair (RFC 8292: ``VAPID_*`` settings), by
the Celery task that delivers notifications (``games.delivery``). A push service that answers 404
or 410 has dropped the subscription: so do we. Any other failure is logged by type and passed over:
a push is a courtesy, the inbox and the e-mail are the record.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import logging
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction

from games import inputs, mail, notifications, services
from games.errors import Conflict, InvalidRequest, NotFound
from games.models import Notification, PushSubscription

log = logging.getLogger(__name__)

#: The kinds pushed (the issue's "your move and invitations").
KINDS = (notifications.YOUR_MOVE, notifications.INVITATION)
#: Browsers one user may register (a phone, a laptop, a few more).
MAX_PER_USER = 10
MAX_ENDPOINT = 1000


def enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


# --- subscriptions -------------------------------------------------------------------------------------
def _key(data, name: str, size: int) -> str:
    """A base64url key of ``size`` bytes in ``data['keys']``, else a 400 naming it."""
    field = f"keys.{name}"
    value = data.get(name) if isinstance(data, dict) else None
    if not isinstance(value, str) or not 0 < len(value) <= 100 or inputs.unstorable(value):
        raise InvalidRequest(f"{field} is missing: the browser's subscription has it", field=field)
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != size or (name == "p256dh" and raw[0] != 4):
        raise InvalidRequest(f"{field} must be base64url of {size} bytes", field=field)
    return value


def check_endpoint(endpoint) -> str:
    """A push service's endpoint: an https URL on a public host (never this network's own hosts:
    the worker would POST wherever a client points it)."""
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > MAX_ENDPOINT or inputs.unstorable(endpoint):
        raise InvalidRequest(f"endpoint must be the push service's URL (at most {MAX_ENDPOINT} characters)",
                             field="endpoint")
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
    except ValueError:
        parts, host = None, ""
    if parts is None or parts.scheme != "https" or not host:
        raise InvalidRequest("endpoint must be an https URL", field="endpoint")
    try:
        private = not ipaddress.ip_address(host).is_global
    except ValueError:
        private = host == "localhost" or host.endswith((".localhost", ".local", ".internal"))
    if private:
        raise InvalidRequest("endpoint must be a public push service", field="endpoint")
    return endpoint


def subscribe(user, data) -> PushSubscription:
    """Store the browser's subscription for ``user`` (again: refreshed; another user's: moved to ``user``)."""
    services.check_writable(user)
    if not isinstance(data, dict):
        raise InvalidRequest("send the browser's subscription: {endpoint, keys: {p256dh, auth}}", field="endpoint")
    endpoint = check_endpoint(data.get("endpoint"))
    keys = data.get("keys")
    if not isinstance(keys, dict):
        raise InvalidRequest("keys is missing: the browser's subscription has it", field="keys")
    p256dh, auth = _key(keys, "p256dh", 65), _key(keys, "auth", 16)
    with transaction.atomic():
        mine = PushSubscription.objects.select_for_update().filter(user=user).exclude(endpoint=endpoint)
        if mine.count() >= MAX_PER_USER:
            raise Conflict(f"at most {MAX_PER_USER} browsers: remove one first", field="endpoint")
        row, _ = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth})
    return row


def unsubscribe(user, endpoint) -> None:
    """Forget the user's subscription at ``endpoint``; 404 if the user has none there."""
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > MAX_ENDPOINT:
        raise InvalidRequest("endpoint must be the subscription's endpoint URL", field="endpoint")
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    if not deleted:
        raise NotFound("no push subscription of yours at that endpoint")


# --- sending --------------------------------------------------------------------------------------------
def payload(notification: Notification) -> str:
    """What the service worker shows: the notification's text (never a move), the game's page."""
    return json.dumps({"title": notifications.label(notification.game.name, notification.game_id),
                       "body": notification.text, "url": mail.game_url(notification.game_id),
                       "tag": f"game-{notification.game_id}"})


def send(notification: Notification) -> int:
    """Push the notification to each of its user's browsers; returns how many pushes were accepted."""
    if not enabled() or notification.kind not in KINDS or not notification.user.is_active:
        return 0
    data = payload(notification)
    return sum(_push(row, data) for row in PushSubscription.objects.filter(user_id=notification.user_id))


def _push(row: PushSubscription, data: str) -> bool:
    from pywebpush import WebPushException, webpush

    info = {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}}
    try:
        webpush(info, data, vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.VAPID_SUBJECT}, timeout=settings.WEBPUSH_TIMEOUT, ttl=24 * 3600)
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):  # the browser unsubscribed or the subscription expired
            PushSubscription.objects.filter(pk=row.pk).delete()
        else:
            log.warning("push to subscription %s failed: %s %s", row.pk, type(exc).__name__, status)
        return False
    except Exception as exc:  # the push service away: the next notification tries again
        log.warning("push to subscription %s failed: %s", row.pk, type(exc).__name__)
        return False
    return True
