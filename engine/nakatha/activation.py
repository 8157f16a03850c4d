"""One activation, from the written action to its claim step (N15, N23, N24, N28-N31, N34, N37).

``proceed`` is the single way forward once a step is done: it resolves waiting removal targets,
then makes the claim step and opens the Ambush window.
"""

from __future__ import annotations

from engine.nakatha import removal, turn
from engine.nakatha.board import KIND, NEIGHBOURS, RING
from engine.nakatha.rest import can_rest, place
from engine.nakatha.state import MAIDEN, Activation, Piece, State, born
from engine.nakatha.victory import release_holds


def _claims_at_rest(pid: str, start: str) -> tuple:
    return () if born(pid) == "dragons" else (start,)


def start(s: State, pid: str, dest: str | None, action: str | None) -> None:
    bonus = s.pending["bonus"]
    if bonus == "seer":
        s.seer_round = s.round
    elif bonus == "even_hands":
        s.extra_used = True
    s.activated = s.activated + (pid,)
    here = s.pieces[pid].tile
    s.activation = Activation(pid, bonus, here, dest, action, (), _claims_at_rest(pid, here), False)
    if action is not None and action.startswith("guess "):
        return guess(s, action[6:])
    if dest is None:
        return act(s)
    if born(pid) != "dragons" and KIND[dest] == "barrier":
        s.pending = {"kind": "roll", "roll": "passage", "need": s.options["passage"], "piece": pid}
        return
    move(s)


def move(s: State) -> None:
    a = s.activation
    place(s, a.piece, a.move)
    claim = (a.move,) if born(a.piece) == "dragons" else (a.start, a.move)
    s.activation = a._replace(claim=claim)
    act(s)


def passage_result(s: State, value: int) -> None:
    """N23: on a failure the piece stays put and its activation ends before its action."""
    if value >= s.pending["need"]:
        return move(s)
    proceed(s)


def act(s: State) -> None:
    a = s.activation
    if a.action is None:
        return proceed(s)
    verb, _, arg = a.action.partition(" ")
    pid = a.piece
    if a.action == "remove all":
        targets = sorted(
            q
            for n in NEIGHBOURS[s.pieces[pid].tile]
            if (q := s.occupant.get(n)) is not None and s.hostile(q, pid)
        )
        s.activation = a._replace(targets=tuple(targets))
    elif verb in ("remove", "breath", "scorch"):
        if verb == "breath":
            s.edit("breathed")[int(pid.split(".")[1]) - 1] = s.round
        s.activation = a._replace(targets=(s.occupant[arg],))
    elif verb == "callup":
        call_up(s, pid, arg)
    elif verb == "milaze":
        s.pending = {"kind": "roll", "roll": "milaze", "need": s.options["milaze"], "piece": pid}
        return
    elif verb == "control":
        s.set_piece(s.occupant[arg], held=s.turn)
    elif verb == "bargain":
        q = s.occupant[arg]
        s.pending = {"kind": "roll", "roll": "bargain", "need": s.price[born(q)], "piece": q}
        return
    elif verb == "freeze":
        s.set_piece(s.occupant[arg], frozen=s.active)
        s.claim(arg, s.allegiance(pid))
    elif verb in ("push", "pull"):
        tile, _, dest = arg.partition("-")
        place(s, s.occupant[tile], dest)
        s.claim(tile, s.allegiance(pid))
    proceed(s)


def call_up(s: State, caller: str, tile: str) -> None:
    """N28: a new councillor, on the caller's side; it claims nothing (the tile is already held)."""
    new = f"humans.{s.next_id}"
    s.next_id += 1
    p = s.pieces[caller]
    s.add_piece(new, Piece(turned=p.turned, held=p.held))
    place(s, new, tile)


def proceed(s: State) -> None:
    if s.result is not None:
        return
    if removal.resolve_targets(s) or s.result is not None:
        return
    turn.claim_step(s)
    turn.ambush_window(s)


def removal_roll(s: State, roll: str, value: int) -> None:
    if removal.roll_result(s, roll, value) or s.result is not None:
        return
    removal.next_target(s)
    proceed(s)


# --- the Dae's Milaze (N30) ----------------------------------------------------------------------
def milaze_result(s: State, value: int) -> None:
    pid = s.activation.piece
    if value >= s.pending["need"] and removal.can_land(s, pid):
        s.pending = {"kind": "land", "seat": s.active, "piece": pid}
        return
    proceed(s)


def land(s: State, tile: str) -> None:
    a = s.activation
    q = s.pending["piece"]
    if a.targets and a.targets[0] == q:  # an escape from removal
        removal.escape_landing(s, q, tile)
        removal.next_target(s)
    else:  # the Milaze action: it claims only where it arrives
        place(s, q, tile)
        s.activation = a._replace(claim=(tile,))
    proceed(s)


# --- the Outerlands' Bargain (N31) ---------------------------------------------------------------
def bargain_result(s: State, value: int) -> None:
    q = s.pending["piece"]
    faction = born(q)
    prices = s.edit("price")
    if value >= s.pending["need"]:
        s.set_piece(q, turned=True, survived=0, owned=False, held=None, frozen=None)
        if q == MAIDEN:
            release_holds(s)
        prices[faction] = 6
    else:
        prices[faction] = max(s.options["bargain_floor"], prices[faction] - 1)
    proceed(s)


# --- the Divine Guess (N37) -----------------------------------------------------------------------
def guess(s: State, tile: str) -> None:
    a = s.activation
    pid = a.piece
    if tile != s.sword_tile:
        s.revealed = s.revealed + (tile,)
        s.activation = a._replace(ends_turn=True)
        return proceed(s)
    s.sword_found = True
    if tile == a.start:
        s.set_piece(pid, sword=True)
        s.sword_tile = None
        if sword_steps(s, pid):
            s.pending = {"kind": "step", "seat": s.active, "piece": pid}
            return
        return proceed(s)
    q = s.occupant.get(tile)
    if q is not None:
        s.set_piece(q, sword=True)
        s.sword_tile = None
        return proceed(s)
    s.sword_tile = tile  # face up until someone comes to rest on it
    if can_rest(s, pid, tile, s.occupant, as_bearer=True):
        place(s, pid, tile)
        s.activation = a._replace(claim=_claims_at_rest(pid, a.start) + (tile,))
    proceed(s)


def sword_steps(s: State, pid: str) -> list[str]:
    """N37: one tile toward the Divine board, where the new bearer may come to rest."""
    here = s.pieces[pid].tile
    return [t for t in NEIGHBOURS[here] if RING[t] == RING[here] - 1 and can_rest(s, pid, t, s.occupant)]


def step(s: State, tile: str) -> None:
    a = s.activation
    place(s, a.piece, tile)
    s.activation = a._replace(claim=a.claim + (tile,))
    proceed(s)
