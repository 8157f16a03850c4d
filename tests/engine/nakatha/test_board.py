"""Part A: the board, its coordinates and kinds of tile (rulings N1-N4)."""

from engine.nakatha.board import (
    COORD,
    DIVINE,
    GREY,
    KIND,
    LINES,
    NEIGHBOURS,
    RING,
    SEGMENT_OF,
    SEGMENT_TILES,
    distance,
)


def test_n1_board_is_a_hexagon_of_127_tiles():
    assert len(COORD) == 127
    assert max(RING.values()) == 6
    assert sum(1 for t in COORD if RING[t] == 6) == 36


def test_n3_kinds_90_grey_30_barrier_6_divine_1_dais():
    counts = {}
    for kind in KIND.values():
        counts[kind] = counts.get(kind, 0) + 1
    assert counts == {"grey": 90, "barrier": 30, "divine": 6, "dais": 1}
    assert DIVINE == {"n0", "ne0", "se0", "s0", "sw0", "nw0"}
    assert len(GREY) == 90 and all(len(SEGMENT_TILES[g]) == 15 for g in "abcdef")


def test_n3_coordinate_table_samples():
    table = {
        "a1": (-1, -1),
        "a15": (-1, -5),
        "b6": (3, -4),
        "c11": (6, -5),
        "d13": (3, 3),
        "e15": (-5, 6),
        "f9": (-5, 2),
        "n5": (0, -6),
        "se3": (4, 0),
        "sw0": (-1, 1),
        "nw4": (-5, 0),
        "dais": (0, 0),
    }
    for tile, qr in table.items():
        assert COORD[tile] == qr, tile


def test_n3_neighbour_examples():
    assert sorted(NEIGHBOURS["a1"]) == sorted(["a2", "a3", "n0", "n1", "nw0", "nw1"])
    assert sorted(NEIGHBOURS["a13"]) == sorted(["a8", "a9", "a12", "a14"])
    assert sorted(NEIGHBOURS["n5"]) == sorted(["n4", "a15", "b11"])
    assert sorted(NEIGHBOURS["n0"]) == sorted(["dais", "ne0", "nw0", "n1", "a1", "b1"])


def test_n3_index_gives_the_ring():
    for g in "abcdef":
        rings = [RING[f"{g}{i}"] for i in range(1, 16)]
        assert rings == [2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6]


def test_n4_barrier_and_divine_tiles_belong_to_no_segment():
    assert SEGMENT_OF["n3"] is None and SEGMENT_OF["ne0"] is None
    assert SEGMENT_OF["c9"] == "c"


def test_n2_distance_and_straight_lines():
    assert distance("dais", "a15") == 6
    assert distance("d12", "d4") == 2
    assert ("d7", "se3", "c6") in LINES["d12"]  # the N21 example: d12 north over d7 and se3 to c6
