"""The action part of an activation, family by family (N25, N27-N31, N34, N37).

Each family gives its legal options for a piece standing at ``at`` (after its move) and a reason
when a written action is not among them. ``Stance`` carries the board as it will be after the
move, since every action is judged after the move (N15, N23).
"""

from __future__ import annotations

from engine.nakatha.board import GREY_SET, NEIGHBOUR_SETS, NEIGHBOURS, SEGMENT_OF, distance, within
from engine.nakatha.rest import can_rest, rest_error, sword_lies_on
from engine.nakatha.state import MAIDEN, MAX_HUMANS, State, born


class Stance:
    """A piece at ``at`` on the board ``occupant`` (the board after its move)."""

    __slots__ = ("s", "pid", "at", "occupant", "seat", "bearer", "ctrl")

    def __init__(self, s: State, pid: str, at: str, occupant: dict):
        self.s, self.pid, self.at, self.occupant = s, pid, at, occupant
        self.ctrl = s.controllers()
        self.seat = self.ctrl[pid]
        # a piece that moves onto the dropped Sword strikes as its bearer (N40)
        self.bearer = s.pieces[pid].sword or (at != s.pieces[pid].tile and sword_lies_on(s, at))

    def hostile_at(self, tile: str) -> str | None:
        q = self.occupant.get(tile)
        if q is not None and self.ctrl[q] != self.seat:
            return q
        return None

    def hostiles(self, tiles) -> list[tuple[str, str]]:
        occupant, ctrl, seat = self.occupant, self.ctrl, self.seat
        return [(t, q) for t in tiles if (q := occupant.get(t)) is not None and ctrl[q] != seat]

    def friends_beside(self, faction: str) -> int:
        """Pieces born ``faction`` with this piece's controller beside it (itself excluded)."""
        s = self.s
        return sum(
            1
            for n in NEIGHBOURS[self.at]
            if (q := self.occupant.get(n)) is not None
            and q != self.pid
            and born(q) == faction
            and s.controller(q) == self.seat
        )


def dragon_attackers(s: State, dragon: str, occupant: dict) -> int:
    """N25: pieces hostile to ``dragon`` beside it (the target never moves before the blow)."""
    seat = s.controller(dragon)
    tile = s.pieces[dragon].tile
    return sum(1 for n in NEIGHBOURS[tile] if (q := occupant.get(n)) is not None and s.controller(q) != seat)


# --- Remove (N25, N40) --------------------------------------------------------------------------
def remove_error(st: Stance, tile: str):
    q = st.occupant.get(tile)
    if q is None:
        return "N25", f"there is no piece on {tile} to remove"
    if tile not in NEIGHBOUR_SETS[st.at]:
        return "N25", f"Remove reaches only an adjacent piece, and {tile} is not beside {st.at}"
    if st.s.controller(q) == st.seat:
        return "N18", f"{q} is not hostile: a seat never targets its own pieces"
    if st.bearer:
        return None  # the Sword's blow ignores everything (N40)
    if born(st.pid) == "humans" and st.friends_beside("humans") < 1:
        return "N25", "Mob: a human may Remove only with another human of its side beside it"
    if st.s.pieces[q].sword:
        return None  # taking the Sword: one roll of 6 replaces every protection (N40)
    if born(q) == "dragons":
        need = st.s.options["dragon_kill"]
        if dragon_attackers(st.s, q, st.occupant) < need:
            return "N25", f"killing a Dragon needs {need} hostile pieces beside it"
    return None


def remove_options(st: Stance) -> list[str]:
    """The same judgement as ``remove_error``, with the attacker's own conditions checked once."""
    targets = st.hostiles(NEIGHBOURS[st.at])
    if not targets:
        return []
    if st.bearer:
        return [f"remove {t}" for t, _ in targets]
    if born(st.pid) == "humans" and st.friends_beside("humans") < 1:
        return []
    s = st.s
    need = s.options["dragon_kill"]
    return [
        f"remove {t}"
        for t, q in targets
        if born(q) != "dragons" or s.pieces[q].sword or dragon_attackers(s, q, st.occupant) >= need
    ]


# --- Humans: Call up (N28) ----------------------------------------------------------------------
def callup_error(st: Stance, tile: str):
    s = st.s
    if born(st.pid) != "humans":
        return "N28", "only a human may Call up"
    if tile not in NEIGHBOUR_SETS[st.at] or tile not in GREY_SET:
        return "N28", f"Call up places on a grey tile beside the caller, and {tile} is not one"
    if st.occupant.get(tile) is not None:
        return "N28", f"{tile} is not empty"
    if s.claims[tile] != s.allegiance(st.pid):
        return "N28", f"{tile} is not claimed by the caller's faction"
    if st.friends_beside("humans") < 2:
        return "N28", "Call up needs two other humans of the caller's side beside it"
    if s.census().standing["humans"] >= MAX_HUMANS:
        return "N28", "the Council never fields more than eleven humans"
    return rest_error(s, "humans.new", tile, st.occupant)


