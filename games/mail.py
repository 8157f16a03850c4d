"""The e-mails themselves: one notification alone, or a day's digest, each with its unsubscribe link.

Sent through Django's mail framework (``EMAIL_*`` settings: SMTP in production, the console on the
embedded default) by the Celery tasks that deliver notifications (``games.delivery``) and run the
digest (``games.digest``). Every message carries RFC 8058's one-click unsubscribe: the
``List-Unsubscribe`` URL (signed, no log-in) and ``List-Unsubscribe-Post``, which lets a mail client
unsubscribe with one POST; the same link is in the text. Texts are the notifications' own, which
never name a move or a hidden part of a position (``games.notifications``).
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage
from django.urls import reverse

from games import mailprefs, notifications
from games.models import Notification

SIGNATURE = "Board games by correspondence"


def unsubscribe_url(user_id: int, kind: str) -> str:
    return settings.SITE_URL + reverse("unsubscribe", args=[mailprefs.unsubscribe_token(user_id, kind)])


def game_url(game_id: int) -> str:
    return settings.SITE_URL + reverse("game", args=[game_id])


def _message(user, subject: str, lines: list[str], kind: str) -> EmailMessage:
    link = unsubscribe_url(user.pk, kind)
    body = "\n".join([f"Hello {user.username},", "", *lines, "", "--", SIGNATURE,
                      f"Stop e-mails about {mailprefs.NAMES[kind]}: {link}",
                      f"Choose what you are e-mailed about: {settings.SITE_URL}{reverse('my-profile')}"])
    headers = {"List-Unsubscribe": f"<{link}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
               "Auto-Submitted": "auto-generated"}
    return EmailMessage(subject=subject[:150], body=body, to=[user.email], headers=headers)


def single(notification: Notification) -> EmailMessage:
    """The e-mail of one notification; its unsubscribe link turns its kind off."""
    game = notifications.label(notification.game.name, notification.game_id)
    lines = [notification.text, "", f"Open the game: {game_url(notification.game_id)}"]
    return _message(notification.user, f"{game}: {mailprefs.NAMES[notification.kind]}", lines, notification.kind)


def digest(user, items: list[Notification]) -> EmailMessage:
    """The day's digest: each notification with its game's link; its unsubscribe link turns all e-mail off."""
    lines = [f"{len(items)} things happened in your games since your last digest:", ""]
    for item in items:
        lines += [f"* {item.text}", f"  {game_url(item.game_id)}"]
    subject = f"Your daily digest: {len(items)} notification{'s' if len(items) != 1 else ''}"
    return _message(user, subject, lines, mailprefs.ALL)


def send(message: EmailMessage) -> None:
    """Send now; raises if the mail server refused it (the caller's transaction then records nothing)."""
    message.send(fail_silently=False)
