"""Part E and G: movement and the faction rules (rulings N20-N24, N27-N36)."""

import pytest

from engine.core import IllegalAction

from .helpers import G, doc, in_play, play, position


def test_n21_n23_a_dragon_lands_on_a_barrier_with_no_passage_roll():
    s = in_play(2, turn=3)
    s = G.play(s, "dragons.1 d12-se3")
    d = doc(s)
    assert d["pieces"]["dragons"]["1"]["tile"] == "se3" and d["active"] == 0
    assert d["claims"]["d12"] == "dragons"  # deployment's claim stays; a barrier is never claimed


def test_n23_a_failed_passage_claims_only_the_start_and_skips_the_action():
    s = in_play(0, {"pieces.dae.6.tile": "b4", "claims.a10": None})
    s = play(s, "humans.9 a10-n3 remove b4", "roll 1")
    d = doc(s)
    assert d["pieces"]["humans"]["9"]["tile"] == "a10" and d["claims"]["a10"] == "humans"
    assert d["pieces"]["dae"]["6"]["tile"] == "b4"


def test_n23_passage_is_a_dial():
    s = in_play(0, options={"passage": 4})
    s = G.play(s, "humans.9 a10-n3")
    assert doc(s)["pending"] == {"kind": "roll", "roll": "passage", "need": 4, "piece": "humans.9"}


def test_n28_a_turned_caller_calls_up_for_the_outerlands():
    turned = {f"pieces.humans.{i}.turned": True for i in (6, 7, 10)}
    s = in_play(5, {**turned, "pieces.humans.1.tile": None, "claims.a5": "outerlands"}, players=6, turn=6)
    s = G.play(s, "humans.7 callup a5")
    d = doc(s)
    assert d["pieces"]["humans"]["12"] == {
        "tile": "a5",
        "turned": True,
        "survived": 0,
        "owned": False,
        "held": None,
        "frozen": None,
        "sword": False,
    }
    assert d["factions"]["humans"]["next_id"] == 13 and d["claims"]["a5"] == "outerlands"


def test_n30_a_failed_milaze_claims_normally():
    s = play(position(3), "humans.1", "dae.6 b8-b4 milaze", "roll 4")
    d = doc(s)
    assert d["pieces"]["dae"]["6"]["tile"] == "b4" and d["claims"]["b4"] == "dae" and d["active"] == 2


def test_n30_the_milaze_is_a_dial():
    s = play(position(3, options={"milaze": 4}), "humans.1", "dae.6 milaze", "roll 4")
    assert doc(s)["pending"] == {"kind": "land", "seat": 1, "piece": "dae.6"}


def test_n32_outerlands_loyalty_buys_a_piece_outright_when_the_dial_is_set():
    s = in_play(
        2,
        {"pieces.dae.3.turned": True, "pieces.dae.4.turned": True},
        turn=3,
        options={"outerlands_loyalty": 1},
    )
    s = play(s, "dragons.1", "roll 4", "roll 4")
    d = doc(s)
    assert d["pieces"]["dae"]["3"]["owned"] is True
    assert (
        d["pieces"]["dae"]["4"]["owned"] is False and d["pieces"]["dae"]["4"]["survived"] == 1
    )  # cap of one
    s = play(s, "humans.1", "dae.1", "dragons.1")
    assert doc(s)["pending"]["piece"] == "dae.4"  # the owned piece is no longer rolled for


def test_n32_by_default_nothing_is_owned_outright():
    s = in_play(2, {"pieces.dae.3.turned": True, "pieces.dae.3.survived": 5}, turn=3)
    s = play(s, "dragons.1", "roll 6")
    assert doc(s)["pieces"]["dae"]["3"]["owned"] is False


def test_n33_fae_never_come_to_rest_beside_one_another():
    s = in_play(2, turn=3)
    actions = G.legal_actions(s)
    assert "fae.white c11-c12" not in actions and "fae.white c11-c7" in actions
    with pytest.raises(IllegalAction) as err:
        G.play(s, "fae.white c11-c12")
    assert err.value.rule == "N33"


