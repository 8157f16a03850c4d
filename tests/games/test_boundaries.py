"""Modules of games meet at their public functions: nobody reaches into another's private names."""

import ast
from pathlib import Path

import games

ROOT = Path(games.__file__).parent.parent
SIBLINGS = {p.stem for p in (ROOT / "games").glob("*.py")} | {"services", "store", "optimistic"}


def _crossings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                and isinstance(node.value, ast.Name) and node.value.id in SIBLINGS and node.value.id != path.stem):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value.id}.{node.attr}")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games."):
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: from {node.module} import {a.name}"
                      for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    return found


def test_no_module_of_games_or_workers_uses_another_modules_private_names():
    files = [*(ROOT / "games").rglob("*.py"), *(ROOT / "workers").rglob("*.py")]
    crossings = [c for path in files for c in _crossings(path)]
    assert crossings == []


def test_the_check_finds_a_crossing(tmp_path):
    planted = ROOT / "games" / "_planted_for_test.py"
    try:
        planted.write_text("from games import services\nservices._advance(None, None, None, 0)\n")
        assert _crossings(planted) == ["games/_planted_for_test.py:2: services._advance"]
    finally:
        planted.unlink()
