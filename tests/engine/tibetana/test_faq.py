"""The rulebook FAQ, one test per answer (T39)."""

from engine.tibetana import GAME

from .helpers import doc, legal, play, position, refused


def test_t39_1_no_training_or_new_pagoda_from_an_empty_reserve():
    s = position({"players.pink.reserve.priestess": 0, "players.pink.unpaid.priestess": 0,
                  "territories.a1.pieces.pink.priestess": 2, "territories.a2.pieces.pink.priestess": 2,
                  "territories.c3.pieces.pink.priestess": 1, "players.pink.reserve.pagoda": 0,
                  "territories.e3.pagoda": {"owner": "pink", "rings": 0},
                  "territories.e2.pagoda": {"owner": "pink", "rings": 0},
                  "territories.e1.pagoda": {"owner": "pink", "rings": 0},
                  "territories.d4.pagoda": {"owner": "pink", "rings": 0}})
    refused(s, "train P b2", "T14.2")
    refused(s, "build c3", "T18.3")


def test_t39_3_double_adjacency_counts_once_for_mahakala():
    s = position({"portal": ["a1", "a2"], "territories.a1.demon": {"name": "mahakala", "level": "agitated"},
                  "territories.a2.pieces.pink.guardian": 2, "players.pink.reserve.guardian": 2})
    assert "crush G a2" not in legal(s)  # forest 3 - 1 = 2, not 3 - 2


def test_t39_3_double_adjacency_counts_a_guardian_once_for_pressure():
    s = position({"portal": ["a1", "b1"], "territories.a1.pieces.green.guardian": 1,
                  "territories.d2.pieces.green.guardian": 0, "territories.b1.pieces.pink.priestess": 1,
                  "players.pink.reserve.priestess": 3, "territories.b2.pieces.pink.guardian": 0,
                  "players.pink.reserve.guardian": 5, "turn.actions_left": 3})
    # the priestess in b1: one green guardian (counted once) against none: pressured
    assert "build b1" not in legal(s)


def test_t39_4_demons_are_expelled_through_the_portal():
    s = position({"territories.c1.demon": {"name": "heruka", "level": "natural"}, "turn.actions_left": 3})
    assert "expel c1-c5" in legal(s)


def test_t39_5_perimeter_after_an_explosion_allows_new_portal_places():
    s = position({"territories.b4": None, "portal": None, "turn.actions_left": 3})
    assert "portal b3 c4" in legal(s)


def test_t39_7_exert_after_the_last_action_with_the_energy_just_built():
    s = position({"players.pink.pool": 1, "turn.actions_left": 1, "territories.c3.pieces.pink.priestess": 1,
                  "players.pink.reserve.priestess": 3})
    s = play(s, "build c3")
    assert "exert" in legal(s)
    s = play(s, "exert")
    assert doc(s, "turn.actions_left") == 1


def test_t39_8_the_turn_cannot_end_before_the_excess_is_crushed():
    s = position({"territories.c3.demon": {"name": "mahakala", "level": "natural"},
                  "territories.c3.pieces.pink.guardian": 1, "players.pink.reserve.guardian": 3,
                  "turn.actions_left": 0})
    assert legal(s) == ["concede", "crush G c3", "exert", "offer draw"]
    s = play(s, "crush G c3")
    assert "end" in legal(s)
    assert GAME.outcome(s) is None
