"""The score track: rank, marker moves and turn order (ruling M10)."""

from __future__ import annotations


def move_marker(track: list[int], scores: list[int], seat: int, change: int) -> None:
    """Add ``change`` to ``seat``'s score and re-rank it, in place (M10).

    The marker goes behind every marker already on a score greater than or equal to its new
    score, so on equal scores the earlier arrival stays ahead. A change of 0 moves nothing.
    """
    if change == 0:
        return
    scores[seat] += change
    track.remove(seat)
    new = scores[seat]
    place = 0
    for i, other in enumerate(track):
        if scores[other] >= new:
            place = i + 1
    track.insert(place, seat)


def starting_track(order: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Markers enter from space 1 in ``order``, each passing the occupied spaces (M11).

    Returns the track (C1 lowest-ranked, so last) and the scores by seat (C1 has 1, C2 has 2, ...).
    """
    scores = [0] * len(order)
    for place, seat in enumerate(order, start=1):
        scores[seat] = place
    return list(reversed(order)), scores


def turn_order(track) -> list[int]:
    """Placement order: lowest-ranked first, upwards, then round again (M10)."""
    return list(reversed(track))


def lowest_ranked(track) -> int:
    """The player who orients each turned tile (M10, M11, M29)."""
    return track[-1]
