"""Nakatha: progress toward the Board (claims of one faction, N39) and pieces still standing.

A seat is judged by its best faction's claims against the majority that wins, plus the pieces its
factions still have on the board (Dominion, N38, needs every other seat's pieces gone). The Sword
is not judged: before it is found nobody knows where it lies.
"""

from __future__ import annotations

from engine.bots.heuristics import shares

# A Nakatha game is ~800 actions of ~0.2 ms each; a few random steps then this evaluation tell
# the search more per second than long random walks.
PLAYOUT_DEPTH = 12


def evaluate(doc: dict, seats: int) -> list[float]:
    majority = doc.get("options", {}).get("board_majority", 30) or 30
    claims: dict[str, int] = {}
    for faction in doc["claims"].values():
        if faction:
            claims[faction] = claims.get(faction, 0) + 1
    standing: dict[str, int] = {}
    for faction, pieces in doc["pieces"].items():
        standing[faction] = sum(1 for p in pieces.values() if p.get("tile"))
    return _judge([seat["factions"] for seat in doc["seats"][:seats]], claims, standing, majority)


def evaluate_state(state, seats: int) -> list[float]:
    """``evaluate`` read from the engine state (``engine.nakatha.state.State``) without its document."""
    majority = state.options.get("board_majority", 30) or 30
    claims = state.faction_claims()  # counted once per claims container, shared between positions
    standing = state.census().standing  # pieces on the board by the faction they were born into
    return _judge(state.seats[:seats], claims, standing, majority)


def _judge(hands, claims: dict, standing: dict, majority: int) -> list[float]:
    scores = []
    for factions in hands:  # loops, not generators: this runs for every action a bot tries
        best = pieces = 0
        for f in factions:
            best = max(best, claims.get(f, 0))
            pieces += standing.get(f, 0)
        scores.append(3.0 * best / majority + 0.05 * pieces)
    return shares(scores, 0.5)
