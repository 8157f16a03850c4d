"""Placing pieces and acquiring spaces (rulings M13-M16)."""

import pytest

from engine.core import IllegalAction
from engine.mandara import GAME
from engine.mandara.placement import next_placer, rank_stack

from .positions import card, doc, state, tile

RED, BLACK, GREY, BROWN = range(4)


def test_m14_most_pieces_win_and_the_rest_return():
    kept, returned = rank_stack((RED, BLACK, BLACK), 1)
    assert kept == (BLACK,)
    assert sorted(returned) == [RED, BLACK]


def test_m14_a_tie_goes_to_the_colour_placed_first():
    kept, returned = rank_stack((GREY, RED, RED, GREY), 1)
    assert kept == (GREY,)
    assert sorted(returned) == [RED, RED, GREY]


def test_m15_a_parallel_space_keeps_the_top_k_in_rank_order():
    assert rank_stack((GREY, RED, BLACK, RED, BLACK), 2)[0] == (RED, BLACK)
    assert rank_stack((BROWN, RED, GREY, RED, BLACK, GREY, BROWN), 3)[0] == (BROWN, RED, GREY)


def test_m15_fewer_colours_than_slots_all_keep_one():
    kept, returned = rank_stack((RED, RED, RED), 3)
    assert kept == (RED,)
    assert returned == [RED, RED]


def test_m13_turn_order_skips_empty_hands_and_wraps():
    track = [GREY, RED, BLACK]  # turn order: black, red, grey
    assert next_placer(track, [0, 1, 1], None) == BLACK
    assert next_placer(track, [0, 1, 1], BLACK) == GREY  # red has nothing left
    assert next_placer(track, [0, 1, 0], GREY) == BLACK  # after the highest, the lowest again
    assert next_placer(track, [0, 0, 0], GREY) is None


def _m36_position():
    return state(round=1, phase="place", actor="grey", track=["black", "red", "grey"],
                 people={"red": (2, 3, 4, 12), "black": (3, 3, 4, 12), "grey": (1, 3, 4, 12)},
                 turned=tile(4, 90), pile=[7, 2, 9, 1, 5, 8, 3, 6],
                 cards={1: card("human"), 2: card("asura"), 3: card("hungry_ghost")})


def test_m36_placement_targets_in_canonical_order():
    assert GAME.legal_notation(_m36_position()) == [
        "place t4.a1", "place t4.b1", "place t4.c1", "place t4.a2", "place t4.a3",
        "place card1.1", "place card2.1", "place card3.1"]


@pytest.mark.parametrize("text", ["place t4.b2", "place t2.a1", "place card4.1", "pass", "asura 3"])
def test_m13_refused_placements_name_the_ruling_and_change_nothing(text):
    position = _m36_position()
    before = doc(position)
    with pytest.raises(IllegalAction) as refused:
        GAME.play(position, text)
    assert refused.value.rule == "M13"
    assert doc(position) == before


def test_m13_a_new_piece_goes_on_top_of_the_stack():
    position = _m36_position()
    for text in ("place t4.a1", "place t4.a1", "place t4.a1"):
        position = GAME.play(position, text)
    assert doc(position)["turned"]["cells"]["a1"] == ["grey", "red", "black"]


def test_m16_the_human_realm_keeps_every_piece_through_acquisition_then_m18_resolves_it():
    position = state(round=2, phase="place", actor="red", track=["black", "grey", "red"],
                     people={"red": (1, 1, 4, 10), "black": (5, 0, 0, 10), "grey": (3, 0, 1, 10)},
                     board={5: tile(5)}, turned=tile(1),
                     cards={1: card("human", "black", "grey", "black", "grey"), 2: card("asura")})
    after = doc(GAME.play(position, "place card1.1"))
    # black: reserve empty, only the 2 pieces come back; grey: 1 from reserve + 2; red: 1 + 1
    assert after["players"]["black"]["hand"] == 2 and after["players"]["black"]["reserve"] == 0
    assert after["players"]["grey"]["hand"] == 3 and after["players"]["grey"]["reserve"] == 0
    assert after["players"]["red"]["hand"] == 2 and after["players"]["red"]["reserve"] == 3
    assert after["cards"]["1"]["spaces"]["1"] == []


def test_m14_acquisition_leaves_board_tiles_untouched():
    position = state(round=2, phase="place", actor="red", track=["black", "grey", "red"],
                     people={"red": (1, 1, 4, 10)},
                     board={5: tile(5, 0, a1=["red", "black"])}, turned=tile(1, 0, b2=["grey"]),
                     cards={1: card("human"), 2: card("asura")})
    after = doc(GAME.play(position, "place t1.b2"))
    assert after["board"]["5"]["cells"]["a1"] == ["red", "black"]
    assert after["board"]["2"]["cells"]["b2"] == ["grey", "red"]  # p3: two slots with 3 players
