"""Part J and K: the canonical document, its validation and the seats' views (rulings N47, N50)."""

import copy

import pytest

from engine.core import InvalidPosition

from .helpers import G, doc, in_play, position


def test_n47_round_trip_keeps_the_state_equal():
    s = position(3)
    assert G.from_json(G.to_json(s)) == s
    s2 = G.play(s, "humans.7 a8-a5")
    assert G.from_json(G.to_json(s2)) == s2 and s2 != s


def test_n47_to_json_is_a_fresh_document():
    s = position(3)
    d = G.to_json(s)
    d["claims"]["a5"] = "dae"
    d["pieces"]["humans"]["1"]["tile"] = "a5"
    assert G.to_json(s)["claims"]["a5"] is None and G.to_json(s)["pieces"]["humans"]["1"]["tile"] == "a11"


def test_n47_apply_never_changes_its_input():
    s = position(3)
    before = G.to_json(s)
    G.play(s, "humans.7 a8-a5")
    assert G.to_json(s) == before


@pytest.mark.parametrize(
    "path,value",
    [
        (("pieces", "humans", "1", "tile"), "a12"),  # two pieces on one tile
        (("pieces", "humans", "1", "tile"), "dais"),  # nothing stands on the Dais
        (("pieces", "humans", "1", "tile"), "n0"),  # a non-bearer on a Divine tile
        (("pieces", "humans", "1", "tile"), "z9"),  # not a tile
        (("options", "breath"), 2),  # an unknown option
        (("phase",), "lunch"),
        (("claims", "n3"), "humans"),  # barriers are never claimed
        (("pending",), {"kind": "dance"}),
        (("seats",), [{"name": "p0", "factions": []}]),  # one seat is not a game
    ],
)
def test_n47_from_json_refuses_broken_documents(path, value):
    d = copy.deepcopy(doc(position(3)))
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(InvalidPosition):
        G.from_json(d)


def test_n47_from_json_refuses_a_missing_key():
    d = doc(position(3))
    del d["silence"]
    with pytest.raises(InvalidPosition):
        G.from_json(d)


def test_n50_views_hide_the_sword_tile_until_found():
    s = position(3, sword="a5")
    for seat in (0, 1, 2, None):
        v = G.view(s, seat)
        assert "tile" not in v["sword"] and v["sword"]["found"] is False
    assert G.to_json(s)["sword"]["tile"] == "a5"
    found = G.play(s, "humans.7 guess a5")
    assert G.view(found, 1)["sword"]["tile"] is None and G.view(found, None)["sword"]["found"] is True


def test_n50_a_dropped_sword_is_public():
    s = in_play(
        2, {"pieces.humans.11.tile": "d7", "pieces.humans.11.sword": True}, sword_tile=None, found=True
    )
    s = G.play(s, "dragons.1 breath d7")
    assert G.view(s, 0)["sword"]["tile"] == "d7"
