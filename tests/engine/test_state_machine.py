"""The engine contract as a hypothesis state machine, one per registered game and player count (and
the ``dice`` double): hypothesis draws the steps (a ply chosen by an integer, a run of plies, a
reload of the position from its document, a stale action tried), so a failure shrinks to the
shortest sequence of steps that shows it (``test_shrinking.py`` proves that it does).

After every step the contract's clauses hold at the current state (``tests/engine/contract.py``);
at the end of a run the whole history replays to the same documents (determinism).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from engine import CHANCE, available, get_game
from tests.doubles import DICE
from tests.engine.contract import Counts, applied, check_chance, check_refusals, check_state, counts_for
from tests.engine.strategies import pick

#: Runs (examples) and steps per run for each game: a step is one to thirty plies, so a run
#: reaches past setup into play; Nakatha's states are the dearest to check.
RUNS = {"nakatha": 6, "mandara": 10, "paso": 12, "tibetana": 12, "dice": 10}
STEPS = 40
choice = st.integers(min_value=0, max_value=2**16)


def game_machine(game, players: int, counts: Counts | None = None) -> type[RuleBasedStateMachine]:
    """A state machine playing ``game`` for ``players``; its steps count into ``counts`` (by
    default the summary's line for the game)."""
    counts = counts_for("state machine", game, players) if counts is None else counts

    class GamePlay(RuleBasedStateMachine):
        @initialize()
        def set_up(self):
            self.state = game.setup(players, {})
            self.history, self.docs, self.earlier = [], [game.to_json(self.state)], []
            counts.games += 1

        def running(self) -> bool:
            return game.actor(self.state) is not None

        def take(self, picked: int, going_on: bool = False) -> None:
            """One ply: the action ``picked`` names, checked to leave the state it came from alone.

            ``going_on``: the first action from there on (wrapping) after which the game still runs,
            so that runs get past the actions that end a game at once (Tibetana's concession)."""
            state = self.state
            legal = None if game.chance_shuffle(state) is not None else game.legal_actions(state)
            action = pick(game, state, picked, len(self.history))
            if going_on and legal and game.actor(state) != CHANCE:
                wrapped = legal[picked % len(legal):] + legal
                action = next((a for a in wrapped if game.outcome(game.apply(state, a)) is None), action)
            if game.actor(state) == CHANCE and len(self.history) % 5 == 0:
                # every fifth CHANCE node: its alternatives come from the drawn integer, so they shrink too
                check_chance(game, players, state, legal, action, random.Random(picked), counts)
            self.state = applied(game, state, action, counts)
            self.earlier = legal or []
            self.history.append(action)
            self.docs.append(game.to_json(self.state))

        @precondition(running)
        @rule(picked=choice)
        def play(self, picked):
            self.take(picked)

        @precondition(running)
        @rule(picks=st.lists(choice, min_size=2, max_size=30))
        def play_several(self, picks):
            for picked in picks:
                if not self.running():
                    break
                self.take(picked, going_on=True)

        @rule()
        def reload(self):
            """Go on from the position's document, as the service does after a snapshot."""
            self.state = game.from_json(game.to_json(self.state))

        @rule()
        def refuse_stale_actions(self):
            shuffle = game.actor(self.state) == CHANCE and game.chance_shuffle(self.state) is not None
            legal = None if shuffle else game.legal_actions(self.state)
            check_refusals(game, self.state, legal, self.earlier, counts)

        @invariant()
        def keeps_the_contract(self):
            if hasattr(self, "state"):
                counts.steps += 1
                check_state(game, players, self.state, counts)

        def teardown(self):
            if not hasattr(self, "state"):
                return
            counts.ended += game.outcome(self.state) is not None
            replay = game.setup(players, {})
            for n, action in enumerate(self.history, start=1):
                replay = game.apply(replay, action)
                assert game.to_json(replay) == self.docs[n], f"replaying ply {n} gave another document"

    GamePlay.__name__ = f"{game.name.title().replace('-', '')}Play{players}"
    return GamePlay


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
