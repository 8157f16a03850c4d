"""The recorded-games gate: every corpus game must import, replay and export exactly as recorded.

Each game in ``tests/corpus/<game>/`` is checked on today's engine, under the rules version it was
created with: its position hash after every 25th event and after the last, its outcome, then the
import (hash chain, chance outcomes, seed commitment) and a byte-exact export. A failure names the
game, the event and the first differing field of the position. Re-record only after a deliberate
rules-version bump (README, "Recorded games").
"""

from collections import Counter
from pathlib import Path

import pytest

from engine import available, get_game
from games import audit, corpus, selectors
from games.models import Game

HERE = Path(__file__).parent
GAMES = corpus.corpus_games(HERE)
SERVICE_ROUTES = {"resignation", "agreement", "timeout", "aborted", "adjudication"}
#: Victory routes of each engine (its ``outcome`` reasons) that the corpus must show.
ENGINE_ROUTES = {
    "paso": {"illumination", "poisoning", "protection", "quiet_turns"},
    "tibetana": {"ten_turns", "no_pagodas", "no_energy", "three_pagodas", "concession", "agreed_draw"},
    "nakatha": {"board", "sword", "dominion", "silence"},
    "mandara": {"mandala_complete"},
}


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.label)
def test_a_corpus_game_replays_imports_and_exports_as_recorded(game):
    assert corpus.check_positions(game) == []
    data = game.data()
    game_id = game.records()[0]["game"]
    try:
        assert audit.import_histories(data) == {game_id: "imported"}
    except audit.ImportRefused as exc:
        pytest.fail(f"{game.label}: {exc}")
    exported = audit.jsonl(selectors.export_records(Game.objects.get(pk=game_id)))
    if exported != data:
        lines = zip(data.splitlines(), exported.splitlines())
        seq = next((n for n, (a, b) in enumerate(lines, start=1) if a != b), min(data.count(b"\n"), exported.count(b"\n")) + 1)
        pytest.fail(f"{game.label}: the export of the imported game differs from the corpus file at event {seq}")


def test_the_corpus_covers_every_game_player_count_and_ending():
    sidecars = [g.sidecar() for g in GAMES]
    for name in available():
        mine = [s for s in sidecars if s["game"] == name]
        assert len(mine) >= 20, f"{name}: {len(mine)} corpus games, at least 20 wanted"
        assert {s["players"] for s in mine} == set(get_game(name).player_counts), name
        reasons = {s["outcome"]["reason"] for s in mine}
        assert SERVICE_ROUTES <= reasons, f"{name}: no game ends by {sorted(SERVICE_ROUTES - reasons)}"
        missing = ENGINE_ROUTES[name] - reasons
        assert not missing, f"{name}: no game ends by {sorted(missing)}"
        labels = Counter(part for s in mine for part in s["route"].split("-"))
        for shown in ("replaced", "vacation", "timeout"):
            assert labels[shown], f"{name}: no game shows {shown}"
        if get_game(name).default_options(min(get_game(name).player_counts)):
            assert any(s["options"] != get_game(name).check_options(s["players"], {}) for s in mine), name


def test_corpus_games_have_distinct_ids_and_record_their_rules_version():
    ids = [g.records()[0]["game"] for g in GAMES]
    assert len(ids) == len(set(ids))
    for game in GAMES:
        create, sidecar = game.records()[0], game.sidecar()
        assert audit.rules_version_of(create) == sidecar["rules_version"] <= get_game(sidecar["game"]).rules_version
