"""Summoning and the demons: the roll and invocation (T20, T33), placing, Expel (T21),
explosions (T23-T29), Citipati at the end of a turn (T24), crushing (T28)."""

from __future__ import annotations

from engine.tibetana import basic
from engine.tibetana.board import NAMES
from engine.tibetana.power import builds_into, has_room
from engine.tibetana.state import ALTAR, SEATS, State

LEVELS = ("natural", "agitated")


def available(s: State) -> list[int]:
    """Territories a demon may be placed or expelled into (T20.4)."""
    return [i for i in s.existing() if not s.territories[i].demon and not s.territories[i].pagoda]


def lift(s: State, i: int) -> None:
    """The demon in ``i`` leaves the map (to be placed again, or back to the altar)."""
    s.set_territory(i, s.territories[i]._replace(demon=None))


# --- the roll and the invocation -------------------------------------------------------------
def roll(s: State, face: str) -> None:
    """One roll of the summoning die (T20.2)."""
    if face == "flame":
        s.pending = {"kind": "roll", "enflamed": True}
        return
    enflamed = s.pending["enflamed"]
    s.die = 0
    s.pending = None
    invoke(s, ALTAR[int(face) - 1], enflamed)


def invoke(s: State, name: str, enflamed: bool) -> None:
    """The invocation table of T20.3."""
    on_map = s.demons().get(name)
    if on_map is None:
        if available(s):
            s.pending = {"kind": "place", "demon": name, "level": LEVELS[enflamed]}
        return  # no room anywhere: the demon stays on the altar (T20.4)
    where, level = on_map
    if level == "natural" and not enflamed:
        lift(s, where)
        s.pending = {"kind": "place", "demon": name, "level": "agitated"}
    else:
        explode(s, name, where)


def place(s: State, i: int) -> None:
    demon = (s.pending["demon"], s.pending["level"])
    s.set_territory(i, s.territories[i]._replace(demon=demon))
    s.pending = None


def placements(s: State) -> list[str]:
    name = s.pending["demon"]
    return [f"place {name} {NAMES[i]}" for i in available(s)]


def expels(s: State) -> list[str]:
    adj = s.adjacent()
    free = set(available(s))
    out = []
    for where, _ in s.demons().values():
        out.extend(f"expel {NAMES[where]}-{NAMES[t]}" for t in adj[where] if t in free)
    return out


def do_expel(s: State, z: int, t: int) -> None:
    demon = s.territories[z].demon
    lift(s, z)
    s.set_territory(t, s.territories[t]._replace(demon=demon))


# --- explosions --------------------------------------------------------------------------------
def explode(s: State, name: str, z: int) -> None:
    """The explosive effect in ``z`` (T23.2-4)."""
    if name == "mahakala":
        destroy(s, z)
    elif name == "kuberan":
        s.pending = {"kind": "kuberan", "territory": NAMES[z]}
    else:
        active, opponent = SEATS[s.active], SEATS[1 - s.active]
        s.pending = {"kind": "explosion", "demon": name, "territory": NAMES[z],
                     "queue": [active, opponent, active]}
        skip_empty_steps(s)


def destroy(s: State, z: int) -> None:
    """Mahakala's explosion (T27.3): the territory and all it holds leave the game."""
    for colour in (0, 1):
        basic.remove_all(s, z, colour)
    s.set_territory(z, None)
    if s.portal and z in s.portal:
        s.portal = None  # disabled until regenerated (T4.4)
    s._cache = {}


def _explosion_zone(s: State, z: int) -> list[int]:
    """Z and its neighbours without a pagoda (T24.3, T29.3); also Kurukulla's zone (T25.3)."""
    return [z, *(u for u in s.adjacent()[z] if not s.territories[u].pagoda)]


def explosion_options(s: State, seat: int) -> list[str]:
    pending = s.pending
    z = NAMES.index(pending["territory"])
    demon = pending["demon"]
    out = []
    if demon == "kurukulla":
        for u in [z, *s.adjacent()[z]]:
            t = s.territories[u]
            if t.owner() in (None, seat) and has_room(s, u):
                out.extend(f"train {k} {NAMES[u]}" for k in "GP" if basic.can_supply(s, seat, k))
        return out + ["skip"] if out else []
    for u in _explosion_zone(s, z):
        t = s.territories[u]
        if demon == "citipati" and (t.guardians[0] or t.guardians[1]):
            out.append(f"remove G {NAMES[u]}")
        if t.priestesses[0] or t.priestesses[1]:
            out.append(f"remove P {NAMES[u]}")
    return out


