"""Reading the map: capacity (T7), pressure (T17), build priestesses (T18.1), overflow (T28).

Demon effects are continuous (T23.1), so every function here recomputes from the position.
"""

from __future__ import annotations

from engine.tibetana import board
from engine.tibetana.state import State


def capacity(s: State, i: int) -> int:
    """Effective capacity (T7.2)."""
    t = s.territories[i]
    if t.demon and t.demon[0] == "mahakala":
        return 0
    mahakala = s.demons().get("mahakala")
    if mahakala and mahakala[1] == "agitated" and t.pagoda is None and i in s.adjacent()[mahakala[0]]:
        return board.BASE_CAPACITY[i] - 1
    return board.BASE_CAPACITY[i]


def has_room(s: State, i: int) -> bool:
    """Room for one more guardian or priestess (T7.3)."""
    return s.territories[i].occupants() + 1 <= capacity(s, i)


def over_capacity(s: State, i: int) -> bool:
    return s.territories[i].occupants() > capacity(s, i)


def overflowing(s: State, colour: int) -> list[int]:
    """The colour's over-capacity territories (T28.1)."""
    return [
        i for i in s.existing()
        if s.territories[i].pieces(colour) and over_capacity(s, i)
    ]


def kurukulla_colour(s: State, i: int) -> int | None:
    """The colour Kurukulla counts for when she stands in ``i`` (T25), else None."""
    t = s.territories[i]
    if t.demon and t.demon[0] == "kurukulla":
        return t.colour()
    return None


def pressured(s: State, z: int, colour: int) -> bool:
    """Whether a priestess counting as ``colour`` in ``z`` is under pressure (T17)."""
    enemy = allied = 0
    ts = s.territories
    for u in (z, *s.adjacent()[z]):
        t = ts[u]
        allied += t.guardians[colour]
        if u != z:
            enemy += t.guardians[1 - colour]
        if t.demon and t.demon[0] == "kurukulla":
            side = t.colour()
            if side == colour:
                allied += 1
            elif side is not None and u != z:
                enemy += 1
    return enemy > allied


def build_priestesses(s: State, z: int, colour: int) -> int:
    """Priestesses in ``z`` that take part in a Build of ``colour`` (T18.1, T25.2, T29)."""
    t = s.territories[z]
    demon = t.demon
    if demon and demon[0] == "heruka":
        return 0 if demon[1] == "natural" else t.priestesses[1 - colour]
    count = t.priestesses[colour]
    if demon == ("kurukulla", "agitated") and t.colour() == colour:
        count += 1
    return count


def builds_into(s: State, t: int, colour: int) -> bool:
    """Target conditions of T18.3 (shared with Kuberan's free build, T26.3)."""
    here = s.territories[t]
    if here is None or here.demon:
        return False
    if here.pagoda is None:
        if s.players[colour].pagoda < 1:
            return False
    elif here.pagoda[0] != colour or here.pagoda[1] >= 4:
        return False
    users = here.priestesses[colour] - s.used[colour].get(t, 0)
    return users >= 1 and not pressured(s, t, colour)


def is_source(s: State, z: int, colour: int) -> bool:
    """Source conditions of T18.2."""
    here = s.territories[z]
    return (
        here is not None and here.energy >= 1 and build_priestesses(s, z, colour) >= 1
        and not pressured(s, z, colour)
    )


def chained_from(s: State, source: int, colour: int) -> set[int]:
    """Territories a Build from ``source`` can reach (T18.4): the source, its neighbours, and the
    neighbours of every territory reached through a chain of build priestesses."""
    adj = s.adjacent()
    reach = {source, *adj[source]}
    links = [source]
    seen = {source}
    while links:
        v = links.pop()
        for u in adj[v]:
            if u not in seen and build_priestesses(s, u, colour) >= 1:
                seen.add(u)
                links.append(u)
                reach.update(adj[u])
    return reach
