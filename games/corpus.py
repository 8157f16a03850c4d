"""The recorded-games corpus (``tests/corpus/<game>/``) and the check the CI gate runs on each game.

A corpus game is three files with one stem: ``<stem>.jsonl``, its verifiable export (the bytes
``export_history`` writes); ``<stem>.json``, the sidecar (the sha256 of the canonical position
document after every 25th event and after the last, the outcome, the rules version, how the
recorder made it); ``<stem>.positions.gz``, those position documents themselves, read only to name
the first field that differs when a hash does not match.

``check_positions`` replays a game on today's engine, under the rules version it was created with,
and compares; the gate (``tests/corpus/test_gate.py``) adds the import and the byte-exact export.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

import orjson

from engine import EngineError, get_game
from games.audit import rules_version_of
from games.models import Event
from games.store import ENGINE_KINDS

#: A position hash after every this many events (and after the last).
EVERY = 25


@dataclass(frozen=True)
class CorpusGame:
    """One recorded game on disk."""

    export: Path  # <stem>.jsonl

    @property
    def stem(self) -> str:
        return self.export.name.removesuffix(".jsonl")

    @property
    def label(self) -> str:
        return f"{self.export.parent.name}/{self.stem}"

    @property
    def sidecar_path(self) -> Path:
        return self.export.with_name(f"{self.stem}.json")

    @property
    def positions_path(self) -> Path:
        return self.export.with_name(f"{self.stem}.positions.gz")

    def data(self) -> bytes:
        return self.export.read_bytes()

    def records(self) -> list[dict]:
        return [orjson.loads(line) for line in self.data().splitlines() if line.strip()]

    def sidecar(self) -> dict:
        return orjson.loads(self.sidecar_path.read_bytes())

    def documents(self) -> dict[int, dict]:
        return {int(seq): doc for seq, doc in orjson.loads(gzip.decompress(self.positions_path.read_bytes())).items()}


def corpus_games(folder: Path) -> list[CorpusGame]:
    return [CorpusGame(path) for path in sorted(folder.glob("*/*.jsonl"))]


# --- positions ---------------------------------------------------------------------------------------
def canonical(document: dict) -> bytes:
    return orjson.dumps(document, option=orjson.OPT_SORT_KEYS)


def position_hash(document: dict) -> str:
    return hashlib.sha256(canonical(document)).hexdigest()


def checkpoints(records: list[dict]) -> set[int]:
    return {r["seq"] for r in records if r["seq"] % EVERY == 0} | {records[-1]["seq"]}


def replayed_positions(records: list[dict]):
    """``(seq, document)`` after each checkpoint event, replayed under the game's rules version.

    Stops with ``EngineError`` (``.seq`` set) at an event today's engine refuses.
    """
    create = records[0]["payload"]
    engine = get_game(create["game"], rules_version=rules_version_of(records[0]))
    state = engine.setup(create["players"], create.get("options") or {})
    wanted = checkpoints(records)
    for record in records:
        if record["kind"] in ENGINE_KINDS:
            try:
                state = engine.play(state, record["notation"])
            except EngineError as exc:
                exc.seq = record["seq"]
                raise
        if record["seq"] in wanted:
            yield record["seq"], engine.to_json(state), engine.outcome(state)


def sidecar_positions(records: list[dict]) -> tuple[dict[str, str], dict[int, dict]]:
    """What the recorder stores: the position hashes by seq (as text keys), and the documents."""
    documents = {seq: document for seq, document, _ in replayed_positions(records)}
    return {str(seq): position_hash(doc) for seq, doc in documents.items()}, documents


# --- the gate's check ---------------------------------------------------------------------------------
def first_difference(recorded, replayed, path: str = "") -> tuple[str, object, object] | None:
    """The first place two JSON values differ, keys in sorted order: ``(path, recorded, replayed)``."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in sorted(set(recorded) | set(replayed)):
            here = f"{path}.{key}" if path else str(key)
            if key not in recorded or key not in replayed:
                return here, recorded.get(key, "(absent)"), replayed.get(key, "(absent)")
            if (found := first_difference(recorded[key], replayed[key], here)) is not None:
                return found
        return None
    if isinstance(recorded, list) and isinstance(replayed, list):
        for index, (a, b) in enumerate(zip(recorded, replayed)):
            if (found := first_difference(a, b, f"{path}[{index}]")) is not None:
                return found
        if len(recorded) != len(replayed):
            return f"{path}.length", len(recorded), len(replayed)
        return None
    if recorded == replayed and type(recorded) is type(replayed):
        return None
    return path or "(the whole document)", recorded, replayed


def check_positions(game: CorpusGame) -> list[str]:
    """Replay one corpus game on today's engine: each recorded position hash and the outcome.

    A problem names the game, the event (seq) and the first differing field of the position; the
    replay stops at the first position that differs (every later one follows from it).
    """
    records, sidecar = game.records(), game.sidecar()
    recorded = sidecar["positions"]
    where = f"{game.label} (game {records[0]['game']})"
    outcome = None
    try:
        for seq, document, reached in replayed_positions(records):
            outcome = reached
            if recorded.get(str(seq)) != position_hash(document):
                return [_position_differs(game, where, seq, document)]
    except EngineError as exc:
        return [f"{where}: event {exc.seq}: today's engine refuses {_notation(records, exc.seq)!r}: {exc}"]
    except KeyError as exc:  # an engine no longer available
        return [f"{where}: event 1: {exc}"]
    missing = sorted(set(map(int, recorded)) - checkpoints(records))
    if missing:
        return [f"{where}: the sidecar has positions after events {missing} that the export does not reach"]
    return _check_outcome(where, records, sidecar, outcome)


def _position_differs(game: CorpusGame, where: str, seq: int, document: dict) -> str:
    stored = game.documents().get(seq)
    if stored is None or position_hash(stored) != game.sidecar()["positions"].get(str(seq)):
        return f"{where}: event {seq}: the position hash differs (no recorded document to compare)"
    path, was, now = first_difference(stored, document)
    return f"{where}: event {seq}: the position differs first at {path}: recorded {_short(was)}, replayed {_short(now)}"


def _check_outcome(where: str, records: list[dict], sidecar: dict, replayed) -> list[str]:
    end = records[-1]
    said = end["payload"].get("outcome") if end["kind"] == Event.Kind.END else None
    if sidecar["outcome"] != said:
        return [f"{where}: the sidecar's outcome {sidecar['outcome']} is not the end event's {said}"]
    ended_by_play = len(records) > 1 and records[-2]["kind"] in ENGINE_KINDS
    expected = said if ended_by_play else None
    if replayed != expected:
        path, was, now = first_difference(expected, replayed) or ("outcome", expected, replayed)
        return [f"{where}: event {end['seq']}: the outcome differs first at {path}: recorded {_short(was)}, "
                f"replayed {_short(now)}"]
    return []


def _notation(records: list[dict], seq: int) -> str:
    return records[seq - 1]["notation"] if 0 < seq <= len(records) else ""


def _short(value) -> str:
    text = orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
    return text if len(text) <= 80 else text[:77] + "..."
