"""Dotted paths into JSON documents (``players.1.pool``), as scenario files use them."""

from __future__ import annotations

import copy

ABSENT = "<absent>"
_MISSING = object()


def _step(node, key: str):
    if isinstance(node, list):
        try:
            return node[int(key)]
        except (ValueError, IndexError):
            return _MISSING
    if isinstance(node, dict):
        return node.get(key, _MISSING)
    return _MISSING


def get_path(doc, path: str):
    """The value at ``path``, or ``ABSENT`` when some part of it does not exist."""
    node = doc
    for key in path.split("."):
        node = _step(node, key)
        if node is _MISSING:
            return ABSENT
    return node


def set_path(doc: dict, path: str, value) -> dict:
    """A copy of ``doc`` with ``path`` set to ``value`` (intermediate objects are created)."""
    doc = copy.deepcopy(doc)
    *parents, last = path.split(".")
    node = doc
    for key in parents:
        if isinstance(node, list):
            node = node[int(key)]
        else:
            node = node.setdefault(key, {})
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return doc
