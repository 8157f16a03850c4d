"""Move notation (ruling P28): one line of text per action.

Inside the engine an action is a small tuple; everywhere outside it is its canonical text, which
``legal_actions`` returns and ``apply`` accepts. The tuples:

``("temple", space)``, ``("walk", character, from, to)`` (``from`` a sub-square or ``TEMPLE``,
``to`` a sub-square or ``RIVAL_TEMPLE``), ``("summon", character, type, space, quarters)``,
``("bite", square)``, ``("levitate", from_space, to_space)``, ``("meditate", space, quarters)``,
``("end",)``.
"""

from __future__ import annotations

import re

from engine.core import NotationError
from engine.paso.board import (
    CHARACTER_INDEX,
    CHARACTERS,
    RIVAL_TEMPLE,
    SPACE_INDEX,
    SPACE_NAMES,
    SQUARE_INDEX,
    SQUARE_NAMES,
    TEMPLE,
    TILE_TYPES,
    TYPE_INDEX,
)

END = ("end",)
ROTATION_WORDS = ("r0", "r90", "r180", "r270")
_ROTATION_INDEX = {w: i for i, w in enumerate(ROTATION_WORDS)}

#: ``SUMMON_TEXT[character][space][type * 4 + quarters]``: summons are most of the first turns'
#: actions, so their text is made once.
SUMMON_TEXT: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(f"{c} summon {t} {s} {r}" for t in TILE_TYPES for r in ROTATION_WORDS) for s in SPACE_NAMES)
    for c in CHARACTERS
)


def _walk_end(loc: int) -> str:
    return "temple" if loc in (TEMPLE, RIVAL_TEMPLE) else SQUARE_NAMES[loc]


def walk_text(character: int, frm: int, to: int) -> str:
    return f"{CHARACTERS[character]} walk {_walk_end(frm)}-{_walk_end(to)}"


def format_action(action: tuple) -> str:
    """The canonical text of an action tuple."""
    kind = action[0]
    if kind == "walk":
        return walk_text(action[1], action[2], action[3])
    if kind == "summon":
        _, character, type_index, space, quarters = action
        return SUMMON_TEXT[character][space][type_index * 4 + quarters]
    if kind == "bite":
        return f"cobra bite {SQUARE_NAMES[action[1]]}"
    if kind == "levitate":
        return f"tiger levitate {SPACE_NAMES[action[1]]}-{SPACE_NAMES[action[2]]}"
    if kind == "meditate":
        return f"brahmin meditate {SPACE_NAMES[action[1]]} {ROTATION_WORDS[action[2]]}"
    if kind == "temple":
        return f"temple {SPACE_NAMES[action[1]]}"
    if kind == "end":
        return "end"
    raise NotationError(f"not a Paso action (P28): {action!r}")


_DASH = re.compile(r"[ \t]*-[ \t]*")
_SEPARATOR = re.compile(r"[ \t]+")


def _bad(text: str, why: str) -> NotationError:
    return NotationError(f"{text!r} is not Paso notation (P28): {why}")


def _space(word: str, text: str) -> int:
    if word not in SPACE_INDEX:
        raise _bad(text, f"{word!r} is not a space (a1 ... e5)")
    return SPACE_INDEX[word]


def _square(word: str, text: str) -> int:
    if word not in SQUARE_INDEX:
        raise _bad(text, f"{word!r} is not a sub-square like c2.sw")
    return SQUARE_INDEX[word]


def _rotation(word: str, text: str) -> int:
    if word not in _ROTATION_INDEX:
        raise _bad(text, f"{word!r} is not an orientation (r0, r90, r180, r270)")
    return _ROTATION_INDEX[word]


def _pair(word: str, text: str) -> tuple[str, str]:
    parts = word.split("-")
    if len(parts) != 2 or not all(parts):
        raise _bad(text, f"expected <from>-<to>, got {word!r}")
    return parts[0], parts[1]


def parse_text(text: str) -> tuple:
    """Read one action: any letter case, runs of spaces or tabs as one separator, spaces allowed
    around ``-``; anything else raises ``NotationError``."""
    if not isinstance(text, str):
        raise _bad(repr(text), "an action is a line of text")
    words = _SEPARATOR.split(_DASH.sub("-", text.strip(" \t")).lower())
    head = words[0]
    if words == ["end"]:
        return END
    if head == "temple" and len(words) == 2:
        return ("temple", _space(words[1], text))
    if head not in CHARACTER_INDEX or len(words) < 3:
        raise _bad(text, "expected end, temple <space>, or <character> <action> ...")
    character, verb = CHARACTER_INDEX[head], words[1]
    if verb == "walk" and len(words) == 3:
        frm, to = _pair(words[2], text)
        return (
            "walk",
            character,
            TEMPLE if frm == "temple" else _square(frm, text),
            RIVAL_TEMPLE if to == "temple" else _square(to, text),
        )
    if verb == "summon" and len(words) == 5:
        type_word = words[2].upper()
        if type_word not in TYPE_INDEX:
            raise _bad(text, f"{words[2]!r} is not a tile type (S, I, D, L)")
        return ("summon", character, TYPE_INDEX[type_word], _space(words[3], text), _rotation(words[4], text))
    if verb == "bite" and head == "cobra" and len(words) == 3:
        return ("bite", _square(words[2], text))
    if verb == "levitate" and head == "tiger" and len(words) == 3:
        frm, to = _pair(words[2], text)
        return ("levitate", _space(frm, text), _space(to, text))
    if verb == "meditate" and head == "brahmin" and len(words) == 4:
        return ("meditate", _space(words[2], text), _rotation(words[3], text))
    raise _bad(text, f"unknown form for {head} {verb}")


_DECODED: dict[str, tuple] = {}


def decode(action) -> tuple:
    """The tuple of an action given as text (canonical texts are remembered: they are finitely many)."""
    found = _DECODED.get(action) if isinstance(action, str) else None
    if found is not None:
        return found
    if isinstance(action, tuple):
        return action
    parsed = parse_text(action)
    if format_action(parsed) == action:
        _DECODED[action] = parsed
    return parsed
