"""The inbox count, live: each notified user with an open page hears their unread count.

Pages listen on ``/ws/me/`` (the user's own group, ``broadcast.user_group``); the 20 s poll of
inbox.js stays the fallback. Counts are read only for users someone listens for: most notified
players are away, and a move then costs one pipelined look at the groups, not a count.
"""

from __future__ import annotations

from games import broadcast, notifications


def send_unread(user_ids) -> None:
    """Send each of ``user_ids`` who has a page open their unread count; raises when the channel
    layer is away (the outbox tries again)."""
    groups = {broadcast.user_group(u): u for u in set(user_ids)}
    listening = [groups[g] for g in broadcast.listened(groups)]
    if listening:
        broadcast.deliver({broadcast.user_group(user_id): {"type": "inbox.unread", "unread": unread}
                           for user_id, unread in notifications.unread_of(listening).items()})
