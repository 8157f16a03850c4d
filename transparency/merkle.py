"""The Merkle tree of RFC 9162 section 2.1 (RFC 6962's), in pure Python: no Django, no database.

The offline verifier (``python -m transparency.audit``) imports only this, ``notes`` and ``receipts``.
Hashes are 32-byte ``bytes``; leaves are hashed ``SHA-256(0x00 || leaf)`` and interior nodes
``SHA-256(0x01 || left || right)``. Proof generation takes the list of leaf *hashes* of the tree.
Tested against the transparency-dev/merkle vectors in ``tests/transparency/vectors``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

HASH_SIZE = 32
EMPTY_ROOT = hashlib.sha256(b"").digest()


class ProofError(ValueError):
    """A proof that cannot be right, whatever the roots: wrong size, index or hash length."""


def leaf_hash(leaf: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + leaf).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


# --- the tree head ------------------------------------------------------------------------------------
def root(hashes: Sequence[bytes]) -> bytes:
    """MTH(D[n]) over leaf hashes. Pairing level by level and carrying an odd last node up
    unchanged builds the same left-balanced tree as RFC 9162's split at the largest power of two
    smaller than n, without recursion."""
    if not hashes:
        return EMPTY_ROOT
    level = list(hashes)
    while len(level) > 1:
        paired = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0]


def _split(n: int) -> int:
    """The largest power of two smaller than n (n > 1)."""
    return 1 << ((n - 1).bit_length() - 1)


# --- the compact range: appending without the earlier leaves ------------------------------------------
def compact_range(hashes: Sequence[bytes]) -> list[bytes]:
    """The right edge of the tree of ``hashes``: the roots of its perfect subtrees, largest first, one
    per set bit of the size (transparency-dev's "compact range" [0, n)). It is all an append needs."""
    edge: list[bytes] = []
    return append_leaves(edge, 0, hashes)


def append_leaves(edge: list[bytes], size: int, hashes: Sequence[bytes]) -> list[bytes]:
    """Extend ``edge``, the compact range of a tree of ``size`` leaves, by leaf ``hashes`` (in place, and
    returned): O(log n) node hashes per leaf, amortised O(1)."""
    if len(edge) != size.bit_count():
        raise ProofError(f"a compact range of size {size} has {size.bit_count()} hashes, not {len(edge)}")
    for node in hashes:
        merged = size
        while merged & 1:  # each trailing one bit is a perfect subtree the new node completes
            node = node_hash(edge.pop(), node)
            merged >>= 1
        edge.append(node)
        size += 1
    return edge


def root_of_range(edge: Sequence[bytes]) -> bytes:
    """MTH of the tree whose compact range is ``edge``: the subtree roots folded from the right, as
    RFC 9162's split at the largest power of two puts each one left of all the smaller ones."""
    if not edge:
        return EMPTY_ROOT
    node = edge[-1]
    for left in reversed(edge[:-1]):
        node = node_hash(left, node)
    return node


# --- generation (RFC 9162 2.1.3.1 and 2.1.4.1) ----------------------------------------------------------
def inclusion_proof(hashes: Sequence[bytes], index: int) -> list[bytes]:
    """PATH(m, D[n]): the audit path of leaf ``index`` in the tree of ``hashes``."""
    if not 0 <= index < len(hashes):
        raise ProofError(f"leaf index {index} is not in a tree of {len(hashes)} leaves")
    path: list[bytes] = []
    lo, hi = 0, len(hashes)
    while hi - lo > 1:
        k = _split(hi - lo)
        if index < lo + k:
            path.append(root(hashes[lo + k : hi]))
            hi = lo + k
        else:
            path.append(root(hashes[lo : lo + k]))
            lo += k
    return path[::-1]  # from the leaf up


def consistency_proof(hashes: Sequence[bytes], first: int) -> list[bytes]:
    """PROOF(m, D[n]): the nodes proving the tree of the first ``first`` leaves is a prefix of this one."""
    if not 0 < first <= len(hashes):
        raise ProofError(f"no consistency proof from size {first} to size {len(hashes)}")
    return _subproof(hashes, 0, len(hashes), first, True)


def _subproof(hashes, lo: int, hi: int, m: int, complete: bool) -> list[bytes]:
    n = hi - lo
    if m == n:
        return [] if complete else [root(hashes[lo:hi])]
    k = _split(n)
    if m <= k:
        return _subproof(hashes, lo, lo + k, m, complete) + [root(hashes[lo + k : hi])]
    return _subproof(hashes, lo + k, hi, m - k, False) + [root(hashes[lo : lo + k])]


# --- verification (RFC 9162 2.1.3.2 and 2.1.4.2) --------------------------------------------------------
def _check_hashes(*hashes: bytes) -> None:
    if any(len(h) != HASH_SIZE for h in hashes):
        raise ProofError(f"a hash in the proof is not {HASH_SIZE} bytes long")


def root_from_inclusion(index: int, size: int, leaf: bytes, path: Sequence[bytes]) -> bytes:
    """The root that ``path`` proves for leaf hash ``leaf`` at ``index`` in a tree of ``size``."""
    if not 0 <= index < size:
        raise ProofError(f"leaf index {index} is not in a tree of {size} leaves")
    _check_hashes(leaf, *path)
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            raise ProofError("the audit path is longer than the tree is deep")
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            r = node_hash(r, p)
        fn, sn = fn >> 1, sn >> 1
    if sn != 0:
        raise ProofError("the audit path is shorter than the tree is deep")
    return r


def verify_inclusion(index: int, size: int, leaf: bytes, path: Sequence[bytes], expected_root: bytes) -> bool:
    try:
        return root_from_inclusion(index, size, leaf, path) == expected_root
    except ProofError:
        return False


def verify_consistency(first: int, second: int, first_root: bytes, second_root: bytes, path: Sequence[bytes]) -> bool:
    """Whether ``path`` proves the tree (``second``, ``second_root``) extends (``first``, ``first_root``).

    Two roots of one size are consistent only if equal (a fork otherwise). From the empty tree there
    is nothing to prove, and like transparency-dev's verifier we refuse such a proof.
    """
    if not 0 < first <= second:
        return False
    if first == second:
        return not path and first_root == second_root
    try:
        _check_hashes(first_root, second_root, *path)
    except ProofError:
        return False
    if not path:
        return False
    if first & (first - 1) == 0:  # a power of two: the first tree is a node of the second
        path = [first_root, *path]
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            sr = node_hash(sr, c)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and fr == first_root and sr == second_root
