"""The random bot: a uniformly random legal action, never a concession while another is legal."""

from __future__ import annotations

import random


def without_concessions(game, legal: list) -> list:
    """``legal`` less the game's ``concession_actions`` (Tibetana's concede and offer draw, T32),
    unless nothing else is left: a random player would otherwise give most games up within a few
    plies, which measures nothing and ends a player's game against the random bot early."""
    conceding = game.concession_actions
    if not conceding:
        return legal
    return [a for a in legal if game.format(a) not in conceding] or legal


class RandomBot:
    level = "random"

    def choose(self, game, view: dict, legal: list, rng: random.Random):
        if not legal:
            raise ValueError("a bot was asked to act with no legal action")
        return rng.choice(without_concessions(game, legal))
