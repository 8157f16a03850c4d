"""record_corpus: games played through the services, written as export + sidecar the gate accepts."""

import pytest
from django.core.management import CommandError, call_command

from games import corpus
from games.models import Game
from games.recorder import TIMED, Recorder, Script

pytestmark = pytest.mark.django_db


def test_recorded_games_pass_the_check_and_leave_the_database_as_it_was(tmp_path):
    scripts = [Script("paso", 2, "resignation", moves=6, acts=((2, "decline"),)),
               Script("paso", 2, "timeout", moves=3, time_control=TIMED)]
    sidecars = Recorder(seed=5, log=lambda line: None).record(scripts, tmp_path)
    assert [s["outcome"]["reason"] for s in sidecars] == ["resignation", "timeout"]
    games = corpus.corpus_games(tmp_path)
    assert [g.stem for g in games] == ["000-2p-resignation", "001-2p-timeout"]
    for game in games:
        assert corpus.check_positions(game) == []
        assert set(game.sidecar()["positions"]) == {str(s) for s in corpus.checkpoints(game.records())}
    kinds = [r["kind"] for r in games[0].records()]
    assert {"draw_offer", "draw_decline"} <= set(kinds) and kinds[-2:] == ["resign", "end"]
    assert not Game.objects.exists()  # rolled back


def test_record_corpus_refuses_an_unknown_game(tmp_path):
    with pytest.raises(CommandError, match="unknown game 'chess'"):
        call_command("record_corpus", "--out", str(tmp_path), "--games", "chess")
