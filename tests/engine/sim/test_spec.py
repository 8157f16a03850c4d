"""Reading a simulation request: dials, sweeps, player counts and bots, with clear errors."""

import pytest

from engine.sim.spec import SpecError, build_spec, coerce


def test_set_reads_each_value_as_the_type_of_its_default():
    spec = build_spec("nakatha", sets=["milaze=4", "long_silence=true", "deal=draft"], players=[3])
    assert spec.options == {"milaze": 4, "long_silence": True, "deal": "draft"}


def test_an_unknown_option_is_refused_with_the_valid_names():
    with pytest.raises(SpecError) as refused:
        build_spec("nakatha", sets=["dragon_breath=1"])
    assert "dragon_breath" in str(refused.value) and "emberfall_rounds" in str(refused.value)


@pytest.mark.parametrize("text, message", [
    ("milaze=four", "whole number"),
    ("long_silence=maybe", "true or false"),
    ("deal=auction", "random"),        # the game's own refusal names what it takes
    ("milaze", "NAME=VALUE"),
])
def test_a_bad_value_is_refused_naming_the_option(text, message):
    with pytest.raises(SpecError, match=message):
        build_spec("nakatha", sets=[text], players=[2])


def test_sweeps_make_a_grid_in_the_order_given():
    spec = build_spec("nakatha", sweeps=["milaze=4,5", "long_silence=false,true"], players=[2])
    assert spec.cells() == [
        {"milaze": 4, "long_silence": False}, {"milaze": 4, "long_silence": True},
        {"milaze": 5, "long_silence": False}, {"milaze": 5, "long_silence": True},
    ]


def test_mixed_player_counts_take_turns_and_bots_follow_the_table():
    spec = build_spec("nakatha", games=5, players=[2, 3], bots=["greedy", "random", "random"])
    jobs = spec.jobs()
    assert [j["players"] for j in jobs] == [2, 3, 2, 3, 2]
    assert jobs[0]["bots"] == ["greedy", "random"] and jobs[1]["bots"] == ["greedy", "random", "random"]


@pytest.mark.parametrize("kwargs, message", [
    ({"players": [7]}, "played by 2, 3, 4, 5, 6 players"),
    ({"bots": ["genius"]}, "unknown bot level"),
    ({"bots": ["random", "random"], "players": [3]}, "one per seat"),
    ({"games": 0}, "at least 1"),
    ({"sweeps": ["milaze=4", "milaze=5"]}, "swept twice"),
])
def test_impossible_requests_are_refused(kwargs, message):
    with pytest.raises(SpecError, match=message):
        build_spec("nakatha", **kwargs)


def test_an_unknown_game_lists_the_games():
    with pytest.raises(SpecError, match="paso"):
        build_spec("chess")


def test_coerce_keeps_strings_for_string_dials():
    assert coerce("draft", "random", "deal") == "draft"
    assert coerce("0", False, "x") is False