def callup_options(st: Stance) -> list[str]:
    # the caller's conditions first, once, then the tiles (the same checks as callup_error)
    s = st.s
    if st.friends_beside("humans") < 2:
        return []
    if s.census().standing["humans"] >= MAX_HUMANS:
        return []
    faction = s.allegiance(st.pid)
    return [
        f"callup {t}"
        for t in NEIGHBOURS[st.at]
        if t in GREY_SET
        and t not in st.occupant
        and s.claims[t] == faction
        and rest_error(s, "humans.new", t, st.occupant) is None
    ]


# --- Dragons: Breath (N27) ----------------------------------------------------------------------
def emberfall_rest(s: State, dragon: str) -> int | None:
    """The round in which ``dragon`` last breathed, if it must still rest (N27)."""
    last = s.breathed[int(dragon.split(".")[1]) - 1]
    if last is not None and s.round - last <= s.options["emberfall_rounds"]:
        return last
    return None


def breath_error(st: Stance, tile: str):
    s = st.s
    if born(st.pid) != "dragons":
        return "N27", "only a Dragon breathes fire"
    last = emberfall_rest(s, st.pid)
    if last is not None:
        return "N27", f"Emberfall: {st.pid} breathed in round {last} and must rest"
    if not 0 < distance(st.at, tile) <= s.options["breath_range"]:
        return "N27", f"{tile} is out of Breath range"
    q = st.occupant.get(tile)
    if q is None:
        return "N27", f"there is no piece on {tile}"
    if st.s.controller(q) == st.seat:
        return "N18", f"{q} is not hostile: a seat never targets its own pieces"
    return None


def breath_options(st: Stance) -> list[str]:
    if emberfall_rest(st.s, st.pid) is not None:
        return []
    return [f"breath {t}" for t, _ in st.hostiles(within(st.at, st.s.options["breath_range"]))]


# --- The Maiden (N29) --------------------------------------------------------------------------
def maiden_purge_targets(st: Stance) -> list[str]:
    return sorted(q for _, q in st.hostiles(NEIGHBOURS[st.at]))


def control_error(st: Stance, tile: str):
    if st.pid != MAIDEN:
        return "N29", "only the Maiden takes control"
    q = st.occupant.get(tile)
    if q is None or tile not in NEIGHBOUR_SETS[st.at]:
        return "N29", f"the Maiden controls an adjacent piece, and there is none on {tile} beside her"
    if st.s.controller(q) == st.seat:
        return "N18", f"{q} is not hostile: a seat never targets its own pieces"
    p = st.s.pieces[q]
    if p.turned or p.held is not None or born(q) == "outerlands":
        return "N29", f"{q} cannot be taken: turned, already held or an outlander"
    return None


def maiden_options(st: Stance) -> list[str]:
    if st.pid != MAIDEN:
        return []
    out = ["remove all"] if maiden_purge_targets(st) else []
    return out + [f"control {t}" for t in NEIGHBOURS[st.at] if control_error(st, t) is None]


# --- Outerlands: Bargain (N31) -----------------------------------------------------------------
def bargain_error(st: Stance, tile: str):
    if born(st.pid) != "outerlands":
        return "N31", "only an outlander bargains"
    q = st.occupant.get(tile)
    if q is None:
        return "N31", f"there is no piece on {tile}"
    if st.s.controller(q) == st.seat:
        return "N18", f"{q} is not hostile: a seat never targets its own pieces"
    if born(q) in ("dragons", "outerlands") or st.s.pieces[q].turned:
        return "N31", f"{q} cannot be bought: Dragons, outlanders and turned pieces are not for sale"
    return None


def bargain_options(st: Stance) -> list[str]:
    if born(st.pid) != "outerlands":
        return []
    # the outlander's own move never changes who may be bought: work it out once per position
    key = ("bargain", st.seat)
    memo = st.s.memo
    if key not in memo:
        memo[key] = [f"bargain {t}" for t in sorted(st.s.occupant) if bargain_error(st, t) is None]
    return memo[key]


# --- Fae Courts (N33, N34) ---------------------------------------------------------------------
COURTS = {"fae.white": "freeze", "fae.green": "push", "fae.amber": "pull", "fae.sandstone": "scorch"}


def in_court(st: Stance) -> bool:
    return st.at in GREY_SET and SEGMENT_OF[st.at] == st.s.segments["fae"]


