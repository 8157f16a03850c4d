"""Every public conformance scenario and every project scenario, one test per file (COMMON 5)."""

from pathlib import Path

import pytest

from engine.scenarios import run_scenario

PUBLIC = Path("/work/shared/conformance/tibetana")
OWN = Path(__file__).resolve().parents[2] / "scenarios" / "tibetana"
FILES = sorted(PUBLIC.glob("*.json")) + sorted(OWN.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_scenario(path):
    result = run_scenario(path)
    assert result.passed, result.line()


def test_the_project_ships_its_own_scenarios():
    assert len(list(OWN.glob("*.json"))) >= 10
