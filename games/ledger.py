"""The hash chain over a game's events: ``hash = sha256(prev_hash + canonical event)``.

Pure Python on plain dicts, so an exported history can be checked offline without Django.
"""

from __future__ import annotations

import hashlib

import orjson

GENESIS = "0" * 64

#: The fields of an event that its hash covers, as exported.
HASHED_FIELDS = ("game", "seq", "kind", "actor", "notation", "payload", "secret", "at")


def canonical(record: dict) -> bytes:
    return orjson.dumps({k: record[k] for k in HASHED_FIELDS}, option=orjson.OPT_SORT_KEYS)


def event_hash(prev_hash: str, record: dict) -> str:
    return hashlib.sha256(prev_hash.encode() + canonical(record)).hexdigest()


def verify_chain(records: list[dict]) -> list[str]:
    """Every break in the chain, as sentences; an empty list means the history is intact."""
    problems = []
    prev = GENESIS
    for expected_seq, record in enumerate(records, start=1):
        if record["seq"] != expected_seq:
            problems.append(f"event {record['seq']}: expected sequence number {expected_seq}")
        if record["prev_hash"] != prev:
            problems.append(f"event {record['seq']}: prev_hash does not match the hash of event {expected_seq - 1}")
        if event_hash(record["prev_hash"], record) != record["hash"]:
            problems.append(f"event {record['seq']}: its content does not match its hash")
        prev = record["hash"]
    return problems
