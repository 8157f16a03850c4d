"""The round machine: structure, preparation, end and ranking (rulings M11, M12, M29-M31)."""

import pytest

from engine.core import CHANCE, IllegalAction
from engine.mandara import GAME
from engine.mandara.rounds import deal_size, end_game, refill_hands
from engine.mandara.state import Draft

from .positions import card, doc, state, tile


def _drawing(players, round_, stocks=10):
    seats = ["red", "black", "grey", "brown"][:players]
    board = {s: tile(s) for s in range(1, round_ + 1)}
    return state(players=players, round=round_, phase="draw", actor="chance", track=seats,
                 people={c: (0, 0, 4, stocks) for c in seats}, board=board,
                 cards={1: card("human"), 2: card("asura"), 3: card("hell"), 4: card("heaven")})


@pytest.mark.parametrize("round_, pieces", [(1, 1), (2, 2), (3, 1), (4, 2), (7, 1), (8, 2)])
def test_m29_three_players_refill_one_after_odd_rounds_two_after_even(round_, pieces):
    draft = Draft(_drawing(3, round_))
    refill_hands(draft)
    assert draft.hands == [pieces] * 3 and draft.stocks == [10 - pieces] * 3


@pytest.mark.parametrize("round_", [1, 2, 8])
def test_m29_four_players_refill_one_every_round(round_):
    draft = Draft(_drawing(4, round_))
    refill_hands(draft)
    assert draft.hands == [1] * 4


def test_m29_a_short_stock_gives_what_is_left():
    draft = Draft(_drawing(3, 2, stocks=1))
    refill_hands(draft)
    assert draft.hands == [1] * 3 and draft.stocks == [0] * 3


def test_m33_deals_are_three_of_five_then_four_after_round_eight():
    assert [deal_size(r) for r in range(1, 9)] == [3] * 7 + [4]
    position = GAME.play(GAME.play(_drawing(3, 2), "draw tile 3"), "orient 0")
    deals = GAME.legal_notation(position)
    assert len(deals) == 60
    assert deals[:2] == ["deal cards asura hungry_ghost hell", "deal cards asura hungry_ghost animal"]
    assert deals[-1] == "deal cards heaven animal hell"


def test_m29_the_human_realm_retires_after_round_eight():
    position = GAME.play(GAME.play(_drawing(3, 8), "draw tile 9"), "orient 90")
    assert len(GAME.legal_actions(position)) == 120
    with pytest.raises(IllegalAction, match="M29"):
        GAME.play(position, "deal cards asura hell animal")
    after = doc(GAME.play(position, "deal cards animal asura heaven hell"))
    assert [after["cards"][k]["card"] for k in "1234"] == ["animal", "asura", "heaven", "hell"]
    assert after["round"] == 9 and after["phase"] == "place"


def test_m12_round_stays_r_through_the_preparation_after_round_r():
    position = GAME.play(_drawing(3, 4), "draw tile 5")
    assert doc(position)["round"] == 4 and GAME.actor(position) == 2  # grey, last of track
    position = GAME.play(position, "orient 180")
    assert GAME.actor(position) == CHANCE and doc(position)["round"] == 4
    position = GAME.play(position, "deal cards hell animal heaven")
    assert doc(position)["round"] == 5 and GAME.actor(position) == 2


def test_m30_adjustments_in_order_with_markers_moving_at_once():
    # red and black tie on the longest stroke; tile 5's majority is black; grey holds 2 pieces.
    position = state(round=9, phase="place", actor="red", track=["grey", "red", "black"],
                     people={"red": (20, 1, 0, 0), "black": (18, 0, 0, 0), "grey": (24, 0, 0, 0)},
                     board={5: tile(5, 0, a1=["red"], b1=["red"], a2=["black"], a3=["black"], b3=["black"])},
                     turned=None, cards={1: card("asura"), 2: card("hell")})
    draft = Draft(position)
    draft.hands = [0, 0, 2]
    end_game(draft)
    # longest strokes: red 2, black 3 -> black +3 = 21; tile 5: black 3 > red 2 -> black 22; grey -4 = 20
    assert draft.scores == [20, 22, 20]
    assert draft.track == [1, 0, 2]  # grey arrives on 20 after red: behind it
    assert draft.phase == "over" and draft.actor is None


def test_m31_the_outcome_names_the_first_of_the_final_track():
    position = state(round=9, phase="over", actor=None, track=["black", "red", "grey"],
                     people={"red": (39, 0, 0, 0), "black": (39, 0, 0, 0), "grey": (33, 1, 0, 0)},
                     board={s: tile(s) for s in range(1, 10)}, pile=[],
                     cards={1: card("asura"), 2: card("hell"), 3: card("animal"), 4: card("heaven")})
    assert GAME.outcome(position) == {"winners": ["black"], "reason": "mandala_complete",
                                      "scores": {"red": 39, "black": 39, "grey": 33}}
    assert GAME.legal_actions(position) == [] and GAME.actor(position) is None
    with pytest.raises(IllegalAction, match="M31"):
        GAME.play(position, "pass")


def test_m31_outcome_is_null_while_the_game_runs():
    assert GAME.outcome(_drawing(3, 3)) is None
