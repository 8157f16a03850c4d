"""The basic actions: Train (T14), Move and capture (T15), Clearing (T16), Build (T18).

Each family has a generator of legal texts for a colour and an executor working on a draft.
"""

from __future__ import annotations

from engine.tibetana.board import NAMES
from engine.tibetana.power import (
    builds_into,
    capacity,
    chained_from,
    has_room,
    is_source,
    kurukulla_colour,
)
from engine.tibetana.state import State


# --- Train -----------------------------------------------------------------------------------
def can_supply(s: State, colour: int, kind: str) -> bool:
    """A piece of that kind from the reserve, or the unpaid sixth bought for 2 (T14.2)."""
    player = s.players[colour]
    return player.reserve(kind) > 0 or (player.unpaid(kind) == 1 and player.pool >= 2)


def supply_piece(s: State, colour: int, kind: str) -> None:
    """Take a piece out of the reserve, buying the sixth when the reserve is empty (T14.2-3)."""
    player = s.players[colour]
    if player.reserve(kind) > 0:
        field = "guardian" if kind == "G" else "priestess"
        s.set_player(colour, **{field: player.reserve(kind) - 1})
    else:
        field = "unpaid_guardian" if kind == "G" else "unpaid_priestess"
        s.set_player(colour, **{field: 0, "pool": player.pool - 2})


def trains(s: State, colour: int) -> list[str]:
    out = []
    for i in s.existing():
        t = s.territories[i]
        if t.pagoda and t.pagoda[0] == colour and has_room(s, i):
            out.extend(f"train {k} {NAMES[i]}" for k in "GP" if can_supply(s, colour, k))
    return out


def add_piece(s: State, i: int, colour: int, kind: str) -> None:
    t = s.territories[i]
    s.set_territory(i, t.with_count(colour, kind, t.count(colour, kind) + 1))


def do_train(s: State, colour: int, kind: str, i: int) -> None:
    supply_piece(s, colour, kind)
    add_piece(s, i, colour, kind)


# --- removing pieces (shared by clearing, demons, crush, destruction) --------------------------
def remove_piece(s: State, i: int, colour: int, kind: str) -> None:
    """One piece back to its owner's reserve; a marked priestess goes first (T18.6)."""
    t = s.territories[i]
    s.set_territory(i, t.with_count(colour, kind, t.count(colour, kind) - 1))
    player = s.players[colour]
    if kind == "G":
        s.set_player(colour, guardian=player.guardian + 1)
    else:
        s.set_player(colour, priestess=player.priestess + 1)
        marks = s.used[colour].get(i, 0)
        if marks:
            s.set_marks(colour, i, marks - 1)


def remove_all(s: State, i: int, colour: int) -> None:
    t = s.territories[i]
    for kind in "GP":
        for _ in range(t.count(colour, kind)):
            remove_piece(s, i, colour, kind)


def return_pagoda(s: State, i: int) -> None:
    """A pagoda leaves the map for its owner's reserve; its rings vanish (T8.2)."""
    t = s.territories[i]
    owner = t.pagoda[0]
    s.set_territory(i, t._replace(pagoda=None))
    s.set_player(owner, pagoda=s.players[owner].pagoda + 1)


# --- Move --------------------------------------------------------------------------------------
def _capacity_without_pagoda(s: State, i: int) -> int:
    """Capacity once an exposed pagoda here is captured (T15.4)."""
    t = s.territories[i]
    if t.pagoda is None:
        return capacity(s, i)
    bare = s.draft()
    bare.set_territory(i, t._replace(pagoda=None))
    return capacity(bare, i)


def _can_end(s: State, colour: int, i: int) -> bool:
    t = s.territories[i]
    if t.pieces(1 - colour):
        return False  # only a clearing enters enemy pieces (T15.5)
    if t.pagoda and t.pagoda[0] != colour:
        return t.occupants() + 1 <= _capacity_without_pagoda(s, i)
    return has_room(s, i)


def _can_cross(s: State, colour: int, i: int) -> bool:
    t = s.territories[i]
    return t.owner() in (None, colour) and has_room(s, i)


def destinations(s: State, colour: int, source: int, ends=None, crossings=None) -> set[int]:
    """Ends of the valid routes from ``source`` (T15.1-4, Kuberan T26.1)."""
    adj = s.adjacent()
    if ends is None:
        ends, crossings = _route_cells(s, colour)
    kuberan = s.demons().get("kuberan")
    if kuberan is None:
        return {u for u in adj[source] if u in ends}
    found: set[int] = set()

    def walk(v: int, steps: int, limit: int, visited: tuple) -> None:
        for u in adj[v]:
            if u in visited:
                continue
            if u in ends:
                found.add(u)
            reach = limit
            if steps == 0 and kuberan[0] in (source, u):
                reach = 2 if kuberan[1] == "natural" else 3
            if steps + 1 < reach and u in crossings:
                walk(u, steps + 1, reach, visited + (u,))

    walk(source, 0, 1, (source,))
    return found


