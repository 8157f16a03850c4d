"""``python -m engine.sim``: options, reproducibility by seed, files written with --out."""

import csv
import json
import subprocess
import sys

import pytest

from engine.sim import build_spec, simulate
from engine.sim.cli import main


def run_cli(capsys, *argv):
    assert main([*argv, "--no-progress"]) == 0
    return capsys.readouterr().out


def test_the_summary_names_seats_reasons_lengths_and_the_interval(capsys):
    out = run_cli(capsys, "paso", "--games", "12", "--seed", "3", "--bots", "random")
    assert "paso: 12 games" in out
    assert "win rate by seat, 2 players (95% Wilson)" in out
    assert "victory reasons:" in out and "actions per game:" in out
    assert "stalled" in out and "cut by the cap" in out


def test_random_bots_do_not_concede_and_the_output_says_so(capsys):
    records = simulate(build_spec("tibetana", games=15, bots=["random"]))
    assert not {r["reason"] for r in records} & {"concession", "agreed_draw"}
    out = run_cli(capsys, "tibetana", "--games", "2", "--bots", "random")
    assert "random bots never choose: concede, offer draw" in out


def test_the_policy_bot_plays_by_default(capsys):
    assert build_spec("paso", games=1).bots == ("policy",)
    assert "bots policy" in run_cli(capsys, "paso", "--games", "2")


def test_same_seed_same_games_and_another_seed_other_games():
    one = simulate(build_spec("mandara", games=6, players=[3, 4], seed=7))
    again = simulate(build_spec("mandara", games=6, players=[3, 4], seed=7))
    other = simulate(build_spec("mandara", games=6, players=[3, 4], seed=8))
    assert one == again
    assert one != other


def test_local_processes_give_the_records_of_one_process():
    spec = build_spec("paso", games=16, seed=5, bots=["random"])
    assert simulate(spec, jobs=2) == simulate(spec)


def test_the_cap_cuts_games_and_counts_them_as_stalled():
    records = simulate(build_spec("nakatha", games=2, players=[2], cap=30))
    assert all(r["result"] == "capped" and r["capped"] and r["stalled"] for r in records)
    assert all(r["actions"] == 30 for r in records)


def test_a_sweep_writes_every_game_a_summary_and_charts(tmp_path, capsys):
    out = run_cli(capsys, "nakatha", "--games", "3", "--players", "2,6", "--sweep", "breath_range=1,2",
                  "--set", "long_silence=true", "--bots", "random", "--out", str(tmp_path))
    assert "== breath_range=1: 3 games ==" in out and "== breath_range=2: 3 games ==" in out
    assert "share of the wins by faction" in out
    games = json.loads((tmp_path / "games.json").read_text())
    assert len(games) == 6 and {g["cell"]["breath_range"] for g in games} == {1, 2}
    with (tmp_path / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 6 and json.loads(rows[0]["hands"])
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["run"]["options"] == {"long_silence": True} and len(summary["cells"]) == 2
    for chart in ("win_rates.png", "stalls.png", "factions_by_players.png"):
        assert (tmp_path / chart).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_nakatha_win_is_credited_to_factions_of_the_winning_hand():
    for r in simulate(build_spec("nakatha", games=4, players=[2, 3], bots=["random"])):
        if r["result"] == "win":
            assert sum(r["credit"].values()) == pytest.approx(1)
            assert set(r["credit"]) <= set(r["hands"][r["winners"][0]])


@pytest.mark.parametrize("argv, message", [
    (["paso", "--set", "speed=3"], "unknown option 'speed' for paso; valid options: quiet_turn_limit"),
    (["paso", "--players", "3"], "played by 2 players"),
    (["paso", "--jobs", "0"], "--jobs must be at least 1"),
    (["nakatha", "--players", "two"], "--players takes a count"),
])
def test_bad_options_exit_2_with_the_reason(argv, message):
    done = subprocess.run([sys.executable, "-m", "engine.sim", *argv, "--no-progress", "--games", "1"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert message in done.stderr


def test_a_game_counts_as_stalled_exactly_where_the_long_silence_would_end_it():
    """The same games with the rule off and on: the stalled ones are the ones the rule ends."""
    def games(*sets):
        return simulate(build_spec("nakatha", games=12, players=[2], bots=["random"], sets=["silence_rounds=7", *sets]))

    stalled = {r["index"] for r in games() if r["stalled"]}
    silenced = {r["index"] for r in games("long_silence=true") if r["reason"] == "silence"}
    assert 0 < len(stalled) < 12
    assert stalled == silenced
