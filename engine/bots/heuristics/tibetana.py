"""Tibetana: the pagodas each colour keeps standing and their victory points (T30, T31).

A colour with no pagoda on the map has lost (T30.2), so every pagoda is worth a lot beyond its
points; four-ring pagodas count extra toward the three that win (T30.1). Pieces on the map guard
pagodas and press on the rival's, so they count a little.
"""

from __future__ import annotations

from engine.bots.heuristics import shares

SEATS = ("pink", "green")
POINTS_BY_RINGS = (1, 3, 6, 10, 15)  # T31.1
PAGODA = 8.0
FULL_PAGODA = 6.0
PIECE = 0.5
_NOT_IN_PASSING = ("concede", "offer draw")
# Listing Tibetana's actions costs about a millisecond: shorter playouts buy more iterations.
PLAYOUT_DEPTH = 20


def evaluate(doc: dict, seats: int) -> list[float]:
    points = [0.0, 0.0]
    for territory in doc["territories"].values():
        if not territory:
            continue  # a destroyed territory
        pagoda = territory.get("pagoda")
        if pagoda and pagoda.get("owner") in SEATS:
            rings = min(pagoda.get("rings", 0), 4)
            bonus = FULL_PAGODA if rings == 4 else 0.0
            points[SEATS.index(pagoda["owner"])] += PAGODA + POINTS_BY_RINGS[rings] + bonus
        for seat, colour in enumerate(SEATS):
            points[seat] += PIECE * sum(territory.get("pieces", {}).get(colour, {}).values())
    return shares(points, 8.0)


def search_actions(legal: list) -> list:
    """Neither conceding nor offering a draw is a move a search should weigh (answering one is)."""
    return [a for a in legal if not str(a).startswith(_NOT_IN_PASSING)]
