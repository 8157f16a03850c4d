"""Run conformance scenario files (rulings/COMMON.md, section 5).

    python -m engine.scenarios FILE_OR_DIR...

prints ``PASS title`` or ``FAIL title: step N: what differed`` per scenario and exits 1 if any
failed. Only the engine contract is used, so any game in the registry runs.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.core import CHANCE, EngineError
from engine.docpath import ABSENT, get_path, set_path
from engine.registry import get_game


class StepFailed(Exception):
    pass


@dataclass
class Result:
    path: Path
    title: str
    passed: bool
    detail: str = ""

    def line(self) -> str:
        return f"PASS {self.title}" if self.passed else f"FAIL {self.title}: {self.detail}"


def initial_state(game, scenario: dict):
    players = scenario.get("players") or game.player_counts[0]
    options = scenario.get("options") or {}
    position = scenario.get("position") or {"from": "standard"}
    if position.get("from") == "standard":
        state = game.setup(players, options)
        patches = position.get("set") or {}
        if not patches:
            return state
        doc = game.to_json(state)
        for path, value in patches.items():
            doc = set_path(doc, path, value)
        return game.from_json(doc)
    return game.from_json(position)


def _compare(doc: dict, expected: dict, what: str) -> None:
    for path, want in expected.items():
        got = get_path(doc, path)
        if got != want:
            raise StepFailed(f"{what} {path}: expected {json.dumps(want)}, got {json.dumps(got)}")


def _run_step(game, state, step: dict):
    if "play" in step:
        return _play(game, state, step["play"], step.get("illegal", False))
    if "chance" in step:
        if game.actor(state) != CHANCE:
            raise StepFailed(f"chance {step['chance']!r}: the actor is not CHANCE")
        return _play(game, state, step["chance"], step.get("illegal", False))
    if "expect" in step:
        _compare(game.to_json(state), step["expect"], "expect")
    if "expect_view" in step:
        spec = step["expect_view"]
        view = game.view(state, spec["seat"])
        for path, want in spec["paths"].items():
            got = get_path(view, path)
            if got != want:
                shown = "absent" if got is ABSENT else json.dumps(got)
                raise StepFailed(f"view of seat {spec['seat']} {path}: expected {json.dumps(want)}, got {shown}")
    if "legal_includes" in step or "legal_excludes" in step:
        legal = set(game.legal_notation(state))
        missing = [a for a in step.get("legal_includes", []) if a not in legal]
        present = [a for a in step.get("legal_excludes", []) if a in legal]
        if missing:
            raise StepFailed(f"legal actions lack {missing}")
        if present:
            raise StepFailed(f"legal actions include {present}")
    if "expect_outcome" in step:
        got = game.outcome(state)
        want = step["expect_outcome"]
        if want is None or got is None:
            if got != want:
                raise StepFailed(f"outcome: expected {json.dumps(want)}, got {json.dumps(got)}")
        else:
            _compare(got, want, "outcome")
    return state


def _play(game, state, text: str, illegal: bool):
    before = game.to_json(state)
    try:
        after = game.play(state, text)
    except EngineError as exc:
        if illegal:
            if game.to_json(state) != before:
                raise StepFailed(f"{text!r} was refused but changed the state") from exc
            return state
        raise StepFailed(f"{text!r} refused: {exc}") from exc
    if illegal:
        raise StepFailed(f"{text!r} was accepted but should be illegal")
    return after


def run_scenario(path: Path) -> Result:
    try:
        scenario = json.loads(Path(path).read_text())
    except (OSError, ValueError) as exc:
        return Result(Path(path), str(path), False, f"unreadable: {exc}")
    title = scenario.get("title", Path(path).stem)
    try:
        game = get_game(scenario["game"])
        state = initial_state(game, scenario)
    except (KeyError, EngineError) as exc:
        return Result(Path(path), title, False, f"setup: {exc}")
    for number, step in enumerate(scenario.get("steps", []), start=1):
        try:
            state = _run_step(game, state, step)
        except StepFailed as exc:
            return Result(Path(path), title, False, f"step {number}: {exc}")
        except Exception as exc:  # a crash is a failure of this scenario, not of the runner
            return Result(Path(path), title, False, f"step {number}: {type(exc).__name__}: {exc}")
    return Result(Path(path), title, True)


def scenario_files(targets) -> list[Path]:
    files: list[Path] = []
    for target in map(Path, targets):
        files.extend(sorted(target.rglob("*.json")) if target.is_dir() else [target])
    return files


def main(argv: list[str] | None = None) -> int:
    targets = sys.argv[1:] if argv is None else argv
    if not targets:
        print("usage: python -m engine.scenarios FILE_OR_DIR...", file=sys.stderr)
        return 2
    results = [run_scenario(f) for f in scenario_files(targets)]
    for result in results:
        print(result.line())
    failed = sum(not r.passed for r in results)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
