"""A plan's changes to conditional-move trees, stored by the locked executor (``services.execute``)."""

from __future__ import annotations

from games.models import ConditionalTree


def apply(game, planned) -> None:
    """Keep or discard each tree the plan changed (the row's count is the plan's ``after``)."""
    gone = [seat for seat, kept in planned.trees.items() if kept is None]
    if gone:
        ConditionalTree.objects.filter(game=game, seat__in=gone).delete()
    for seat, kept in planned.trees.items():
        if kept is not None:
            ConditionalTree.objects.filter(game=game, seat=seat).update(tree=kept["tree"], partial=kept["partial"])
