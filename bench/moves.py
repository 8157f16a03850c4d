"""Move sequences for the submission benchmark, made beforehand with the pure engine.

Only the service layer is timed, so the random walk through legal actions happens here, before the
clock starts. Paso del Brahmán has no CHANCE, so one move is exactly one event.
"""

from __future__ import annotations

import random

from engine import get_game

#: No quiet-turn draw: a random walk can then run for as long as the benchmark needs.
OPTIONS = {"quiet_turn_limit": 0}


def random_game(seed: int, length: int) -> list[str]:
    """``length`` random legal moves in notation, none of which ends the game.

    A walk that reaches a position where every move ends the game starts over with the next seed.
    """
    engine = get_game("paso")
    while True:
        moves = _walk(engine, random.Random(seed), length)
        if moves is not None:
            return moves
        seed += 1_000_003


def _walk(engine, rng: random.Random, length: int) -> list[str] | None:
    state = engine.setup(2, OPTIONS)
    moves = []
    while len(moves) < length:
        legal = engine.legal_actions(state)
        rng.shuffle(legal)
        for action in legal:
            after = engine.apply(state, action)
            if engine.outcome(after) is None:
                moves.append(engine.format(action))
                state = after
                break
        else:
            return None  # every legal move ends the game here
    return moves
