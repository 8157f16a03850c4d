"""The canonical position document (rulings M35, M37) and its validation.

``to_json`` writes the keys in the order of M35; ``from_json`` accepts exactly the documents M37
describes and raises ``InvalidPosition`` naming the ruling otherwise. Piece counts are not
checked (scenario positions are made by hand, M3, M37).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import CHANCE, InvalidPosition
from engine.mandara.rounds import current_card
from engine.mandara.state import CARD_NAMES, COLOURS, NEUTRAL, PHASES, PIECE_NAMES, Card, State, Tile
from engine.mandara.tiles import CELL_INDEX, ORIENTATIONS, TILE_CELLS, TILE_NUMBERS

_KEYS = ("game", "seats", "round", "phase", "actor", "track", "players", "neutral_stock", "board",
         "turned", "tile_pile", "cards")


def actor_name(actor: int | None):
    if actor is None:
        return None
    return "chance" if actor == CHANCE else COLOURS[actor]


def _stack_doc(stack) -> list[str]:
    return [PIECE_NAMES[p] for p in stack]


def tile_doc(tile: Tile | None):
    if tile is None:
        return None
    cells = TILE_CELLS[tile.number]
    return {"tile": tile.number, "orientation": tile.orientation,
            "cells": {cells[i]: _stack_doc(stack) for i, stack in enumerate(tile.stacks)}}


def to_json(s: State) -> dict:
    colours = COLOURS[:s.players]
    return {
        "game": "mandara",
        "seats": list(colours),
        "round": s.round,
        "phase": s.phase,
        "actor": actor_name(s.actor),
        "track": [COLOURS[seat] for seat in s.track],
        "players": {COLOURS[seat]: {"score": s.scores[seat], "hand": s.hands[seat],
                                    "reserve": s.reserves[seat], "stock": s.stocks[seat]}
                    for seat in range(s.players)},
        "neutral_stock": s.neutral_stock,
        "board": {str(i + 1): tile_doc(tile) for i, tile in enumerate(s.board)},
        "turned": tile_doc(s.turned),
        "tile_pile": list(s.tile_pile),
        "cards": {str(k + 1): None if card is None else {"card": card.name,
                                                         "spaces": {"1": _stack_doc(card.stack)}}
                  for k, card in enumerate(s.cards)},
    }


# --- reading -------------------------------------------------------------------------------------


def _fail(rule: str, message: str):
    raise InvalidPosition(f"{rule}: {message}")


def _int(value, what: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
        _fail("M35", f"{what} must be an integer" + (f" from {low}" if low is not None else "")
              + (f" to {high}" if high is not None else ""))
    return value


def _object(value, keys, what: str) -> dict:
    if not isinstance(value, dict) or set(value) != set(keys):
        _fail("M35", f"{what} must be an object with keys {', '.join(keys)}")
    return value


def _stack(value, players: int, what: str) -> tuple[int, ...]:
    names = COLOURS[:players] + ("neutral",)
    if not isinstance(value, list) or any(p not in names for p in value):
        _fail("M35", f"{what} must be a list of {', '.join(names)}")
    return tuple(PIECE_NAMES.index(p) for p in value)


def _tile(value, players: int, what: str, orientation_known: bool) -> Tile:
    doc = _object(value, ("tile", "orientation", "cells"), what)
    number = doc["tile"]
    if number not in TILE_NUMBERS or type(number) is not int:
        _fail("M6", f"{what}: there is no tile {number!r}")
    orientation = doc["orientation"]
    if orientation_known and (type(orientation) is not int or orientation not in ORIENTATIONS):
        _fail("M7", f"{what}: orientation must be 0, 90, 180 or 270")
    if not orientation_known and orientation is not None:
        _fail("M35", f"{what}: the orientation is null until the lowest-ranked player orients it")
    cells = doc["cells"]
    if not isinstance(cells, dict) or set(cells) != set(CELL_INDEX[number]):
        _fail("M35", f"{what}: tile {number} has exactly the spaces {', '.join(TILE_CELLS[number])}")
    stacks = tuple(_stack(cells[c], players, f"{what}.cells.{c}") for c in TILE_CELLS[number])
    return Tile(number, orientation, stacks)


def _card(value, players: int, what: str) -> Card | None:
    if value is None:
        return None
    doc = _object(value, ("card", "spaces"), what)
    if doc["card"] not in CARD_NAMES:
        _fail("M9", f"{what}: no Six Realms card is called {doc['card']!r}")
    spaces = _object(doc["spaces"], ("1",), f"{what}.spaces")
    stack = _stack(spaces["1"], players, f"{what}.spaces.1")
    if NEUTRAL in stack:
        _fail("M9", f"{what}: neutral pieces never go on cards")
    return Card(doc["card"], stack)


def from_json(doc: dict) -> State:
    doc = _object(doc, _KEYS, "the document")
    if doc["game"] != "mandara":
        _fail("M35", "game must be 'mandara'")
    seats = doc["seats"]
    if seats not in (list(COLOURS[:3]), list(COLOURS)):
        _fail("M2", "seats must be ['red', 'black', 'grey'] or with 'brown'")
    players = len(seats)
    phase = doc["phase"]
    if phase not in PHASES:
        _fail("M35", f"no phase is called {phase!r}")
    round_ = _int(doc["round"], "round", 0, 9)
    player_docs = _object(doc["players"], seats, "players")
    for colour in seats:
        _object(player_docs[colour], ("score", "hand", "reserve", "stock"), f"players.{colour}")
    scores = tuple(_int(player_docs[c]["score"], f"players.{c}.score") for c in seats)
    counts = {key: tuple(_int(player_docs[c][key], f"players.{c}.{key}", 0) for c in seats)
              for key in ("hand", "reserve", "stock")}
    track = _track(doc["track"], seats, phase)
    board_doc = _object(doc["board"], [str(s) for s in TILE_NUMBERS], "board")
    board = tuple(None if board_doc[str(s)] is None else _tile(board_doc[str(s)], players, f"board.{s}", True)
                  for s in TILE_NUMBERS)
    turned = None if doc["turned"] is None else _tile(doc["turned"], players, "turned", phase != "orient")
    tile_pile = doc["tile_pile"]
    if not isinstance(tile_pile, list) or any(type(t) is not int for t in tile_pile):
        _fail("M35", "tile_pile must be a list of tile numbers")
    _check_tiles(board, turned, tile_pile, phase)
    cards_doc = _object(doc["cards"], ("1", "2", "3", "4"), "cards")
    cards = tuple(_card(cards_doc[str(k)], players, f"cards.{k}") for k in range(1, 5))
    named = [c.name for c in cards if c is not None]
    if len(named) != len(set(named)):
        _fail("M9", "a card can be face up on one card space only")
    state = State(players, round_, phase, None, track, scores, counts["hand"], counts["reserve"],
                  counts["stock"], _int(doc["neutral_stock"], "neutral_stock", 0, 8), board, turned,
                  tuple(tile_pile), cards)
    return _with_actor(state, doc["actor"], seats)


def _track(value, seats, phase: str) -> tuple[int, ...]:
    if phase == "order":
        if value != []:
            _fail("M37", "track is [] until the starting order is drawn")
        return ()
    if not isinstance(value, list) or sorted(value, key=str) != sorted(seats) or len(value) != len(seats):
        _fail("M37", "track must list every seat colour once")
    return tuple(COLOURS.index(c) for c in value)


def _check_tiles(board, turned, tile_pile, phase: str) -> None:
    seen = [t.number for t in board if t is not None] + ([turned.number] if turned else []) + list(tile_pile)
    if phase in ("order", "shuffle"):
        if seen:
            _fail("M37", "no tile is anywhere before the tile pile is shuffled")
        return
    if sorted(seen) != list(TILE_NUMBERS):
        _fail("M37", "each of the nine tiles must appear exactly once in board, turned and tile_pile")
    if phase == "orient" and turned is None:
        _fail("M35", "in phase orient a turned tile waits for its orientation")


def _with_actor(state: State, actor, seats) -> State:
    """The actor, derived from the rules wherever they fix it (M35, M37).

    Only the placer cannot be derived, so only in phase ``place`` is the document's ``actor``
    read; elsewhere a hand-made document's actor is replaced by the one the rules name.
    """
    phase = state.phase
    if phase in ("order", "shuffle", "draw", "deal"):
        seat = CHANCE
    elif phase == "over":
        seat = None
    elif phase == "orient":
        seat = state.track[-1]
    elif phase == "resolve":
        k = current_card(state.cards)
        if k is None or state.cards[k].name == "human":
            _fail("M37", "in phase resolve the first card holding pieces must be one a holder resolves")
        seat = state.cards[k].stack[0]
    else:  # place
        if actor not in seats or state.hands[seats.index(actor)] < 1:
            _fail("M37", "in phase place the actor must be a player with a piece in hand")
        seat = seats.index(actor)
    return replace(state, actor=seat)
