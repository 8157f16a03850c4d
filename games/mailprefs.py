"""How each user wants to be e-mailed, per notification kind, and the signed one-click unsubscribe.

A kind is sent ``immediately`` (an e-mail of its own, soon after the event), in the ``digest`` (one
e-mail a day at most, ``games.digest``) or ``never``. The defaults suit correspondence play, where
a player has many games and visits about once a day: what asks for an answer before a deadline
(an invitation, a deadline reminder, a moderator's act) comes at once; what merely says the game
moved on (your move, an answer to an invitation, a game ended) waits for the digest, since a move
an hour in ten games would be ten e-mails (Web Push tells of a move at once, if the user allows it).

An unsubscribe link carries its user and kind (or ``*``: all e-mail) signed with the site's key
(``django.core.signing``): no log-in is needed, and nobody can make a link for another user.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core import signing

from games import notifications
from games.errors import InvalidRequest
from games.models import Notification, Preferences

IMMEDIATELY, DIGEST, NEVER = "immediately", "digest", "never"
MODES = (IMMEDIATELY, DIGEST, NEVER)
ALL = "*"

DEFAULTS = {
    notifications.YOUR_MOVE: DIGEST,
    notifications.INVITATION: IMMEDIATELY,
    notifications.INVITATION_ANSWERED: DIGEST,
    notifications.ENDED: DIGEST,
    notifications.MODERATION: IMMEDIATELY,
    notifications.DEADLINE_24H: IMMEDIATELY,
    notifications.DEADLINE_2H: IMMEDIATELY,
    # an offer waits on an answer, as an invitation does; the answer only says what became of it
    Notification.Kind.REMATCH_OFFER: IMMEDIATELY,
    Notification.Kind.REMATCH_ANSWER: DIGEST,
    # a chat line written while the player was away: the digest, like a move
    notifications.CHAT: DIGEST,
}
assert set(DEFAULTS) == set(Notification.Kind.values), "every notification kind has a default mode"

#: What an e-mail says it is about, for subjects and the unsubscribe page.
NAMES = {
    notifications.YOUR_MOVE: "your move", notifications.INVITATION: "invitations",
    notifications.INVITATION_ANSWERED: "answers to invitations", notifications.ENDED: "games ended",
    notifications.MODERATION: "moderators' acts", notifications.DEADLINE_24H: "24-hour deadline reminders",
    notifications.DEADLINE_2H: "2-hour deadline reminders", Notification.Kind.REMATCH_OFFER: "rematch offers",
    Notification.Kind.REMATCH_ANSWER: "answers to rematch offers", notifications.CHAT: "chat while you are away",
    ALL: "all e-mail",
}

_SALT = "games.mailprefs.unsubscribe"


def modes(stored: dict | None) -> dict:
    """Every kind's mode: the stored choices over the defaults."""
    stored = stored or {}
    return {kind: stored.get(kind, default) for kind, default in DEFAULTS.items()}


def check_modes(value) -> dict:
    """A client's ``email`` setting: ``{kind: mode}`` for some kinds, else a 400 naming the field."""
    if not isinstance(value, dict):
        raise InvalidRequest("email must be an object {kind: mode}", field="email")
    for kind, mode in value.items():
        if kind not in DEFAULTS:
            raise InvalidRequest(f"no notification kind {str(kind)[:40]!r}; kinds: {', '.join(DEFAULTS)}", field="email")
        if mode not in MODES:
            raise InvalidRequest(f"the mode of {kind} must be one of {', '.join(MODES)}", field="email")
    return dict(value)


def mode_of(user, kind: str) -> str:
    """How ``user`` wants ``kind`` e-mailed now (``never`` without an address or with e-mail off)."""
    if not user.email or not user.is_active:
        return NEVER
    row = Preferences.objects.filter(user_id=user.pk).first()
    if row is not None and not row.email_enabled:
        return NEVER
    return modes(row.email if row else None)[kind]


def digest_kinds(row: Preferences | None) -> list[str]:
    """The kinds a user with these preferences (None: the defaults) gets in the digest."""
    if row is not None and not row.email_enabled:
        return []
    return [kind for kind, mode in modes(row.email if row else None).items() if mode == DIGEST]


# --- unsubscribing ---------------------------------------------------------------------------------------
def unsubscribe_token(user_id: int, kind: str) -> str:
    """The signed token of a link that turns ``kind`` (or ``ALL``) off for the user."""
    return signing.dumps({"u": int(user_id), "k": kind}, salt=_SALT)


def read_token(token: str) -> tuple[int, str]:
    """``(user id, kind)`` of a token, or InvalidRequest for a token forged, garbled or of no user."""
    try:
        data = signing.loads(token, salt=_SALT)
    except signing.BadSignature:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) or data.get("k") not in (*DEFAULTS, ALL):
        raise InvalidRequest("this unsubscribe link is not valid", field="token")
    if not get_user_model().objects.filter(pk=data["u"]).exists():
        raise InvalidRequest("this unsubscribe link is not valid", field="token")
    return data["u"], data["k"]


def unsubscribe(token: str, *, everything: bool = False) -> str:
    """Turn off what the token names (``everything``: all e-mail). Returns the kind turned off.

    No log-in and no suspension check: a link in an e-mail must always stop the e-mail (RFC 8058),
    and it can only ever send less."""
    user_id, kind = read_token(token)
    kind = ALL if everything else kind
    user = get_user_model()(pk=user_id)
    Preferences.change(user, {"email_enabled": False} if kind == ALL else {"email": {kind: NEVER}})
    return kind
