"""The Six Realms cards (rulings M17-M23): one small function per effect, kept in tables.

``ACTIONS[card](state)`` lists a holder's legal actions in canonical order (M34);
``EFFECTS[card](draft, action)`` checks and applies one. The Human Realm has no holder: it is
resolved by ``resolve_human`` without a decision.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mandara.actions import PASS, Animal, Asura, Heaven, Hell, Pass
from engine.mandara.mandala import hell_pairs, hell_problem, new_tile_spaces
from engine.mandara.state import NEUTRAL, PIECE_NAMES, Card, Draft, State, Tile
from engine.mandara.tiles import CELL_INDEX, ORIENTATIONS, TILE_CELLS

# --- Human Realm (M18) ---------------------------------------------------------------------------


def resolve_human(d: Draft, index: int) -> None:
    """Each player on the card, by first piece: draw from their reserve, then take the pieces back."""
    card = d.cards[index]
    counts: dict[int, int] = {}
    for piece in card.stack:
        counts[piece] = counts.get(piece, 0) + 1
    for piece, count in counts.items():  # dicts keep first-piece order
        if piece == NEUTRAL:
            continue
        drawn = min(count, d.reserves[piece])
        d.reserves[piece] -= drawn
        d.hands[piece] += drawn + count
    d.cards[index] = Card(card.name, ())


# --- Asura Realm (M19) ---------------------------------------------------------------------------


def asura_actions(state: State) -> list:
    if state.turned is None:
        return [PASS]  # only in a hand-made position: there is no tile left to place
    return [Asura(s) for s in new_tile_spaces(state.board)]


def asura_effect(d: Draft, action) -> None:
    if isinstance(action, Pass) and d.turned is None:
        return
    if not isinstance(action, Asura):
        raise IllegalAction("M19", "the Asura Realm holder must place the turned tile with asura S; "
                                   "pass is not allowed")
    if action.space not in new_tile_spaces(d.board):
        raise IllegalAction("M24", f"tile space {action.space} is not empty or touches no tile")
    d.board[action.space - 1] = d.turned
    d.turned = None


# --- Hell Realm (M21) ----------------------------------------------------------------------------


def hell_actions(state: State) -> list:
    return [Hell(a, b) for a, b in hell_pairs(state.board)]


def hell_effect(d: Draft, action) -> None:
    problem = hell_problem(d.board, action.source, action.target)
    if problem is not None:
        raise IllegalAction("M21", problem)
    a, b = action.source - 1, action.target - 1
    d.board[a], d.board[b] = d.board[b], d.board[a]


# --- Animal Realm (M22) --------------------------------------------------------------------------


def animal_actions(state: State) -> list:
    actions = []
    for s, tile in enumerate(state.board, start=1):
        if tile is not None:
            actions.extend(Animal(s, deg) for deg in ORIENTATIONS if deg != tile.orientation)
    return actions


def animal_effect(d: Draft, action) -> None:
    tile = d.board[action.space - 1] if 1 <= action.space <= 9 else None
    if tile is None:
        raise IllegalAction("M22", f"tile space {action.space} holds no tile of the Mandara board")
    if action.degrees not in ORIENTATIONS:
        raise IllegalAction("M22", f"{action.degrees} is not an orientation (0, 90, 180, 270)")
    if action.degrees == tile.orientation:
        raise IllegalAction("M22", f"the tile on {action.space} already has orientation {action.degrees}")
    d.board[action.space - 1] = Tile(tile.number, action.degrees, tile.stacks)


# --- Heaven Realm (M23) --------------------------------------------------------------------------


def _heaven_tiles(board, turned):
    """Tiles in Heaven order: the Mandara board by tile space, then the turned tile."""
    tiles = [t for t in board if t is not None]
    if turned is not None:
        tiles.append(turned)
    return tiles


def heaven_actions(state: State) -> list:
    if state.neutral_stock < 1:
        return []
    actions = []
    for tile in _heaven_tiles(state.board, state.turned):
        cells = TILE_CELLS[tile.number]
        for i, stack in enumerate(tile.stacks):
            actions.extend(Heaven(tile.number, cells[i], p) for p in stack if p != NEUTRAL)
    return actions


def heaven_effect(d: Draft, action) -> None:
    if d.neutral_stock < 1:
        raise IllegalAction("M23", "the neutral stock is empty; only pass is legal")
    where = f"t{action.tile}.{action.cell}"
    for i, tile in enumerate(d.board):
        if tile is not None and tile.number == action.tile:
            d.board[i] = _exchange(d, tile, action, where)
            return
    if d.turned is not None and d.turned.number == action.tile:
        d.turned = _exchange(d, d.turned, action, where)
        return
    raise IllegalAction("M23", f"tile {action.tile} is neither on the Mandara board nor turned")


def _exchange(d: Draft, tile: Tile, action, where: str) -> Tile:
    index = CELL_INDEX[tile.number].get(action.cell)
    if index is None:
        raise IllegalAction("M23", f"{where} is not a space of tile {tile.number}")
    stack = tile.stacks[index]
    if action.piece == NEUTRAL or action.piece not in stack:
        raise IllegalAction("M23", f"{where} holds no {PIECE_NAMES[action.piece]} piece to exchange")
    slot = stack.index(action.piece)
    d.neutral_stock -= 1
    d.return_to_hand(action.piece)
    return tile.with_stack(index, stack[:slot] + (NEUTRAL,) + stack[slot + 1:])


# --- Hungry Ghost Realm (M20) and the tables -------------------------------------------------------

_BORROWED = {Hell: hell_effect, Animal: animal_effect, Heaven: heaven_effect}


def hungry_ghost_actions(state: State) -> list:
    return [PASS] + hell_actions(state) + animal_actions(state) + heaven_actions(state)


def hungry_ghost_effect(d: Draft, action) -> None:
    effect = _BORROWED.get(type(action))
    if effect is None:
        raise IllegalAction("M20", "the Hungry Ghost Realm resolves a Hell, Animal or Heaven action, or pass")
    effect(d, action)


def _own(card: str, action_type, effect):
    """A card whose holder may pass or play its own kind of action."""
    def checked(d: Draft, action) -> None:
        if not isinstance(action, action_type):
            raise IllegalAction(_RULE[card], f"the {card} holder plays {_FORM[card]} or pass")
        effect(d, action)
    return checked


_RULE = {"hell": "M21", "animal": "M22", "heaven": "M23"}
_FORM = {"hell": "hell A-B", "animal": "animal S D", "heaven": "heaven tN.CELL COLOUR"}

#: Legal actions of a holder, canonical order; pass first for every card but the Asura Realm.
ACTIONS = {
    "asura": asura_actions,
    "hungry_ghost": hungry_ghost_actions,
    "hell": lambda state: [PASS] + hell_actions(state),
    "animal": lambda state: [PASS] + animal_actions(state),
    "heaven": lambda state: [PASS] + heaven_actions(state),
}

EFFECTS = {
    "asura": asura_effect,
    "hungry_ghost": hungry_ghost_effect,
    "hell": _own("hell", Hell, hell_effect),
    "animal": _own("animal", Animal, animal_effect),
    "heaven": _own("heaven", Heaven, heaven_effect),
}


def resolve_card(d: Draft, index: int, action) -> None:
    """The holder (first piece on card ``index``) resolves it; then their piece returns (M17)."""
    card = d.cards[index]
    if not (isinstance(action, Pass) and card.name != "asura"):
        EFFECTS[card.name](d, action)
    holder = card.stack[0]
    d.cards[index] = Card(card.name, d.cards[index].stack[1:])
    d.return_to_hand(holder)
