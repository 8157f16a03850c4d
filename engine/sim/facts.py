"""What each game adds to a played game's record, read from the canonical document.

Every game records its length in its own turns; Nakatha also records the hands dealt, which
faction a win is credited to, the claims each faction ended with, and its quiet spells (the Long
Silence counter, N42, kept even when the option is off). Only documents are read, never a game's
internal state classes.
"""

from __future__ import annotations

FACTIONS = ("humans", "dae", "fae", "dragons", "makabi", "outerlands")

#: Outcome reasons that mean "the game stalled and a stall rule ended it".
STALL_REASONS = {"nakatha": {"silence"}, "paso": {"quiet_turns"}}


def turns(name: str, doc: dict) -> int | None:
    if name == "tibetana":
        return doc.get("turn", {}).get("number")
    if name == "mandara":
        return doc.get("round")
    value = doc.get("turn")
    return value if isinstance(value, int) else None


def quiet(name: str, view: dict) -> int:
    """The game's own count of consecutive quiet turns, where it keeps one (else 0)."""
    return view.get("silence", 0) if name == "nakatha" else 0


def stalled_now(name: str, view: dict, options: dict) -> bool:
    """Whether the quiet spell has reached the Long Silence's length (N42): silence_rounds turns
    per seat still in, whether or not the rule is on to end the game there."""
    if name != "nakatha":
        return False
    rounds = options.get("silence_rounds", 10)
    if view.get("silence", 0) < 2 * rounds:  # two seats at least are in while the game runs
        return False
    return view["silence"] >= rounds * _seats_in(view)


def _seats_in(view: dict) -> int:
    """Seats with a piece born into one of their factions still on the board (N19)."""
    return sum(any(piece.get("tile") for f in seat["factions"] for piece in view["pieces"].get(f, {}).values())
               for seat in view["seats"])


def extras(name: str, doc: dict, winners: list[int]) -> dict:
    return _nakatha(doc, winners) if name == "nakatha" else {}


def _nakatha(doc: dict, winners: list[int]) -> dict:
    hands = [list(seat["factions"]) for seat in doc["seats"]]
    claims = {f: 0 for f in FACTIONS}
    for owner in doc["claims"].values():
        if owner in claims:
            claims[owner] += 1
    credit = _credit(doc, hands[winners[0]], claims) if len(winners) == 1 else {}
    return {"hands": hands, "claims": claims, "credit": credit}


def _credit(doc: dict, hand: list[str], claims: dict) -> dict:
    """Which of the winning hand's factions won, as shares summing to 1.

    The Board and the Long Silence name a faction (most claims); the Sword names the bearer's
    controller; Dominion is shared by the hand's factions that still have pieces on the board.
    """
    reason = doc["result"]["reason"]
    if reason in ("board", "silence"):
        return {max(hand, key=lambda f: claims[f]): 1.0}
    if reason == "sword":
        for faction, pieces in doc["pieces"].items():
            for piece in pieces.values():
                if piece.get("sword") and piece.get("tile"):
                    controller = "outerlands" if piece.get("turned") else "makabi" if piece.get("held") else faction
                    if controller in hand:
                        return {controller: 1.0}
    standing = [f for f in hand if any(p.get("tile") for p in doc["pieces"].get(f, {}).values())] or hand
    return {f: 1.0 / len(standing) for f in standing}
