"""Victory by Protection: the test of P22, its two worked cases, and the verdict of P23."""

import random

from engine.paso import GAME
from engine.paso.board import SPACE_NAMES
from engine.paso.protection import rival_has_route

from .helpers import play, state

CORNER_DIRECTIONS = {
    "nw": ("W", "NW", "N"),
    "ne": ("N", "NE", "E"),
    "sw": ("W", "SW", "S"),
    "se": ("E", "SE", "S"),
}
STEP = {
    "W": (-1, 0),
    "NW": (-1, 1),
    "N": (0, 1),
    "NE": (1, 1),
    "E": (1, 0),
    "SE": (1, -1),
    "S": (0, -1),
    "SW": (-1, -1),
}
STONES_R0 = {"S": ["nw"], "I": ["nw", "ne"], "D": ["nw", "se"], "L": ["nw", "ne", "sw"]}
CLOCKWISE = ["nw", "ne", "se", "sw"]


def step(space, d):
    f, r = "abcde".index(space[0]) + STEP[d][0], int(space[1]) - 1 + STEP[d][1]
    return f"{'abcde'[f]}{r + 1}" if 0 <= f < 5 and 0 <= r < 5 else None


def around(space):
    return {n for d in STEP if (n := step(space, d))}


def reference_route(doc, protected):
    """P22 written out word for word with sets of names, to check the bit-mask version against."""
    rival = "north" if protected == "south" else "south"
    tx, tr = doc["temples"][protected], doc["temples"][rival]
    temples = {tx, tr}

    def n(place):
        return around(tr) if place == "temple" else around(place)

    def place(loc):
        return "temple" if loc == "temple" else loc.split(".")[0]

    tiles = {s for s, t in doc["spaces"].items() if t}
    mine = doc["tokens"][rival]
    reach = {c: {place(mine[c]["location"])} for c in ("tiger", "cobra") if mine[c]["location"] != "out"}
    reach.setdefault("tiger", set())
    reach.setdefault("cobra", set())
    b = mine["brahmin"]["location"]
    dirs = set()
    if b == "temple":
        free, pinned = {"temple"}, set()
    else:
        s0, corner = b.split(".")
        free, pinned = set(), {s0}
        tile = doc["spaces"][s0]
        for c in STONES_R0[tile["type"]]:
            dirs |= set(CORNER_DIRECTIONS[CLOCKWISE[(CLOCKWISE.index(c) + tile["rot"] // 90) % 4]])
    can_summon = any(doc["reserve"].values())
    while True:
        before = (set(tiles), set(reach["tiger"]), set(reach["cobra"]), set(free), set(pinned))
        for group in (reach["tiger"], reach["cobra"], free):
            for p in list(group):
                group |= tiles & n(p)
        for s in pinned:
            for d in dirs:
                if step(s, d) in tiles:
                    free.add(step(s, d))
        if can_summon:
            for p in reach["tiger"] | reach["cobra"] | free | pinned:
                tiles |= n(p) - temples
        for g in [g for g in reach["tiger"] if g != "temple"]:
            if tiles & n(g):
                v_set = n(g) - temples
                tiles |= v_set
                for u in tiles & n(g):
                    for v in v_set - {u}:
                        for group in (reach["cobra"], free, pinned):
                            if u in group:
                                group.add(v)
        if before == (tiles, reach["tiger"], reach["cobra"], free, pinned):
            break
    return any(tx in n(p) for p in free) or any(step(s, d) == tx for s in pinned for d in dirs)


def route(st, protected):
    seat = ("south", "north").index(protected)
    return rival_has_route(st.tiles, st.tokens, st.temples, any(st.reserve), seat)


def test_p22_first_worked_case_empty_ring_no_summon_stranded_tiger():
    # Reserve empty, nothing around c1, north's tiger on a1 with a2, b1, b2 empty.
    tiles = {"c3": "L0", "a3": "L0", "b3": "L0", "d3": "L0", "e3": "I0", "b4": "I0", "c4": "I0",
             "d4": "I0", "e4": "D0", "a4": "D0", "a5": "D0", "b5": "D0", "a1": "S0", "e2": "S0",
             "d5": "S0", "e5": "S0"}  # fmt: skip
    st = state(tiles, {"north.tiger": "a1.nw", "north.brahmin": "c4.nw", "north.cobra": "b4.nw",
                       "south.brahmin": "c3.nw"})  # fmt: skip
    assert not any(st.reserve)
    assert not route(st, "south")  # south is protected
    assert route(st, "north")


def test_p22_second_worked_case_brahmin_pinned_on_a_single_stone_facing_its_own_temple():
    st = state(
        {"b5": "S1", "c2": "L0"}, {"north.brahmin": "b5.ne", "north.tiger": "out", "south.brahmin": "c2.nw"}
    )
    assert any(st.reserve)
    assert not route(st, "south")


def test_p22_a_live_tiger_frees_the_pinned_brahmin():
    st = state({"b5": "S1", "c2": "L0", "b4": "L0"}, {"north.brahmin": "b5.ne", "north.tiger": "b4.sw"})
    assert route(st, "south")


def test_p22_brahmin_in_its_temple_with_the_reserve_full_has_a_route():
    st = state()
    assert route(st, "south") and route(st, "north")


def random_position(rng):
    """A random legal-looking board: some of the 16 tiles placed, tokens on random stones."""
    south, north = f"{rng.choice('abcde')}1", f"{rng.choice('abcde')}5"
    spaces = [s for s in SPACE_NAMES if s not in (south, north)]
    if rng.random() < 0.5:  # leave a whole middle rank empty: the typical Protection gap
        gap = rng.choice("234")
        spaces = [s for s in spaces if s[1] != gap]
    pile = [t for t in "SIDL" for _ in range(4)]
    rng.shuffle(pile)
    placed = 16 - rng.choice([0, 0, 0, 1, 2, 5])
    tiles = {s: f"{t}{rng.randrange(4)}" for s, t in zip(rng.sample(spaces, placed), pile, strict=False)}
    stones = []
    for space, code in tiles.items():
        for i, c in enumerate(CLOCKWISE):
            if c in STONES_R0[code[0]]:
                stones.append(f"{space}.{CLOCKWISE[(i + int(code[1])) % 4]}")
    rng.shuffle(stones)
    tokens = {}
    for name in (
        "south.brahmin",
        "south.tiger",
        "south.cobra",
        "north.brahmin",
        "north.tiger",
        "north.cobra",
    ):
        roll = rng.random()
        if roll < 0.35 and not name.endswith("brahmin"):
            tokens[name] = "out"
        elif roll < 0.45 or not stones:
            tokens[name] = "temple"
        else:
            tokens[name] = stones.pop()
    return state(tiles, tokens, temples=(south, north))


def test_p22_bit_masks_agree_with_the_words_of_the_ruling():
    rng = random.Random(22)
    verdicts = {True: 0, False: 0}
    for _ in range(1500):
        st = random_position(rng)
        doc = GAME.to_json(st)
        for seat in ("south", "north"):
            expected = reference_route(doc, seat)
            assert route(st, seat) == expected, (doc, seat)
            verdicts[expected] += 1
    assert verdicts[False] > 20 and verdicts[True] > 500


def test_p23_only_the_mover_protected_wins_for_the_mover():
    # Conformance "protection-last-tiger": south bites north's last tiger; south's own tiger can
    # still carry tiles over the gap, so only south is protected.
    tiles = {"b1": "I0", "d1": "I0", "e1": "I0", "a2": "I0", "b2": "D0", "e2": "D0", "a4": "D0",
             "d4": "D0", "c2": "L0", "d2": "L0", "c4": "L0", "b4": "L0", "e4": "S0", "a5": "S0",
             "b5": "S0", "d5": "S0"}  # fmt: skip
    tokens = {"south.brahmin": "c2.nw", "south.tiger": "b2.nw", "south.cobra": "d2.ne",
              "north.brahmin": "c4.nw", "north.tiger": "e2.nw", "north.cobra": "b4.nw"}  # fmt: skip
    after = GAME.apply(state(tiles, tokens, turn=31), "cobra bite e2.nw")
    assert GAME.outcome(after) == {"winners": ["south"], "reason": "protection", "scores": None}
    tokens["south.tiger"] = "out"
    after = GAME.apply(state(tiles, tokens, turn=31), "cobra bite e2.nw")
    assert GAME.outcome(after) == {"winners": ["north"], "reason": "protection", "scores": None}


def test_p23_nothing_happens_when_only_the_mover_is_cut_off():
    st = state({"b5": "S1", "c4": "L0", "c2": "L0"},
               {"north.brahmin": "b5.ne", "north.tiger": "out", "north.cobra": "c4.nw", "south.brahmin": "c2.nw"},
               turn=16)  # fmt: skip
    after = play(st, "cobra walk c4.nw-c4.ne", "end")
    assert GAME.outcome(after) is None and after.phase == "play"
    after = play(after, "end")
    assert GAME.outcome(after) == {"winners": ["south"], "reason": "protection", "scores": None}


def test_p23_never_tested_during_temple_placement():
    st = play(GAME.setup(2), "temple a1")
    assert st.phase == "temples" and GAME.outcome(st) is None
    assert SPACE_NAMES[st.temples[0]] == "a1"
