"""A state consistent with a seat's view (N50), for bots that search.

The only hidden fact is the Sword's tile before it is found. A view lacks ``sword.tile``; this
fills it with a grey tile drawn uniformly from those not in ``sword.revealed`` (N50), never from the
real state. Before the ``sword`` CHANCE action (phases deal to sword) there is no tile to hide.
Used only by ``engine.bots.rebuild``.
"""

from __future__ import annotations

import copy

from engine.nakatha import GAME
from engine.nakatha.board import GREY

_BEFORE_THE_SWORD = ("deal", "draft", "deploy", "sword")


def determinize(view: dict, seat: int | None, rng):
    """``seat`` is unused: every seat is equally blind to the Sword (N50)."""
    sword = view["sword"]
    if "tile" in sword:
        return GAME.from_json(view)
    doc = copy.copy(view)
    doc["sword"] = dict(sword, tile=_hidden_tile(view, rng))
    return GAME.from_json(doc)


def _hidden_tile(view: dict, rng):
    if view["phase"] in _BEFORE_THE_SWORD:
        return None
    revealed = set(view["sword"]["revealed"])
    return rng.choice([tile for tile in GREY if tile not in revealed])
