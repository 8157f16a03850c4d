"""The canonical position document and its checks (T35, T38)."""

import json
import re

import pytest

from engine.core import InvalidPosition, UnknownOption
from engine.docpath import set_path
from engine.tibetana import GAME
from tests.conftest import shared_file

from .helpers import position


def _ruling_start() -> dict:
    text = shared_file("rulings", "tibetana.md").read_text()
    block = re.search(r"The standard start \(T9\), complete:\s*```json\n(.*?)```", text, re.S)
    return json.loads(block.group(1))


def test_t35_standard_start_is_the_ruling_document_key_for_key():
    doc = GAME.to_json(GAME.setup(2, {}))
    assert doc == _ruling_start()
    assert list(doc) == list(_ruling_start())


def test_t1_1_setup_takes_two_players_and_no_options():
    with pytest.raises(UnknownOption):
        GAME.setup(2, {"map": "custom"})
    with pytest.raises(UnknownOption):
        GAME.setup(3, {})
    assert GAME.seat_names(2) == ["pink", "green"]


def test_t35_round_trip_and_fresh_documents():
    s = GAME.setup(2, {})
    doc = GAME.to_json(s)
    assert GAME.from_json(doc) == s
    doc["players"]["pink"]["pool"] = 99
    assert GAME.to_json(s)["players"]["pink"]["pool"] == 2


def test_t38_views_equal_the_document_for_every_seat():
    s = position({"territories.c3.demon": {"name": "heruka", "level": "agitated"}})
    for seat in (0, 1, None):
        assert GAME.view(s, seat) == GAME.to_json(s)


BAD = [
    ("players.pink.reserve.guardian", 5),  # 7 guardians in all
    ("players.green.reserve.pagoda", 5),  # 6 pagodas
    ("territories.b2.pieces.green.guardian", 1),  # two colours in b2
    ("territories.b2.demon", {"name": "kuberan", "level": "natural"}),  # with a pagoda
    ("territories.c3.demon", {"name": "ghost", "level": "natural"}),
    ("portal", ["c3", "c5"]),  # c3 is not on the perimeter
    ("portal", ["c1", "c1"]),
    ("turn.active", "green"),  # turn 1 is pink's
    ("turn.used_energy.pink", {"b2": 2}),  # only one pink priestess in b2
    ("turn.specials", ["summon", "exert"]),  # wrong order
    ("die", 6),
    ("pending", {"kind": "nap"}),
    ("territories.a1.energy", -1),
    ("players.pink.unpaid.guardian", 2),
]


@pytest.mark.parametrize("path,value", BAD)
def test_t35_from_json_rejects_broken_documents(path, value):
    doc = set_path(GAME.to_json(GAME.setup(2, {})), path, value)
    with pytest.raises(InvalidPosition):
        GAME.from_json(doc)


def test_t35_a_demon_cannot_stand_twice():
    doc = GAME.to_json(GAME.setup(2, {}))
    doc = set_path(doc, "territories.c3.demon", {"name": "citipati", "level": "natural"})
    doc = set_path(doc, "territories.c4.demon", {"name": "citipati", "level": "agitated"})
    with pytest.raises(InvalidPosition):
        GAME.from_json(doc)


def test_t35_destroyed_territory_is_null_and_round_trips():
    s = position({"territories.c3": None})
    assert GAME.to_json(s)["territories"]["c3"] is None
    assert GAME.from_json(GAME.to_json(s)) == s
