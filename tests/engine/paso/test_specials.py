"""Bite, Levitate, Meditate and their conditions (rulings P14-P17, P20)."""

import pytest

from engine.core import IllegalAction
from engine.paso import GAME

from .helpers import play, state


def refused(st, action, rule):
    with pytest.raises(IllegalAction) as err:
        GAME.apply(st, action)
    assert err.value.rule == rule, str(err.value)


def tokens(st):
    return GAME.to_json(st)["tokens"]


def test_p14_bite_eliminates_an_adjacent_rival_token():
    st = state(
        {"c2": "L0", "d2": "L0"}, {"south.cobra": "c2.ne", "north.tiger": "d2.nw", "south.tiger": "c2.nw"}
    )
    assert "cobra bite d2.nw" in GAME.legal_actions(st) and "cobra bite c2.nw" not in GAME.legal_actions(st)
    refused(st, "cobra bite c2.nw", "P14")
    refused(st, "cobra bite d2.ne", "P14")
    st = GAME.apply(st, "cobra bite d2.nw")
    assert tokens(st)["north"]["tiger"] == {"location": "out", "exhausted": False}
    assert tokens(st)["south"]["cobra"]["exhausted"] is True
    assert GAME.to_json(st)["quiet_turns"] == 0


def test_p20_poisoning_wins_at_once():
    st = state({"c2": "L0", "d2": "L0"}, {"south.cobra": "c2.ne", "north.brahmin": "d2.nw"})
    st = GAME.apply(st, "cobra bite d2.nw")
    assert GAME.outcome(st) == {"winners": ["south"], "reason": "poisoning", "scores": None}
    doc = GAME.to_json(st)
    assert doc["tokens"]["north"]["brahmin"]["location"] == "out"
    assert doc["tokens"]["south"]["cobra"]["exhausted"] is False  # the turn never closed (P8)
    assert doc["turn_state"]["character"] == "cobra" and doc["turn"] == 11


def test_p15_levitate_carries_every_token_to_the_same_corner():
    st = state(
        {"c2": "L0", "c3": "I1"}, {"south.tiger": "c2.nw", "south.cobra": "c3.se", "north.brahmin": "c3.ne"}
    )
    st = GAME.apply(st, "tiger levitate c3-d2")
    doc = GAME.to_json(st)
    assert doc["spaces"]["c3"] is None and doc["spaces"]["d2"] == {"type": "I", "rot": 90}
    assert doc["tokens"]["south"]["cobra"]["location"] == "d2.se"
    assert doc["tokens"]["north"]["brahmin"]["location"] == "d2.ne"


def test_p15_p17_levitate_refusals():
    st = state({"c2": "L0", "c3": "I1", "d3": "S0", "c4": "L0"}, {"south.tiger": "c2.nw"})
    refused(st, "tiger levitate c2-b2", "P15")  # its own tile
    refused(st, "tiger levitate c3-c1", "P17")  # onto a temple
    refused(st, "tiger levitate c4-b2", "P15")  # not around the tiger
    refused(st, "tiger levitate c3-d3", "P15")  # occupied target
    refused(st, "tiger levitate b3-b2", "P15")  # no tile there


def test_p16_meditate_turns_the_tile_and_its_riders():
    st = state(
        {"c2": "L0", "c3": "L0"}, {"south.brahmin": "c2.nw", "north.cobra": "c3.nw", "south.tiger": "c3.sw"}
    )
    st = GAME.apply(st, "brahmin meditate c3 r270")
    doc = GAME.to_json(st)
    assert doc["spaces"]["c3"] == {"type": "L", "rot": 270}
    assert doc["tokens"]["north"]["cobra"]["location"] == "c3.sw"
    assert doc["tokens"]["south"]["tiger"]["location"] == "c3.se"


def test_p16_rotation_is_absolute_and_d_tiles_have_four_orientations():
    st = state({"c2": "L0", "c3": "D0"}, {"south.brahmin": "c2.nw", "north.cobra": "c3.nw"})
    legal = GAME.legal_actions(st)
    assert {"brahmin meditate c3 r90", "brahmin meditate c3 r180", "brahmin meditate c3 r270"} <= set(legal)
    after = GAME.apply(st, "brahmin meditate c3 r180")
    doc = GAME.to_json(after)
    assert doc["spaces"]["c3"] == {"type": "D", "rot": 180}
    assert doc["tokens"]["north"]["cobra"]["location"] == "c3.se"


def test_p16_p17_meditate_refusals():
    st = state({"c2": "L0", "c3": "L0"}, {"south.brahmin": "c2.nw"})
    refused(st, "brahmin meditate c2 r90", "P16")
    refused(st, "brahmin meditate c3 r0", "P16")
    refused(st, "brahmin meditate c1 r90", "P17")
    refused(st, "brahmin meditate c4 r90", "P16")


def test_p17_no_special_from_the_temple_but_after_walking_out():
    st = state({"c2": "L0", "d2": "I0"}, {"north.cobra": "d2.nw"}, turn=7)
    refused(st, "tiger levitate d2-b2", "P17")
    st = GAME.apply(st, "tiger walk temple-c2.sw")
    assert "tiger levitate d2-b2" in GAME.legal_actions(st)


def test_p17_only_the_turns_character_and_only_when_active():
    st = state({"c2": "L0", "d2": "L0"}, {"south.cobra": "c2.ne", "north.tiger": "d2.nw", "south.tiger": "c2.nw"},
               exhausted=("south.cobra",))  # fmt: skip
    refused(st, "cobra bite d2.nw", "P17")
    st = play(state({"c2": "L0", "d2": "L0"}, {"south.cobra": "c2.ne", "north.tiger": "d2.sw", "south.tiger": "c2.nw"}),
              "tiger walk c2.nw-c2.sw")  # fmt: skip
    refused(st, "cobra bite d2.sw", "P8")


def test_p17_temple_tokens_are_never_targets():
    st = state({"c2": "L0", "b2": "L0"}, {"south.cobra": "b2.ne"}, turn=9, temples=("c1", "c5"))
    assert not any("bite" in a for a in GAME.legal_actions(st))
