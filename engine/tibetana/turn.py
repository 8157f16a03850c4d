"""The turn: who acts (T10, T34), what is legal (T11.6, T37), applying an action, ending a turn
(T12) and ending the game (T30-T32)."""

from __future__ import annotations

from engine.core import CHANCE
from engine.tibetana import basic, board, demons
from engine.tibetana.board import INDEX, NAMES
from engine.tibetana.power import overflowing
from engine.tibetana.state import SEATS, SPECIALS, State

ROLLS = ["roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll flame"]
POINTS = (1, 3, 6, 10, 15)  # T31.1, by rings


def actor(s: State) -> int | None:
    if s.result is not None:
        return None
    pending = s.pending
    if pending is None:
        return s.active
    kind = pending["kind"]
    if kind == "roll":
        return CHANCE
    if kind == "explosion":
        return SEATS.index(pending["queue"][0])
    if kind == "free_build":
        return SEATS.index(pending["seat"])
    if kind == "draw_offer":
        return 1 - s.active
    return s.active


# --- legal actions -------------------------------------------------------------------------------
def legal(s: State) -> list[str]:
    if s.result is not None:
        return []
    if s.pending is not None:
        return _decisions(s)
    colour = s.active
    player = s.players[colour]
    can_pay = player.pool >= 2
    out = ["concede"]
    if not s.draw_offered:
        out.append("offer draw")
    if can_pay and "exert" not in s.specials:
        out.append("exert")
    acting = s.actions_left >= 1
    if s.summon_due and acting:  # T11.6a
        out.append("summon")
        return sorted(out)
    full = overflowing(s, colour)
    if full:  # T11.6b
        if acting:
            out += basic.moves(s, colour, full)
        out += demons.crushes(s, colour, full)
        return sorted(set(out))
    out.append("end")
    if acting:
        out += basic.trains(s, colour)
        out += basic.moves(s, colour)
        out += basic.builds(s, colour)
        if can_pay and "summon" not in s.specials:
            out.append("summon")
        if can_pay and "expel" not in s.specials:
            out += demons.expels(s)
        if can_pay and "portal" not in s.specials:
            out += portals(s)
    return sorted(set(out))


def portals(s: State) -> list[str]:
    edge = board.perimeter(s.destroyed())
    return [f"portal {NAMES[x]} {NAMES[y]}" for x in edge for y in edge if x < y]


def _decisions(s: State) -> list[str]:
    kind = s.pending["kind"]
    if kind == "roll":
        return list(ROLLS)
    if kind == "place":
        options = demons.placements(s)
    elif kind == "explosion":
        options = demons.explosion_options(s, actor(s))
    elif kind == "kuberan":
        options = ["kuberan build", "kuberan energy"]
    elif kind == "free_build":
        options = demons.free_builds(s)
    elif kind == "citipati_end":
        options = demons.citipati_removals(s)
    else:
        options = ["accept draw", "decline draw"]
    return sorted(set(options + ["concede"]))


# --- applying ------------------------------------------------------------------------------------
def execute(state: State, action: str) -> State:
    """The state after a legal ``action`` (already checked)."""
    s = state.draft()
    words = action.split()
    verb = words[0]
    if verb == "concede":
        winner = 1 - actor(state)
        s.result = {"winners": [SEATS[winner]], "reason": "concession", "scores": None}
        return s
    if s.pending is not None:
        _decide(s, action, words)
    else:
        _act(s, action, words)
    check_end(s)
    return s


def _decide(s: State, action: str, words: list[str]) -> None:
    kind = s.pending["kind"]
    if kind == "roll":
        demons.roll(s, words[1])
    elif kind == "place":
        demons.place(s, INDEX[words[2]])
    elif kind == "explosion":
        demons.explosion_step(s, actor(s), action)
    elif kind == "kuberan":
        demons.kuberan_choice(s, words[1])
    elif kind == "free_build":
        demons.free_build(s, action)
    elif kind == "citipati_end":
        _citipati_removal(s, words[1], INDEX[words[2]])
    elif words[0] == "accept":
        s.pending = None
        s.result = {"winners": [], "reason": "agreed_draw", "scores": None}
    else:
        s.pending = None


