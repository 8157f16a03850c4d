"""Every public scenario (``../shared/conformance``) and every project scenario (``tests/scenarios``)
of every game in the registry, one test per file. Under CI=true the public set must be present."""

from pathlib import Path

import pytest

from engine import GAME_NAMES
from engine.scenarios import run_scenario
from tests.conftest import SHARED, shared_file

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = SHARED / "conformance"
OWN = ROOT / "tests" / "scenarios"


def scenario_files():
    files = []
    for game in GAME_NAMES:
        for base, label in ((PUBLIC, "public"), (OWN, "own")):
            files += [pytest.param(p, id=f"{label}/{game}/{p.stem}") for p in sorted((base / game).glob("*.json"))]
    return files


def test_the_public_scenarios_are_here():
    shared_file("conformance")
    for game in GAME_NAMES:
        assert list((PUBLIC / game).glob("*.json")), f"no public scenarios for {game}"


@pytest.mark.parametrize("path", scenario_files())
def test_scenario(path):
    result = run_scenario(path)
    assert result.passed, result.line()
