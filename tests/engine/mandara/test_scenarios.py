"""Every public Mandara scenario and every project scenario, one test per file (COMMON section 5)."""

import os
from pathlib import Path

import pytest

from engine.scenarios import run_scenario, scenario_files

ROOT = Path(__file__).resolve().parents[3]
PUBLIC = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared")) / "conformance" / "mandara"
OWN = ROOT / "tests" / "scenarios" / "mandara"
FILES = scenario_files([d for d in (PUBLIC, OWN) if d.is_dir()])


def test_the_project_scenarios_are_found():
    assert len([f for f in FILES if f.parent == OWN]) >= 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{'own' if p.parent == OWN else 'public'}/{p.stem}")
def test_scenario(path):
    result = run_scenario(path)
    assert result.passed, result.line()
