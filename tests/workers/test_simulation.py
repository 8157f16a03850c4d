"""``manage.py simulate --celery``: games fanned out to a real worker give the same records."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from engine.sim import build_spec, simulate
from workers.simulation import batches

# Random bots: what is compared is the records a worker hands back, not the bots' play (the policy
# bot, the default, costs a minute a run here for nothing these tests check).
GAMES, BOTS, SEED = 24, "random", 11


def simulate_command(tmp_path, *argv):
    call_command("simulate", "paso", "--games", str(GAMES), "--bots", BOTS, "--seed", str(SEED), "--no-progress",
                 "--out", str(tmp_path), *argv)
    return json.loads((tmp_path / "games.json").read_text())


def one_process():
    return simulate(build_spec("paso", games=GAMES, bots=(BOTS,), seed=SEED))


@pytest.mark.services
def test_games_played_by_a_real_worker_match_one_process(celery_worker, tmp_path):
    records = simulate_command(tmp_path, "--celery")
    assert records == one_process()
    assert any("play_batch" in line and "succeeded" in line for line in celery_worker["log"])


def test_without_a_broker_the_batches_run_eagerly_with_the_same_records(tmp_path):
    assert simulate_command(tmp_path, "--celery") == one_process()


def test_celery_and_local_processes_are_exclusive(tmp_path):
    with pytest.raises(CommandError, match="not both"):
        simulate_command(tmp_path, "--celery", "--jobs", "2")


def test_an_unknown_dial_is_a_command_error(tmp_path):
    with pytest.raises(CommandError, match="valid options: quiet_turn_limit"):
        simulate_command(tmp_path, "--set", "tempo=2")


def test_batches_cover_every_job_once_in_order():
    jobs = [{"index": i} for i in range(50)]
    parts = batches(jobs)
    assert [j for part in parts for j in part] == jobs
    assert len(parts) > 1 and all(len(p) <= 25 for p in parts)
