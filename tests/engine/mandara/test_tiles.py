"""Tile faces and board geometry (rulings M4-M8)."""

import pytest

from engine.mandara.state import Tile
from engine.mandara.stroke import path_scores
from engine.mandara.tiles import (
    CELL_NAMES,
    SPACE_NEIGHBOURS,
    TILE_CELLS,
    TILE_KINDS,
    board_cells,
    tile_slots,
)

# tile: (spaces, slots with 3 players, slots with 4 players, longest path inside the tile) -- M6
BALANCE = {1: (5, 6, 7, 3), 2: (7, 7, 8, 7), 3: (5, 6, 7, 5), 4: (5, 6, 7, 5), 5: (7, 7, 7, 7),
           6: (6, 6, 7, 5), 7: (7, 7, 8, 7), 8: (7, 7, 8, 5), 9: (6, 6, 7, 5)}


@pytest.mark.parametrize("number", range(1, 10))
def test_m6_each_tile_matches_the_balance_summary(number):
    spaces, slots3, slots4, longest = BALANCE[number]
    assert len(TILE_CELLS[number]) == spaces
    assert sum(tile_slots(number, 3)) == slots3
    assert sum(tile_slots(number, 4)) == slots4
    full = Tile(number, 0, tuple((0,) for _ in TILE_CELLS[number]))
    assert path_scores((full,) + (None,) * 8, 3)[0] == longest


def test_m6_the_set_has_55_spaces_five_p2_and_three_p3():
    kinds = [k for n in range(1, 10) for k in TILE_KINDS[n]]
    assert len(kinds) == 55
    assert kinds.count("p2") == 5 and kinds.count("p3") == 3


def test_m5_slot_counts_lose_the_four_player_slot_with_three_players():
    assert tile_slots(1, 3)[TILE_CELLS[1].index("b2")] == 2  # p3
    assert tile_slots(1, 4)[TILE_CELLS[1].index("b2")] == 3
    assert tile_slots(9, 3)[TILE_CELLS[9].index("b3")] == 1  # p2
    assert tile_slots(9, 4)[TILE_CELLS[9].index("b3")] == 2


# M7's table: printed cell -> the position it occupies at 0, 90, 180, 270
ORIENTATION_TABLE = {
    "a1": ("a1", "c1", "c3", "a3"), "b1": ("b1", "c2", "b3", "a2"), "c1": ("c1", "c3", "a3", "a1"),
    "a2": ("a2", "b1", "c2", "b3"), "b2": ("b2", "b2", "b2", "b2"), "c2": ("c2", "b3", "a2", "b1"),
    "a3": ("a3", "a1", "c1", "c3"), "b3": ("b3", "a2", "b1", "c2"), "c3": ("c3", "a3", "a1", "c1"),
}


def _position_name(x, y):
    return "abc"[x] + str(y + 1)


def test_m7_every_cell_turns_clockwise_as_the_table_says():
    # Tile 5 lies on tile space 1, so board cells equal local positions.
    from engine.mandara.tiles import cell_xy, turn
    for cell in CELL_NAMES:
        for degrees, expected in zip((0, 90, 180, 270), ORIENTATION_TABLE[cell], strict=True):
            assert _position_name(*turn(*cell_xy(cell), degrees)) == expected


def test_m7_tile_4_at_90_shows_a3_a2_a1_across_the_top():
    cells = dict(zip(TILE_CELLS[4], board_cells(4, 90, 1), strict=True))
    assert [cells["a3"], cells["a2"], cells["a1"]] == [(0, 0), (1, 0), (2, 0)]
    assert cells["b1"] == (2, 1) and cells["c1"] == (2, 2)


def test_m8_board_cells_add_the_tile_space_offset():
    assert board_cells(8, 90, 5)[TILE_CELLS[8].index("b2")] == (4, 4)
    assert board_cells(5, 0, 9)[0] == (6, 6)
    assert board_cells(2, 0, 3)[TILE_CELLS[2].index("c3")] == (8, 2)


def test_m4_edge_adjacent_tile_spaces_only():
    pairs = {(a, b) for a, near in SPACE_NEIGHBOURS.items() for b in near if a < b}
    assert pairs == {(1, 2), (2, 3), (4, 5), (5, 6), (7, 8), (8, 9), (1, 4), (2, 5), (3, 6), (4, 7),
                     (5, 8), (6, 9)}
