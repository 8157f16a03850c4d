"""Paso del Brahmán: how far each Brahmin is from the rival temple, and who still has tokens.

Distances are counted in steps over stones (P3, P10) on the board as it stands: a Brahmin that
cannot reach the rival temple yet is given a long distance, since tiles still to be summoned may
open a road. Losing the Brahmin loses the game (P20); losing a Tiger or Cobra costs options.
"""

from __future__ import annotations

from engine.bots.heuristics import shares

SEATS = ("south", "north")
_FILES = "abcde"
_CORNER_XY = {"sw": (0, 0), "se": (1, 0), "nw": (0, 1), "ne": (1, 1)}
_TURN = {"nw": "ne", "ne": "se", "se": "sw", "sw": "nw"}  # one clockwise quarter turn (P4)
_PRINTED = {"S": ("nw",), "I": ("nw", "ne"), "D": ("nw", "se"), "L": ("nw", "ne", "sw")}
# Random walks soon undo a Brahmin's progress: a few steps, then judge the roads left.
PLAYOUT_DEPTH = 6
_NO_ROAD = 14
STEP, TOKEN, SCALE = 0.5, 1.0, 3.0  # a step nearer is worth half a Tiger; shares stay unsaturated  # a Brahmin with no road yet: farther than any road on this board


def _stones(spaces: dict) -> set[tuple[int, int]]:
    stones = set()
    for name, tile in spaces.items():
        if not tile:
            continue
        fx, ry = 2 * _FILES.index(name[0]), 2 * (int(name[1]) - 1)
        for corner in _PRINTED[tile["type"]]:
            for _ in range(tile["rot"] // 90):
                corner = _TURN[corner]
            dx, dy = _CORNER_XY[corner]
            stones.add((fx + dx, ry + dy))
    return stones


def _ring(space: str, stones: set) -> set[tuple[int, int]]:
    """The stones adjacent to any of the temple space's four positions (P5)."""
    fx, ry = 2 * _FILES.index(space[0]), 2 * (int(space[1]) - 1)
    return {(x, y) for x in range(fx - 1, fx + 3) for y in range(ry - 1, ry + 3) if (x, y) in stones}


def _xy(location: str) -> tuple[int, int]:
    space, corner = location.split(".")
    dx, dy = _CORNER_XY[corner]
    return 2 * _FILES.index(space[0]) + dx, 2 * (int(space[1]) - 1) + dy


def _distance(start: set, goal: set, stones: set, blocked: set) -> int:
    """King steps from ``start`` to any stone of ``goal``, plus the step into the temple."""
    frontier, seen, steps = set(start), set(start), 1
    while frontier and steps < _NO_ROAD:
        if frontier & goal:
            return steps
        nxt = set()
        for x, y in frontier:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    p = (x + dx, y + dy)
                    if p in stones and p not in seen and p not in blocked:
                        seen.add(p)
                        nxt.add(p)
        frontier, steps = nxt, steps + 1
    return _NO_ROAD


def _brahmin_distance(doc: dict, seat: int, stones: set, occupied: set) -> int:
    me, rival = SEATS[seat], SEATS[1 - seat]
    where = doc["tokens"][me]["brahmin"]["location"]
    if where == "rival_temple":
        return 0
    if where == "out" or not doc["temples"].get(rival) or not doc["temples"].get(me):
        return _NO_ROAD
    goal = _ring(doc["temples"][rival], stones)
    if where == "temple":
        start = _ring(doc["temples"][me], stones) - occupied
        return 1 + _distance(start, goal, stones, occupied) if start else _NO_ROAD
    return _distance({_xy(where)}, goal, stones, occupied - {_xy(where)})


def evaluate(doc: dict, seats: int) -> list[float]:
    stones = _stones(doc["spaces"])
    occupied = {_xy(t["location"]) for side in doc["tokens"].values() for t in side.values()
                if "." in t["location"]}
    scores = []
    for seat, name in enumerate(SEATS):
        tokens = doc["tokens"][name]
        alive = sum(1 for t in tokens.values() if t["location"] != "out")
        scores.append(-STEP * _brahmin_distance(doc, seat, stones, occupied) + TOKEN * alive)
    return shares(scores, SCALE)
