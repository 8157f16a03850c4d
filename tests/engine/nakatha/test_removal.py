"""Part F: removal and its rolls in the ruled order (rulings N25, N26, N29, N31, N40)."""

import pytest

from engine.core import IllegalAction

from .helpers import G, doc, in_play, play


def _roll_kind(s):
    return doc(s)["pending"].get("roll")


def test_n26_breath_on_an_outlander_is_providence_then_the_bribe_with_no_territory_roll():
    s = in_play(
        2,
        {"pieces.dragons.3.tile": "sw4", "pieces.outerlands.ansidora.tile": "f7", "claims.f7": "outerlands"},
        turn=3,
    )
    assert "dragons.3 breath f7" in G.legal_actions(s)  # N27: Breath reaches into the Outerlands
    s = G.play(s, "dragons.3 breath f7")
    assert doc(s)["pending"] == {
        "kind": "roll",
        "roll": "providence",
        "need": 5,
        "piece": "outerlands.ansidora",
    }
    s = G.play(s, "roll 5")
    d = doc(s)
    assert d["pieces"]["outerlands"]["ansidora"]["tile"] == "f7"
    assert d["factions"]["outerlands"]["bribe"]["ansidora"] is False and d["active"] == 0


def test_n26_scorch_on_a_dae_in_friendly_territory_is_territory_then_escape():
    s = in_play(2, {"pieces.dae.6.tile": "c8", "claims.c8": "dae"}, turn=3)
    s = G.play(s, "fae.sandstone scorch c8")
    assert _roll_kind(s) == "territory"
    s = G.play(s, "roll 3")
    assert _roll_kind(s) == "escape"
    s = G.play(s, "roll 4")
    assert doc(s)["pieces"]["dae"]["6"]["tile"] is None and doc(s)["claims"]["c8"] == "fae"


def test_n26_a_failed_roll_against_one_purge_target_does_not_stop_the_others():
    s = in_play(
        4,
        {"pieces.humans.1.tile": "e11", "claims.e11": "humans", "pieces.dragons.1.tile": "e7"},
        players=6,
        turn=5,
    )
    s = G.play(s, "makabi.maiden remove all")
    assert doc(s)["pieces"]["dragons"]["1"]["tile"] is None  # first in piece order; no Dragon count (N25)
    assert doc(s)["activation"]["targets"] == ["humans.1"]
    assert doc(s)["pending"]["piece"] == "humans.1" and _roll_kind(s) == "territory"
    s = G.play(s, "roll 1")
    assert doc(s)["pieces"]["humans"]["1"]["tile"] == "e11" and doc(s)["active"] == 5


def test_n40_the_bearers_blow_ignores_territory_providence_and_the_bribe():
    s = in_play(1, {"pieces.dae.6.tile": "f13", "pieces.dae.6.sword": True}, sword_tile=None, found=True)
    s = G.play(s, "dae.6 remove f12")
    d = doc(s)
    assert d["pieces"]["outerlands"]["ansidora"]["tile"] is None
    assert d["factions"]["outerlands"]["bribe"]["ansidora"] is True and d["active"] == 2


def test_n40_the_bearers_blow_leaves_a_dae_no_milaze():
    s = in_play(0, {"pieces.humans.7.sword": True, "pieces.dae.6.tile": "a5"}, sword_tile=None, found=True)
    s = G.play(s, "humans.7 remove a5")
    assert doc(s)["pieces"]["dae"]["6"]["tile"] is None and doc(s)["active"] == 1


def test_n40_the_bearer_needs_no_mob_and_no_dragon_count():
    s = in_play(
        0, {"pieces.humans.11.tile": "d8", "pieces.humans.11.sword": True}, sword_tile=None, found=True
    )
    assert "humans.11 remove d12" in G.legal_actions(s)
    s = G.play(s, "humans.11 remove d12")
    assert doc(s)["pieces"]["dragons"]["1"]["tile"] is None


def test_n25_a_lone_human_may_not_remove():
    s = in_play(0, {"pieces.humans.11.tile": "d8"})
    with pytest.raises(IllegalAction) as err:
        G.play(s, "humans.11 remove d12")
    assert err.value.rule == "N25"


def test_n29_removing_the_maiden_sends_held_pieces_home():
    s = in_play(
        0,
        {
            "pieces.humans.1.held": 2,
            "pieces.humans.1.tile": "e11",
            "pieces.humans.2.tile": "e7",
            "pieces.humans.3.tile": "e4",
        },
        turn=4,
        round_=2,
    )
    assert doc(s)["pieces"]["humans"]["1"]["held"] == 2
    assert "humans.2 remove e12" in G.legal_actions(s)  # Mob: humans.3 counts, the held humans.1 does not
    s = G.play(s, "humans.2 remove e12")
    s = play(s, "roll 6", "roll 6")  # territory, then ward
    d = doc(s)
    assert d["pieces"]["makabi"]["maiden"]["tile"] is None and d["pieces"]["humans"]["1"]["held"] is None


def test_n31_turned_pieces_go_home_only_when_both_outlanders_are_gone():
    base = {
        "pieces.dae.3.turned": True,
        "pieces.dae.3.survived": 2,
        "pieces.outerlands.ansidora.tile": "c9",
        "pieces.outerlands.tsiorak.tile": None,
        "factions.outerlands.bribe.ansidora": False,
    }
    s = in_play(2, base, turn=3)
    s = G.play(s, "fae.sandstone scorch c9")
    s = G.play(s, "roll 5")  # Providence fails to save her; no bribe left
    d = doc(s)
    assert d["pieces"]["outerlands"]["ansidora"]["tile"] is None
    assert d["pieces"]["dae"]["3"]["turned"] is False and d["pieces"]["dae"]["3"]["survived"] == 0
    assert d["claims"]["c9"] == "fae"


def test_n31_one_outlander_gone_keeps_every_contract():
    s = in_play(
        2,
        {
            "pieces.dae.3.turned": True,
            "pieces.outerlands.ansidora.tile": "c9",
            "factions.outerlands.bribe.ansidora": False,
        },
        turn=3,
    )
    s = play(s, "fae.sandstone scorch c9", "roll 6")
    assert doc(s)["pieces"]["dae"]["3"]["turned"] is True


def test_n46_the_escaping_daes_own_seat_is_the_actor_for_its_landing():
    s = in_play(2, {"pieces.dae.6.tile": "c8"}, turn=3)
    s = play(s, "fae.sandstone scorch c8", "roll 5")
    assert doc(s)["pending"] == {"kind": "land", "seat": 1, "piece": "dae.6"} and doc(s)["active"] == 2
    assert G.actor(s) == 1
    with pytest.raises(IllegalAction):
        G.play(s, "fae.white")  # the active seat waits
    s = G.play(s, "land a5")
    assert doc(s)["pieces"]["dae"]["6"]["tile"] == "a5" and G.actor(s) == 0
