"""The position document, views and chance points (rulings M11, M32, M33, M35-M37)."""

import json

import pytest

from engine.core import CHANCE, InvalidPosition, UnknownOption
from engine.mandara import GAME
from engine.mandara.actions import DealCards, OrderTrack, ShufflePile

from .positions import card, doc, document, state, tile

M36 = {
    "game": "mandara",
    "seats": ["red", "black", "grey"],
    "round": 1,
    "phase": "place",
    "actor": "grey",
    "track": ["black", "red", "grey"],
    "players": {"red": {"score": 2, "hand": 3, "reserve": 4, "stock": 12},
                "black": {"score": 3, "hand": 3, "reserve": 4, "stock": 12},
                "grey": {"score": 1, "hand": 3, "reserve": 4, "stock": 12}},
    "neutral_stock": 8,
    "board": {str(s): None for s in range(1, 10)},
    "turned": {"tile": 4, "orientation": 90, "cells": {"a1": [], "b1": [], "c1": [], "a2": [], "a3": []}},
    "tile_pile": [7, 2, 9, 1, 5, 8, 3, 6],
    "cards": {"1": {"card": "human", "spaces": {"1": []}}, "2": {"card": "asura", "spaces": {"1": []}},
              "3": {"card": "hungry_ghost", "spaces": {"1": []}}, "4": None},
}


def test_m36_the_three_player_start_is_exactly_the_ruling_document():
    position = GAME.setup(3, {})
    for text in ("order grey red black", "shuffle 4 7 2 9 1 5 8 3 6", "draw tile 4", "orient 90"):
        position = GAME.play(position, text)
    assert json.dumps(doc(position)) == json.dumps(M36)  # same values and key order
    assert GAME.from_json(M36) == position


def test_m11_setup_document_round_trips_and_refuses_options():
    position = GAME.setup(["a", "b", "c", "d"])
    assert doc(position)["track"] == [] and doc(position)["players"]["brown"]["stock"] == 8
    assert GAME.from_json(doc(position)) == position
    assert GAME.actor(position) == CHANCE
    with pytest.raises(UnknownOption):
        GAME.setup(3, {"variant": 1})
    with pytest.raises(UnknownOption):
        GAME.setup(2, {})


def test_m32_every_seat_and_spectators_see_all_but_the_tile_pile():
    position = GAME.from_json(M36)
    expected = {k: v for k, v in M36.items() if k != "tile_pile"}
    for seat in (0, 1, 2, None):
        assert GAME.view(position, seat) == expected


def test_m32_only_the_shuffle_is_secret():
    position = GAME.play(GAME.setup(3), "order red black grey")
    assert GAME.is_secret(position, ShufflePile(tuple(range(1, 10))))
    assert not GAME.is_secret(GAME.setup(3), OrderTrack((0, 1, 2)))


def test_m32_chance_shuffles_name_their_items_in_the_committed_order():
    position = GAME.setup(4)
    order = GAME.chance_shuffle(position)
    assert order.items == ["red", "black", "grey", "brown"]
    assert order.to_action(["grey", "red", "brown", "black"]) == OrderTrack((2, 0, 3, 1))
    position = GAME.play(position, "order red black grey brown")
    pile = GAME.chance_shuffle(position)
    assert pile.items == list(range(1, 10))
    assert pile.to_action([3, 1, 2, 4, 5, 6, 7, 8, 9]) == ShufflePile((3, 1, 2, 4, 5, 6, 7, 8, 9))
    position = GAME.play(position, "shuffle 1 2 3 4 5 6 7 8 9")
    assert GAME.chance_shuffle(position) is None  # draw: one outcome, listed by legal_actions
    assert GAME.legal_notation(position) == ["draw tile 1"]


def test_m32_the_deal_takes_the_first_three_or_four_of_the_shuffled_cards():
    cards = ["heaven", "asura", "hell", "animal", "hungry_ghost"]
    for round_, size in ((3, 3), (8, 4)):
        position = state(round=round_, phase="deal", actor="chance", board={1: tile(1)}, turned=tile(2, 0),
                         cards={1: card("human")})
        shuffle = GAME.chance_shuffle(position)
        assert shuffle.items == ["asura", "hungry_ghost", "hell", "animal", "heaven"]
        assert shuffle.to_action(cards) == DealCards(tuple(cards[:size]))


def test_m33_order_outcomes_are_permutations_lexicographic_by_seat():
    assert GAME.legal_notation(GAME.setup(3))[:3] == [
        "order red black grey", "order red grey black", "order black red grey"]
    assert len(GAME.legal_actions(GAME.setup(4))) == 24


def test_m33_the_shuffle_lists_all_nine_factorial_orders():
    position = GAME.play(GAME.setup(3), "order red black grey")
    outcomes = GAME.legal_actions(position)
    assert len(outcomes) == 362880
    assert outcomes[0] == ShufflePile((1, 2, 3, 4, 5, 6, 7, 8, 9))
    assert outcomes[-1] == ShufflePile((9, 8, 7, 6, 5, 4, 3, 2, 1))


@pytest.mark.parametrize("path, value", [
    ("game", "chess"),
    ("seats", ["red", "grey", "black"]),
    ("phase", "scoring"),
    ("round", 10),
    ("track", ["red", "black"]),
    ("turned", {"tile": 4, "orientation": 45, "cells": {"a1": [], "b1": [], "c1": [], "a2": [], "a3": []}}),
    ("turned", {"tile": 4, "orientation": 90, "cells": {"a1": [], "b2": []}}),
    ("turned", {"tile": 7, "orientation": 90, "cells": {c: [] for c in ("a1", "b1", "a2", "b2", "c2", "b3", "c3")}}),
    ("tile_pile", [7, 2, 9, 1, 5, 8, 3]),
    ("cards", {"1": {"card": "nirvana", "spaces": {"1": []}}, "2": None, "3": None, "4": None}),
    ("cards", {"1": {"card": "human", "spaces": {"1": ["brown"]}}, "2": None, "3": None, "4": None}),
    ("actor", "black"),  # with black's hand emptied below: a placer must hold a piece
])
def test_m37_documents_breaking_the_shape_are_refused(path, value):
    bad = json.loads(json.dumps(M36))
    bad[path] = value
    if path == "actor":
        bad["players"]["black"]["hand"] = 0
    with pytest.raises(InvalidPosition):
        GAME.from_json(bad)


def test_m37_setup_phases_hold_no_tile_and_order_has_an_empty_track():
    setup = doc(GAME.setup(3))
    with pytest.raises(InvalidPosition):
        GAME.from_json({**setup, "tile_pile": list(range(1, 10))})
    with pytest.raises(InvalidPosition):
        GAME.from_json({**setup, "track": ["red", "black", "grey"]})


def test_m37_piece_counts_are_not_checked():
    position = state(people={"red": (0, 9, 0, 99)}, turned=tile(3, 0), cards={1: card("human")})
    assert doc(position)["players"]["red"]["stock"] == 99


def test_m35_resolve_actor_is_derived_from_the_cards():
    position = GAME.from_json(document(round=2, phase="resolve", actor="red", turned=tile(3, 0),
                                       cards={2: card("hell", "grey")}))
    assert GAME.actor(position) == 2
    assert doc(position)["actor"] == "grey"
