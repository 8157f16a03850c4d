"""Move notation (ruling M34): one line per action, lower case, single spaces.

The parser is case-insensitive and tolerant of extra spaces, also around ``-`` and ``.``. It
only reads the text; whether the action is legal now is ``apply``'s question.
"""

from __future__ import annotations

import re

from engine.core import NotationError
from engine.mandara.actions import (
    PASS,
    Animal,
    Asura,
    DealCards,
    DrawTile,
    Heaven,
    Hell,
    OrderTrack,
    Orient,
    Pass,
    PlaceOnCard,
    PlaceOnTile,
    ShufflePile,
)
from engine.mandara.state import CARD_NAMES, COLOURS, PIECE_NAMES

_TILE_SPACE = re.compile(r"^t(\d+)\.([abc][123])$")
_CARD_SPACE = re.compile(r"^card(\d+)\.(\d+)$")
_HELL = re.compile(r"^(\d+)-(\d+)$")
_NUMBER = re.compile(r"^\d+$")


def format_action(action) -> str:
    kind = type(action)
    if kind is PlaceOnTile:
        return f"place t{action.tile}.{action.cell}"
    if kind is PlaceOnCard:
        return f"place card{action.space}.1"
    if kind is Pass:
        return "pass"
    if kind is Heaven:
        return f"heaven t{action.tile}.{action.cell} {PIECE_NAMES[action.piece]}"
    if kind is Hell:
        return f"hell {action.source}-{action.target}"
    if kind is Animal:
        return f"animal {action.space} {action.degrees}"
    if kind is Asura:
        return f"asura {action.space}"
    if kind is Orient:
        return f"orient {action.degrees}"
    if kind is DrawTile:
        return f"draw tile {action.tile}"
    if kind is DealCards:
        return "deal cards " + " ".join(action.cards)
    if kind is OrderTrack:
        return "order " + " ".join(COLOURS[seat] for seat in action.seats)
    if kind is ShufflePile:
        return "shuffle " + " ".join(map(str, action.tiles))
    raise TypeError(f"not a Mandara action: {action!r}")


def parse_action(text: str, board=None):
    """Read one line of notation. ``board`` (tile spaces 1-9) orders a Hell swap canonically."""
    words = re.sub(r"\s*([-.])\s*", r"\1", str(text).strip().lower()).split()
    if not words:
        raise NotationError("empty notation")
    verb, args = words[0], words[1:]
    reader = _READERS.get(verb)
    if reader is None:
        raise NotationError(f"unknown Mandara action {words[0]!r}; see ruling M34")
    return reader(args, board)


def _number(word: str) -> int:
    if not _NUMBER.match(word):
        raise NotationError(f"{word!r} is not a number")
    return int(word)


def _arity(args, count: int, form: str) -> None:
    if len(args) != count:
        raise NotationError(f"expected {form!r}")


def _tile_space(word: str) -> tuple[int, str]:
    match = _TILE_SPACE.match(word)
    if not match:
        raise NotationError(f"{word!r} is not a tile space like t5.b2")
    return int(match.group(1)), match.group(2)


def _read_place(args, board):
    _arity(args, 1, "place tN.CELL or place cardK.1")
    card = _CARD_SPACE.match(args[0])
    if card:
        if card.group(2) != "1":
            raise NotationError(f"a card has only space 1: card{card.group(1)}.1 (M9)")
        return PlaceOnCard(int(card.group(1)))
    return PlaceOnTile(*_tile_space(args[0]))


def _read_hell(args, board):
    _arity(args, 1, "hell A-B")
    match = _HELL.match(args[0])
    if not match:
        raise NotationError(f"{args[0]!r} is not a Hell move like 3-7")
    a, b = int(match.group(1)), int(match.group(2))
    if board is not None and a > b and 1 <= b <= 9 and a <= 9 and board[a - 1] and board[b - 1]:
        a, b = b, a  # a swap is one action, written smaller first
    return Hell(a, b)


def _read_heaven(args, board):
    _arity(args, 2, "heaven tN.CELL COLOUR")
    tile, cell = _tile_space(args[0])
    if args[1] not in PIECE_NAMES:
        raise NotationError(f"{args[1]!r} is not a colour")
    return Heaven(tile, cell, PIECE_NAMES.index(args[1]))


def _read_colours(args, board):
    unknown = [w for w in args if w not in COLOURS]
    if unknown or not args:
        raise NotationError(f"expected 'order' and seat colours, got {' '.join(args)!r}")
    return OrderTrack(tuple(COLOURS.index(w) for w in args))


def _read_deal(args, board):
    if not args or args[0] != "cards" or not all(w in CARD_NAMES for w in args[1:]):
        raise NotationError("expected 'deal cards' and card names (M34)")
    return DealCards(tuple(args[1:]))


def _read_draw(args, board):
    if len(args) != 2 or args[0] != "tile":
        raise NotationError("expected 'draw tile N'")
    return DrawTile(_number(args[1]))


def _read_pass(args, board):
    _arity(args, 0, "pass")
    return PASS


def _one_number(make, form):
    def read(args, board):
        _arity(args, 1, form)
        return make(_number(args[0]))
    return read


def _read_animal(args, board):
    _arity(args, 2, "animal S D")
    return Animal(_number(args[0]), _number(args[1]))


_READERS = {
    "place": _read_place,
    "pass": _read_pass,
    "heaven": _read_heaven,
    "hell": _read_hell,
    "animal": _read_animal,
    "asura": _one_number(Asura, "asura S"),
    "orient": _one_number(Orient, "orient D"),
    "draw": _read_draw,
    "deal": _read_deal,
    "order": _read_colours,
    "shuffle": lambda args, board: ShufflePile(tuple(_number(w) for w in args)),
}
