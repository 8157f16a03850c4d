"""Summon (ruling P13) and the turn's basic-action limits (P8)."""

import pytest

from engine.core import IllegalAction
from engine.paso import GAME

from .helpers import play, started, state


def test_p13_from_the_temple_around_the_temple_space():
    st = play(started(), "cobra summon D b2 r90")
    doc = GAME.to_json(st)
    assert doc["spaces"]["b2"] == {"type": "D", "rot": 90} and doc["reserve"]["D"] == 3
    assert doc["tokens"]["south"]["cobra"]["location"] == "temple"


def test_p13_around_the_tile_the_token_stands_on():
    st = state({"c2": "L0"}, {"south.tiger": "c2.nw"}, turn=3)
    legal = GAME.legal_actions(st)
    assert "tiger summon S c3 r0" in legal and "tiger summon S b3 r270" in legal
    assert "tiger summon S c4 r0" not in legal and "tiger summon S c1 r0" not in legal


@pytest.mark.parametrize(
    "action, words",
    [
        ("tiger summon S b2 r0", "no S tile"),
        ("tiger summon L c1 r0", "temple"),
        ("tiger summon I c3 r0", "already holds"),
        ("tiger summon I c4 r0", "not around"),
    ],
)
def test_p13_refusals(action, words):
    tiles = {"c2": "L0", "c3": "L0", "a4": "S0", "e4": "S0", "a3": "S0", "e3": "S0"}
    st = state(tiles, {"south.tiger": "c2.nw"}, turn=5)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(st, action)
    assert err.value.rule == "P13" and words in str(err.value)


def test_p13_no_summon_once_the_reserve_is_empty():
    tiles = {s: f"{t}0" for s, t in zip(
        ["a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "a4", "b4", "c4", "d4", "e4", "a5"],
        "SIDL" * 4, strict=True)}  # fmt: skip
    st = state(tiles, {"south.tiger": "c2.nw"}, turn=5)
    assert not any("summon" in a for a in GAME.legal_actions(st))


def test_p8_at_most_two_basic_actions_and_one_character():
    st = play(
        state({"c2": "L0"}, {"south.tiger": "c2.nw", "south.cobra": "c2.sw"}, turn=3), "tiger summon I b2 r0"
    )
    with pytest.raises(IllegalAction, match="^P8: "):
        GAME.apply(st, "cobra walk c2.sw-b2.ne")
    st = play(st, "tiger summon I d2 r90")
    with pytest.raises(IllegalAction, match="^P8: "):
        GAME.apply(st, "tiger walk c2.nw-c2.ne")
    assert not any(a.startswith("tiger walk") or "summon" in a for a in GAME.legal_actions(st))
    assert "end" in GAME.legal_actions(st)


def test_p8_an_eliminated_character_cannot_act():
    st = state({"c2": "L0"}, {"south.tiger": "out"}, turn=3)
    assert not any(a.startswith("tiger") for a in GAME.legal_actions(st))
    with pytest.raises(IllegalAction, match="^P8: "):
        GAME.apply(st, "tiger summon I b2 r0")
