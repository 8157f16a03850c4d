"""The rulebook's three worked examples, as the rulings place them on the standard map."""

from engine.core import CHANCE
from engine.tibetana import GAME

from .helpers import EMPTY, doc, legal, play, position, refused


def test_t16_clearing_example_three_guardians_are_not_enough_five_are():
    """Move, Example: two green pieces in c4; pink needs five adjacent guardians (T16.3)."""
    s = position({
        "turn.number": 3, "turn.actions_left": 3,
        "territories.b2.pieces.pink.guardian": 0,
        "territories.b3.pieces.pink.guardian": 1, "territories.b4.pieces.pink.guardian": 1,
        "territories.c5.pieces.pink.guardian": 1, "territories.a3.pieces.pink.guardian": 2,
        "players.pink.reserve.guardian": 0,
        "territories.d2.pieces.green.guardian": 0,
        "territories.c4.pieces.green": {"guardian": 1, "priestess": 1},
        "players.green.reserve.priestess": 3,
    })
    refused(s, "move G b3-c4", "T16.3")  # 1. three guardians around two pieces
    s = play(s, "move G a3-b3", "move G a3-b4")  # 2. five guardians now surround them
    s = play(s, "move G b3-c4")  # 3. clear and move one guardian in
    assert doc(s, "territories.c4.pieces.green") == EMPTY
    assert doc(s, "territories.c4.pieces.pink.guardian") == 1
    assert doc(s, "players.green.reserve.guardian") == 5 and doc(s, "players.green.reserve.priestess") == 4


def test_t17_t18_build_example_source_free_at_three_to_three_target_pressured_at_three_to_two():
    """Build, Example: A = b4, C = c4, B = d4 (T17.2, T18.4)."""
    s = position({
        "turn.number": 7, "turn.actions_left": 3,
        "territories.b4.pieces.pink": {"guardian": 1, "priestess": 1},
        "territories.b3.pieces.pink": {"guardian": 1, "priestess": 0},
        "territories.c4.pieces.pink": {"guardian": 1, "priestess": 1},
        "territories.e3.pieces.pink": {"guardian": 1, "priestess": 0},
        "territories.d4.pieces.pink": {"guardian": 0, "priestess": 1},
        "territories.d4.pagoda": {"owner": "pink", "rings": 1},
        "players.pink.reserve": {"guardian": 0, "priestess": 1, "pagoda": 3},
        "territories.d2.pieces.green.guardian": 0,
        "territories.c5.pieces.green": {"guardian": 2, "priestess": 0},
        "territories.a3.pieces.green": {"guardian": 1, "priestess": 0},
        "territories.d3.pieces.green": {"guardian": 1, "priestess": 0},
        "players.green.reserve.guardian": 1,
    })
    assert "build b4" in legal(s)  # the priestess in A sees 3 against 3: free
    refused(s, "build b4>d4", "T18.3")  # the priestess in B sees 3 against 2: pressured
    s = play(s, "move G b3-c4", "build b4>d4")  # a third allied guardian frees her
    assert doc(s, "territories.d4.pagoda.rings") == 2 and doc(s, "territories.b4.energy") == 1


def test_t19_t20_summon_example_flame_flame_three_brings_agitated_mahakala():
    """Summon a Demon, Example: a build completes the die cycle; the free summon rolls flame,
    flame (the six) and three (T19.2, T20.2, T33.2)."""
    s = position({"turn.number": 3, "turn.actions_left": 3, "players.pink.pool": 0, "die": 5,
                  "territories.b3.pieces.pink.priestess": 1, "players.pink.reserve.priestess": 3})
    s = play(s, "build b3>b2")
    assert legal(s) == ["concede", "offer draw", "summon"]
    s = play(s, "summon")
    assert GAME.actor(s) == CHANCE and doc(s, "players.pink.pool") == 1
    s = play(s, "roll flame", "roll flame", "roll 3")
    assert doc(s, "pending") == {"kind": "place", "demon": "mahakala", "level": "agitated"}
    s = play(s, "place mahakala c4")
    assert doc(s, "territories.c4.demon") == {"name": "mahakala", "level": "agitated"}
    assert doc(s, "turn.actions_left") == 1  # pink performs a third action and completes the turn
