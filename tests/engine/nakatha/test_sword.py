"""Part H: the Sword, the Divine Guess and the win by the Sword (rulings N12, N37, N40, N41)."""

import pytest

from engine.core import IllegalAction

from .helpers import G, doc, in_play, play, position


def test_n37_guess_legality_never_depends_on_where_the_sword_lies():
    lists = {tile: G.legal_actions(position(3, sword=tile)) for tile in ("a5", "c9", "f15", "a11")}
    assert len({tuple(v) for v in lists.values()}) == 1


def test_n37_a_refused_guess_is_refused_the_same_way_wherever_the_sword_is():
    for text in ("humans.1 guess a12", "humans.1 guess a5"):
        messages = set()
        for tile in ("a5", "a11", "c9"):
            s = position(3, {"sword.revealed": ["a12"]}, sword=tile)
            with pytest.raises(IllegalAction) as err:
                G.play(s, text)
            messages.add(str(err.value))
        assert len(messages) == 1, text


def test_n37_a_right_guess_on_a_tile_the_guesser_may_not_enter_leaves_the_sword_face_up():
    s = in_play(2, {"pieces.dragons.3.tile": "sw4"}, turn=3, sword_tile="f11")
    s = G.play(s, "dragons.3 guess f11")
    d = doc(s)
    assert d["sword"] == {"tile": "f11", "found": True, "revealed": [], "vigil": None}
    assert d["pieces"]["dragons"]["3"]["tile"] == "sw4" and d["active"] == 0
    s = G.play(s, "outerlands.ansidora f12-f11")  # the next piece to come to rest there takes it
    assert doc(s)["pieces"]["outerlands"]["ansidora"]["sword"] is True and doc(s)["sword"]["tile"] is None


def test_n37_no_move_may_precede_a_guess():
    s = position(3)
    with pytest.raises(IllegalAction) as err:
        G.play(s, "humans.1 a11-a7 guess a7")
    assert err.value.rule in ("N37", "N12")


def test_n12_only_the_bearer_enters_a_divine_tile_and_nobody_the_dais():
    s = in_play(0, {"pieces.humans.10.tile": "a1", "pieces.humans.9.tile": "b1"})
    assert "humans.10 a1-n0" not in G.legal_actions(s)
    s = in_play(
        0, {"pieces.humans.10.tile": "n0", "pieces.humans.10.sword": True}, sword_tile=None, found=True
    )
    with pytest.raises(IllegalAction) as err:
        G.play(s, "humans.10 n0-dais")
    assert str(err.value) == "N12: nothing may enter the Dais"
    assert "humans.10 n0-ne0" in G.legal_actions(s)


def test_n41_a_bearer_moved_to_another_divine_tile_starts_a_new_vigil():
    vigil = {"seat": 0, "piece": "humans.10", "tile": "n0"}
    s = in_play(
        2,
        {"pieces.humans.10.tile": "ne0", "pieces.humans.10.sword": True, "sword.vigil": vigil},
        turn=3,
        sword_tile=None,
        found=True,
    )
    s = G.play(s, "dragons.1")
    assert G.outcome(s) is None and doc(s)["sword"]["vigil"] is None
    s = G.play(s, "humans.1")
    assert doc(s)["sword"]["vigil"] == {"seat": 0, "piece": "humans.10", "tile": "ne0"}
    s = play(s, "dae.1", "dragons.1")
    assert G.outcome(s) == {"winners": ["p0"], "reason": "sword", "scores": None}


def test_n41_a_bearer_taken_by_another_seat_does_not_win_for_the_first():
    vigil = {"seat": 0, "piece": "humans.10", "tile": "n0"}
    s = in_play(
        2,
        {
            "pieces.humans.10.tile": "n0",
            "pieces.humans.10.sword": True,
            "pieces.humans.10.turned": True,
            "sword.vigil": vigil,
        },
        players=6,
        turn=6,
        sword_tile=None,
        found=True,
    )
    # p5 (the Outerlands) now controls the bearer, so p0's vigil lapses at p0's next turn
    s = play(s, "fae.white", "dragons.1", "makabi.seer", "pass", "roll 4", "outerlands.tsiorak")
    assert doc(s)["sword"]["vigil"] == {"seat": 5, "piece": "humans.10", "tile": "n0"}
    assert G.outcome(s) is None and doc(s)["active"] == 0


def test_n40_a_piece_pushed_onto_the_dropped_sword_picks_it_up():
    s = in_play(2, {"pieces.dae.6.tile": "c7"}, turn=3, sword_tile="ne3", found=True)
    s = G.play(s, "fae.green push c7-ne3")
    assert doc(s)["pieces"]["dae"]["6"]["sword"] is True and doc(s)["sword"]["tile"] is None


def test_n40_a_piece_moving_onto_the_dropped_sword_strikes_as_its_bearer():
    s = in_play(0, {"pieces.humans.10.tile": "d4"}, sword_tile="d7", found=True)
    assert "humans.10 d4-d7 remove d12" in G.legal_actions(s)  # no Mob, no Dragon count
    s = G.play(s, "humans.10 d4-d7 remove d12")
    d = doc(s)
    assert d["pieces"]["humans"]["10"]["sword"] is True and d["pieces"]["dragons"]["1"]["tile"] is None
