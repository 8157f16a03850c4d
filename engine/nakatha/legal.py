"""Legal actions of the current actor (N46, N51), and the reason a written action is refused.

The list comes from the action families of ``actions``, whose ``*_error`` functions explain a
refusal by the same rules; nothing here reads the hidden Sword tile (N50).
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.nakatha import setup
from engine.nakatha.actions import Stance, action_error, action_options, guess_error, guess_options
from engine.nakatha.activation import sword_steps
from engine.nakatha.moves import move_destinations, move_error
from engine.nakatha.notation import split_activation
from engine.nakatha.removal import landing_tiles
from engine.nakatha.rest import moved_occupant
from engine.nakatha.state import State
from engine.nakatha.turn import activatable, ambush_actions, ambush_tiles, ambushers

ROLLS = [f"roll {i}" for i in range(1, 7)]


def legal_actions(s: State) -> list[str]:
    p = s.pending
    if p is None:
        return []
    kind = p["kind"]
    if kind in ("deal", "draft"):
        return setup.deal_actions(s)
    if kind == "deploy":
        return setup.deploy_actions(s)
    if kind == "sword":
        return setup.sword_actions()
    if kind == "roll":
        return list(ROLLS)
    if kind == "activate":
        return activation_actions(s)
    if kind == "land":
        return sorted(f"land {t}" for t in landing_tiles(s, p["piece"]))
    if kind == "step":
        return sorted(f"step {t}" for t in sword_steps(s, p["piece"]))
    if kind == "ambush":
        return ambush_actions(s)
    return []


def piece_actions(s: State, pid: str) -> list[str]:
    here = s.pieces[pid].tile
    out = []
    for dest in [None] + move_destinations(s, pid):
        head = pid if dest is None else f"{pid} {here}-{dest}"
        out.append(head)
        stance = Stance(s, pid, dest or here, moved_occupant(s, pid, dest))
        out.extend(f"{head} {a}" for a in action_options(stance))
    if not s.sword_found:
        out.extend(f"{pid} {g}" for g in guess_options(s, pid))
    return out


def activation_actions(s: State) -> list[str]:
    pieces, may_pass = _activation_choices(s)
    out = [a for pid in pieces for a in piece_actions(s, pid)]
    if may_pass:
        out.append("pass")
    out.sort()
    return out


# An activation's full list runs to hundreds of actions, each built as text; a random playout
# needs one of them and ``apply`` needs to know whether one is among them. Every action but
# ``pass`` starts with its piece, so the named piece's own actions settle both.
def is_activation_legal(s: State, action: str) -> bool:
    pieces, may_pass = _activation_choices(s)
    if action == "pass":
        return may_pass
    pid = action.partition(" ")[0]
    return pid in pieces and action in _remembered_piece_actions(s, pid)


def sample_activation(s: State, rng) -> str:
    """A random activation: a piece (or ``pass``, where allowed) first, then one of its actions."""
    pieces, may_pass = _activation_choices(s)
    pick = rng.choice([*pieces, "pass"] if may_pass else pieces)
    return pick if pick == "pass" else rng.choice(_remembered_piece_actions(s, pick))


def _remembered_piece_actions(s: State, pid: str) -> list[str]:
    """``piece_actions``, kept on the sealed state: a playout draws from it and ``apply`` checks it."""
    key = ("piece_actions", pid)
    if key not in s.memo:
        s.memo[key] = piece_actions(s, pid)
    return s.memo[key]


def _activation_choices(s: State) -> tuple[list[str], bool]:
    """The pieces that may be activated now, and whether the seat may pass instead (N15, N29, N43).
    Kept on the sealed state like a piece's actions: a playout's draw and ``apply`` both ask."""
    if "activation_choices" not in s.memo:
        p = s.pending
        pieces = activatable(s, p["seat"], p["bonus"])
        s.memo["activation_choices"] = (pieces, p["bonus"] is not None or not pieces)
    return s.memo["activation_choices"]


# --- why an action is refused ------------------------------------------------------------------
_WAITING = {
    "deal": "CHANCE to deal a faction (N45)",
    "draft": "a draft (N7)",
    "deploy": "a deployment (N8)",
    "sword": "CHANCE to hide the Sword (N10)",
    "roll": "a CHANCE roll (N45)",
    "activate": "an activation (N15)",
    "land": "a Milaze landing (N26, N30)",
    "step": "the Sword step (N37)",
    "ambush": "an Ambush decision (N36)",
}
_VERB_KIND = {
    "deal": "deal",
    "draft": "draft",
    "deploy": "deploy",
    "sword": "sword",
    "roll": "roll",
    "land": "land",
    "step": "step",
    "ambush": "ambush",
}


def refusal(s: State, action: str) -> IllegalAction:
    """The error for an action that is not in ``legal_actions(s)``."""
    p = s.pending
    if p is None:
        return IllegalAction("N51", "the game is over")
    kind = p["kind"]
    verb = action.split(" ", 1)[0]
    expected = _VERB_KIND.get(verb, "activate")
    if verb == "pass":
        expected = kind if kind in ("activate", "ambush") else "activate"
    if expected != kind and not (kind == "draft" and verb == "draft"):
        return IllegalAction("N46", f"the game waits for {_WAITING[kind]}, not {action!r}")
    if kind in ("deal", "draft"):
        return IllegalAction("N7", f"{action.split(' ')[1]} has already been dealt")
    if kind == "deploy":
        return _deploy_refusal(s, action)
    if kind == "land":
        return IllegalAction(
            "N26",
            f"the dae may not land on {action[5:]}: an empty grey tile, not its own, never beside the Mother",
        )
    if kind == "step":
        return IllegalAction(
            "N37",
            f"the Sword step goes one tile toward the Divine board, onto a tile the "
            f"bearer may come to rest on; {action[5:]} is not one",
        )
    if kind == "ambush":
        return _ambush_refusal(s, action)
    if kind == "activate":
        return _activation_refusal(s, action)
    return IllegalAction("N45", f"{action!r} is not an outcome here")


def _deploy_refusal(s: State, action: str) -> IllegalAction:
    _, faction, segment = action.split(" ")
    try:
        setup.apply_deploy(s.clone(), faction, segment)
    except IllegalAction as exc:
        return exc
    return IllegalAction("N8", f"{action!r} is not a deployment open now")


def _ambush_refusal(s: State, action: str) -> IllegalAction:
    if action == "pass":
        return IllegalAction("N36", "pass is always open to the asked seat")
    _, fae, tile = action.split(" ")
    seat, target = s.pending["seat"], s.pending["piece"]
    if fae not in ambushers(s, seat, target):
        return IllegalAction(
            "N36",
            f"{fae} cannot ambush: it must be a fae of seat p{seat}, in the fae segment, "
            "not frozen, with room beside the piece",
        )
    if tile not in ambush_tiles(s, fae, target):
        return IllegalAction(
            "N36", f"{fae} may not ambush onto {tile}: a free tile beside {target} where it may rest"
        )
    return IllegalAction("N36", f"{action!r} is not open")


def _activation_refusal(s: State, action: str) -> IllegalAction:
    p = s.pending
    if action == "pass":
        return IllegalAction("N15", "pass is open only to a seat with no piece it can activate")
    pid, start, dest, act = split_activation(action)
    piece = s.pieces.get(pid)
    if piece is None:
        return IllegalAction("N5", f"there is no piece {pid}")
    if piece.tile is None:
        return IllegalAction("N15", f"{pid} is not on the board")
    if s.controller(pid) != p["seat"]:
        return IllegalAction("N18", f"{pid} is not controlled by seat p{p['seat']}")
    if piece.frozen is not None:
        return IllegalAction("N35", f"{pid} is frozen")
    if pid in s.activated:
        return IllegalAction("N15", f"one activation per turn: {pid} has already been activated")
    if pid not in activatable(s, p["seat"], p["bonus"]):
        rule = "N29" if p["bonus"] == "seer" else "N43"
        return IllegalAction(rule, f"{pid} may not take this extra activation")
    if act is not None and act.startswith("guess "):
        if dest is not None:
            return IllegalAction("N37", "no move may precede a Divine Guess")
        return IllegalAction(*guess_error(s, pid, act[6:]) or ("N37", "not a legal guess"))
    if dest is not None:
        if start != piece.tile:
            return IllegalAction("N49", f"{pid} stands on {piece.tile}, not {start}")
        error = move_error(s, pid, dest)
        if error:
            return IllegalAction(*error)
    stance = Stance(s, pid, dest or piece.tile, moved_occupant(s, pid, dest))
    error = action_error(stance, act) if act else None
    return IllegalAction(*(error or ("N15", f"{action!r} is not a legal activation")))
