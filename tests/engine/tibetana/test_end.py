"""The end of the game: conditions, points and tie-breaks (T30, T31)."""

from engine.tibetana import GAME

from .helpers import doc, legal, play, position

NO_ENERGY = {f"territories.{t}.energy": 0 for t in
             ("a1", "a2", "a3", "b1", "b3", "b4", "c1", "c2", "c4", "c5", "d1", "d3", "d4", "e1", "e2", "e3")}


def test_t30_2_capturing_the_last_pagoda_wins():
    s = position({"turn.number": 3, "territories.d2.pieces.green": {"guardian": 0, "priestess": 0},
                  "players.green.reserve": {"guardian": 5, "priestess": 5, "pagoda": 4},
                  "territories.c3.pieces.pink.guardian": 1, "players.pink.reserve.guardian": 3})
    s = play(s, "move G c3-d2")
    assert GAME.outcome(s) == {"winners": ["pink"], "reason": "no_pagodas", "scores": None}
    assert GAME.actor(s) is None and legal(s) == []


def test_t30_4_ten_single_turns_without_a_build_end_on_points():
    s = position({"turns_without_build": 8})
    s = play(s, "end")
    assert GAME.outcome(s) is None and doc(s, "turns_without_build") == 9
    s = play(s, "end")
    assert doc(s, "turns_without_build") == 10 and doc(s, "turn.number") == 2  # no hand-over
    assert GAME.outcome(s) == {"winners": ["pink", "green"], "reason": "ten_turns",
                               "scores": {"pink": 6, "green": 6}}


def test_t31_1_points_by_rings_and_the_higher_total_wins():
    s = position({**NO_ENERGY, "territories.c3.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 3,
                  "territories.b2.pagoda.rings": 1,
                  "territories.e1.pagoda": {"owner": "green", "rings": 0}, "players.green.reserve.pagoda": 3,
                  "territories.d2.pagoda.rings": 1})
    # pink: b2 3 + new c3 1 = 4 with two pagodas; green: d2 3 + e1 1 = 4 with two: both win (T31.2)
    s2 = play(s, "build c3")
    assert GAME.outcome(s2) == {"winners": ["pink", "green"], "reason": "no_energy",
                                "scores": {"pink": 4, "green": 4}}
    s = position({**NO_ENERGY, "territories.c3.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 3,
                  "territories.b2.pagoda.rings": 1, "territories.d2.pagoda.rings": 1,
                  "territories.e1.pagoda": {"owner": "green", "rings": 0},
                  "territories.e2.pagoda": {"owner": "green", "rings": 0}, "players.green.reserve.pagoda": 2})
    # pink 3 + 1 = 4 (two pagodas); green 3 + 1 + 1 = 5: green wins on points
    assert GAME.outcome(play(s, "build c3"))["winners"] == ["green"]
    s = position({**NO_ENERGY, "territories.c3.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 3,
                  "territories.b2.pagoda.rings": 0, "territories.d2.pagoda.rings": 1,
                  "territories.e1.pagoda": {"owner": "green", "rings": 0}, "players.green.reserve.pagoda": 3,
                  "territories.a1.pagoda": {"owner": "pink", "rings": 0}, "players.pink.reserve.pagoda": 3})
    # pink: b2 1 + a1 1 + new c3 1 = 3; green: d2 3 + e1 1 = 4
    out = GAME.outcome(play(s, "build c3"))
    assert out["scores"] == {"pink": 3, "green": 4} and out["winners"] == ["green"]


def test_t31_2_tie_on_points_fewer_pagodas_wins():
    s = position({**NO_ENERGY, "territories.c3.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 3,
                  "territories.b2.pagoda.rings": 0,
                  "territories.a1.pagoda": {"owner": "pink", "rings": 0}, "players.pink.reserve.pagoda": 3,
                  "territories.d2.pagoda.rings": 0,
                  "territories.e1.pagoda": {"owner": "green", "rings": 0},
                  "territories.e2.pagoda": {"owner": "green", "rings": 0}, "players.green.reserve.pagoda": 2})
    # pink: b2 1 + a1 1 + new c3 1 = 3 with three; green: 1 + 1 + 1 = 3 with three: both win
    out = GAME.outcome(play(s, "build c3"))
    assert out["scores"] == {"pink": 3, "green": 3} and out["winners"] == ["pink", "green"]
    s = position({**NO_ENERGY, "territories.c3.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 3,
                  "territories.b2.pagoda.rings": 1, "territories.d2.pagoda.rings": 0,
                  "territories.e1.pagoda": {"owner": "green", "rings": 0},
                  "territories.e2.pagoda": {"owner": "green", "rings": 0},
                  "territories.e3.pagoda": {"owner": "green", "rings": 0}, "players.green.reserve.pagoda": 1})
    # pink 3 + 1 = 4 with two pagodas; green 4 with four: pink wins the tie-break
    out = GAME.outcome(play(s, "build c3"))
    assert out == {"winners": ["pink"], "reason": "no_energy", "scores": {"pink": 4, "green": 4}}


def test_t30_a_winning_free_build_still_pays_the_opponent_and_leaves_nothing_pending():
    s = position({"territories.c3.demon": {"name": "kuberan", "level": "natural"},
                  "pending": {"kind": "roll", "enflamed": True},
                  "territories.b2.pagoda.rings": 3,
                  "territories.a1.pagoda": {"owner": "pink", "rings": 4},
                  "territories.b1.pagoda": {"owner": "pink", "rings": 4}, "players.pink.reserve.pagoda": 2})
    s = play(s, "roll 4", "kuberan build", "build free b2")
    assert GAME.outcome(s) == {"winners": ["pink"], "reason": "three_pagodas", "scores": None}
    assert doc(s, "players.green.pool") == 5 and doc(s, "pending") is None
    assert doc(s, "territories.c3.demon") is None
