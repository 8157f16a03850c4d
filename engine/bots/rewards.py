"""What a finished game is worth to each seat: the currency MCTS backs up the tree."""

from __future__ import annotations


def seat_index(game) -> dict[str, int]:
    """Seat name to seat number. Names of the first seats do not change with the player count."""
    return {name: i for i, name in enumerate(game.seat_names(max(game.player_counts)))}


def outcome_rewards(game, outcome: dict, seats: int) -> list[float]:
    """1 shared among the winners; a game nobody won gives every seat an even share."""
    index = seat_index(game)
    winners = [index[name] for name in outcome.get("winners") or [] if name in index]
    if not winners:
        return [1.0 / seats] * seats
    rewards = [0.0] * seats
    for seat in winners:
        rewards[seat] = 1.0 / len(winners)
    return rewards
