"""The Mandara state: immutable values shared between positions, plus a draft for one step.

A position is a frozen ``State``; tiles, cards and stacks inside it are tuples, so two positions
share every part one action did not touch. ``Draft`` is the only mutable thing: ``apply`` opens
one on the old state, changes what the action changes, and freezes a new state (copy-on-write).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import CHANCE
from engine.mandara.tiles import TILE_CELLS

COLOURS = ("red", "black", "grey", "brown")
#: A piece on a stack is a seat number 0..3, or ``NEUTRAL``.
NEUTRAL = 4
PIECE_NAMES = COLOURS + ("neutral",)

#: Card names in the canonical card order of M9.
CARD_NAMES = ("human", "asura", "hungry_ghost", "hell", "animal", "heaven")
DEALABLE = CARD_NAMES[1:]

PHASES = ("order", "shuffle", "draw", "orient", "deal", "place", "resolve", "over")
CHANCE_PHASES = ("order", "shuffle", "draw", "deal")
LAST_ROUND = 9

Stack = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    """A Mandara tile with its pieces: ``stacks[i]`` is the stack on ``TILE_CELLS[number][i]``."""

    number: int
    orientation: int | None
    stacks: tuple[Stack, ...]

    @classmethod
    def fresh(cls, number: int) -> Tile:
        return cls(number, None, ((),) * len(TILE_CELLS[number]))

    def with_stack(self, index: int, stack: Stack) -> Tile:
        stacks = list(self.stacks)
        stacks[index] = stack
        return Tile(self.number, self.orientation, tuple(stacks))


@dataclass(frozen=True, slots=True)
class Card:
    """A face-up Six Realms card and the stack on its one space."""

    name: str
    stack: Stack = ()


@dataclass(frozen=True, slots=True)
class State:
    players: int
    round: int
    phase: str
    actor: int | None  # a seat, CHANCE, or None once over
    track: tuple[int, ...]  # highest-ranked first (M10)
    scores: tuple[int, ...]
    hands: tuple[int, ...]
    reserves: tuple[int, ...]
    stocks: tuple[int, ...]
    neutral_stock: int
    board: tuple[Tile | None, ...]  # tile spaces 1..9 at indices 0..8
    turned: Tile | None
    tile_pile: tuple[int, ...]  # top first
    cards: tuple[Card | None, ...]  # card spaces 1..4 at indices 0..3


class Draft:
    """A mutable working copy of the parts one action may change; ``freeze`` makes the new state."""

    __slots__ = ("players", "round", "phase", "actor", "track", "scores", "hands", "reserves",
                 "stocks", "neutral_stock", "board", "turned", "tile_pile", "cards", "path_scores")

    def __init__(self, s: State):
        self.players = s.players
        self.round = s.round
        self.phase = s.phase
        self.actor = s.actor
        self.track = list(s.track)
        self.scores = list(s.scores)
        self.hands = list(s.hands)
        self.reserves = list(s.reserves)
        self.stocks = list(s.stocks)
        self.neutral_stock = s.neutral_stock
        self.board = list(s.board)
        self.turned = s.turned
        self.tile_pile = s.tile_pile
        self.cards = list(s.cards)
        self.path_scores: list[int] | None = None  # the last round's scores, for M30 item 1

    def freeze(self) -> State:
        return State(self.players, self.round, self.phase, self.actor, tuple(self.track),
                     tuple(self.scores), tuple(self.hands), tuple(self.reserves), tuple(self.stocks),
                     self.neutral_stock, tuple(self.board), self.turned, self.tile_pile,
                     tuple(self.cards))

    def return_to_hand(self, piece: int, count: int = 1) -> None:
        if piece != NEUTRAL:
            self.hands[piece] += count

    def rest(self, phase: str, actor: int | None) -> None:
        self.phase = phase
        self.actor = actor


def initial_state(players: int) -> State:
    """The document of M11 before any CHANCE action: phase ``order``."""
    return State(
        players=players, round=0, phase="order", actor=CHANCE, track=(),
        scores=(0,) * players, hands=(3,) * players, reserves=(4,) * players,
        stocks=tuple(8 if seat == 3 else 12 for seat in range(players)),
        neutral_stock=8, board=(None,) * 9, turned=None, tile_pile=(),
        cards=(Card("human"), Card("asura"), Card("hungry_ghost"), None),
    )

