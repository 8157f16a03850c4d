"""The engine contract as a hypothesis state machine, one per registered game and player count (and
the ``dice`` double): hypothesis draws the steps (a ply chosen by an integer, a run of plies, a
reload of the position from its document, a stale action tried), so a failure shrinks to the
shortest sequence of steps that shows it (``test_shrinking.py`` proves that it does).

The machine is ``tests.engine.strategies.game_machine``: after every step the contract's clauses
(``tests/engine/contract.py``) hold at the current state, and at the end of a run the whole history
replays to the same documents (determinism).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from engine import available, get_game
from tests.doubles import DICE
from tests.engine.strategies import game_machine

#: Runs (examples) and steps per run for each game: a step is one to thirty plies, so a run
#: reaches past setup into play; Nakatha's states are the dearest to check.
RUNS = {"nakatha": 6, "mandara": 10, "paso": 12, "tibetana": 12, "dice": 10}
STEPS = 40


def cases():
    games = [get_game(name) for name in available()] + [DICE]
    return [pytest.param(g, n, id=f"{g.name}-{n}p") for g in games for n in g.player_counts]


@pytest.mark.parametrize("game, players", cases())
def test_drawn_step_sequences_keep_the_engine_contract(game, players):
    run_state_machine_as_test(
        game_machine(game, players),
        settings=settings(max_examples=RUNS.get(game.name, 6), stateful_step_count=STEPS, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]),
    )
