"""Summoning and the five demons at every level (T20-T29)."""

from engine.tibetana import GAME

from .helpers import EMPTY, doc, legal, play, position, refused

ROLL = {"kind": "roll", "enflamed": False}
FLAME = {"kind": "roll", "enflamed": True}


def demon(name, level="natural"):
    return {"name": name, "level": level}


# --- the invocation table (T20.3) ------------------------------------------------------------
def test_t20_3_natural_demon_rolled_again_is_lifted_and_placed_agitated_even_where_it_was():
    s = position({"territories.c3.demon": demon("citipati"), "pending": ROLL})
    s = play(s, "roll 1")
    assert doc(s, "pending") == {"kind": "place", "demon": "citipati", "level": "agitated"}
    assert doc(s, "territories.c3.demon") is None
    s = play(s, "place citipati c3")
    assert doc(s, "territories.c3.demon") == demon("citipati", "agitated")


def test_t20_3_enflamed_natural_and_any_agitated_demon_explode_where_they_stand():
    s = play(position({"territories.c3.demon": demon("mahakala"), "pending": FLAME}), "roll 3")
    assert doc(s, "territories.c3") is None
    s = play(position({"territories.c3.demon": demon("mahakala", "agitated"), "pending": ROLL}), "roll 3")
    assert doc(s, "territories.c3") is None and doc(s, "die") == 0


def test_t20_4_demons_are_placed_only_where_there_is_no_pagoda_and_no_demon():
    s = position({"territories.c3.demon": demon("heruka"), "pending": ROLL})
    s = play(s, "roll 2")
    places = [a for a in legal(s) if a.startswith("place")]
    assert "place kurukulla c3" not in places and "place kurukulla b2" not in places
    assert len(places) == 19 - 2 - 1


def test_t21_expel_keeps_the_level_and_moves_the_effect():
    s = position({"territories.c3.demon": demon("mahakala", "agitated"), "turn.actions_left": 3})
    assert GAME.legal_actions(s).count("move G b2-c2") == 1
    s = play(s, "expel c3-c4")
    assert doc(s, "territories.c4.demon") == demon("mahakala", "agitated")
    assert "move G b2-c3" in legal(s)


# --- Citipati (T24) ----------------------------------------------------------------------------
def test_t24_1_natural_citipati_takes_one_piece_at_the_end_of_the_turn():
    s = position({"territories.c3.demon": demon("citipati")})
    s = play(s, "move G b2-c3", "end")
    assert doc(s, "pending") == {"kind": "citipati_end", "left": 1} and GAME.actor(s) == 0
    assert legal(s) == ["concede", "remove G c3"]
    s = play(s, "remove G c3")
    assert doc(s, "players.pink.reserve.guardian") == 5 and doc(s, "turn.active") == "green"


def test_t24_2_agitated_citipati_takes_two_and_stops_when_the_territory_is_empty():
    s = position({"territories.c3.demon": demon("citipati", "agitated"), "turn.actions_left": 3})
    s = play(s, "move G b2-c3", "move P b2-c3", "end")
    assert doc(s, "pending.left") == 2
    s = play(s, "remove P c3")
    assert doc(s, "pending") == {"kind": "citipati_end", "left": 1}
    s = play(s, "remove G c3")
    assert doc(s, "pending") is None and doc(s, "turn.active") == "green"
    s = position({"territories.c3.demon": demon("citipati", "agitated")})
    s = play(s, "move G b2-c3", "end", "remove G c3")
    assert doc(s, "turn.active") == "green"