def _route_cells(s: State, colour: int) -> tuple[set[int], set[int]]:
    """Where a moving piece of ``colour`` may end, and which territories it may cross."""
    ends, crossings = set(), set()
    for i in s.existing():
        if _can_end(s, colour, i):
            ends.add(i)
        if _can_cross(s, colour, i):
            crossings.add(i)
    return ends, crossings


def clearable(s: State, colour: int, i: int) -> bool:
    """Whether the enemy pieces in ``i`` can be cleared by ``colour`` (T16.2-4)."""
    t = s.territories[i]
    enemy = 1 - colour
    if not t.pieces(enemy):
        return False
    defenders = t.pieces(enemy) + (1 if t.pagoda else 0) + (1 if kurukulla_colour(s, i) is not None else 0)
    if defenders >= 4:
        return False
    near = s.adjacent()[i]
    attackers = sum(s.territories[u].guardians[colour] for u in near)
    if any(kurukulla_colour(s, u) == colour for u in near):
        attackers += 1
    return attackers >= 2 * defenders + 1 and _capacity_without_pagoda(s, i) >= 1


def moves(s: State, colour: int, sources=None) -> list[str]:
    out = []
    adj = s.adjacent()
    ends, crossings = _route_cells(s, colour)
    cleared = {i for i in s.existing() if clearable(s, colour, i)}
    for i in s.existing() if sources is None else sources:
        t = s.territories[i]
        if not t.pieces(colour):
            continue
        names = [NAMES[d] for d in destinations(s, colour, i, ends, crossings)]
        if t.guardians[colour]:
            out.extend(f"move G {NAMES[i]}-{d}" for d in names)
            out.extend(f"move G {NAMES[i]}-{NAMES[u]}" for u in adj[i] if u in cleared)
        if t.priestesses[colour]:
            out.extend(f"move P {NAMES[i]}-{d}" for d in names)
            marked = s.used[colour].get(i, 0)
            if 0 < marked < t.priestesses[colour]:
                out.extend(f"move P* {NAMES[i]}-{d}" for d in names)
    return out


def do_move(s: State, colour: int, kind: str, src: int, dst: int) -> None:
    enemy = 1 - colour
    target = s.territories[dst]
    if target.pieces(enemy):
        remove_all(s, dst, enemy)  # clearing (T16.5)
    if s.territories[dst].pagoda and s.territories[dst].pagoda[0] == enemy:
        return_pagoda(s, dst)  # cleared or exposed pagoda (T15.4, T16.5)
    piece = "P" if kind.startswith("P") else "G"
    here = s.territories[src]
    marked = s.used[colour].get(src, 0)
    carries_mark = piece == "P" and (kind == "P*" or marked == here.priestesses[colour])
    s.set_territory(src, here.with_count(colour, piece, here.count(colour, piece) - 1))
    add_piece(s, dst, colour, piece)
    if carries_mark:  # marks move with their priestess (T18.6)
        s.set_marks(colour, src, marked - 1)
        s.set_marks(colour, dst, s.used[colour].get(dst, 0) + 1)


# --- Build -------------------------------------------------------------------------------------
def builds(s: State, colour: int) -> list[str]:
    targets = [t for t in s.existing() if builds_into(s, t, colour)]
    if not targets:
        return []
    out = []
    for src in s.existing():
        if not is_source(s, src, colour):
            continue
        reach = chained_from(s, src, colour)
        for t in targets:
            if t == src:
                out.append(f"build {NAMES[t]}")
            elif t in reach:
                out.append(f"build {NAMES[src]}>{NAMES[t]}")
    return out


def raise_pagoda(s: State, colour: int, t: int) -> None:
    """New pagoda or one more ring in ``t``; the user is marked (T18.5-6)."""
    here = s.territories[t]
    if here.pagoda is None:
        s.set_player(colour, pagoda=s.players[colour].pagoda - 1)
        s.set_territory(t, here._replace(pagoda=(colour, 0)))
    else:
        s.set_territory(t, here._replace(pagoda=(colour, here.pagoda[1] + 1)))
    s.set_marks(colour, t, s.used[colour].get(t, 0) + 1)


def stir_demons(s: State) -> None:
    """Advance the die (T19.2); arriving on the demon slot makes a summon due."""
    s.die = (s.die + 1) % 6
    if s.die == 0:
        s.summon_due = True
    s.built = True


def do_build(s: State, colour: int, src: int, t: int) -> None:
    here = s.territories[src]
    s.set_territory(src, here._replace(energy=here.energy - 1))
    s.set_player(colour, pool=s.players[colour].pool + 1)
    raise_pagoda(s, colour, t)
    stir_demons(s)

