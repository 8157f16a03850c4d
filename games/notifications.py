"""Who is told what about a write: notifications decided from the write plan, stored with its events.

``for_plan`` is a pure function of a plan (and of who wrote it): both executors call it and store
its rows in the write's own transaction (``services.execute``; ``optimistic``'s one statement), so
a notification exists exactly when its write committed. The writer is never told of their own act.

A text names the game, the seat, the result or a moderator's public reason, never a move's notation
or any other part of a position: the inbox is read outside the game's views, which are what keep
hidden information hidden.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Count
from django.utils import timezone

from games import plan as plans
from games.errors import InvalidRequest
from games.models import Notification

YOUR_MOVE, INVITATION, INVITATION_ANSWERED, ENDED, MODERATION = (
    "your_move", "invitation", "invitation_answered", "ended", "moderation")
DEADLINE_24H, DEADLINE_2H = "deadline_24h", "deadline_2h"
#: A players'-room chat line written while the user was away from the game's page (``games.chat``).
CHAT = "chat"
#: The reminders before a deadline: kind and how long before it, the nearest last.
REMINDERS = ((DEADLINE_24H, 24 * 3600), (DEADLINE_2H, 2 * 3600))
#: A text's longest length (``Notification.text``).
MAX_TEXT = 300

TITLES = {"paso": "Paso del Brahmán", "tibetana": "Tibetana", "nakatha": "Nakatha", "mandara": "Mandara"}
REASONS = {"resignation": "by resignation", "timeout": "on time", "agreement": "by agreement",
           "adjudication": "by a moderator's decision", "aborted": "aborted by a moderator",
           "declined": "an invited player declined", "expired": "an invitation was not answered in time"}
ACTS = {"abort": "aborted the game", "adjudicate": "decided the result", "replace_with_bot": "gave a seat to a bot",
        "hand_seat": "gave a seat to another player", "extend_deadline": "extended the deadline",
        "suspend": "suspended a player", "reinstate": "reinstated a player"}


def label(name: str, game_id: int) -> str:
    return f"{TITLES.get(name, name.title())} #{game_id}"


def for_plan(engine, planned: plans.Plan, by=None) -> list[tuple[int, str, str]]:
    """``(user id, kind, text)`` for each notification the plan causes; ``by`` is the writer (a user,
    or None for the service: a bot's turn, the sweep), who is told nothing."""
    before, after = planned.before, planned.after
    if before is None:
        return []
    writer = getattr(by, "pk", None)
    who = getattr(by, "username", "") or "someone"
    game = label(after.name, after.game_id)
    names = engine.seat_names(after.players)
    rows: list[tuple[int, str, str]] = []

    def tell(user_id, kind: str, text: str) -> None:
        if user_id is not None and user_id != writer and (user_id, kind) not in {(u, k) for u, k, _ in rows}:
            rows.append((user_id, kind, text[:MAX_TEXT]))

    people = _people(before) | _people(after)
    for number, fields in sorted(planned.seats.items()):
        offered, was = after.invited[number], before.invited[number] if before.invited else None
        if offered is not None and offered != was:
            tell(offered, INVITATION, f"{who} invites you to play {game}, seat {names[number]}.")
        elif "invited_id" in fields and fields["invited_id"] is None and was is not None:
            tell(was, INVITATION, f"{who} withdrew the invitation to {game}: the seat is open to anyone.")
    for event in planned.events:
        payload = event["payload"]
        if event["kind"] == "join" and payload.get("invitation") == "accepted":
            for user_id in _people(after):
                tell(user_id, INVITATION_ANSWERED, f"{payload['player']} accepted the invitation to {game}.")
        elif event["kind"] == "decline":
            for user_id in people:
                tell(user_id, INVITATION_ANSWERED,
                     f"{payload['user']} declined the invitation to {game}: the game is cancelled.")
        elif event["kind"] == "moderation":
            act = ACTS.get(payload.get("act"), "acted on the game")
            for user_id in people:
                tell(user_id, MODERATION, f"A moderator {act} in {game}. Reason: {payload.get('reason', '')}")
    told = {u for u, _, _ in rows}
    if planned.to_score:
        for user_id in people - told:  # a decline or a moderation act already said the game is over
            tell(user_id, ENDED, f"{game} is over: {_result(planned, names, after, user_id)}.")
    elif after.status == plans.ACTIVE and after.to_act is not None and not after.bots[after.to_act]:
        seat, player = after.to_act, after.users[after.to_act]
        if before.status != plans.ACTIVE or before.to_act != seat or before.users[seat] != player:
            tell(player, YOUR_MOVE, f"Your move in {game} (you play {names[seat]}){_deadline(after.deadline_at)}.")
    return rows


def rows_for(engine, planned: plans.Plan, by=None) -> list[Notification]:
    """The plan's notifications as rows, for the locked executor to store in its transaction."""
    return [Notification(user_id=user_id, kind=kind, game_id=planned.game_id, seq=planned.seq, text=text,
                         created_at=planned.at) for user_id, kind, text in for_plan(engine, planned, by)]


def tell_rating_changes(game_id: int, changes: dict[int, tuple[float, float]]) -> int:
    """The scoring's part (in its transaction): each player's "game ended" notification gains their
    rating change, ``{user id: (before, after)}``. Returns how many notifications said it."""
    told = 0
    for row in Notification.objects.filter(game_id=game_id, kind=ENDED, user_id__in=list(changes)):
        before, after = changes[row.user_id]
        row.text = f"{row.text} Your rating: {before:.0f} → {after:.0f} ({after - before:+.0f})."[:MAX_TEXT]
        row.save(update_fields=["text"])
        told += 1
    return told


def reminder_text(name: str, game_id: int, seat_name: str, kind: str, deadline: datetime) -> str:
    left = "24 hours" if kind == DEADLINE_24H else "2 hours"
    return f"Less than {left} left for your move in {label(name, game_id)} (you play {seat_name}){_deadline(deadline)}."


def chat_text(author: str, name: str, game_id: int) -> str:
    """A chat notification names the writer and the game, never the line (it may be hidden later)."""
    return f"{author} wrote in the chat of {label(name, game_id)} while you were away."[:MAX_TEXT]


def _people(head: plans.Head) -> set[int]:
    """The game's human players, and the users offered a seat."""
    return {u for u in (*head.users, *head.invited) if u is not None}


def _result(planned: plans.Plan, names: list[str], after: plans.Head, user_id: int) -> str:
    outcome = planned.outcome or {}
    reason = outcome.get("reason", "")
    if planned.status == plans.ABORTED:
        return f"cancelled, no result ({REASONS.get(reason, reason)})"
    winners = outcome.get("winners") or []
    mine = {names[n] for n, u in enumerate(after.users) if u == user_id}
    said = "a draw" if not winners else "you won" if mine & set(winners) else f"{', '.join(winners)} won"
    return f"{said} ({REASONS.get(reason, reason)})" if reason else said


def _deadline(deadline) -> str:
    return f"; the deadline is {deadline:%Y-%m-%d %H:%M} UTC" if deadline else ""


# --- the inbox ------------------------------------------------------------------------------------------
#: Ids one mark-read request may name at most (a page is 20; this bounds the statement).
MAX_IDS = 200


def inbox(user):
    """The user's notifications, newest first (with the game's name, for the link's label)."""
    return Notification.objects.filter(user=user).select_related("game").order_by("-created_at", "-id")


def unread_count(user) -> int:
    if not getattr(user, "is_authenticated", False):
        return 0
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def notified(game_id: int, seq: int) -> list[int]:
    """The users notified of game ``game_id`` at ``seq`` (the relay's inbox hand-off)."""
    return list(Notification.objects.filter(game_id=game_id, seq=seq).values_list("user_id", flat=True).distinct())


def unread_of_notified(game_id: int, seq: int) -> dict[int, int]:
    """``{user id: unread count}`` of the users notified of game ``game_id`` at ``seq``."""
    return unread_of(notified(game_id, seq))


def unread_of(user_ids) -> dict[int, int]:
    """``{user id: unread count}`` of ``user_ids`` (a list or a subquery), in one query over their
    unread rows only (``unread_by_user``): 0 for those with none."""
    ids = list(user_ids)
    counted = (Notification.objects.filter(user_id__in=ids, read_at__isnull=True).values("user_id")
               .annotate(unread=Count("id")))
    return {u: 0 for u in ids} | {row["user_id"]: row["unread"] for row in counted}


def mark_read(user, *, ids=None, everything: bool = False, now=None) -> int:
    """Mark the user's notifications ``ids`` (or all of them) read; returns how many this marked.

    Ids that are not the user's, or already read, are passed over: marking read is idempotent,
    and nobody learns which ids exist."""
    if everything == (ids is not None):
        raise InvalidRequest('name the notifications to mark read ("ids") or all of them ("all": true), not both',
                             field="ids")
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if not everything:
        if not isinstance(ids, list | tuple) or not ids or len(ids) > MAX_IDS or not all(
                isinstance(i, int) and not isinstance(i, bool) and 0 < i < 2**63 for i in ids):
            raise InvalidRequest(f"ids must be a list of 1 to {MAX_IDS} notification ids", field="ids")
        unread = unread.filter(pk__in=ids)
    return unread.update(read_at=now or timezone.now())


def summary(notification: Notification) -> dict:
    return {"id": notification.pk, "kind": notification.kind, "game": notification.game_id,
            "game_name": notification.game.name, "seq": notification.seq, "text": notification.text,
            "created_at": notification.created_at.isoformat(),
            "read_at": notification.read_at.isoformat() if notification.read_at else None}
