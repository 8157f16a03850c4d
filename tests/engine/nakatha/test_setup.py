"""Part B: seats, the deal, deployment, the Sword's placement and the options (rulings N5-N11, N44, N48)."""

import json

import pytest

from engine.core import CHANCE, UnknownOption
from engine.nakatha.setup import DEFAULT_OPTIONS, deal_sequence, deployment_order
from tests.conftest import shared_file

from .helpers import G, play


@pytest.mark.parametrize(
    "players,sequence",
    [
        (2, (0, 1, 1, 0, 0, 1)),
        (3, (0, 1, 2, 2, 1, 0)),
        (4, (0, 1, 2, 3, 3, 2)),
        (5, (0, 1, 2, 3, 4, 4)),
        (6, (0, 1, 2, 3, 4, 5)),
    ],
)
def test_n7_deal_sequence_is_the_truncated_snake(players, sequence):
    assert deal_sequence(players) == sequence


@pytest.mark.parametrize(
    "players,order",
    [
        (2, (0, 1, 0, 1, 0, 1)),
        (3, (0, 1, 2, 0, 1, 2)),
        (4, (0, 1, 2, 3, 2, 3)),
        (5, (0, 1, 2, 3, 4, 4)),
        (6, (0, 1, 2, 3, 4, 5)),
    ],
)
def test_n8_deployment_order_goes_round_the_seats(players, order):
    assert deployment_order(players) == order


def test_n7_random_deal_is_six_chance_actions_in_canonical_order():
    s = G.setup(2)
    assert G.actor(s) == CHANCE
    assert G.legal_actions(s) == [
        "deal dae",
        "deal dragons",
        "deal fae",
        "deal humans",
        "deal makabi",
        "deal outerlands",
    ]
    s = play(s, "deal humans", "deal dae", "deal fae", "deal dragons", "deal makabi")
    assert G.legal_actions(s) == ["deal outerlands"]
    s = play(s, "deal outerlands")
    assert [seat["factions"] for seat in G.to_json(s)["seats"]] == [
        ["humans", "dragons", "makabi"],
        ["dae", "fae", "outerlands"],
    ]


def test_n9_fae_diamond_keeps_every_fae_apart():
    s = G.setup(6, {"quickstart": True})
    fae = [G.to_json(s)["pieces"]["fae"][n]["tile"] for n in ("white", "green", "amber", "sandstone")]
    assert fae == ["c11", "c13", "c15", "c5"]


def test_n10_sword_is_placed_by_chance_over_90_grey_tiles_and_is_secret():
    s = G.setup(3, {"quickstart": True})
    actions = G.legal_actions(s)
    assert (
        len(actions) == 90
        and actions[:3] == ["sword a1", "sword a10", "sword a11"]
        and actions[-1] == "sword f9"
    )
    assert G.is_secret(s, "sword e12")
    assert G.chance_shuffle(s) is None
    after = G.play(s, "sword e12")
    assert not G.is_secret(after, "roll 3")


def test_n11_quickstart_three_players():
    s = G.setup(3, {"quickstart": True})
    seats = [seat["factions"] for seat in G.to_json(s)["seats"]]
    assert seats == [["humans", "outerlands"], ["dae", "makabi"], ["fae", "dragons"]]
    assert G.to_json(s)["phase"] == "sword"


def test_n44_every_dial_is_an_option_with_its_ruled_default():
    assert G.default_options(3) == DEFAULT_OPTIONS
    assert DEFAULT_OPTIONS["dragon_kill"] == 3 and DEFAULT_OPTIONS["emberfall_rounds"] == 1
    assert DEFAULT_OPTIONS["outerlands_loyalty"] == 0 and DEFAULT_OPTIONS["passage"] == 3
    assert len(DEFAULT_OPTIONS) == 18


def test_n44_unknown_option_and_bad_values_are_refused():
    with pytest.raises(UnknownOption, match="valid options"):
        G.setup(3, {"breath": 3})
    with pytest.raises(UnknownOption):
        G.setup(3, {"deal": "auction"})
    with pytest.raises(UnknownOption):
        G.setup(3, {"passage": "high"})
    with pytest.raises(UnknownOption):
        G.setup(7)


def test_n48_quickstart_document_matches_the_ruling_example():
    text = shared_file("rulings", "nakatha.md").read_text()
    start = text.index("```json", text.index("### N48")) + len("```json")
    example = json.loads(text[start : text.index("```", start)])
    s = G.play(G.setup(3, {"quickstart": True}), "sword c9")
    assert G.to_json(s) == example
    assert json.dumps(G.to_json(s)) == json.dumps(example)  # the ruling's key order too


def test_n8_deploying_into_a_taken_segment_is_refused_with_the_rule():
    s = play(
        G.setup(2), "deal humans", "deal dae", "deal fae", "deal dragons", "deal makabi", "deal outerlands"
    )
    s = G.play(s, "deploy humans a")
    with pytest.raises(Exception, match="N8"):
        G.play(s, "deploy dae a")
