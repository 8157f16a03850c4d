"""The removal procedure, one target at a time, with its rolls in the ruled order (N26, N40).

The targets of the activation in progress wait in ``activation.targets``; the first is being
resolved. Each protection that applies is a CHANCE roll; a failed roll ends the procedure for
that target and it stays ("the action is spent").
"""

from __future__ import annotations

from engine.nakatha.board import GREY
from engine.nakatha.rest import can_rest, place
from engine.nakatha.state import MAIDEN, State, born
from engine.nakatha.victory import after_outlander_falls, check_dominion, release_holds, thaw_for_out_seats

#: N26: the steps of the procedure, in order.
STAGES = ("take_sword", "territory", "guard", "bribe", "escape", "remove")
_AFTER_ROLL = {
    "take_sword": "take_sword",
    "territory": "territory",
    "ward": "guard",
    "providence": "guard",
    "escape": "escape",
}


def removal_kind(action: str) -> str:
    """attack, breath, scorch or purge, read from the action as written."""
    if action == "remove all":
        return "purge"
    return {"remove": "attack", "breath": "breath", "scorch": "scorch"}[action.split(" ", 1)[0]]


def remove_piece(s: State, q: str, kind: str, attacker: str) -> None:
    """N26 step 5: the piece leaves the game, and everything that hangs on it follows."""
    piece = s.pieces[q]
    tile = piece.tile
    s.set_piece(q, tile=None, turned=False, survived=0, owned=False, held=None, frozen=None, sword=False)
    s.disturbed = True
    if piece.sword:
        if kind == "attack":
            s.set_piece(attacker, sword=True)  # taken where the attacker stands (N40)
        else:
            s.sword_tile = tile  # dropped face up (N40)
    if kind == "scorch":
        s.claim(tile, s.allegiance(attacker))  # the Fae bargain (N34)
    if q == MAIDEN:
        release_holds(s)
    if born(q) == "outerlands":
        after_outlander_falls(s)
    thaw_for_out_seats(s)
    check_dominion(s)


def landing_tiles(s: State, dae: str) -> list[str]:
    """N26 step 4 / N30: the empty grey tiles a Milaze may reach, its own excepted."""
    return list(_landings(s, dae))


def can_land(s: State, dae: str) -> bool:
    """Whether a Milaze has anywhere to land (asked after every successful roll: the first tile
    found answers)."""
    return any(True for _ in _landings(s, dae))


def _landings(s: State, dae: str):
    here = s.pieces[dae].tile
    return (t for t in GREY if t != here and t not in s.occupant and can_rest(s, dae, t, s.occupant))


def _roll(s: State, roll: str, need: int, q: str) -> bool:
    s.pending = {"kind": "roll", "roll": roll, "need": need, "piece": q}
    return True


def run_target(s: State, after: str | None) -> bool:
    """Carry the current target through the stages after ``after``; True when waiting on a roll."""
    act = s.activation
    q, attacker, kind = act.targets[0], act.piece, removal_kind(act.action)
    piece = s.pieces[q]
    opts = s.options
    start = 0 if after is None else STAGES.index(after) + 1
    for stage in STAGES[start:]:
        if stage == "take_sword":
            if kind == "attack" and s.pieces[attacker].sword:
                remove_piece(s, q, kind, attacker)
                return False
            if kind == "attack" and piece.sword:
                return _roll(s, "take_sword", 6, q)
        elif stage == "territory":
            if kind != "breath" and s.claims.get(piece.tile) == s.allegiance(q) and piece.tile in s.claims:
                return _roll(s, "territory", opts["friendly_territory"], q)
        elif stage == "guard":
            if born(q) == "makabi":
                return _roll(s, "ward", opts["makabi_ward"], q)
            if born(q) == "outerlands":
                return _roll(s, "providence", opts["providence"], q)
        elif stage == "bribe":
            name = q.split(".")[1]
            if born(q) == "outerlands" and s.bribe[name]:
                s.edit("bribe")[name] = False
                return False
        elif stage == "escape":
            if born(q) == "dae" and piece.frozen is None:
                return _roll(s, "escape", opts["milaze"], q)
        else:
            remove_piece(s, q, kind, attacker)
    return False


def roll_result(s: State, roll: str, value: int) -> bool:
    """Resolve a removal roll for the current target; True when still waiting."""
    need = s.pending["need"]
    act = s.activation
    q = act.targets[0]
    if roll == "take_sword":
        if value >= need:
            remove_piece(s, q, "attack", act.piece)
        return False
    if roll == "escape":
        if value < need:
            remove_piece(s, q, removal_kind(act.action), act.piece)
            return False
        if can_land(s, q):
            s.pending = {"kind": "land", "seat": s.controller(q), "piece": q}
            return True
        remove_piece(s, q, removal_kind(act.action), act.piece)
        return False
    if value < need:
        return False
    return run_target(s, _AFTER_ROLL[roll])


def escape_landing(s: State, q: str, tile: str) -> None:
    """The escaping dae arrives where its controller chose and claims the tile (N26 step 4)."""
    place(s, q, tile)
    s.claim(tile, s.allegiance(q))


def next_target(s: State) -> None:
    act = s.activation
    if act is not None:  # None once a removal has ended the game
        s.activation = act._replace(targets=act.targets[1:])


def resolve_targets(s: State) -> bool:
    """Work through the waiting targets; True when a roll or a landing is pending."""
    while s.activation is not None and s.activation.targets and s.result is None:
        q = s.activation.targets[0]
        if s.pieces[q].tile is None or not s.hostile(q, s.activation.piece):
            next_target(s)  # gone or gone home since the action began
            continue
        if run_target(s, None):
            return True
        next_target(s)
    return False