def court_target_error(st: Stance, verb: str, tile: str):
    if COURTS.get(st.pid) != verb:
        return "N34", f"{verb} is the court action of another fae"
    if not in_court(st):
        return "N33", "a fae has no court action outside the fae segment"
    if not 0 < distance(st.at, tile) <= st.s.options["court_range"]:
        return "N34", f"{tile} is out of court range"
    q = st.occupant.get(tile)
    if q is None:
        return "N34", f"there is no piece on {tile}"
    if st.s.controller(q) == st.seat:
        return "N18", f"{q} is not hostile: a seat never targets its own pieces"
    if verb == "freeze" and st.s.pieces[q].frozen is not None:
        return "N35", f"{q} is already frozen"
    if verb in ("push", "pull") and st.s.pieces[q].frozen is not None:
        return "N35", f"{q} is frozen and cannot be moved"
    return None


def shift_error(st: Stance, verb: str, tile: str, dest: str):
    """A push (one step farther from the green fae) or a pull (one step closer to the amber)."""
    error = court_target_error(st, verb, tile)
    if error:
        return error
    d = distance(st.at, tile)
    want = d + 1 if verb == "push" else d - 1
    if dest not in NEIGHBOUR_SETS[tile] or distance(st.at, dest) != want or want < 1:
        way = "away from" if verb == "push" else "toward"
        return "N34", f"a {verb} moves the target one tile {way} the fae, and {dest} is not such a tile"
    return rest_error(st.s, st.occupant[tile], dest, st.occupant)


def court_options(st: Stance) -> list[str]:
    verb = COURTS.get(st.pid)
    if verb is None or not in_court(st):
        return []
    out = []
    for t, _ in st.hostiles(within(st.at, st.s.options["court_range"])):
        if verb in ("freeze", "scorch"):
            if court_target_error(st, verb, t) is None:
                out.append(f"{verb} {t}")
        else:
            out.extend(f"{verb} {t}-{n}" for n in NEIGHBOURS[t] if shift_error(st, verb, t, n) is None)
    return out


# --- The Divine Guess (N37) ----------------------------------------------------------------------
def guess_error(s: State, pid: str, tile: str):
    """Never depends on where the Sword lies (N37, N50)."""
    if s.sword_found:
        return "N37", "the Sword has already been found"
    at = s.pieces[pid].tile
    if tile != at and tile not in NEIGHBOUR_SETS[at]:
        return "N37", f"a Guess names the piece's own tile or an adjacent one, and {tile} is neither"
    if tile not in GREY_SET:
        return "N37", f"{tile} is not a grey tile: barrier and Divine tiles never hide the Sword"
    if tile in s.revealed:
        return "N37", f"{tile} has already been shown not to hide the Sword"
    return None


def guess_options(s: State, pid: str) -> list[str]:
    at = s.pieces[pid].tile
    return [f"guess {t}" for t in (at,) + NEIGHBOURS[at] if guess_error(s, pid, t) is None]


# --- all together -----------------------------------------------------------------------------
def action_options(st: Stance) -> list[str]:
    """Every action ``st.pid`` may take from ``st.at`` (the Guess aside: it allows no move)."""
    out = remove_options(st)
    faction = born(st.pid)
    if faction == "humans":
        out += callup_options(st)
    elif faction == "dae":
        out.append("milaze")
    elif faction == "dragons":
        out += breath_options(st)
    elif faction == "makabi":
        out += maiden_options(st)
    elif faction == "outerlands":
        out += bargain_options(st)
    elif faction == "fae":
        out += court_options(st)
    return out


def action_error(st: Stance, action: str):
    """Why the written action is not legal for ``st`` (rule, sentence), or None."""
    verb, _, arg = action.partition(" ")
    if verb == "remove" and arg == "all":
        if st.pid != MAIDEN:
            return "N29", "only the Maiden removes all"
        return None if maiden_purge_targets(st) else ("N29", "no hostile piece stands beside the Maiden")
    if verb == "remove":
        return remove_error(st, arg)
    if verb == "callup":
        return callup_error(st, arg)
    if verb == "milaze":
        return None if born(st.pid) == "dae" else ("N30", "only a dae takes the Milaze")
    if verb == "breath":
        return breath_error(st, arg)
    if verb == "control":
        return control_error(st, arg)
    if verb == "bargain":
        return bargain_error(st, arg)
    if verb in ("freeze", "scorch"):
        return court_target_error(st, verb, arg)
    if verb in ("push", "pull"):
        tile, _, dest = arg.partition("-")
        return shift_error(st, verb, tile, dest)
    return "N49", f"unknown action {action!r}"


def can_stand(s: State, pid: str, tile: str) -> bool:
    return can_rest(s, pid, tile, s.occupant)