def test_t24_3_citipati_explosion_three_removals_never_beside_a_pagoda():
    s = position({"territories.c3.demon": demon("citipati", "agitated"), "pending": ROLL,
                  "territories.c4.pieces.green.guardian": 1, "territories.b3.pieces.pink.priestess": 1,
                  "territories.c3.pieces.green.guardian": 1,
                  "players.green.reserve.guardian": 2, "players.pink.reserve.priestess": 3})
    s = play(s, "roll 1")
    assert doc(s, "pending") == {"kind": "explosion", "demon": "citipati", "territory": "c3",
                                 "queue": ["pink", "green", "pink"]}
    assert legal(s) == ["concede", "remove G c3", "remove G c4", "remove P b3"]  # no skip, no b2/d2
    s = play(s, "remove G c4")
    assert GAME.actor(s) == 1
    s = play(s, "remove P b3", "remove G c3")
    assert doc(s, "pending") is None and doc(s, "territories.c3.demon") is None
    assert doc(s, "players.green.reserve.guardian") == 4


def test_t23_3_explosion_steps_without_a_target_are_skipped():
    s = position({"territories.c3.demon": demon("citipati", "agitated"), "pending": ROLL,
                  "territories.c4.pieces.green.guardian": 1, "players.green.reserve.guardian": 3})
    s = play(s, "roll 1", "remove G c4")
    assert doc(s, "pending") is None and doc(s, "territories.c3.demon") is None


# --- Kurukulla (T25) ---------------------------------------------------------------------------
def test_t25_3_kurukulla_explosion_trains_without_a_pagoda_and_may_be_skipped():
    s = position({"territories.c3.demon": demon("kurukulla"), "pending": FLAME})
    s = play(s, "roll 2")
    got = legal(s)
    assert {"train G c3", "train P b3", "train G b2", "skip"} <= set(got)
    assert "train G d2" not in got
    s = play(s, "train G c3")
    assert "train G c3" not in legal(s) and "train G d2" in legal(s)  # green's step
    s = play(s, "skip", "train P c4")
    assert doc(s, "territories.c4.pieces.pink.priestess") == 1 and doc(s, "pending") is None
    assert doc(s, "turn.actions_left") == 2  # no action used


def test_t25_2_agitated_kurukulla_is_a_source_but_never_a_user():
    s = position({"territories.c3.demon": demon("kurukulla", "agitated"),
                  "territories.c3.pieces.pink.guardian": 1, "players.pink.reserve.guardian": 3})
    got = legal(s)
    assert "build c3>b2" in got and "build c3" not in got


# --- Kuberan (T26) -----------------------------------------------------------------------------
def test_t26_2_kuberan_build_then_the_opponent_takes_three_energies():
    s = position({"territories.c3.demon": demon("kuberan", "agitated"), "pending": ROLL, "die": 4})
    s = play(s, "roll 4")
    assert legal(s) == ["concede", "kuberan build", "kuberan energy"]
    s = play(s, "kuberan build")
    assert doc(s, "pending") == {"kind": "free_build", "territory": "c3", "seat": "pink", "energy_after": "green"}
    assert legal(s) == ["build free b2", "concede", "skip"]
    s = play(s, "build free b2")
    assert doc(s, "territories.b2.pagoda.rings") == 3 and doc(s, "territories.b2.energy") == 0
    assert doc(s, "players.pink.pool") == 2 and doc(s, "players.green.pool") == 5
    assert doc(s, "die") == 1 and doc(s, "turn.built") is True
    assert doc(s, "turn.used_energy.pink") == {"b2": 1}
    assert doc(s, "territories.c3.demon") is None and doc(s, "pending") is None


def test_t26_2_kuberan_energy_then_the_opponent_builds_free():
    s = position({"territories.c3.demon": demon("kuberan", "agitated"), "pending": ROLL})
    s = play(s, "roll 4", "kuberan energy")
    assert doc(s, "players.pink.pool") == 5 and GAME.actor(s) == 1
    s = play(s, "build free d2")
    assert doc(s, "territories.d2.pagoda.rings") == 3 and doc(s, "turn.used_energy.green") == {"d2": 1}
    assert doc(s, "players.green.pool") == 2 and doc(s, "pending") is None


def test_t26_3_a_free_build_with_no_target_is_skipped():
    s = position({"territories.c3.demon": demon("kuberan"), "pending": FLAME,
                  "territories.b2.pagoda.rings": 4})
    s = play(s, "roll 4", "kuberan build")
    assert doc(s, "pending") is None and doc(s, "players.green.pool") == 5


