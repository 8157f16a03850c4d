"""Leanings of recorded Tibetana seats: tower raises its highest pagoda, spread never completes a third."""

import pytest

from engine import get_game
from games import recorder_lean

GAME = get_game("tibetana")


def _position(pagodas: dict, priestesses: dict) -> dict:
    doc = GAME.to_json(GAME.setup(2, {}))
    for name, rings in pagodas.items():
        doc["territories"][name]["pagoda"] = {"owner": "pink", "rings": rings}
    for name, count in priestesses.items():
        doc["territories"][name]["pieces"]["pink"]["priestess"] = count
    return doc


def test_tower_builds_onto_its_highest_pagoda_and_spread_onto_its_lowest():
    doc = _position({"b2": 2, "a1": 3}, {})
    legal = ["build a2>a1", "build a2>b2", "end", "train P b2"]
    assert recorder_lean.choose("tower", doc, legal, 0) == "build a2>a1"
    assert recorder_lean.choose("spread", doc, legal, 0) == "build a2>b2"


def test_spread_never_completes_a_third_pagoda_and_tower_starts_no_fourth():
    doc = _position({"b2": 4, "a1": 4, "c2": 3}, {})
    assert recorder_lean.choose("spread", doc, ["build c3>c2", "end"], 0) is None
    assert recorder_lean.choose("tower", doc, ["build c3>c2", "build c3", "end"], 0) == "build c3>c2"
    assert recorder_lean.choose("tower", doc, ["build c3", "end"], 0) is None


def test_without_a_build_a_leaning_trains_a_priestess_then_sends_a_spare_one_to_energy():
    doc = _position({}, {"b2": 2})
    assert recorder_lean.choose("tower", doc, ["move P b2-c3", "train P b2"], 0) == "train P b2"
    doc["territories"]["a2"]["energy"] = 2
    assert recorder_lean.choose("tower", doc, ["move P b2-a1", "move P b2-a2", "end"], 0) == "move P b2-a2"
    lone = _position({}, {})  # b2's only priestess stays with her pagoda
    assert recorder_lean.choose("spread", lone, ["move P b2-a2", "end"], 0) is None


def test_an_unknown_leaning_is_refused():
    with pytest.raises(ValueError, match="unknown leaning 'hoard'"):
        recorder_lean.choose("hoard", _position({}, {}), ["end"], 0)
