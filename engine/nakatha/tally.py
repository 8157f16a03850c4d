"""What a finished Nakatha game adds to a simulated game's record: the hands dealt, the claims each
faction ended with, and which faction of the winning hand the win is credited to."""

from __future__ import annotations

from engine.nakatha.state import FACTIONS, State


def facts(s: State) -> dict:
    claims = {f: 0 for f in FACTIONS} | {f: n for f, n in s.faction_claims().items() if f in FACTIONS}
    winners = s.result["winners"] if s.result else []
    credit = _credit(s, int(winners[0][1:]), claims) if len(winners) == 1 else {}
    return {"hands": [list(hand) for hand in s.seats], "claims": claims, "credit": credit}


def _credit(s: State, seat: int, claims: dict) -> dict:
    """Which of the winning hand's factions won, as shares summing to 1.

    The Board (N39) and the Long Silence (N42) name a faction (most claims); the Sword names the
    faction its bearer serves (N17); Dominion (N38) is shared by the hand's factions that still have
    pieces born into them on the board.
    """
    hand = list(s.seats[seat])
    reason = s.result["reason"]
    if reason in ("board", "silence"):
        return {max(hand, key=lambda f: claims[f]): 1.0}
    bearer = s.bearer()
    if reason == "sword" and bearer is not None and s.pieces[bearer].tile is not None:
        if (serves := s.allegiance(bearer)) in hand:
            return {serves: 1.0}
    on_board = s.census().standing
    standing = [f for f in hand if f in on_board] or hand
    return {f: 1.0 / len(standing) for f in standing}
