"""The scenario runner: PASS/FAIL lines and its exit status (COMMON section 5)."""

import json

from engine import scenarios


def write(tmp_path, name, steps, **extra):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"game": "dice", "title": name, "players": 2, "steps": steps, **extra}))
    return path


def test_passing_and_failing_scenarios_are_reported(dice_game, tmp_path, capsys):
    good = write(
        tmp_path,
        "good",
        [
            {"chance": "deal 3 1 2 5 4"},
            {"legal_includes": ["roll"], "legal_excludes": ["roll 3"]},
            {"play": "roll 9", "illegal": True},
            {"play": "roll"},
            {"chance": "roll 4"},
            {"expect": {"rolls.0": [4], "turn": 1}},
            {"expect_view": {"seat": 1, "paths": {"deck": "hidden", "nothing.here": "<absent>"}}},
            {"expect_outcome": None},
        ],
    )
    bad = write(tmp_path, "bad", [{"chance": "deal 1 2 3 4 5"}, {"expect": {"turn": 1}}])
    assert scenarios.main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "PASS good"
    assert out[1] == "FAIL bad: step 2: expect turn: expected 1, got 0"
    assert scenarios.main([str(good)]) == 0


def test_chance_step_fails_when_a_seat_is_to_act(dice_game, tmp_path):
    path = write(tmp_path, "x", [{"chance": "deal 1 2 3 4 5"}, {"chance": "roll 2"}])
    result = scenarios.run_scenario(path)
    assert not result.passed and "not CHANCE" in result.detail


def test_position_patches_apply_to_the_standard_setup(dice_game, tmp_path):
    path = write(
        tmp_path,
        "patched",
        [{"expect": {"deck": ["5", "4", "3", "2", "1"], "rolls": [[6], []]}}],
        position={"from": "standard", "set": {"deck": ["5", "4", "3", "2", "1"], "rolls.0": [6]}},
    )
    assert scenarios.run_scenario(path).passed
