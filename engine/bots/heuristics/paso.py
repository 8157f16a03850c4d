"""Paso del Brahmán: how far each Brahmin is from the rival temple, and who still has tokens.

Distances are counted in steps over stones (P3, P10) on the board as it stands: a Brahmin that
cannot reach the rival temple yet is given a long distance, since tiles still to be summoned may
open a road. The policy bot's evaluation (``policy_evaluate``) counts, where no road of stones
reaches the rival temple yet, the road still to build over the empty spaces, each step there
costing two: one ply sees no difference between two boards with no road, and drifts into the
quiet-turn draw (P24) without it. The search keeps the plain distance it was measured with. Losing the Brahmin loses the game (P20); losing a Tiger or Cobra costs options.
"""

from __future__ import annotations

import heapq

from engine.bots.heuristics import shares

SEATS = ("south", "north")
_FILES = "abcde"
_CORNER_XY = {"sw": (0, 0), "se": (1, 0), "nw": (0, 1), "ne": (1, 1)}
_TURN = {"nw": "ne", "ne": "se", "se": "sw", "sw": "nw"}  # one clockwise quarter turn (P4)
_PRINTED = {"S": ("nw",), "I": ("nw", "ne"), "D": ("nw", "se"), "L": ("nw", "ne", "sw")}
# Random walks soon undo a Brahmin's progress: a few steps, then judge the roads left.
PLAYOUT_DEPTH = 6
_NO_ROAD = 14  # a Brahmin with no road yet: farther than any road on this board
_NO_ROAD_TO_BUILD = 20  # ... and with no road even to build (the policy's count)
BUILD = 2  # a step over an empty space costs two: a summon, then the walk
BITTEN = 4.0  # a Brahmin the rival's Cobra can reach next turn (policy only): worth about a lost game
STEP, TOKEN, SCALE = 0.5, 1.0, 3.0  # a step nearer is worth half a Tiger; shares stay unsaturated


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


def _xy(location: str) -> tuple[int, int]:
    space, corner = location.split(".")
    dx, dy = _CORNER_XY[corner]
    return 2 * _FILES.index(space[0]) + dx, 2 * (int(space[1]) - 1) + dy


def _distance(start: set, goal: set, passable: dict, no_road: int) -> int:
    """Steps from ``start`` to any position of ``goal``, plus the step into the temple.

    ``passable`` maps each position a Brahmin could walk to its cost: 1 on a stone, ``BUILD`` on
    an empty space, where a tile may yet be summoned (P13); water and tokens are not in it. With
    a road of stones this is the king-step count; without one, the cheapest road still to build,
    so that a bot with no road yet is drawn to build one instead of finding every move alike.
    """
    best = {p: 0 for p in start}
    frontier = sorted((0, p) for p in start)
    while frontier:
        cost, (x, y) = heapq.heappop(frontier)
        if cost >= no_road - 1:
            break
        if (x, y) in goal:
            return cost + 1
        if cost > best[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                p = (x + dx, y + dy)
                step = passable.get(p)
                if step is not None and cost + step < best.get(p, no_road):
                    best[p] = cost + step
                    heapq.heappush(frontier, (cost + step, p))
    return no_road


def _passable(doc: dict, stones: set, occupied: set, to_build: bool) -> dict:
    building = to_build and any(doc.get("reserve", {}).values())
    temples = set(doc["temples"].values())
    passable = {}
    for name, tile in doc["spaces"].items():
        if name in temples or (not tile and not building):
            continue
        fx, ry = 2 * _FILES.index(name[0]), 2 * (int(name[1]) - 1)
        for p in ((fx, ry), (fx + 1, ry), (fx, ry + 1), (fx + 1, ry + 1)):
            if p in occupied:
                continue
            if not tile:
                passable[p] = BUILD
            elif p in stones:
                passable[p] = 1
    return passable


def _ring(space: str) -> set[tuple[int, int]]:
    """The positions adjacent to any of the temple space's four positions (P5)."""
    fx, ry = 2 * _FILES.index(space[0]), 2 * (int(space[1]) - 1)
    inside = {(fx, ry), (fx + 1, ry), (fx, ry + 1), (fx + 1, ry + 1)}
    return {(x, y) for x in range(fx - 1, fx + 3) for y in range(ry - 1, ry + 3)
            if (x, y) not in inside and 0 <= x < 10 and 0 <= y < 10}


def _brahmin_distance(doc: dict, seat: int, passable: dict, no_road: int) -> int:
    me, rival = SEATS[seat], SEATS[1 - seat]
    where = doc["tokens"][me]["brahmin"]["location"]
    if where == "rival_temple":
        return 0
    if where == "out" or not doc["temples"].get(rival) or not doc["temples"].get(me):
        return no_road
    goal = _ring(doc["temples"][rival])
    if where == "temple":
        start = {p for p in _ring(doc["temples"][me]) if p in passable}
        return 1 + _distance(start, goal, passable, no_road) if start else no_road
    at = _xy(where)
    return _distance({at}, goal, {**passable, at: 1}, no_road)


def evaluate(doc: dict, seats: int) -> list[float]:
    return _judge(doc, to_build=False)


def policy_evaluate(doc: dict, seats: int) -> list[float]:
    """``evaluate``, with a road still to build counted where no road of stones exists yet."""
    return _judge(doc, to_build=True)


def _judge(doc: dict, to_build: bool) -> list[float]:
    stones = _stones(doc["spaces"])
    occupied = {_xy(t["location"]) for side in doc["tokens"].values() for t in side.values()
                if "." in t["location"]}
    passable = _passable(doc, stones, occupied, to_build)
    no_road = _NO_ROAD_TO_BUILD if to_build else _NO_ROAD
    scores = []
    for seat, name in enumerate(SEATS):
        tokens = doc["tokens"][name]
        alive = sum(1 for t in tokens.values() if t["location"] != "out")
        score = -STEP * _brahmin_distance(doc, seat, passable, no_road) + TOKEN * alive
        if to_build and _bitten_next(doc, seat, stones):
            score -= BITTEN
        scores.append(score)
    return shares(scores, SCALE)


def _bitten_next(doc: dict, seat: int, stones: set) -> bool:
    """Whether the rival's Cobra can reach a stone beside this Brahmin with two walks and bite
    (P15-P17): one ply does not see the rival's turn, and Poisoning ends the game (P20)."""
    brahmin = doc["tokens"][SEATS[seat]]["brahmin"]["location"]
    cobra = doc["tokens"][SEATS[1 - seat]]["cobra"]
    if "." not in brahmin or cobra["exhausted"] or cobra["location"] in ("out", "rival_temple"):
        return False
    if cobra["location"] == "temple":
        reach = _ring(doc["temples"][SEATS[1 - seat]]) & stones
        walks = 1
    else:
        reach, walks = {_xy(cobra["location"])}, 2
    for _ in range(walks):
        reach |= {(x + dx, y + dy) for x, y in reach for dx in (-1, 0, 1) for dy in (-1, 0, 1)} & stones
    bx, by = _xy(brahmin)
    return any(abs(x - bx) <= 1 and abs(y - by) <= 1 for x, y in reach)
