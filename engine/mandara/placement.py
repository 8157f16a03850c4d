"""Placing pieces and acquiring spaces (rulings M13-M16)."""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mandara.actions import PlaceOnCard, PlaceOnTile
from engine.mandara.state import NEUTRAL, Card, Draft, State, Tile
from engine.mandara.tiles import CELL_INDEX, TILE_CELLS, tile_slots
from engine.mandara.track import turn_order

#: Every placement on a tile, built once: the action objects are immutable and shared.
_TILE_PLACEMENTS = {n: tuple(PlaceOnTile(n, c) for c in cells) for n, cells in TILE_CELLS.items()}
_CARD_PLACEMENTS = tuple(PlaceOnCard(k) for k in range(1, 5))


def placement_actions(state: State) -> list:
    """The turned tile's spaces in printed order, then the cards by card space (M34)."""
    actions = list(_TILE_PLACEMENTS[state.turned.number]) if state.turned is not None else []
    actions.extend(_CARD_PLACEMENTS[k] for k, card in enumerate(state.cards) if card is not None)
    return actions


def next_placer(track, hands, after: int | None) -> int | None:
    """The next player in turn order after ``after`` with a piece in hand (M13).

    ``after`` None means the start of placement: the first such player in turn order.
    The player who just placed comes round again last, when everyone else is empty-handed.
    """
    order = turn_order(track)
    start = 0 if after is None else order.index(after) + 1
    for i in range(len(order)):
        seat = order[(start + i) % len(order)]
        if hands[seat] > 0:
            return seat
    return None


def place_piece(d: Draft, action) -> None:
    """Put one piece of the actor on top of the chosen stack (M13). Checks legality first."""
    seat = d.actor
    if isinstance(action, PlaceOnTile):
        tile = d.turned
        if tile is None or action.tile != tile.number:
            raise IllegalAction("M13", f"t{action.tile} is not the turned tile; pieces go on the turned "
                                       "tile or on a card")
        index = CELL_INDEX[tile.number].get(action.cell)
        if index is None:
            raise IllegalAction("M13", f"t{action.tile}.{action.cell} is not a space of the turned tile")
        d.turned = tile.with_stack(index, tile.stacks[index] + (seat,))
    elif isinstance(action, PlaceOnCard):
        card = d.cards[action.space - 1] if 1 <= action.space <= 4 else None
        if card is None:
            raise IllegalAction("M13", f"card space {action.space} holds no card")
        d.cards[action.space - 1] = Card(card.name, card.stack + (seat,))
    else:
        raise IllegalAction("M13", "during placement the only action is to place a piece from hand")
    d.hands[seat] -= 1


def rank_stack(stack, keep: int) -> tuple[tuple[int, ...], list[int]]:
    """Acquisition of one stack (M14, M15): the kept pieces in slot order, and those returned.

    Most pieces first; equal counts go to the colour whose first piece is lowest in the stack.
    A neutral piece belongs to nobody: it is never ranked and never returned (M23, M30).
    """
    if len(stack) <= 1:
        return tuple(stack), []
    counts: dict[int, int] = {}
    first: dict[int, int] = {}
    neutrals = []
    for i, piece in enumerate(stack):
        if piece == NEUTRAL:
            neutrals.append(piece)
            continue
        counts[piece] = counts.get(piece, 0) + 1
        first.setdefault(piece, i)
    ranked = sorted(counts, key=lambda colour: (-counts[colour], first[colour]))
    kept = ranked[:max(keep - len(neutrals), 0)]
    returned = []
    for colour, count in counts.items():
        returned.extend([colour] * (count - (colour in kept)))
    return tuple(neutrals) + tuple(kept), returned


def acquire(d: Draft) -> None:
    """Acquire every space of the turned tile and of every card but the Human Realm (M14-M16)."""
    tile = d.turned
    if tile is not None:
        slots = tile_slots(tile.number, d.players)
        stacks = list(tile.stacks)
        for i, stack in enumerate(stacks):
            kept, returned = rank_stack(stack, slots[i])
            stacks[i] = kept
            for piece in returned:
                d.return_to_hand(piece)
        d.turned = Tile(tile.number, tile.orientation, tuple(stacks))
    for k, card in enumerate(d.cards):
        if card is None or card.name == "human":
            continue  # the Human Realm keeps every piece until it resolves (M16)
        keep = (2 if d.players == 4 else 1) if card.name == "heaven" else 1
        kept, returned = rank_stack(card.stack, keep)
        d.cards[k] = Card(card.name, kept)
        for piece in returned:
            d.return_to_hand(piece)
