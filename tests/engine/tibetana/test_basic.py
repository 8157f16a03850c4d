"""Train, Move, capture, clearing, pressure and Build (T7, T13-T18)."""


from .helpers import EMPTY, doc, legal, play, position, refused


# --- Train (T14) -------------------------------------------------------------------------------
def test_t14_2_the_sixth_guardian_is_bought_for_two_energies():
    s = position({"players.pink.reserve.guardian": 0, "territories.a1.pieces.pink.guardian": 2,
                  "territories.a2.pieces.pink.guardian": 2})
    assert "train G b2" in legal(s)
    s = play(s, "train G b2")
    assert doc(s, "players.pink.unpaid.guardian") == 0 and doc(s, "players.pink.pool") == 0
    assert doc(s, "territories.b2.pieces.pink.guardian") == 2


def test_t14_2_no_reserve_and_no_money_means_no_training():
    s = position({"players.pink.reserve.guardian": 0, "territories.a1.pieces.pink.guardian": 2,
                  "territories.a2.pieces.pink.guardian": 2, "players.pink.pool": 1})
    refused(s, "train G b2", "T14.2")
    s = position({"players.pink.reserve.guardian": 0, "players.pink.unpaid.guardian": 0,
                  "territories.a1.pieces.pink.guardian": 2, "territories.a2.pieces.pink.guardian": 3})
    refused(s, "train G b2", "T14.2")  # FAQ: pieces on the map are not redeployed


def test_t14_3_a_bought_piece_removed_comes_back_to_the_reserve_and_trains_free():
    s = position({"turn.number": 2, "turn.active": "green",
                  "players.pink.reserve.guardian": 0, "players.pink.unpaid.guardian": 0,
                  "territories.a1.pieces.pink.guardian": 2, "territories.a2.pieces.pink.guardian": 2,
                  "territories.c3.pieces.pink.guardian": 1,
                  "territories.c2.pieces.green.guardian": 2, "territories.d3.pieces.green.guardian": 1,
                  "players.green.reserve.guardian": 1})
    s = play(s, "move G c2-c3", "end")  # green clears c3 with 4 adjacent guardians
    assert doc(s, "players.pink.reserve.guardian") == 1 and doc(s, "players.pink.unpaid.guardian") == 0
    s = play(s, "train G b2")
    assert doc(s, "players.pink.pool") == 2  # no second payment (FAQ)


def test_t7_3_train_needs_room():
    s = position({"territories.b2.pieces.pink.guardian": 3, "players.pink.reserve.guardian": 2})
    refused(s, "train P b2", "T7.3")


# --- Move (T15) --------------------------------------------------------------------------------
def test_t15_4_moving_onto_an_exposed_pagoda_captures_it():
    s = position({"territories.c3.pagoda": {"owner": "green", "rings": 3}, "players.green.reserve.pagoda": 3})
    s = play(s, "move P b2-c3")
    assert doc(s, "territories.c3.pagoda") is None
    assert doc(s, "players.green.reserve.pagoda") == 4
    assert doc(s, "territories.c3.pieces.pink.priestess") == 1


def test_t26_1_kuberan_natural_lengthens_moves_that_start_in_or_enter_him():
    s = position({"territories.c3.demon": {"name": "kuberan", "level": "natural"}})
    got = legal(s)
    assert {"move G b2-c4", "move G b2-d3", "move P b2-c4"} <= set(got)
    assert "move G b2-b4" not in got  # b2-b3-b4 does not touch Kuberan with the first step
    assert "move G b2-c5" not in got  # three steps need him agitated
    s = position({"territories.c3.demon": {"name": "kuberan", "level": "agitated"}})
    assert "move G b2-c5" in legal(s) and "move G b2-e3" in legal(s)


def test_t15_3_kuberan_routes_cannot_cross_enemy_pieces_or_exposed_pagodas():
    s = position({"territories.c3.demon": {"name": "kuberan", "level": "natural"},
                  "territories.c3.pagoda": None,
                  "territories.c4.pagoda": {"owner": "green", "rings": 0},
                  "players.green.reserve.pagoda": 3,
                  "territories.d3.pieces.green.guardian": 1, "players.green.reserve.guardian": 3})
    got = legal(s)
    assert "move G b2-c4" in got  # capture at the end of the route is allowed
    assert "move G b2-d4" not in got  # would cross the exposed pagoda in c4 or the guardian in d3


def test_t15_6_nothing_enters_mahakala():
    s = position({"territories.c3.demon": {"name": "mahakala", "level": "natural"}})
    refused(s, "move G b2-c3", "T7.3")


# --- Clearing (T16) ----------------------------------------------------------------------------
def _three_defenders(kurukulla: bool):
    patches = {
        "turn.number": 3, "turn.actions_left": 3,
        "territories.b2.pieces.pink.guardian": 1,
        "territories.b3.pieces.pink.guardian": 2, "territories.c2.pieces.pink.guardian": 2,
        "territories.c4.pieces.pink.guardian": 1,
        "players.pink.reserve.guardian": 0, "players.pink.unpaid.guardian": 0,
        "territories.c3.pieces.green.guardian": 2, "territories.c3.pagoda": {"owner": "green", "rings": 1},
        "players.green.reserve.guardian": 2, "players.green.reserve.pagoda": 3,
    }
    if kurukulla:
        patches["territories.b3.demon"] = {"name": "kurukulla", "level": "natural"}
    return position(patches)


