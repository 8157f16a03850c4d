"""A state consistent with a seat's view (M32), for bots that search.

The only hidden fact is the order of the face-down tile pile. A view lacks ``tile_pile``; the
pile holds exactly the tiles found neither on the board nor turned (M37), so this deals them in an
order drawn uniformly. Before the ``shuffle`` CHANCE action the pile is empty. Used only by
``engine.bots.rebuild``.
"""

from __future__ import annotations

from engine.mandara import GAME
from engine.mandara.tiles import TILE_NUMBERS

_BEFORE_THE_SHUFFLE = ("order", "shuffle")


def determinize(view: dict, seat: int | None, rng):
    """``seat`` is unused: the pile's order is hidden from every seat alike (M32)."""
    if "tile_pile" in view:
        return GAME.from_json(view)
    return GAME.from_json({**view, "tile_pile": _face_down(view, rng)})


def _face_down(view: dict, rng) -> list[int]:
    if view["phase"] in _BEFORE_THE_SHUFFLE:
        return []
    seen = {tile["tile"] for tile in view["board"].values() if tile}
    if view["turned"]:
        seen.add(view["turned"]["tile"])
    pile = [n for n in TILE_NUMBERS if n not in seen]
    rng.shuffle(pile)
    return pile
