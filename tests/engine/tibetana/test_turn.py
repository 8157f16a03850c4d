"""The turn: actors, action counts, Exert, end, forced summons, draws and concession
(T10-T12, T19, T32-T34, T37)."""

from engine.core import CHANCE
from engine.tibetana import GAME

from .helpers import doc, legal, play, position, refused

PERIMETER = ["a1", "a2", "a3", "b1", "b4", "c1", "c5", "d1", "d4", "e1", "e2", "e3"]


def test_t37_standard_start_lists_85_texts_in_string_order():
    moves = [f"move {k} b2-{t}" for k in "GP" for t in ("a1", "a2", "b1", "b3", "c2", "c3")]
    portals = [f"portal {x} {y}" for i, x in enumerate(PERIMETER) for y in PERIMETER[i + 1:]]
    expected = ["concede", "end", "exert", *moves, "offer draw", *portals, "summon", "train G b2", "train P b2"]
    got = legal(GAME.setup(2, {}))
    assert got == expected and len(got) == 85
    assert got == sorted(got)


def test_t11_1_pink_first_turn_two_actions_then_three_each():
    s = play(GAME.setup(2, {}), "train G b2", "train P b2")
    assert doc(s, "turn.actions_left") == 0
    assert GAME.actor(s) == 0  # the turn never ends by itself (T12.1)
    refused(s, "move G b2-c3", "T11.3")
    s = play(s, "end")
    assert (doc(s, "turn.active"), doc(s, "turn.actions_left"), doc(s, "turn.number")) == ("green", 3, 2)


def test_t11_4_exert_after_the_last_action_and_only_once():
    s = play(position({"players.pink.pool": 4}), "train G b2", "train P b2")
    s = play(s, "exert")
    assert doc(s, "turn.actions_left") == 1 and doc(s, "players.pink.pool") == 2
    refused(s, "exert", "T11.4")


def test_t11_5_special_actions_once_per_turn():
    s = position({"players.pink.pool": 6, "turn.actions_left": 3,
                  "territories.c3.demon": {"name": "citipati", "level": "natural"}})
    s = play(s, "portal a1 e1")
    refused(s, "portal a1 e3", "T11.5")
    s = play(s, "expel c3-c4")
    refused(s, "expel c4-c3", "T11.5")
    assert doc(s, "turn.specials") == ["expel", "portal"]


def _forced_at_last_action():
    s = position({"turn.number": 3, "die": 5, "territories.b3.pieces.pink.priestess": 1,
                  "players.pink.reserve.priestess": 3, "players.pink.pool": 0, "turn.actions_left": 1})
    return play(s, "build b3>b2")


def test_t19_4_forced_summon_with_no_action_left_passes_to_the_opponent():
    s = _forced_at_last_action()
    assert doc(s, "turn.summon_due") and doc(s, "turn.actions_left") == 0
    assert "summon" not in legal(s) and "end" in legal(s)
    s = play(s, "end")
    assert doc(s, "turn.active") == "green" and doc(s, "turn.summon_due") is True
    assert legal(s) == ["concede", "exert", "offer draw", "summon"]
    refused(s, "train G d2", "T19.4")
    s = play(s, "summon")
    assert doc(s, "players.green.pool") == 2  # forced: free
    assert doc(s, "turn.actions_left") == 2 and GAME.actor(s) == CHANCE


def test_t19_4_exert_cannot_dodge_a_due_summon():
    s = position({"turn.number": 3, "die": 5, "territories.b3.pieces.pink.priestess": 1,
                  "players.pink.reserve.priestess": 3, "players.pink.pool": 1, "turn.actions_left": 1})
    s = play(s, "build b3>b2", "exert")
    assert doc(s, "turn.actions_left") == 1
    assert legal(s) == ["concede", "offer draw", "summon"]


def test_t11_2_forced_summon_ignores_the_once_per_turn_limit():
    s = position({"turn.specials": ["summon"], "turn.summon_due": True, "players.pink.pool": 0})
    s = play(s, "summon")
    assert doc(s, "turn.specials") == ["summon"] and doc(s, "pending") == {"kind": "roll", "enflamed": False}


def test_t20_1_voluntary_summon_needs_two_energies():
    s = position({"players.pink.pool": 1})
    refused(s, "summon", "T11.3")


def test_t10_t34_actors_for_chance_and_draw_offer():
    s = play(GAME.setup(2, {}), "summon")
    assert GAME.actor(s) == CHANCE and legal(s) == ["roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll flame"]
    refused(s, "concede", "T32.2")
    s = play(GAME.setup(2, {}), "offer draw")
    assert GAME.actor(s) == 1 and legal(s) == ["accept draw", "concede", "decline draw"]


def test_t32_1_accepted_draw_ends_with_no_winner():
    s = play(GAME.setup(2, {}), "offer draw", "accept draw")
    assert GAME.outcome(s) == {"winners": [], "reason": "agreed_draw", "scores": None}
    assert GAME.actor(s) is None and legal(s) == []


def test_t32_2_concession_by_the_current_actor_even_mid_decision():
    s = play(GAME.setup(2, {}), "summon", "roll 2")
    assert doc(s, "pending.kind") == "place" and "concede" in legal(s)
    s = play(s, "concede")
    assert GAME.outcome(s) == {"winners": ["green"], "reason": "concession", "scores": None}
    s = play(GAME.setup(2, {}), "offer draw", "concede")  # green answers the offer by conceding
    assert GAME.outcome(s)["winners"] == ["pink"]


def test_t12_2_hand_over_clears_the_turn_but_keeps_the_pools():
    s = position({"players.pink.pool": 4})
    s = play(s, "exert", "move P b2-c3", "build c3", "end")
    t = doc(s, "turn")
    assert t == {"number": 2, "active": "green", "actions_left": 3, "specials": [],
                 "used_energy": {"pink": {}, "green": {}}, "built": False, "summon_due": False,
                 "draw_offered": False}
    assert doc(s, "players.pink.pool") == 3 and doc(s, "turns_without_build") == 0
