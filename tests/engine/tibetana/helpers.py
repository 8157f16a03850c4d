"""Shared helpers: positions patched from the standard start, and plays in notation."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.docpath import get_path, set_path
from engine.tibetana import GAME


def position(patches: dict | None = None):
    """The standard start with dotted paths set, as scenario files do (COMMON section 5)."""
    doc = GAME.to_json(GAME.setup(2, {}))
    for path, value in (patches or {}).items():
        doc = set_path(doc, path, value)
    return GAME.from_json(doc)


def play(state, *texts):
    for text in texts:
        state = GAME.play(state, text)
    return state


def doc(state, path: str):
    return get_path(GAME.to_json(state), path)


def refused(state, text: str, rule: str | None = None) -> IllegalAction:
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as info:
        GAME.play(state, text)
    assert GAME.to_json(state) == before
    if rule is not None:
        assert info.value.rule == rule, str(info.value)
    return info.value


def legal(state) -> list[str]:
    return GAME.legal_notation(state)


EMPTY = {"guardian": 0, "priestess": 0}
