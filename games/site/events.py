"""The move list's wording: one readable line per history row (``selectors.history``).

Moves and chance outcomes read as their notation; the service's own events (a seat taken, a
timeout, a moderator's act, the end) read as sentences built from their payloads, so a player sees
*why* a seat changed hands or a game ended without opening the raw history.
"""

from __future__ import annotations

import re

from games.invitations import CANCELLED
from games.site.timeleft import duration_text

KIND_WORDS = {
    "create": "created the game",
    "join": "took a seat",
    "start": "the game starts",
    "resign": "resigned",
    "draw_offer": "agrees to a draw",
    "draw_decline": "declined the draw",
}

NOTATED = ("move", "chance")  # kinds whose row is an engine action, in the game's notation


def seat_labels(seat_names) -> dict[str, str]:
    """People's words for seats an engine names by number (Nakatha's ``p0``, ``p1``: "player 1", ...);
    seats with real names (south, pink, red) keep them. The page script says the same (words.js)."""
    names = list(seat_names)
    if names and all(re.fullmatch(r"p\d+", n) for n in names):
        return {n: f"player {int(n[1:]) + 1}" for n in names}
    return {}


def describe(row: dict, labels: dict[str, str] | None = None) -> str:
    """The line shown for one history row."""
    kind, payload = row["kind"], row.get("payload") or {}
    actor = (labels or {}).get(row["actor"], row["actor"])
    if kind == "moderation":
        return _moderation(payload, row.get("action"), labels or {})
    if kind == "timeout":
        return _timeout(payload, labels or {})
    if kind == "end":
        return f"{actor}: {_result(payload.get('outcome'), labels)}"
    if kind in ("create", "join", "decline", "open_seat", "expire"):
        return f"{actor}: {_seating(kind, payload)}"
    what = row.get("action") or KIND_WORDS.get(kind, kind)
    if kind == "move" and payload.get("conditional"):
        return f"{actor}: {what} (played from conditional moves)"
    return f"{actor}: {what}"


def with_text(rows: list[dict], seat_names=()) -> list[dict]:
    """History rows as the page script takes them: the wording added, the raw payload left out.
    ``who`` is the actor in people's words and ``notation`` a move's or chance outcome's own text
    (already withheld where secret): the script groups moves by turn and writes each in notation."""
    labels = seat_labels(seat_names)
    return [{"seq": r["seq"], "kind": r["kind"], "actor": r["actor"], "who": labels.get(r["actor"], r["actor"]),
             "notation": r.get("action") if r["kind"] in NOTATED else None, "text": describe(r, labels), "at": r["at"],
             "conditional": bool((r.get("payload") or {}).get("conditional"))}
            for r in rows]


def _result(outcome, labels: dict[str, str] | None = None) -> str:
    if not outcome:
        return "the game is over"
    winners, reason = outcome.get("winners") or [], outcome.get("reason") or "over"
    if reason == "aborted":
        return "the game is over: aborted, no result"
    if reason in CANCELLED:
        return f"the game is cancelled: {CANCELLED[reason]}"
    words = str(reason).replace("_", " ")  # mandala_complete: "mandala complete"
    if not winners:
        return f"the game is over: a draw ({words})"
    names = [(labels or {}).get(w, w) for w in winners]
    return f"the game is over: {' and '.join(names)} won ({words})"


def _seating(kind: str, payload: dict) -> str:
    """Seats taken, offered, refused and opened: who may play is part of the game's record."""
    if kind == "create":
        invited = [f"{i.get('user')} ({i.get('seat_name')})" for i in payload.get("invitations") or []]
        rated = "rated" if payload.get("rated", True) else "unrated"
        return f"created the game ({rated})" + (f", inviting {', '.join(invited)}" if invited else "")
    if kind == "join":
        accepted = payload.get("invitation") == "accepted"
        return f"{payload.get('player')} accepted the invitation" if accepted else KIND_WORDS["join"]
    if kind == "decline":
        return f"{payload.get('user')} declined the invitation"
    if kind == "open_seat":
        return f"{payload.get('by')} opened seat {payload.get('seat_name')} to anyone ({payload.get('user')} was invited)"
    return f"nobody answered in time: {', '.join(payload.get('users') or [])} invited"


def _timeout(payload: dict, labels: dict[str, str]) -> str:
    seat, policy = payload.get("seat", "a seat"), payload.get("policy")
    seat = labels.get(seat, seat)  # Nakatha's p0: "player 1"
    if policy == "forfeit":
        return f"{seat} ran out of time and forfeits"
    if policy == "bot":
        return f"{seat} ran out of time: a bot ({payload.get('bot', 'random')}) plays the turn"
    if policy == "vacation":
        spent, left = duration_text(payload.get("spent_seconds", 0)), duration_text(payload.get("vacation_left", 0))
        return f"{seat} ran out of time: {spent} of vacation used ({left} left)"
    return f"{seat} ran out of time"


def _moderation(payload: dict, act_fallback, labels: dict[str, str]) -> str:
    act = payload.get("act") or act_fallback
    who = payload.get("moderator", "a moderator")
    seat = payload.get("seat_name", payload.get("seat"))
    seat = labels.get(seat, seat) if isinstance(seat, str) else seat
    winners = [labels.get(w, w) for w in payload.get("winners") or []]
    acts = {
        "abort": "aborted the game",
        "adjudicate": f"adjudicated the game: {' and '.join(winners) or 'a draw'}" + (" won" if winners else ""),
        "replace_with_bot": f"gave seat {seat} ({payload.get('previous')}) to {payload.get('player')}",
        "hand_seat": f"gave seat {seat} ({payload.get('previous')}) to {payload.get('player')}",
        "extend_deadline": f"extended the deadline by {_hours(payload.get('hours'))}",
        "suspend": f"suspended {payload.get('user')}",
        "reinstate": f"reinstated {payload.get('user')}",
    }
    text = f"Moderator {who} {acts.get(act, act or 'acted')}"
    reason = payload.get("reason")
    return f"{text}. Reason: {reason}" if reason else text


def _hours(hours) -> str:
    if not isinstance(hours, int | float):
        return "some time"
    return duration_text(hours * 3600)