def test_n34_pull_needs_distance_two_and_frozen_pieces_cannot_be_moved():
    s = in_play(
        2,
        {"pieces.humans.11.tile": "c10", "pieces.humans.10.tile": "c9", "pieces.humans.10.frozen": 2},
        turn=3,
    )
    actions = G.legal_actions(s)
    assert not any(a.startswith("fae.amber pull c10") for a in actions)  # adjacent: nowhere closer to go
    assert not any(a.startswith("fae.amber pull c9") for a in actions)  # frozen


def test_n35_freeze_thaws_at_the_freezers_next_upkeep():
    s = in_play(2, {"pieces.dae.6.tile": "c7"}, turn=3)
    s = play(s, "fae.white freeze c7", "humans.1")
    assert not any(a.startswith("dae.6") for a in G.legal_actions(s))
    s = G.play(s, "dae.1")
    assert doc(s)["pieces"]["dae"]["6"]["frozen"] is None


def test_n36_no_ambush_outside_the_fae_segment_or_by_a_frozen_fae():
    s = in_play(
        1,
        {
            "pieces.dae.6.tile": "c7",
            "pieces.fae.sandstone.frozen": 1,
            "pieces.fae.green.frozen": 1,
            "pieces.fae.white.frozen": 1,
            "pieces.fae.amber.frozen": 1,
        },
        turn=2,
    )
    s = G.play(s, "dae.6 c7-c4")
    assert doc(s)["pending"]["kind"] == "activate" and doc(s)["active"] == 2
    s = in_play(1, {"pieces.dae.6.tile": "b5"}, turn=2)
    s = G.play(s, "dae.6 b5-b4")
    assert doc(s)["pending"]["kind"] == "activate"


def test_n36_ambush_claims_its_arrival_and_marks_the_round():
    s = in_play(1, {"pieces.dae.6.tile": "c7"}, turn=2)
    s = play(s, "dae.6 c7-c4", "ambush fae.sandstone c2")
    d = doc(s)
    assert d["claims"]["c2"] == "fae" and d["factions"]["fae"]["ambush_round"] == 1


def test_n27_emberfall_zero_allows_a_breath_every_round():
    s = in_play(
        2,
        {"pieces.humans.10.tile": "d4", "factions.dragons.breathed_round.1": 1},
        turn=6,
        round_=2,
        options={"emberfall_rounds": 0},
    )
    assert "dragons.1 breath d4" in G.legal_actions(s)
    s = in_play(2, {"pieces.humans.10.tile": "d4", "factions.dragons.breathed_round.1": 1}, turn=6, round_=2)
    assert "dragons.1 breath d4" not in G.legal_actions(s)


def test_n27_breath_range_is_a_dial():
    s = in_play(2, {"pieces.humans.10.tile": "d4"}, turn=3, options={"breath_range": 1})
    assert "dragons.1 breath d4" not in G.legal_actions(s)


def test_n29_control_refuses_outlanders_and_turned_pieces():
    s = in_play(
        1,
        {
            "pieces.outerlands.ansidora.tile": "e11",
            "pieces.humans.1.tile": "e7",
            "pieces.humans.1.turned": True,
        },
        turn=2,
    )
    actions = G.legal_actions(s)
    assert "makabi.maiden control e11" not in actions and "makabi.maiden control e7" not in actions
    assert "makabi.maiden remove all" in actions


def test_n36_several_seats_are_asked_in_turn_order_after_the_active_seat():
    # six seats: p2 holds the Fae, p5 the Outerlands, who have bought the Green Court
    s = in_play(
        0,
        {
            "pieces.humans.11.tile": "c8",
            "pieces.fae.green.turned": True,
            "pieces.fae.green.tile": "c14",
            "pieces.fae.amber.tile": None,
        },
        players=6,
    )
    s = G.play(s, "humans.11 c8-c9")
    assert doc(s)["pending"] == {"kind": "ambush", "seat": 2, "piece": "humans.11", "seats": [5]}
    assert G.actor(s) == 2 and not any(a.startswith("ambush fae.green") for a in G.legal_actions(s))
    s = G.play(s, "pass")
    assert doc(s)["pending"] == {"kind": "ambush", "seat": 5, "piece": "humans.11", "seats": []}
    assert G.actor(s) == 5
    s = G.play(s, "ambush fae.green c10")
    d = doc(s)
    assert d["claims"]["c10"] == "outerlands" and d["pending"] == {
        "kind": "activate",
        "seat": 1,
        "bonus": None,
    }
