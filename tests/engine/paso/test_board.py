"""Geometry: spaces, sub-squares, adjacency, tiles and temple rings (rulings P2-P5)."""

from engine.paso.board import (
    AROUND_MASK,
    RING,
    SPACE_AROUND,
    SPACE_INDEX,
    SPACE_NAMES,
    SQUARE_ADJACENT,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARE_XY,
    STONES,
    tile_code,
)


def names(squares):
    return {SQUARE_NAMES[sq] for sq in squares}


def stones(letter, quarters):
    code = tile_code(letter, quarters)
    return {c for i, c in enumerate(("nw", "ne", "se", "sw")) if STONES[code] >> i & 1}


def test_p2_spaces_in_canonical_order_rank_by_rank():
    assert SPACE_NAMES[:6] == ("a1", "b1", "c1", "d1", "e1", "a2")
    assert SPACE_NAMES[-1] == "e5"
    assert len(SPACE_NAMES) == 25


def test_p2_sub_square_grid_coordinates():
    assert SQUARE_XY[SQUARE_INDEX["a1.sw"]] == (0, 0)
    assert SQUARE_XY[SQUARE_INDEX["a1.ne"]] == (1, 1)
    assert SQUARE_XY[SQUARE_INDEX["c2.sw"]] == (4, 2)
    assert SQUARE_XY[SQUARE_INDEX["e5.ne"]] == (9, 9)
    assert len(set(SQUARE_XY)) == 100


def test_p3_sub_squares_step_like_a_king_across_tile_borders():
    assert names(SQUARE_ADJACENT[SQUARE_INDEX["c2.ne"]]) == {
        "c2.nw", "c2.sw", "c2.se", "d2.nw", "d2.sw", "c3.sw", "c3.se", "d3.sw",
    }  # fmt: skip
    assert len(SQUARE_ADJACENT[SQUARE_INDEX["a1.sw"]]) == 3
    assert all(sq not in SQUARE_ADJACENT[sq] for sq in range(100))


def test_p3_spaces_around_have_eight_five_or_three_neighbours():
    assert len(SPACE_AROUND[SPACE_INDEX["c3"]]) == 8
    assert len(SPACE_AROUND[SPACE_INDEX["c1"]]) == 5
    assert len(SPACE_AROUND[SPACE_INDEX["a1"]]) == 3
    assert {SPACE_NAMES[s] for s in SPACE_AROUND[SPACE_INDEX["a1"]]} == {"a2", "b1", "b2"}
    assert AROUND_MASK[SPACE_INDEX["a1"]] == sum(1 << SPACE_INDEX[n] for n in ("a2", "b1", "b2"))


def test_p4_tile_table():
    assert stones("S", 0) == {"nw"} and stones("S", 1) == {"ne"} and stones("S", 2) == {"se"}
    assert stones("S", 3) == {"sw"}
    assert (
        stones("I", 0) == {"nw", "ne"} and stones("I", 1) == {"ne", "se"} and stones("I", 3) == {"sw", "nw"}
    )
    assert (
        stones("D", 0) == {"nw", "se"} and stones("D", 1) == {"ne", "sw"} and stones("D", 2) == {"se", "nw"}
    )
    assert stones("L", 0) == {"nw", "ne", "sw"} and stones("L", 1) == {"ne", "se", "nw"}
    assert stones("L", 2) == {"se", "sw", "ne"} and stones("L", 3) == {"sw", "nw", "se"}


def test_p5_rings_of_middle_and_corner_temples():
    assert names(RING[SPACE_INDEX["c1"]]) == {
        "b1.se",
        "b1.ne",
        "b2.se",
        "c2.sw",
        "c2.se",
        "d2.sw",
        "d1.nw",
        "d1.sw",
    }
    assert names(RING[SPACE_INDEX["a1"]]) == {"b1.sw", "b1.nw", "a2.sw", "a2.se", "b2.sw"}
    assert names(RING[SPACE_INDEX["c5"]]) == {
        "b4.ne",
        "c4.nw",
        "c4.ne",
        "d4.nw",
        "b5.se",
        "b5.ne",
        "d5.sw",
        "d5.nw",
    }
