"""The standard map (T3-T6)."""

from engine.tibetana import board
from engine.tibetana.board import INDEX, NAMES

TABLE = """
a1 -2,2 D 2 1 a2 b1 b2
a2 -2,1 F 3 1 a1 a3 b2 b3
a3 -2,0 D 2 2 a2 b3 b4
b1 -1,2 D 2 1 a1 b2 c1 c2
b2 -1,1 M 4 0 a1 a2 b1 b3 c2 c3
b3 -1,0 F 3 1 a2 a3 b2 b4 c3 c4
b4 -1,-1 M 4 2 a3 b3 c4 c5
c1 0,2 M 4 2 b1 c2 d1
c2 0,1 F 3 1 b1 b2 c1 c3 d1 d2
c3 0,0 M 4 1 b2 b3 c2 c4 d2 d3
c4 0,-1 F 3 2 b3 b4 c3 c5 d3 d4
c5 0,-2 M 4 3 b4 c4 d4
d1 1,1 D 2 1 c1 c2 d2 e1
d2 1,0 M 4 0 c2 c3 d1 d3 e1 e2
d3 1,-1 F 3 1 c3 c4 d2 d4 e2 e3
d4 1,-2 M 4 2 c4 c5 d3 e3
e1 2,0 D 2 1 d1 d2 e2
e2 2,-1 F 3 1 d2 d3 e1 e3
e3 2,-2 D 2 2 d3 d4 e2
"""


def test_t3_table_coordinates_terrain_capacity_energy_neighbours():
    rows = [line.split() for line in TABLE.strip().splitlines()]
    assert [r[0] for r in rows] == list(NAMES) == sorted(NAMES)
    for name, cell, terrain, cap, energy, *near in rows:
        i = INDEX[name]
        assert board.CELLS[i] == tuple(map(int, cell.split(",")))
        assert board.TERRAIN[name] == terrain
        assert board.BASE_CAPACITY[i] == int(cap)
        assert board.START_ENERGY[name] == int(energy)
        assert [NAMES[j] for j in board.HEX_NEIGHBOURS[i]] == near


def test_t3_4_terrain_count_and_t6_25_energies():
    terrains = list(board.TERRAIN.values())
    assert (terrains.count("D"), terrains.count("F"), terrains.count("M")) == (6, 6, 7)
    assert sum(board.START_ENERGY.values()) == 25


def test_t3_7_mirror_through_file_c_keeps_the_map():
    swap = {"a": "e", "b": "d", "c": "c", "d": "b", "e": "a"}
    for name in NAMES:
        twin = swap[name[0]] + name[1:]
        assert board.TERRAIN[twin] == board.TERRAIN[name]
        assert board.START_ENERGY[twin] == board.START_ENERGY[name]


def test_t4_portal_makes_c1_and_c5_adjacent_once():
    adj = board.adjacency(0, board.START_PORTAL)
    assert INDEX["c5"] in adj[INDEX["c1"]] and INDEX["c1"] in adj[INDEX["c5"]]
    doubled = board.adjacency(0, (INDEX["a1"], INDEX["a2"]))
    assert doubled[INDEX["a1"]].count(INDEX["a2"]) == 1


def test_t4_3_destroyed_territory_is_adjacent_to_nothing():
    mask = 1 << INDEX["c3"]
    adj = board.adjacency(mask, None)
    assert adj[INDEX["c3"]] == ()
    assert INDEX["c3"] not in adj[INDEX["c2"]]


def _edge(*gone):
    return [NAMES[i] for i in board.perimeter(sum(1 << INDEX[g] for g in gone))]


def test_t5_3_perimeter_examples():
    outer = ["a1", "a2", "a3", "b1", "b4", "c1", "c5", "d1", "d4", "e1", "e2", "e3"]
    assert _edge() == outer
    assert _edge("c3") == outer  # a hole
    assert _edge("c5") == sorted([*(n for n in outer if n != "c5"), "c4"])  # c5 itself is gone
    assert _edge("b4") == sorted([*(n for n in outer if n != "b4"), "b3", "c4"])


def test_t5_1_chain_of_destroyed_cells_reaching_the_rim_is_outer_void():
    # c5 then c4 destroyed: c4 joins the void through c5, so c3 becomes perimeter.
    assert "c3" in _edge("c5", "c4")
    # c4 alone is an inner hole: nothing new joins the perimeter.
    assert "c3" not in _edge("c4") and "b3" not in _edge("c4")
