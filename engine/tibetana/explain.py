"""Why an action is refused: the ruling it breaks and a sentence (only used on refusal)."""

from __future__ import annotations

from engine.tibetana import basic
from engine.tibetana.board import INDEX
from engine.tibetana.power import builds_into, chained_from, has_room, is_source, overflowing
from engine.tibetana.state import State

_VERB_RULE = {
    "train": "T14", "move": "T15", "build": "T18", "exert": "T11.4", "summon": "T20", "expel": "T21",
    "portal": "T22", "end": "T12.1", "crush": "T28.4", "offer": "T32.1", "accept": "T32.1",
    "decline": "T32.1", "concede": "T32.2", "roll": "T33", "place": "T20.4", "remove": "T24",
    "kuberan": "T26.2", "skip": "T23.5",
}
_PENDING_RULE = {
    "roll": ("T33", "the summoning die is being rolled; only a roll outcome can be applied"),
    "place": ("T20.4", "the summoned demon must first be placed in an available territory"),
    "explosion": ("T23.3", "an explosion is resolving; only its step decisions are legal"),
    "kuberan": ("T26.2", "Kuberan's explosion asks for `kuberan build` or `kuberan energy`"),
    "free_build": ("T26.3", "a free build (`build free t`) or `skip` is pending"),
    "citipati_end": ("T24", "Citipati's end-of-turn removals must be made first"),
    "draw_offer": ("T32.1", "a draw offer must be accepted or declined first"),
}


def why(s: State, action: str) -> tuple[str, str]:
    words = action.split()
    verb = words[0] if words else ""
    rule = _VERB_RULE.get(verb, "T36")
    if s.result is not None:
        return "T30", "the game is over"
    if s.pending is not None:
        if verb == "concede" and s.pending["kind"] == "roll":
            return "T32.2", "nobody may concede while the die is rolling"
        kind = s.pending["kind"]
        if verb in _decision_verbs(kind):
            return _PENDING_RULE[kind][0], f"{action!r} is not one of the options of this decision"
        return _PENDING_RULE[kind]
    if verb in ("roll", "place", "remove", "kuberan", "skip", "accept", "decline") or action.startswith("build free"):
        return rule, f"{action!r} answers a decision, and none is pending"
    colour = s.active
    if verb == "offer":
        return "T32.1", "a draw may be offered only once per turn"
    if verb == "exert":
        if "exert" in s.specials:
            return "T11.4", "Exert was already used this turn"
        return "T11.3", "Exert needs 2 energy in the pool"
    if s.summon_due and s.actions_left >= 1:
        return "T19.4", "a forced summon is due: the next action must be `summon`"
    full = overflowing(s, colour)
    if full and verb not in ("move", "crush"):
        return "T28.4", "pieces over capacity must be moved out or crushed first"
    if verb == "crush":
        return "T28.4", "a crush needs one of your pieces in a territory over capacity"
    if verb == "end":
        return "T12.1", "the turn cannot end now"
    if s.actions_left < 1:
        return "T11.3", "no action is left this turn"
    if verb in ("summon", "expel", "portal"):
        if verb in s.specials:
            return "T11.5", f"{verb} was already used this turn"
        if s.players[colour].pool < 2:
            return "T11.3", f"{verb} needs 2 energy in the pool"
        return rule, f"{action!r} does not meet the conditions of {rule}"
    if verb == "train":
        return _why_train(s, colour, words[1], INDEX[words[2]])
    if verb == "move":
        return _why_move(s, colour, words, full)
    if verb == "build":
        return _why_build(s, colour, words[1])
    return rule, f"{action!r} is not legal now"


def _decision_verbs(kind: str) -> set[str]:
    return {
        "roll": {"roll"}, "place": {"place"}, "explosion": {"remove", "train", "skip"},
        "kuberan": {"kuberan"}, "free_build": {"build", "skip"}, "citipati_end": {"remove"},
        "draw_offer": {"accept", "decline"},
    }[kind]


def _why_train(s: State, colour: int, kind: str, i: int) -> tuple[str, str]:
    t = s.territories[i]
    if t is None:
        return "T4.3", "that territory was destroyed"
    if not (t.pagoda and t.pagoda[0] == colour):
        return "T14.1", "training needs a pagoda of your colour in the territory"
    if not has_room(s, i):
        return "T7.3", "the territory has no room for one more piece"
    if not basic.can_supply(s, colour, kind):
        return "T14.2", "no such piece in the reserve (and the sixth cannot be bought)"
    return "T14", "training is not possible there"


def _why_move(s: State, colour: int, words: list[str], full: list[int]) -> tuple[str, str]:
    src, dst = (INDEX[x] for x in words[2].split("-"))
    kind = words[1]
    here, there = s.territories[src], s.territories[dst]
    if here is None or there is None:
        return "T4.3", "a destroyed territory is never part of a move"
    if full and src not in full:
        return "T28.4", "in overflow, only moves out of an over-capacity territory are allowed"
    if not here.count(colour, kind[0]):
        return "T15.2", "you have no such piece in the starting territory"
    if kind == "P*":
        return "T18.6", "`P*` needs both a marked and an unmarked priestess in the territory"
    if there.pieces(1 - colour):
        if kind != "G":
            return "T16.1", "only a guardian can clear a territory"
        if dst not in s.adjacent()[src]:
            return "T16", "a clearing is a single step into an adjacent territory"
        return "T16.3", "not enough adjacent guardians to clear the enemy pieces (3/5/7 for 1/2/3)"
    if dst in s.adjacent()[src]:
        return "T7.3", "the destination has no room for one more piece"
    return "T15.1", "the destination is not adjacent (no valid route reaches it)"


def _why_build(s: State, colour: int, text: str) -> tuple[str, str]:
    src, _, dst = text.partition(">")
    src, dst = INDEX[src], INDEX[dst or src]
    if s.territories[src] is None or s.territories[dst] is None:
        return "T4.3", "a destroyed territory cannot take part in a Build"
    if not is_source(s, src, colour):
        return "T18.2", "the source needs energy and an unpressured build priestess of yours"
    if not builds_into(s, dst, colour):
        return "T18.3", "the target needs an unpressured unmarked priestess, no demon and no completed pagoda"
    if dst not in chained_from(s, src, colour):
        return "T18.4", "no chain of priestesses links the source to the target"
    return "T18", "the Build is not possible"

