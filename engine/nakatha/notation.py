"""Move notation (N49): one line per action. Actions are their canonical text."""

from __future__ import annotations

import re
from functools import lru_cache

from engine.core import NotationError
from engine.nakatha.board import SEGMENT_LETTERS, is_tile
from engine.nakatha.state import FACTIONS

_ID = r"[a-z]+\.[a-z0-9]+"
_T = r"[a-z]+[0-9]*"
_ACTION = (
    rf"remove all|remove (?P<remove>{_T})|callup (?P<callup>{_T})|milaze|breath (?P<breath>{_T})"
    rf"|control (?P<control>{_T})|bargain (?P<bargain>{_T})|freeze (?P<freeze>{_T})"
    rf"|push (?P<push>{_T})-(?P<push2>{_T})|pull (?P<pull>{_T})-(?P<pull2>{_T})|scorch (?P<scorch>{_T})"
    rf"|guess (?P<guess>{_T})"
)
_ACTIVATION = re.compile(rf"(?P<id>{_ID})(?: (?P<from>{_T})-(?P<to>{_T}))?(?: (?P<action>{_ACTION}))?")
_SIMPLE = {
    "deal": re.compile(r"deal ([a-z]+)"),
    "draft": re.compile(r"draft ([a-z]+)"),
    "deploy": re.compile(r"deploy ([a-z]+) ([a-z])"),
    "sword": re.compile(rf"sword ({_T})"),
    "roll": re.compile(r"roll ([1-6])"),
    "land": re.compile(rf"land ({_T})"),
    "step": re.compile(rf"step ({_T})"),
    "ambush": re.compile(rf"ambush ({_ID}) ({_T})"),
}
_TILE_WORDS = re.compile(rf"^{_T}$")


def normalize(text: str) -> str:
    """Lowercase, single spaces, no spaces around the dash of a move."""
    if not isinstance(text, str):
        raise NotationError(f"an action is a line of text, not {type(text).__name__}")
    text = " ".join(text.lower().split())
    return re.sub(r" ?- ?", "-", text)


def _check_tiles(text: str, tiles) -> None:
    for tile in tiles:
        if tile is not None and not is_tile(tile):
            raise NotationError(f"{tile!r} is not a tile name (N3) in {text!r}")


def parse(text: str) -> str:
    """The canonical text of an action, or NotationError when it is not Nakatha notation."""
    line = normalize(text)
    if line == "pass":
        return line
    verb = line.split(" ", 1)[0]
    simple = _SIMPLE.get(verb)
    if simple is not None:
        m = simple.fullmatch(line)
        if not m:
            raise NotationError(f"cannot read {text!r} as a {verb} action (N49)")
        if verb in ("deal", "draft", "deploy") and m.group(1) not in FACTIONS:
            raise NotationError(f"{m.group(1)!r} is not a faction")
        if verb == "deploy" and m.group(2) not in SEGMENT_LETTERS:
            raise NotationError(f"{m.group(2)!r} is not a segment (a to f)")
        if verb in ("sword", "land", "step"):
            _check_tiles(text, [m.group(1)])
        if verb == "ambush":
            _check_tiles(text, [m.group(2)])
        return line
    m = _ACTIVATION.fullmatch(line)
    if not m or m.group("id").split(".")[0] not in FACTIONS:
        raise NotationError(f"cannot read {text!r} as a Nakatha action (N49)")
    tiles = [m.group("from"), m.group("to")]
    if m.group("action"):
        tiles += [v for k, v in m.groupdict().items() if k not in ("id", "from", "to", "action") and v]
    _check_tiles(text, tiles)
    return line


@lru_cache(maxsize=1 << 14)  # a bot tries the same few thousand lines all game
def split_activation(line: str) -> tuple[str, str | None, str | None, str | None]:
    """(piece, from, to, action) of a canonical activation."""
    m = _ACTIVATION.fullmatch(line)
    return m.group("id"), m.group("from"), m.group("to"), m.group("action")
