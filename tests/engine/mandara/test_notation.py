"""Move notation (ruling M34)."""

import pytest

from engine.core import NotationError
from engine.mandara import GAME
from engine.mandara.actions import (
    PASS,
    Animal,
    Asura,
    DealCards,
    DrawTile,
    Heaven,
    Hell,
    OrderTrack,
    Orient,
    PlaceOnCard,
    PlaceOnTile,
    ShufflePile,
)

from .positions import state, tile

CANONICAL = [
    (OrderTrack((0, 2, 1)), "order red grey black"),
    (ShufflePile((4, 7, 2, 9, 1, 5, 8, 3, 6)), "shuffle 4 7 2 9 1 5 8 3 6"),
    (DrawTile(6), "draw tile 6"),
    (Orient(90), "orient 90"),
    (DealCards(("hungry_ghost", "hell", "animal")), "deal cards hungry_ghost hell animal"),
    (PlaceOnTile(5, "b2"), "place t5.b2"),
    (PlaceOnCard(2), "place card2.1"),
    (Asura(4), "asura 4"),
    (Hell(3, 7), "hell 3-7"),
    (Animal(5, 180), "animal 5 180"),
    (Heaven(5, "b2", 0), "heaven t5.b2 red"),
    (PASS, "pass"),
]


@pytest.mark.parametrize("action, text", CANONICAL)
def test_m34_canonical_form_round_trips(action, text):
    assert GAME.format(action) == text
    assert GAME.parse(text, None) == action


@pytest.mark.parametrize("text, action", [
    ("  PLACE   T5 . B2 ", PlaceOnTile(5, "b2")),
    ("Hell 3 - 7", Hell(3, 7)),
    ("heaven  t5.B2   Neutral", Heaven(5, "b2", 4)),
    ("Deal Cards Asura  HELL animal", DealCards(("asura", "hell", "animal"))),
    ("ORDER grey  brown red black", OrderTrack((2, 3, 0, 1))),
])
def test_m34_parser_is_case_insensitive_and_tolerates_spaces(text, action):
    assert GAME.parse(text, None) == action


def test_m34_a_swap_written_larger_first_is_the_same_action():
    position = state(round=3, phase="resolve", board={4: tile(5), 6: tile(2)}, turned=None,
                     cards={2: {"card": "hell", "spaces": {"1": ["red"]}}})
    assert GAME.parse("hell 6-4", position) == Hell(4, 6)
    assert GAME.parse("hell 6-2", position) == Hell(6, 2)  # a move keeps its direction


@pytest.mark.parametrize("text", ["", "jump 3", "place t5", "place t5.d4", "place card2.2", "hell 3",
                                  "animal 5", "orient ninety", "heaven t5.b2 purple", "order red blue",
                                  "deal cards asura fire", "draw 6", "pass now"])
def test_m34_unreadable_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        GAME.parse(text, None)
