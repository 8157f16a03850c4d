"""The longest single stroke (rulings M26, M28, M38), checked against a brute-force search."""

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.mandara.state import NEUTRAL, Tile
from engine.mandara.stroke import path_scores
from engine.mandara.tiles import TILE_CELLS, board_cells

from .positions import card, state, tile

RED, BLACK, GREY, BROWN = range(4)


def _m28_board():
    position = state(players=4, round=4, phase="resolve", track=["brown", "grey", "red", "black"],
                     board={2: tile(1, 0, b1=["red"], a2=["red"], b2=["red", "grey"], c2=["red"], b3=["red"]),
                            4: tile(7, 0, a1=["grey"], b1=["grey"], a2=["brown"], b2=["grey", "neutral"],
                                    c2=["grey"], b3=["black"], c3=["black"]),
                            5: tile(8, 90, c1=["black"], a2=["red"], b2=["red", "black"], c2=["black"],
                                    c3=["black"]),
                            6: tile(5, 0, b1=["neutral"], c1=["neutral"], a2=["black"], c2=["neutral"],
                                    a3=["black"])},
                     cards={3: card("hell", "red")}, neutral=4)
    return position.board


def test_m28_worked_example_red_5_black_8_grey_4_brown_2():
    assert path_scores(_m28_board(), 4) == [5, 8, 4, 2]


def test_m26_neutral_pieces_never_score_alone():
    lone = Tile(5, 0, ((NEUTRAL,), (NEUTRAL,), (NEUTRAL,), (), (), (), ()))
    assert path_scores((lone,) + (None,) * 8, 3) == [0, 0, 0]
    with_red = Tile(5, 0, ((NEUTRAL,), (NEUTRAL,), (NEUTRAL,), (RED,), (), (), ()))
    assert path_scores((with_red,) + (None,) * 8, 3) == [4, 0, 0]  # c1 b1 a1 a2


def test_m26_a_parallel_space_counts_once_and_serves_every_colour_on_it():
    # tile 1: the p3 at b2 is the hub of four arms; a stroke can use only two arms.
    full = Tile(1, 0, ((RED,), (RED,), (RED, BLACK), (RED,), (BLACK,)))
    assert path_scores((full,) + (None,) * 8, 3) == [3, 2, 0]


def test_m26_an_empty_tile_space_breaks_the_connection():
    row = Tile(5, 0, ((RED,), (RED,), (RED,), (), (), (), ()))
    assert path_scores((row, row.__class__(2, 0, ((RED,),) + ((),) * 6)) + (None,) * 7, 3)[0] == 4
    assert path_scores((row, None, Tile(2, 0, ((RED,),) + ((),) * 6)) + (None,) * 6, 3)[0] == 3


# --- brute force ---------------------------------------------------------------------------------

def _brute_force(board, seat):
    cells = []
    for space, t in enumerate(board, start=1):
        if t is not None:
            for xy, stack in zip(board_cells(t.number, t.orientation, space), t.stacks, strict=True):
                if seat in stack or NEUTRAL in stack:
                    cells.append((xy, seat in stack))
    best = 0
    for k in range(1, len(cells) + 1):
        for path in permutations(range(len(cells)), k):
            if not any(cells[i][1] for i in path):
                continue
            if all(abs(cells[a][0][0] - cells[b][0][0]) + abs(cells[a][0][1] - cells[b][0][1]) == 1
                   for a, b in zip(path, path[1:], strict=False)):
                best = k
                break
    return best


STACKS = [(), (), (RED,), (RED,), (BLACK,), (NEUTRAL,), (RED, BLACK), (BLACK, NEUTRAL)]


@st.composite
def small_boards(draw):
    spaces = draw(st.lists(st.integers(1, 9), min_size=1, max_size=3, unique=True))
    numbers = draw(st.permutations(range(1, 10)))
    board = [None] * 9
    usable = 0
    for space, number in zip(spaces, numbers, strict=False):
        stacks = []
        for _ in TILE_CELLS[number]:
            stack = draw(st.sampled_from(STACKS))
            if stack and usable >= 7:
                stack = ()  # keep the brute force small
            usable += bool(stack)
            stacks.append(stack)
        board[space - 1] = Tile(number, draw(st.sampled_from((0, 90, 180, 270))), tuple(stacks))
    return tuple(board)


@settings(max_examples=150, deadline=None)
@given(small_boards())
def test_m38_depth_first_search_equals_brute_force(board):
    assert path_scores(board, 3)[:2] == [_brute_force(board, RED), _brute_force(board, BLACK)]


def test_m38_a_crowded_board_scores_quickly():
    import time
    full = tuple(Tile(n, 0, tuple((RED, NEUTRAL) if i % 3 else (BLACK,) for i in range(len(TILE_CELLS[n]))))
                 for n in range(1, 10))
    start = time.perf_counter()
    path_scores(full, 3)
    assert time.perf_counter() - start < 2.0
