"""Part C and D: turns, rounds, upkeep, control and elimination (rulings N13-N19)."""

from engine.core import CHANCE

from .helpers import G, doc, in_play, play, position


def test_n13_a_round_is_one_turn_for_each_seat():
    s = position(3)
    assert (doc(s)["turn"], doc(s)["round"], doc(s)["active"]) == (1, 1, 0)
    s = play(s, "humans.1", "dae.1")
    assert (doc(s)["turn"], doc(s)["round"], doc(s)["active"]) == (3, 1, 2)
    s = play(s, "dragons.1")
    assert (doc(s)["turn"], doc(s)["round"], doc(s)["active"]) == (4, 2, 0)


def test_n15_pass_is_open_only_when_nothing_can_be_activated():
    assert "pass" not in G.legal_actions(position(3))
    frozen = {f"pieces.humans.{i}.frozen": 1 for i in range(1, 12)}
    frozen.update({"pieces.outerlands.ansidora.frozen": 1, "pieces.outerlands.tsiorak.frozen": 1})
    s = in_play(0, frozen)
    assert G.legal_actions(s) == ["pass"]
    s = G.play(s, "pass")
    assert doc(s)["active"] == 1
    assert doc(s)["pieces"]["humans"]["1"]["frozen"] is None  # N35: seat 1's upkeep thawed what it froze


def test_n15_one_activation_per_turn_the_turn_passes_after_it():
    s = G.play(position(3), "humans.7 a8-a5")
    assert doc(s)["pending"] == {"kind": "activate", "seat": 1, "bonus": None} and doc(s)["activated"] == []


def test_n14_reversion_rolls_in_canonical_piece_order_at_the_outerlands_upkeep():
    s = in_play(2, {"pieces.makabi.seer.turned": True, "pieces.dae.3.turned": True}, turn=3)
    s = G.play(s, "dragons.1")
    assert G.actor(s) == CHANCE
    assert doc(s)["pending"] == {"kind": "roll", "roll": "reversion", "need": 2, "piece": "dae.3"}
    s = G.play(s, "roll 3")
    assert doc(s)["pending"]["piece"] == "makabi.seer"
    s = G.play(s, "roll 1")
    d = doc(s)
    assert d["pieces"]["makabi"]["seer"]["turned"] is False and d["pieces"]["dae"]["3"]["survived"] == 1
    assert d["pending"] == {"kind": "activate", "seat": 0, "bonus": None}


def test_n17_n18_a_turned_piece_is_controlled_by_the_outerlands_seat():
    s = in_play(1, {"pieces.dae.3.turned": True})
    assert not any(a.startswith("dae.3") for a in G.legal_actions(s))
    s = in_play(0, {"pieces.dae.3.turned": True})
    assert "dae.3 b13-b9" in G.legal_actions(s)
    s = G.play(s, "dae.3 b13-b9")
    assert doc(s)["claims"]["b9"] == "outerlands"


def test_n18_a_seat_never_targets_its_own_pieces():
    s = in_play(0, {"pieces.outerlands.ansidora.tile": "a5"})
    assert "humans.7 remove a5" not in G.legal_actions(s)


def test_n19_a_seat_going_out_thaws_what_it_froze():
    gone = {
        f"pieces.{f}.{n}.tile": None
        for f, names in (("fae", ("green", "amber", "sandstone")), ("dragons", ("1", "2", "3")))
        for n in names
    }
    s = in_play(0, {**gone, "pieces.fae.white.tile": "a5", "pieces.humans.1.frozen": 2})
    s = G.play(s, "humans.7 remove a5")
    d = doc(s)
    assert d["pieces"]["fae"]["white"]["tile"] is None
    assert d["pieces"]["humans"]["1"]["frozen"] is None
    assert d["active"] == 1 and G.outcome(s) is None


def test_n19_a_seat_whose_pieces_are_all_turned_is_not_out():
    turned = {f"pieces.dae.{i}.turned": True for i in range(1, 7)}
    turned.update({f"pieces.makabi.{n}.tile": None for n in ("maiden", "mother", "seer")})
    s = in_play(0, turned)
    s = G.play(s, "humans.1")
    assert doc(s)["active"] == 1
    assert G.legal_actions(s) == ["pass"]


def test_n38_dominion_by_holding_the_last_hostile_piece():
    gone = {
        f"pieces.{f}.{n}.tile": None
        for f in ("dae", "fae", "outerlands")
        for n in {
            "dae": "123456",
            "fae": ("white", "green", "amber", "sandstone"),
            "outerlands": ("ansidora", "tsiorak"),
        }[f]
        if not (f == "dae" and n == "6")
    }
    s = in_play(0, {**gone, "pieces.dae.6.tile": "e11"}, players=2)  # p0: humans, dragons, makabi
    s = G.play(s, "makabi.maiden control e11")
    assert G.outcome(s) == {"winners": ["p0"], "reason": "dominion", "scores": None}
    assert G.legal_actions(s) == [] and G.actor(s) is None


def test_n42_a_long_silence_tied_between_seats_is_a_draw():
    quiet = {"long_silence": True, "silence_rounds": 1}
    s = position(3, {f"claims.b{i}": "dae" for i in range(1, 6)}, options=quiet)  # dae 11, humans 11
    s = play(s, "humans.1", "dae.1")
    assert G.outcome(s) is None and doc(s)["silence"] == 2
    s = G.play(s, "fae.white")
    assert G.outcome(s) == {"winners": [], "reason": "silence", "scores": None}


def test_n42_a_tie_between_factions_of_one_seat_goes_to_that_seat():
    quiet = {"long_silence": True, "silence_rounds": 1}
    s = position(3, {f"claims.f{i}": "outerlands" for i in range(1, 10)}, options=quiet)  # outerlands 11
    s = play(s, "humans.1", "dae.1", "fae.white")
    assert G.outcome(s) == {"winners": ["p0"], "reason": "silence", "scores": None}


def test_n42_the_silence_is_counted_even_with_the_option_off():
    s = play(position(3), "humans.1", "dae.1", "fae.white", "humans.1")
    assert doc(s)["silence"] == 4 and G.outcome(s) is None