def test_t16_3_three_defenders_need_seven_guardians_kurukulla_is_the_seventh():
    refused(_three_defenders(False), "move G b3-c3", "T16.3")
    s = play(_three_defenders(True), "move G b3-c3")
    assert doc(s, "territories.c3.pieces.green") == EMPTY
    assert doc(s, "territories.c3.pagoda") is None
    assert doc(s, "territories.c3.pieces.pink.guardian") == 1
    assert doc(s, "players.green.reserve") == {"guardian": 4, "priestess": 4, "pagoda": 4}
    assert doc(s, "territories.c3.energy") == 1  # energy stays


def test_t16_2_four_defenders_can_never_be_cleared():
    s = position({"territories.d2.pieces.green.guardian": 3, "players.green.reserve.guardian": 2,
                  "territories.c2.pieces.pink.guardian": 2, "territories.c3.pieces.pink.guardian": 2,
                  "players.pink.reserve.guardian": 0, "territories.b2.pieces.pink.guardian": 1,
                  "players.pink.unpaid.guardian": 0, "territories.d1.pieces.pink.guardian": 1})
    assert not [a for a in legal(s) if a.endswith("-d2")]


def test_t16_1_a_priestess_never_clears():
    s = position({"territories.c3.pieces.green.guardian": 1, "players.green.reserve.guardian": 3,
                  "territories.b3.pieces.pink.guardian": 2, "territories.b2.pieces.pink.guardian": 2,
                  "players.pink.reserve.guardian": 1})
    assert "move G b2-c3" in legal(s)
    refused(s, "move P b2-c3", "T16.1")


# --- Pressure and Build (T17, T18) ------------------------------------------------------------
def test_t17_kurukulla_adds_a_guardian_to_her_territorys_side():
    base = {"territories.c2.pieces.green.guardian": 2, "territories.d2.pieces.green.guardian": 0,
            "players.green.reserve.guardian": 3, "territories.b2.energy": 1, "territories.a2.pieces.pink.priestess": 1,
            "players.pink.reserve.priestess": 3}
    s = position(base)  # b2's priestess: 2 green against 1 pink
    assert "build b2" not in legal(s)
    s = position({**base, "territories.a2.demon": {"name": "kurukulla", "level": "natural"}})
    assert "build b2" in legal(s)  # 2 against 2


def test_t18_4_builds_need_a_chain_of_priestesses():
    base = {"territories.a3.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 3}
    s = position(base)
    assert "build a3>b2" not in legal(s) and "build a3" in legal(s)
    refused(s, "build a3>b2", "T18.4")
    s = position({**base, "territories.b3.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 2})
    s = play(s, "build a3>b2")
    assert doc(s, "territories.a3.energy") == 1 and doc(s, "territories.b2.pagoda.rings") == 3


def test_t39_4_priestess_chains_go_through_the_portal():
    s = position({"territories.c5.pieces.pink.priestess": 1, "territories.c1.pieces.pink.priestess": 1,
                  "territories.b1.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 1})
    assert "build c5>b2" in legal(s)  # c5 > c1 (portal) > b1 > b2
    s = position({"territories.c5.pieces.pink.priestess": 1, "territories.c1.pieces.pink.priestess": 1,
                  "territories.b1.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 1,
                  "portal": None})
    assert "build c5>b2" not in legal(s)


def test_t18_6_a_priestess_uses_energy_once_per_turn_and_p_star_moves_a_marked_one():
    s = position({"turn.actions_left": 3, "territories.b2.energy": 2,
                  "territories.b2.pieces.pink.priestess": 2, "players.pink.reserve.priestess": 3})
    s = play(s, "build b2")
    assert doc(s, "turn.used_energy.pink") == {"b2": 1}
    assert {"move P b2-c3", "move P* b2-c3"} <= set(legal(s))
    s = play(s, "move P* b2-c3")
    assert doc(s, "turn.used_energy.pink") == {"c3": 1}
    refused(s, "build c3", "T18.3")  # her mark travelled with her
    assert "build b2" in legal(s)  # the unmarked one stayed in b2


def test_t18_7_no_new_pagoda_without_one_in_reserve():
    s = position({"players.pink.reserve.pagoda": 0, "territories.a1.pagoda": {"owner": "pink", "rings": 0},
                  "territories.a2.pagoda": {"owner": "pink", "rings": 0},
                  "territories.a3.pagoda": {"owner": "pink", "rings": 0},
                  "territories.b1.pagoda": {"owner": "pink", "rings": 0},
                  "territories.c3.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 3})
    refused(s, "build c3", "T18.3")


def test_t29_2_agitated_heruka_lends_the_enemy_priestess_as_source():
    s = position({"territories.c3.demon": {"name": "heruka", "level": "agitated"},
                  "territories.c3.pieces.green.priestess": 1, "players.green.reserve.priestess": 3})
    assert "build c3>b2" in legal(s)
    s = play(s, "build c3>b2")
    assert doc(s, "territories.c3.energy") == 0 and doc(s, "players.pink.pool") == 3


def test_t29_1_natural_heruka_silences_priestesses_in_his_territory():
    base = {"territories.c3.pieces.pink": {"guardian": 1, "priestess": 1},
            "territories.d3.pieces.pink.priestess": 1,
            "players.pink.reserve": {"guardian": 3, "priestess": 2, "pagoda": 4}}
    assert "build d3>b2" in legal(position(base))  # d3 > c3 > b2
    s = position({**base, "territories.c3.demon": {"name": "heruka", "level": "natural"}})
    got = legal(s)
    assert "build c3>b2" not in got  # not a source
    assert "build d3>b2" not in got  # not a link
    assert "build d3" in got
