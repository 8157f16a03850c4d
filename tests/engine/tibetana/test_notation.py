"""Notation (T36)."""

import pytest

from engine.core import NotationError
from engine.tibetana import GAME

from .helpers import position


@pytest.mark.parametrize("text,canonical", [
    ("MOVE g B2-C3", "move G b2-c3"),
    ("  move   p*   a3 - a2 ", "move P* a3-a2"),
    ("build c3>c3", "build c3"),
    ("Build B4 > D4", "build b4>d4"),
    ("build free d2", "build free d2"),
    ("portal e1 a1", "portal a1 e1"),
    ("roll FLAME", "roll flame"),
    ("Place Mahakala c4", "place mahakala c4"),
    ("kuberan   energy", "kuberan energy"),
    ("crush p a1", "crush P a1"),
    ("Offer  Draw", "offer draw"),
    ("remove G c3", "remove G c3"),
])
def test_t36_parser_is_case_and_space_tolerant(text, canonical):
    assert GAME.parse(text, GAME.setup(2, {})) == canonical
    assert GAME.format(GAME.parse(text, GAME.setup(2, {}))) == canonical


@pytest.mark.parametrize("text", ["fly G b2-c3", "train X b2", "train G e5", "roll 6", "move G b2", "", "place yeti c3"])
def test_t36_parser_rejects_text_of_no_form(text):
    with pytest.raises(NotationError):
        GAME.parse(text, GAME.setup(2, {}))


def test_t36_every_legal_text_parses_back_to_itself():
    s = position({"territories.c3.demon": {"name": "kuberan", "level": "agitated"},
                  "turn.used_energy.pink": {"b2": 1}})
    for text in GAME.legal_notation(s):
        assert GAME.format(GAME.parse(text, s)) == text