def _spend(s: State, special: str, cost: int) -> None:
    colour = s.active
    s.set_player(colour, pool=s.players[colour].pool - cost)
    if special not in s.specials:
        s.specials = tuple(x for x in SPECIALS if x in s.specials or x == special)


def _act(s: State, action: str, words: list[str]) -> None:
    colour = s.active
    verb = words[0]
    if verb == "exert":
        _spend(s, "exert", 2)
        s.actions_left += 1
        return
    if verb == "end":
        end_turn(s)
        return
    if verb == "offer":
        s.draw_offered = True
        s.pending = {"kind": "draw_offer"}
        return
    if verb == "crush":
        demons.do_crush(s, colour, words[1], INDEX[words[2]])
        return
    s.actions_left -= 1
    if verb == "train":
        basic.do_train(s, colour, words[1], INDEX[words[2]])
    elif verb == "move":
        src, dst = words[2].split("-")
        basic.do_move(s, colour, words[1], INDEX[src], INDEX[dst])
    elif verb == "build":
        src, _, dst = words[1].partition(">")
        basic.do_build(s, colour, INDEX[src], INDEX[dst or src])
    elif verb == "summon":
        _spend(s, "summon", 0 if s.summon_due else 2)
        s.summon_due = False
        s.pending = {"kind": "roll", "enflamed": False}
    elif verb == "expel":
        _spend(s, "expel", 2)
        z, t = words[1].split("-")
        demons.do_expel(s, INDEX[z], INDEX[t])
    elif verb == "portal":
        _spend(s, "portal", 2)
        s.portal = (INDEX[words[1]], INDEX[words[2]])
        s._cache = {}


# --- ending a turn (T12) -------------------------------------------------------------------------
def end_turn(s: State) -> None:
    due = demons.citipati_due(s)
    if due:
        s.pending = {"kind": "citipati_end", "left": due}
    else:
        finish_end(s)


def _citipati_removal(s: State, kind: str, z: int) -> None:
    demons.remove_either(s, kind, z)
    left = s.pending["left"] - 1
    if left and s.territories[z].occupants():
        s.pending = {"kind": "citipati_end", "left": left}
    else:
        s.pending = None
        finish_end(s)


def finish_end(s: State) -> None:
    """The counter and the hand-over (T12.2b-c)."""
    s.without_build = 0 if s.built else s.without_build + 1
    if s.without_build >= 10:
        s.result = points_result(s, "ten_turns")
        return
    s.number += 1
    s.active = 1 - s.active
    s.actions_left = 3
    s.specials = ()
    s.used = ({}, {})
    s.built = False
    s.draw_offered = False


# --- the end of the game (T30, T31) --------------------------------------------------------------
def scores(s: State) -> dict[str, int]:
    total = [0, 0]
    for t in s.territories:
        if t is not None and t.pagoda:
            total[t.pagoda[0]] += POINTS[t.pagoda[1]]
    return {SEATS[0]: total[0], SEATS[1]: total[1]}


def points_result(s: State, reason: str) -> dict:
    score = scores(s)
    count = [0, 0]
    for t in s.territories:
        if t is not None and t.pagoda:
            count[t.pagoda[0]] += 1
    key = [(score[SEATS[c]], -count[c]) for c in (0, 1)]
    best = max(key)
    winners = [SEATS[c] for c in (0, 1) if key[c] == best]
    return {"winners": winners, "reason": reason, "scores": score}


def check_end(s: State) -> None:
    """T30.1-3, once the action and its automatic steps are complete."""
    if s.result is not None:
        return
    complete = [0, 0]
    owned = [0, 0]
    energy = 0
    for t in s.territories:
        if t is None:
            continue
        energy += t.energy
        if t.pagoda:
            owned[t.pagoda[0]] += 1
            complete[t.pagoda[0]] += t.pagoda[1] == 4
    for colour in (0, 1):
        if complete[colour] >= 3:
            s.result = {"winners": [SEATS[colour]], "reason": "three_pagodas", "scores": None}
            return
    losers = [c for c in (0, 1) if owned[c] == 0]
    if losers:
        winners = [SEATS[c] for c in (0, 1) if c not in losers]
        s.result = {"winners": winners, "reason": "no_pagodas", "scores": None}
        return
    if energy == 0:
        s.result = points_result(s, "no_energy")
