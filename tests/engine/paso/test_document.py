"""The position document, its checks, the fingerprint and the outcome (rulings P26, P27, P30)."""

import copy

import pytest

from engine.core import InvalidPosition
from engine.paso import GAME

from .helpers import play, position, started

START_FINGERPRINT = (
    "..........|....L0....|..........|..........|........../c2.sw,temple,temple,temple,temple,temple"
)


def test_p26_document_keys_in_order_and_round_trip():
    state = play(started(), "brahmin summon L c2 r0", "brahmin walk temple-c2.sw")
    doc = GAME.to_json(state)
    assert list(doc) == ["game", "options", "phase", "turn", "current", "temples", "spaces", "tokens",
                         "reserve", "turn_state", "last_end", "quiet_turns", "outcome"]  # fmt: skip
    assert doc["turn_state"] == {"character": "brahmin", "start": "temple", "basic": ["summon", "walk"]}
    assert GAME.from_json(doc) == state
    doc["turn"] = 99  # a fresh dict: editing it does not touch the state
    assert GAME.to_json(state)["turn"] == 1


def test_p26_standard_start_matches_the_ruling_example():
    doc = GAME.to_json(started())
    assert doc["phase"] == "play" and doc["turn"] == 1 and doc["current"] == "south"
    assert doc["temples"] == {"south": "c1", "north": "c5"}
    assert (
        doc["last_end"] == {"south": None, "north": None}
        and doc["quiet_turns"] == 0
        and doc["outcome"] is None
    )


def test_p27_fingerprint_after_the_first_turn():
    state = play(started(), "brahmin summon L c2 r0", "brahmin walk temple-c2.sw", "end")
    assert GAME.to_json(state)["last_end"]["south"] == START_FINGERPRINT


def refuses(doc, match=None):
    with pytest.raises(InvalidPosition, match=match):
        GAME.from_json(doc)


def test_p26_refuses_tiles_plus_reserve_not_four():
    doc = position({"c2": "L0"})
    doc["reserve"]["L"] = 4
    refuses(doc, "reserve.L|L tiles")


def test_p26_refuses_a_token_on_water_or_an_empty_space():
    refuses(position({"c2": "L0"}, {"south.tiger": "c2.se"}), "not a stone")
    refuses(position({"c2": "L0"}, {"south.tiger": "d2.se"}), "not a stone")


def test_p26_refuses_two_tokens_on_one_stone_outside_a_double_walk():
    refuses(position({"c2": "L0"}, {"south.tiger": "c2.nw", "north.cobra": "c2.nw"}), "share")
    refuses(position({"c2": "L0"}, {"south.tiger": "c2.nw", "south.cobra": "c2.nw"}), "share")


def test_p26_accepts_the_acting_token_on_an_own_token_after_the_first_walk():
    doc = position({"c2": "L0"}, {"south.tiger": "c2.nw", "south.cobra": "c2.nw"},
                   turn_state={"character": "tiger", "start": "c2.ne", "basic": ["walk"]})  # fmt: skip
    state = GAME.from_json(doc)
    assert GAME.to_json(state) == doc
    doc["turn_state"]["basic"] = ["summon", "walk"]
    refuses(doc, "share")
    doc = position({"c2": "L0"}, {"south.tiger": "c2.nw", "south.cobra": "c2.nw", "south.brahmin": "c2.nw"},
                   turn_state={"character": "tiger", "start": "c2.ne", "basic": ["walk"]})  # fmt: skip
    refuses(doc, "share")


def test_p26_refuses_temples_off_their_edges_or_under_a_tile():
    refuses(position(temples=("c2", "c5")), "rank 1")
    refuses(position(temples=("c1", "c4")), "rank 5")
    refuses(position({"c1": "L0"}), "temple space")


def test_p26_refuses_phase_inconsistent_with_temples_and_outcome():
    refuses(position(temples=(None, "c5")))
    refuses(position(phase="over"), "outcome")
    refuses(position(outcome={"winners": ["south"], "reason": "protection", "scores": None}), "outcome")
    refuses(position(phase="temples"))
    doc = GAME.to_json(GAME.setup(2))
    doc["temples"]["north"] = "c5"
    refuses(doc)


def test_p26_refuses_the_wrong_seat_for_the_turn():
    refuses(position(turn=4, current="south"), "odd")
    refuses(position(turn=3, current="north"), "odd")


def test_p26_refuses_malformed_fields():
    base = position()
    for path, value in [
        (("game",), "tibetana"),
        (("phase",), "setup"),
        (("turn",), -1),
        (("quiet_turns",), True),
        (("spaces", "c3"), {"type": "X", "rot": 0}),
        (("spaces", "c3"), {"type": "L", "rot": 45}),
        (("tokens", "south", "tiger", "location"), "c9.nw"),
        (("tokens", "south", "tiger", "exhausted"), "no"),
        (("tokens", "south", "tiger", "location"), "rival_temple"),
        (("turn_state", "basic"), ["walk", "walk", "walk"]),
        (("turn_state", "basic"), ["bite"]),
        (("turn_state", "character"), "elephant"),
        (("last_end", "south"), 7),
        (("options",), {"quiet_turn_limit": 60, "speed": 2}),
        (("outcome",), {"winners": ["east"], "reason": "protection", "scores": None}),
    ]:
        doc = copy.deepcopy(base)
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        refuses(doc)
    doc = copy.deepcopy(base)
    del doc["spaces"]["e5"]
    refuses(doc, "spaces")
    doc = copy.deepcopy(base)
    doc["extra"] = 1
    refuses(doc)


def test_p26_last_end_may_be_null_at_any_turn():
    state = GAME.from_json(position(turn=40))
    assert GAME.to_json(state)["last_end"] == {"south": None, "north": None}


def test_p30_outcome_object_is_stored_in_the_document():
    doc = position({"c2": "L0", "c4": "L0"}, {"south.brahmin": "c4.nw"}, turn=5)
    state = GAME.apply(GAME.from_json(doc), "brahmin walk c4.nw-temple")
    expected = {"winners": ["south"], "reason": "illumination", "scores": None}
    assert GAME.outcome(state) == expected
    assert GAME.to_json(state)["outcome"] == expected
    assert GAME.actor(state) is None and GAME.legal_actions(state) == []
    assert GAME.from_json(GAME.to_json(state)) == state