# --- Mahakala and overflow (T27, T28) --------------------------------------------------------
def test_t27_1_t28_natural_mahakala_on_pieces_forces_moves_or_crushes():
    s = position({"territories.b3.pieces.pink.guardian": 2, "players.pink.reserve.guardian": 2,
                  "territories.b3.demon": demon("mahakala"), "turn.actions_left": 1})
    got = legal(s)
    assert "end" not in got and "train G b2" not in got
    assert {"crush G b3", "move G b3-a3", "exert"} <= set(got)
    refused(s, "end", "T28.4")
    s = play(s, "move G b3-a3")
    assert "end" not in legal(s)
    s = play(s, "crush G b3")
    assert doc(s, "players.pink.reserve.guardian") == 3 and "end" in legal(s)


def test_t27_2_agitated_mahakala_lowers_neighbours_without_a_pagoda():
    s = position({"territories.c3.demon": demon("mahakala", "agitated"),
                  "territories.c2.pieces.pink.guardian": 2, "players.pink.reserve.guardian": 2})
    assert "crush G c2" not in legal(s) and "end" in legal(s)  # forest 3 - 1 = 2: two fit
    refused(s, "train G c2", "T14.1")
    s2 = position({"territories.c3.demon": demon("mahakala", "agitated"),
                   "territories.c2.pieces.pink.guardian": 3, "players.pink.reserve.guardian": 1})
    assert "crush G c2" in legal(s2) and "end" not in legal(s2)
    s3 = position({"territories.c3.demon": demon("mahakala", "agitated"),
                   "territories.c2.pieces.pink.guardian": 3, "players.pink.reserve.guardian": 1,
                   "territories.c2.pagoda": {"owner": "pink", "rings": 0}, "players.pink.reserve.pagoda": 3})
    assert "end" in legal(s3)  # a pagoda shields its territory (T27.2)


def test_t27_3_mahakala_explosion_destroys_the_territory_and_the_portal():
    s = position({"territories.c5.demon": demon("mahakala"), "pending": FLAME,
                  "territories.c4.pieces.green.priestess": 1, "players.green.reserve.priestess": 3})
    s = play(s, "roll 3")
    assert doc(s, "territories.c5") is None and doc(s, "portal") is None
    assert doc(s, "territories.c4.pieces.green.priestess") == 1
    assert doc(s, "pending") is None
    s = play(s, "train G b2")
    assert "portal a1 c4" in legal(s) and "portal a1 c5" not in legal(s)


def test_t28_3_overflow_made_on_the_opponents_turn_waits_for_the_owner():
    s = position({"turn.number": 2, "turn.active": "green", "pending": ROLL,
                  "territories.c2.pieces.pink.guardian": 1, "players.pink.reserve.guardian": 3})
    s = play(s, "roll 3", "place mahakala c2")
    assert "end" in legal(s)  # green is not in overflow
    s = play(s, "end")
    assert legal(s) == sorted(["concede", "crush G c2", "exert", "offer draw", "move G c2-b1",
                               "move G c2-b2", "move G c2-c1", "move G c2-c3", "move G c2-d1"])


# --- Heruka (T29) ------------------------------------------------------------------------------
def test_t29_3_heruka_explosion_removes_priestesses_and_pays_their_owner():
    s = position({"territories.c3.demon": demon("heruka"), "pending": FLAME,
                  "territories.c4.pieces.green.priestess": 1, "territories.c3.pieces.pink.priestess": 1,
                  "players.green.reserve.priestess": 3, "players.pink.reserve.priestess": 3})
    s = play(s, "roll 5")
    assert legal(s) == ["concede", "remove P c3", "remove P c4"]
    s = play(s, "remove P c4")
    assert doc(s, "players.green.pool") == 3
    s = play(s, "remove P c3")
    assert doc(s, "players.pink.pool") == 3
    assert doc(s, "pending") is None and doc(s, "territories.c3.pieces.pink") == EMPTY
