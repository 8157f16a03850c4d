"""Mandara actions, one small value class per line of notation (ruling M34).

Frozen dataclasses rather than tuples, so that ``Asura(4)`` never equals ``DrawTile(4)``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OrderTrack:
    """CHANCE: the starting order of the score markers, seats C1 C2 ... (M11)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ShufflePile:
    """CHANCE: the face-down tile pile, top first (M11, M32). Secret."""

    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DrawTile:
    """CHANCE: turn over the top tile of the pile (M11, M29)."""

    tile: int


@dataclass(frozen=True, slots=True)
class Orient:
    """The lowest-ranked player sets the turned tile's orientation (M11, M29)."""

    degrees: int


@dataclass(frozen=True, slots=True)
class DealCards:
    """CHANCE: cards dealt face up, in card-space order (M29)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlaceOnTile:
    """Place a piece from hand on a space of the turned tile (M13)."""

    tile: int
    cell: str


@dataclass(frozen=True, slots=True)
class PlaceOnCard:
    """Place a piece from hand on the space of the card on card space ``space`` (M13)."""

    space: int


@dataclass(frozen=True, slots=True)
class Asura:
    """Put the turned tile on tile space ``space`` (M19)."""

    space: int


@dataclass(frozen=True, slots=True)
class Hell:
    """Move the tile on ``source`` to empty ``target``, or swap two tiles (M21).

    A swap is always stored with the smaller tile space first.
    """

    source: int
    target: int


@dataclass(frozen=True, slots=True)
class Animal:
    """Turn the tile on tile space ``space`` to ``degrees`` (M22)."""

    space: int
    degrees: int


@dataclass(frozen=True, slots=True)
class Heaven:
    """Replace the ``piece`` on ``tile``'s ``cell`` by a neutral piece (M23)."""

    tile: int
    cell: str
    piece: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Resolve a card with no change (M17)."""


PASS = Pass()
