"""``python -m transparency.audit``: verify a game against the transparency log, with no database.

    python -m transparency.audit --export game-7.jsonl --key key.pub \\
        [--receipts receipts.json] [--checkpoint cp-120.txt ...] \\
        [--inclusion inclusion.json ...] [--consistency consistency.json ...]

``--export``: the NDJSON of ``manage.py export_history`` (or ``GET /api/games/<id>/export``).
``--key``: the log's public key (PEM, base64 raw, or the signed-note verifier key of
``GET /api/transparency/key``); repeat it for keys used before a rotation. ``--receipts``: the JSON
list of receipts a player kept (the play site's download). ``--checkpoint``: signed checkpoint notes
(``publish_checkpoint``). ``--inclusion``: ``GET /api/transparency/inclusion?game=&size=`` answers.
``--consistency``: ``GET /api/transparency/consistency?from=&to=`` answers.

Prints one line per check: ``OK``, ``FAIL`` or ``UNVERIFIED`` (nothing proves it either way).
Exit status: 0 all OK, 1 a check failed, 2 nothing failed but something is unverified.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import orjson

from games import ledger
from transparency import keys, leaves, merkle, notes, receipts

OK, FAIL, UNVERIFIED = "OK", "FAIL", "UNVERIFIED"


@dataclass
class Report:
    lines: list[tuple[str, str]]

    def add(self, status: str, text: str) -> None:
        self.lines.append((status, text))

    @property
    def status(self) -> int:
        found = {s for s, _ in self.lines}
        return 1 if FAIL in found else 2 if UNVERIFIED in found else 0

    def text(self) -> str:
        return "".join(f"{s} {t}\n" for s, t in self.lines)


def _hex(values) -> list[bytes]:
    return [bytes.fromhex(v) for v in values]


def check_chain(report: Report, records: list[dict]) -> dict[int, dict]:
    if not records:
        report.add(FAIL, "the export holds no event")
        return {}
    problems = ledger.verify_chain(records)
    game, head = records[0]["game"], records[-1]
    if problems:
        for problem in problems:
            report.add(FAIL, f"chain of game {game}: {problem}")
    else:
        report.add(OK, f"chain of game {game}: {len(records)} events link up to seq {head['seq']} hash {head['hash']}")
    return {r["seq"]: r for r in records}


def check_receipts(report: Report, given: list[dict], by_seq: dict[int, dict], public: dict) -> None:
    for receipt in given:
        name = f"receipt game {receipt.get('game')} seq {receipt.get('seq')}"
        why = receipts.problem(receipt, public)
        if why:
            report.add(FAIL, f"{name}: refused: {why}")
            continue
        event = by_seq.get(receipt["seq"])
        if not by_seq or receipt["game"] != next(iter(by_seq.values()))["game"]:
            report.add(UNVERIFIED, f"{name}: signature good, but it is not about this export's game")
        elif event is None:
            report.add(FAIL, f"{name}: signature good, but the export has no event {receipt['seq']}: history cut short")
        elif event["hash"] != receipt["hash"]:
            report.add(
                FAIL,
                f"{name}: the log signed hash {receipt['hash']} at {receipt['at']}, the export has "
                f"{event['hash']}: this history is not the one that was played",
            )
        else:
            report.add(OK, f"{name}: signature good, and the event is in the chain")


def check_checkpoints(report: Report, texts: list[tuple[str, str]], public: list) -> dict[int, list]:
    """The checkpoints some given key signed, by size (a size may hold several roots: a fork)."""
    sizes: dict[int, list] = {}
    for name, text in texts:
        try:
            parsed = notes.parse(text)
        except notes.BadNote as exc:
            report.add(FAIL, f"checkpoint {name}: unreadable: {exc}")
            continue
        opened = None
        for key in public:
            try:
                opened = notes.open_note(text, key)
                break
            except notes.BadNote:
                continue
        if opened is None:
            report.add(FAIL, f"checkpoint {name} (size {parsed.size}): no given key signed it")
            continue
        report.add(OK, f"checkpoint {name}: size {opened.size} root {opened.root.hex()} signed by {opened.origin}")
        if all(c.root != opened.root for c in sizes.get(opened.size, [])):
            sizes.setdefault(opened.size, []).append(opened)
    return sizes


def check_consistency(report: Report, sizes: dict[int, list], proofs: list[dict]) -> None:
    for size, found in sorted(sizes.items()):
        if len(found) > 1:
            roots = ", ".join(c.root.hex() for c in found)
            report.add(FAIL, f"fork: {len(found)} signed checkpoints of size {size} with different roots ({roots})")
    ordered = sorted(sizes)
    for first, second in zip(ordered, ordered[1:]):
        proof = next((p for p in proofs if p.get("first") == first and p.get("second") == second), None)
        if proof is None:
            report.add(UNVERIFIED, f"checkpoints {first} -> {second}: no consistency proof given "
                                   f"(GET /api/transparency/consistency?from={first}&to={second})")
            continue
        path = _hex(proof.get("path", []))
        for a in sizes[first]:
            for b in sizes[second]:
                if merkle.verify_consistency(first, second, a.root, b.root, path):
                    report.add(OK, f"checkpoints {first} -> {second}: the later tree extends the earlier")
                else:
                    report.add(FAIL, f"checkpoints {first} -> {second}: NOT consistent: the log was rewritten "
                                     "or forked between them")


def check_inclusion(report: Report, by_seq: dict[int, dict], sizes: dict[int, list], proofs: list[dict]) -> None:
    if not by_seq:
        return
    game = next(iter(by_seq.values()))["game"]
    head = max(by_seq)
    covered = 0
    for proof in proofs:
        if proof.get("game") != game:
            continue
        size, seq = proof.get("size"), proof.get("seq")
        if size not in sizes:
            report.add(UNVERIFIED, f"head of game {game} at seq {seq}: no signed checkpoint of size {size} given")
            continue
        event = by_seq.get(seq)
        if event is None:
            report.add(FAIL, f"head of game {game} at seq {seq} is in checkpoint {size}, but the export has no "
                             f"such event: history cut short")
            continue
        leaf = leaves.head_hash(game, seq, event["hash"])
        path = _hex(proof.get("path", []))
        if any(merkle.verify_inclusion(proof.get("leaf_index", -1), size, leaf, path, c.root) for c in sizes[size]):
            report.add(OK, f"head of game {game} at seq {seq} (hash {event['hash']}) is in checkpoint {size}")
            covered = max(covered, seq)
        else:
            report.add(FAIL, f"the export's event {seq} of game {game} (hash {event['hash']}) is not the head "
                             f"checkpoint {size} holds: the history was changed after it was logged")
    if not covered:
        report.add(UNVERIFIED, f"game {game} is in no checkpoint given: its history is not verified against the log")
    elif covered < head:
        report.add(UNVERIFIED, f"game {game}: events after seq {covered} are in no checkpoint given yet")


def audit(*, export: bytes, public_keys: list[str], receipts_given=(), checkpoints=(), inclusions=(),
          consistencies=()) -> Report:
    report = Report([])
    public = [keys.public_from_text(k) for k in public_keys]
    records = [orjson.loads(line) for line in export.splitlines() if line.strip()]
    by_seq = check_chain(report, records)
    check_receipts(report, list(receipts_given), by_seq, {keys.key_id(k): k for k in public})
    sizes = check_checkpoints(report, list(checkpoints), public)
    check_consistency(report, sizes, list(consistencies))
    check_inclusion(report, by_seq, sizes, list(inclusions))
    return report


def _json_list(paths) -> list:
    found = []
    for path in paths or []:
        value = json.loads(Path(path).read_text())
        found.extend(value if isinstance(value, list) else value.get("receipts", [value]))
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m transparency.audit", description=__doc__.split("\n\n")[0])
    parser.add_argument("--export", required=True, help="the game's NDJSON export")
    parser.add_argument("--key", action="append", required=True, help="the log's public key file")
    parser.add_argument("--receipts", action="append", help="a JSON file of receipts")
    parser.add_argument("--checkpoint", action="append", help="a signed checkpoint note")
    parser.add_argument("--inclusion", action="append", help="an inclusion proof (JSON)")
    parser.add_argument("--consistency", action="append", help="a consistency proof (JSON)")
    args = parser.parse_args(argv)
    report = audit(
        export=Path(args.export).read_bytes(),
        public_keys=[Path(k).read_text() for k in args.key],
        receipts_given=_json_list(args.receipts),
        checkpoints=[(Path(c).name, Path(c).read_text()) for c in args.checkpoint or []],
        inclusions=_json_list(args.inclusion),
        consistencies=_json_list(args.consistency),
    )
    sys.stdout.write(report.text())
    return report.status


if __name__ == "__main__":
    sys.exit(main())
