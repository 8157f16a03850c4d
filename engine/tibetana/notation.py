"""Notation (T36): one line per action. Actions are their canonical texts, so ``format`` is the
identity and ``parse`` only canonicalises (case, spaces, ``build t>t``, portal order)."""

from __future__ import annotations

import re

from engine.core import NotationError
from engine.tibetana.board import INDEX
from engine.tibetana.state import DEMONS

_T = "([a-e][1-5])"
_FORMS = [
    (re.compile(rf"train ([gp]) {_T}"), lambda m: f"train {m[1].upper()} {m[2]}"),
    (re.compile(rf"move (g|p|p\*) {_T}-{_T}"), lambda m: f"move {m[1].upper()} {m[2]}-{m[3]}"),
    (re.compile(rf"build free {_T}"), lambda m: f"build free {m[1]}"),
    (re.compile(rf"build {_T}>{_T}"), lambda m: f"build {m[1]}" if m[1] == m[2] else f"build {m[1]}>{m[2]}"),
    (re.compile(rf"build {_T}"), lambda m: f"build {m[1]}"),
    (re.compile(rf"expel {_T}-{_T}"), lambda m: f"expel {m[1]}-{m[2]}"),
    (re.compile(rf"portal {_T} {_T}"), lambda m: "portal " + " ".join(sorted((m[1], m[2])))),
    (re.compile(r"roll ([1-5]|flame)"), lambda m: f"roll {m[1]}"),
    (re.compile(rf"place ({'|'.join(DEMONS)}) {_T}"), lambda m: f"place {m[1]} {m[2]}"),
    (re.compile(rf"remove ([gp]) {_T}"), lambda m: f"remove {m[1].upper()} {m[2]}"),
    (re.compile(rf"crush ([gp]) {_T}"), lambda m: f"crush {m[1].upper()} {m[2]}"),
    (re.compile(r"kuberan (build|energy)"), lambda m: f"kuberan {m[1]}"),
    (re.compile(r"(exert|summon|end|skip|concede|offer draw|accept draw|decline draw)"), lambda m: m[1]),
]


def normalise(text: str) -> str:
    text = " ".join(str(text).lower().split())
    text = re.sub(r" ?([->]) ?", r"\1", text)
    return re.sub(r"p \*", "p*", text)


def parse(text: str) -> str:
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a line of Tibetana notation")
    line = normalise(text)
    for pattern, canonical in _FORMS:
        match = pattern.fullmatch(line)
        if match:
            result = canonical(match)
            if all(name in INDEX for name in re.findall(r"\b[a-e][1-5]\b", result)):
                return result
            break
    raise NotationError(f"{text!r} is not a Tibetana action (T36)")