def skip_empty_steps(s: State) -> None:
    """Drop queue heads with no option; the demon goes home when the queue is empty (T23.3)."""
    queue = list(s.pending["queue"])
    while queue and not explosion_options(s, SEATS.index(queue[0])):
        queue.pop(0)
        s.pending = {**s.pending, "queue": queue}
    if not queue:
        lift(s, NAMES.index(s.pending["territory"]))
        s.pending = None


def explosion_step(s: State, seat: int, action: str) -> None:
    words = action.split()
    if words[0] == "train":
        basic.do_train(s, seat, words[1], NAMES.index(words[2]))
    elif words[0] == "remove":
        remove_either(s, words[1], NAMES.index(words[2]))
    queue = list(s.pending["queue"][1:])
    s.pending = {**s.pending, "queue": queue}
    skip_empty_steps(s)


def remove_either(s: State, kind: str, i: int) -> None:
    """Remove a piece of whichever colour stands in ``i``; Heruka pays its owner 1 (T29.3)."""
    colour = s.territories[i].colour()
    basic.remove_piece(s, i, colour, kind)
    if s.pending and s.pending.get("demon") == "heruka":
        s.set_player(colour, pool=s.players[colour].pool + 1)


# --- Kuberan (T26) -----------------------------------------------------------------------------
def kuberan_choice(s: State, choice: str) -> None:
    z = s.pending["territory"]
    active, opponent = s.active, 1 - s.active
    if choice == "energy":
        s.set_player(active, pool=s.players[active].pool + 3)
        s.pending = {"kind": "free_build", "territory": z, "seat": SEATS[opponent], "energy_after": None}
    else:
        s.pending = {"kind": "free_build", "territory": z, "seat": SEATS[active],
                     "energy_after": SEATS[opponent]}
    if not free_builds(s):
        finish_kuberan(s)


def free_builds(s: State) -> list[str]:
    seat = SEATS.index(s.pending["seat"])
    out = [f"build free {NAMES[t]}" for t in s.existing() if builds_into(s, t, seat)]
    return out + ["skip"] if out else []


def free_build(s: State, action: str) -> None:
    if action != "skip":
        seat = SEATS.index(s.pending["seat"])
        basic.raise_pagoda(s, seat, NAMES.index(action.split()[2]))
        basic.stir_demons(s)
    finish_kuberan(s)


def finish_kuberan(s: State) -> None:
    after = s.pending["energy_after"]
    if after is not None:
        seat = SEATS.index(after)
        s.set_player(seat, pool=s.players[seat].pool + 3)
    lift(s, NAMES.index(s.pending["territory"]))
    s.pending = None


# --- Citipati at the end of a turn (T24.1-2) -------------------------------------------------
def citipati_due(s: State) -> int:
    """How many pieces Citipati takes at this end (0 when none is there)."""
    found = s.demons().get("citipati")
    if not found or not s.territories[found[0]].occupants():
        return 0
    return 1 if found[1] == "natural" else 2


def citipati_removals(s: State) -> list[str]:
    z = s.demons()["citipati"][0]
    t = s.territories[z]
    out = []
    if t.guardians[0] or t.guardians[1]:
        out.append(f"remove G {NAMES[z]}")
    if t.priestesses[0] or t.priestesses[1]:
        out.append(f"remove P {NAMES[z]}")
    return out


# --- crushing (T28.4) ------------------------------------------------------------------------
def crushes(s: State, colour: int, full: list[int]) -> list[str]:
    out = []
    for i in full:
        t = s.territories[i]
        out.extend(f"crush {k} {NAMES[i]}" for k in "GP" if t.count(colour, k))
    return out


def do_crush(s: State, colour: int, kind: str, i: int) -> None:
    basic.remove_piece(s, i, colour, kind)

