"""Walks, the double walk over an own token, temples and Illumination (rulings P10-P12, P19)."""

import pytest

from engine.core import IllegalAction
from engine.paso import GAME

from .helpers import play, started, state

# c2 L r0 (stones nw, ne, sw), c3 I r90 (ne, se), d3 S r270 (sw), b3 D r0 (nw, se).
BOARD = {"c2": "L0", "c3": "I1", "d3": "S3", "b3": "D0", "c4": "L0", "d4": "I0"}


def refused(st, action, rule):
    with pytest.raises(IllegalAction) as err:
        GAME.apply(st, action)
    assert err.value.rule == rule, str(err.value)
    return str(err.value)


def loc(st, seat, character):
    return GAME.to_json(st)["tokens"][seat][character]["location"]


def test_p10_one_step_in_any_direction_onto_a_stone_across_borders():
    st = state(BOARD, {"south.tiger": "c2.ne"}, turn=7)
    legal = GAME.legal_actions(st)
    for target in ("c2.nw", "c2.sw", "c3.se", "d3.sw"):
        assert f"tiger walk c2.ne-{target}" in legal
    assert loc(GAME.apply(st, "tiger walk c2.ne-d3.sw"), "south", "tiger") == "d3.sw"


def test_p10_refusals_name_the_rule():
    st = state(BOARD, {"south.tiger": "c2.ne", "north.cobra": "c3.se"}, turn=7)
    assert refused(st, "tiger walk c2.ne-c2.se", "P10") == "P10: c2.se is water"
    assert "without a tile" in refused(st, "tiger walk c2.ne-d2.nw", "P10")
    assert "rival" in refused(st, "tiger walk c2.ne-c3.se", "P10")
    assert "one step" in refused(st, "tiger walk c2.ne-c3.ne", "P10")
    assert "stands on" in refused(st, "tiger walk c2.nw-c2.sw", "P10")


def test_p10_second_walk_may_not_return_to_the_start():
    st = play(state(BOARD, {"south.tiger": "c2.ne"}, turn=7), "tiger walk c2.ne-c2.nw")
    assert "tiger walk c2.nw-c2.ne" not in GAME.legal_actions(st)
    assert "began the turn" in refused(st, "tiger walk c2.nw-c2.ne", "P10")
    assert loc(play(st, "tiger walk c2.nw-c2.sw"), "south", "tiger") == "c2.sw"


def test_p10_from_the_temple_only_onto_its_ring():
    st = play(started(), "brahmin summon L c2 r0")
    assert "brahmin walk temple-c2.sw" in GAME.legal_actions(st)
    assert "ring" in refused(st, "brahmin walk temple-c2.nw", "P10")


def test_p11_double_walk_over_an_own_token():
    st = state(BOARD, {"south.tiger": "c2.ne", "south.cobra": "c3.se"}, turn=7)
    st = GAME.apply(st, "tiger walk c2.ne-c3.se")
    legal = GAME.legal_actions(st)
    assert legal == sorted(["tiger walk c3.se-c3.ne", "tiger walk c3.se-d3.sw", "tiger walk c3.se-c2.nw"])
    refused(st, "end", "P11")
    refused(st, "tiger summon S d2 r0", "P11")
    st = GAME.apply(st, "tiger walk c3.se-c3.ne")
    assert loc(st, "south", "tiger") == "c3.ne" and loc(st, "south", "cobra") == "c3.se"


def test_p11_no_walk_onto_own_token_without_a_way_on():
    st = state({"c2": "I0"}, {"south.tiger": "c2.nw", "south.cobra": "c2.ne"}, turn=9)
    assert refused(st, "tiger walk c2.nw-c2.ne", "P11") == "P11: a walk over an own token needs a second walk"


def test_p11_never_through_a_rival_token():
    st = state(BOARD, {"south.tiger": "c2.ne", "north.cobra": "c3.se"}, turn=7)
    assert "tiger walk c2.ne-c3.se" not in GAME.legal_actions(st)


def test_p12_tiger_and_cobra_never_enter_a_temple():
    st = state({"c4": "L0", "c2": "L0"}, {"south.tiger": "c4.nw"}, turn=9)
    refused(st, "tiger walk c4.nw-temple", "P12")


def test_p12_brahmin_enters_only_from_the_ring():
    st = state({"c4": "L0", "c2": "L0"}, {"south.brahmin": "c4.sw"}, turn=9)
    refused(st, "brahmin walk c4.sw-temple", "P12")
    st = GAME.apply(st, "brahmin walk c4.sw-c4.nw")
    assert "brahmin walk c4.nw-temple" in GAME.legal_actions(st)


def test_p19_illumination_ends_the_game_mid_turn():
    st = state({"c4": "L0", "c2": "L0"}, {"south.brahmin": "c4.nw", "north.tiger": "temple"}, turn=9)
    st = GAME.apply(st, "brahmin walk c4.nw-temple")
    doc = GAME.to_json(st)
    assert doc["tokens"]["south"]["brahmin"]["location"] == "rival_temple"
    assert doc["turn_state"] == {"character": "brahmin", "start": "c4.nw", "basic": ["walk"]}
    assert doc["turn"] == 9 and doc["current"] == "south" and doc["last_end"]["south"] is None
    assert GAME.outcome(st) == {"winners": ["south"], "reason": "illumination", "scores": None}
    refused(st, "end", "P29")
