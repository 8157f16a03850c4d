"""Every public conformance scenario and every project scenario for Paso runs and passes (COMMON 5)."""

from pathlib import Path

import pytest

from engine.scenarios import run_scenario

PUBLIC = Path("/work/shared/conformance/paso")
OWN = Path(__file__).resolve().parents[2] / "scenarios" / "paso"
FILES = sorted(PUBLIC.glob("*.json")) + sorted(OWN.glob("*.json"))


def test_scenario_directories_are_not_empty():
    assert len(sorted(OWN.glob("*.json"))) >= 8
    if PUBLIC.exists():
        assert len(sorted(PUBLIC.glob("*.json"))) >= 10


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario_passes(path):
    result = run_scenario(path)
    assert result.passed, result.line()
