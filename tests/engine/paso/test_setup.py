"""Seats, setup, temples, options, and the absence of chance and secrets (rulings P1, P6, P25)."""

import pytest

from engine import get_game
from engine.core import IllegalAction, UnknownOption
from engine.paso import GAME

from .helpers import play, started


def test_p1_two_seats_south_first():
    assert get_game("paso") is GAME
    assert GAME.player_counts == (2,)
    assert GAME.seat_names(2) == ["south", "north"]
    assert GAME.actor(GAME.setup(2)) == 0


def test_p6_setup_is_the_empty_board_with_a_full_reserve():
    doc = GAME.to_json(GAME.setup(2))
    assert doc["phase"] == "temples" and doc["turn"] == 0 and doc["current"] == "south"
    assert doc["temples"] == {"south": None, "north": None}
    assert all(tile is None for tile in doc["spaces"].values())
    assert doc["reserve"] == {"S": 4, "I": 4, "D": 4, "L": 4}
    assert all(
        t == {"location": "temple", "exhausted": False}
        for side in doc["tokens"].values()
        for t in side.values()
    )
    assert doc["options"] == {"quiet_turn_limit": 60}


def test_p6_south_places_on_rank_1_then_north_on_rank_5():
    state = GAME.setup(2)
    assert GAME.legal_actions(state) == ["temple a1", "temple b1", "temple c1", "temple d1", "temple e1"]
    with pytest.raises(IllegalAction, match="^P6: "):
        GAME.apply(state, "temple c5")
    state = GAME.apply(state, "temple a1")
    assert GAME.legal_actions(state) == ["temple a5", "temple b5", "temple c5", "temple d5", "temple e5"]
    with pytest.raises(IllegalAction, match="^P6: "):
        GAME.apply(state, "end")
    state = GAME.apply(state, "temple e5")
    doc = GAME.to_json(state)
    assert (doc["phase"], doc["turn"], doc["current"]) == ("play", 1, "south")
    with pytest.raises(IllegalAction, match="^P6: "):
        GAME.apply(state, "temple b1")


def test_p6_corner_temple_first_turn_offers_summons_on_three_spaces():
    legal = GAME.legal_actions(started("a1", "e5"))
    assert len(legal) == 3 * 4 * 3 * 4 + 1
    assert {a.split()[3] for a in legal if "summon" in a} == {"a2", "b1", "b2"}


def test_p6_first_useful_turn_is_summon_then_walk_out():
    state = play(started(), "brahmin summon L c2 r0", "brahmin walk temple-c2.sw")
    assert GAME.to_json(state)["tokens"]["south"]["brahmin"]["location"] == "c2.sw"


def test_options_are_checked():
    assert GAME.to_json(GAME.setup(2, {"quiet_turn_limit": 0}))["options"] == {"quiet_turn_limit": 0}
    with pytest.raises(UnknownOption):
        GAME.setup(2, {"board_size": 7})
    with pytest.raises(UnknownOption):
        GAME.setup(2, {"quiet_turn_limit": -1})
    with pytest.raises(UnknownOption):
        GAME.setup(2, {"quiet_turn_limit": "60"})
    with pytest.raises(UnknownOption):
        GAME.setup(3)


def test_p25_no_chance_and_every_view_is_the_whole_document():
    state = play(started(), "tiger summon D b2 r90")
    whole = GAME.to_json(state)
    assert GAME.view(state, 0) == whole and GAME.view(state, 1) == whole and GAME.view(state, None) == whole
    assert GAME.actor(state) == 0
    assert GAME.chance_shuffle(state) is None
