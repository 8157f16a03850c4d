"""RFC 9162 section 2.1 against transparency-dev/merkle's published vectors (tests/transparency/vectors)."""

import base64
import json
from pathlib import Path

import pytest

from transparency import merkle

VECTORS = Path(__file__).parent / "vectors"
TREE = json.loads((VECTORS / "tree.json").read_text())
LEAVES = [merkle.leaf_hash(bytes.fromhex(h)) for h in TREE["leaves_hex"]]
ROOTS = [bytes.fromhex(h) for h in TREE["roots_hex"]]


def _b64(value):
    return base64.b64decode(value) if value else b""


def _probes(kind):
    files = sorted((VECTORS / kind).rglob("*.json"))
    assert len(files) > 50  # the vectors are shipped, not fetched
    return [pytest.param(json.loads(f.read_text()), id=str(f.relative_to(VECTORS))) for f in files]


def test_the_root_of_every_size_matches_the_published_roots():
    for size, expected in enumerate(ROOTS):
        assert merkle.root(LEAVES[:size]) == expected


@pytest.mark.parametrize("probe", _probes("inclusion"))
def test_inclusion_verification_accepts_exactly_the_good_probes(probe):
    ok = merkle.verify_inclusion(
        probe["leafIdx"], probe["treeSize"], _b64(probe["leafHash"]),
        [_b64(p) for p in probe["proof"] or []], _b64(probe["root"]),
    )
    assert ok is not probe["wantErr"], probe["desc"]


@pytest.mark.parametrize("probe", _probes("consistency"))
def test_consistency_verification_accepts_exactly_the_good_probes(probe):
    ok = merkle.verify_consistency(
        probe["size1"], probe["size2"], _b64(probe["root1"]), _b64(probe["root2"]),
        [_b64(p) for p in probe["proof"] or []],
    )
    assert ok is not probe["wantErr"], probe["desc"]


def test_generated_inclusion_proofs_equal_the_published_happy_paths():
    checked = 0
    for f in sorted((VECTORS / "inclusion").glob("*/happy-path.json")):
        probe = json.loads(f.read_text())
        size = probe["treeSize"]
        if size > len(LEAVES) or _b64(probe["leafHash"]) != LEAVES[probe["leafIdx"]]:
            continue
        proof = merkle.inclusion_proof(LEAVES[:size], probe["leafIdx"])
        assert proof == [_b64(p) for p in probe["proof"] or []]
        checked += 1
    assert checked >= 3


def test_generated_consistency_proofs_equal_the_published_happy_paths():
    checked = 0
    for f in sorted((VECTORS / "consistency").glob("*/happy-path.json")):
        probe = json.loads(f.read_text())
        if probe["size1"] == 0 or probe["size2"] > len(LEAVES):
            continue
        proof = merkle.consistency_proof(LEAVES[: probe["size2"]], probe["size1"])
        assert proof == [_b64(p) for p in probe["proof"] or []]
        checked += 1
    assert checked >= 3


def test_every_generated_proof_verifies_for_every_size_of_a_larger_tree():
    hashes = [merkle.leaf_hash(str(i).encode()) for i in range(37)]
    for size in range(1, len(hashes) + 1):
        tree = hashes[:size]
        top = merkle.root(tree)
        for index in range(size):
            assert merkle.verify_inclusion(index, size, tree[index], merkle.inclusion_proof(tree, index), top)
        for first in range(1, size + 1):
            proof = merkle.consistency_proof(tree, first)
            assert merkle.verify_consistency(first, size, merkle.root(hashes[:first]), top, proof)


def test_a_forked_root_of_the_same_size_is_not_consistent():
    assert not merkle.verify_consistency(4, 4, ROOTS[4], ROOTS[5], [])
    proof = merkle.consistency_proof(LEAVES[:8], 4)
    assert not merkle.verify_consistency(4, 8, ROOTS[3], ROOTS[8], proof)


def test_the_compact_range_folds_to_the_published_root_of_every_size():
    for size, expected in enumerate(ROOTS):
        edge = merkle.compact_range(LEAVES[:size])
        assert len(edge) == size.bit_count()
        assert merkle.root_of_range(edge) == expected


def test_appending_in_any_split_gives_the_root_of_the_whole_tree():
    hashes = [merkle.leaf_hash(bytes([i % 256, i // 256])) for i in range(300)]
    for first in (0, 1, 5, 64, 127, 128, 129, 299):
        edge = merkle.append_leaves(merkle.compact_range(hashes[:first]), first, hashes[first:])
        assert merkle.root_of_range(edge) == merkle.root(hashes)


def test_a_compact_range_of_the_wrong_length_is_refused():
    with pytest.raises(merkle.ProofError):
        merkle.append_leaves([LEAVES[0]], 3, LEAVES[3:4])  # a tree of 3 leaves has two subtree roots
    with pytest.raises(merkle.ProofError):
        merkle.append_leaves([], 1, LEAVES[1:2])
