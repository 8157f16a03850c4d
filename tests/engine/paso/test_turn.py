"""The turn, its close, exhaustion, no-undo and the quiet-turn draw (rulings P8, P9, P18, P24)."""

import pytest

from engine.core import IllegalAction
from engine.paso import GAME
from engine.paso.state import fingerprint

from .helpers import play, position, started, state


def doc_of(st):
    return GAME.to_json(st)


def test_p8_end_closes_the_turn_and_resets_turn_state():
    st = play(started(), "brahmin summon L c2 r0", "end")
    doc = doc_of(st)
    assert doc["turn"] == 2 and doc["current"] == "north"
    assert doc["turn_state"] == {"character": None, "start": None, "basic": []}
    assert doc["last_end"]["south"].startswith("..........|....L0....|")


def test_p8_a_special_action_closes_the_turn_at_once():
    st = state({"c2": "L0", "c3": "L0"}, {"south.brahmin": "c2.nw"}, turn=9)
    st = GAME.apply(st, "brahmin meditate c3 r90")
    assert doc_of(st)["current"] == "north" and doc_of(st)["turn"] == 10
    assert doc_of(st)["last_end"]["south"] == fingerprint(st)


def test_p9_exhausted_through_the_next_own_turn():
    st = state({"c2": "L0", "c3": "L0", "b3": "L0"}, {"south.brahmin": "c2.nw"}, turn=9)
    st = play(st, "brahmin meditate c3 r90", "end")
    assert doc_of(st)["tokens"]["south"]["brahmin"]["exhausted"] is True
    assert not any("meditate" in a for a in GAME.legal_actions(st))
    st = play(st, "brahmin walk c2.nw-c2.ne", "end")
    assert doc_of(st)["tokens"]["south"]["brahmin"]["exhausted"] is False
    st = play(st, "end")
    assert "brahmin meditate b3 r90" in GAME.legal_actions(st)


def test_p9_a_new_special_revives_the_other_tokens_and_rival_tokens_never_flip():
    st = state({"c2": "L0", "d2": "L0", "b2": "L0"},
               {"south.cobra": "c2.ne", "south.tiger": "c2.nw", "north.tiger": "d2.nw", "north.cobra": "b2.ne"},
               exhausted=("south.tiger", "north.cobra"))  # fmt: skip
    st = GAME.apply(st, "cobra bite d2.nw")
    tokens = doc_of(st)["tokens"]
    assert tokens["south"]["cobra"]["exhausted"] and not tokens["south"]["tiger"]["exhausted"]
    assert tokens["north"]["cobra"]["exhausted"] is True


def test_p18_pass_refused_when_it_repeats_your_last_arrangement():
    st = play(started(), "brahmin summon L c2 r0", "brahmin walk temple-c2.sw", "end", "end")
    assert "end" not in GAME.legal_actions(st)
    with pytest.raises(IllegalAction, match="^P18: the arrangement would equal your last one$"):
        GAME.apply(st, "end")


def test_p18_forced_pass_when_nothing_else_is_legal():
    doc = position({"c3": "L0", "a3": "L0"}, {"south.tiger": "out", "south.cobra": "out", "north.tiger": "c3.nw"},
                   reserve={"S": 0, "I": 0, "D": 0, "L": 0}, turn=21)  # fmt: skip
    # 14 more tiles away from c1 so the reserve can be empty.
    for space, t in zip(["a5", "b5", "d5", "e5", "a4", "b4", "c4", "d4", "e4", "b3", "d3", "e3", "a2", "e2"],
                        "SSSSIIIIDDDDLL", strict=True):  # fmt: skip
        doc["spaces"][space] = {"type": t, "rot": 0}
    doc["last_end"]["south"] = fingerprint(GAME.from_json(doc))
    st = GAME.from_json(doc)
    assert GAME.legal_actions(st) == ["end"]
    st = GAME.apply(st, "end")
    assert doc_of(st)["current"] == "north" and doc_of(st)["quiet_turns"] == 1


def test_p18_exhaustion_is_not_part_of_the_arrangement():
    st = state({"c2": "L0", "c3": "L0"}, {"south.brahmin": "c2.nw"}, turn=9)
    a = fingerprint(st)
    b = fingerprint(
        GAME.from_json(
            {
                **doc_of(st),
                "tokens": {
                    **doc_of(st)["tokens"],
                    "south": {
                        **doc_of(st)["tokens"]["south"],
                        "brahmin": {"location": "c2.nw", "exhausted": True},
                    },
                },
            }
        )
    )
    assert a == b


def test_p24_quiet_turns_count_and_reset():
    st = play(started(), "brahmin summon L c2 r0", "brahmin walk temple-c2.sw", "end")
    assert doc_of(st)["quiet_turns"] == 0
    st = play(st, "end")
    assert doc_of(st)["quiet_turns"] == 1
    st = play(st, "brahmin walk c2.sw-c2.nw", "end")
    assert doc_of(st)["quiet_turns"] == 2
    st = play(st, "tiger summon I b4 r0", "end")
    assert doc_of(st)["quiet_turns"] == 0


def test_p24_draw_at_the_limit_and_zero_means_no_limit():
    def walk_back_and_forth(limit, turns):
        st = GAME.setup(2, {"quiet_turn_limit": limit})
        st = play(st, "temple c1", "temple c5", "brahmin summon L c2 r0", "brahmin walk temple-c2.sw", "end",
                  "cobra summon L c4 r0", "cobra walk temple-c4.nw", "end")  # fmt: skip
        squares = {"south": ["c2.sw", "c2.nw"], "north": ["c4.nw", "c4.sw"]}
        characters = {"south": "brahmin", "north": "cobra"}
        for i in range(turns):
            if st.phase == "over":
                return st, i
            seat = doc_of(st)["current"]
            a, b = squares[seat]
            st = play(st, f"{characters[seat]} walk {a}-{b}", "end")
            squares[seat].reverse()
        return st, turns

    st, played = walk_back_and_forth(4, 10)
    assert played == 4 and GAME.outcome(st) == {"winners": [], "reason": "quiet_turns", "scores": None}
    assert doc_of(st)["current"] == "north" and doc_of(st)["turn"] == 6
    st, played = walk_back_and_forth(0, 80)
    assert played == 80 and GAME.outcome(st) is None and doc_of(st)["quiet_turns"] == 80
