"""Failures shrink to short move sequences. An engine with one planted contract breach (``apply``
writes into the state it was given) is caught, and hypothesis cuts the failing game down to the
shortest one that shows the breach:

- drawn as a list of choices (``tests.engine.strategies``), Paso whose lion summons breach: three
  plies, south's temple, north's temple (ruling P6), then a lion summoned;
- drawn as steps of the contract's state machine (``tests.engine.strategies.game_machine``), the dice double whose
  sixes breach: three plies, the deal, a seat's roll, a six. (The dice double's lists are short, so
  the many runs shrinking takes stay quick; Paso's 145 summons, each round-tripped at every step,
  are not.)
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, find, settings
from hypothesis.stateful import run_state_machine_as_test

from engine.paso.game import PasoGame
from tests.doubles import DICE
from tests.engine.contract import Counts
from tests.engine.strategies import choices, game_machine, pick, play

#: Reproducible (derandomized) and never saved: these searches prove shrinking, they hunt nothing.
SEARCH = settings(max_examples=400, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))


class LionBreach(PasoGame):
    """Paso, except that summoning a lion also bumps the quiet-turn count of the state it was given:
    the kind of breach a counter updated in place instead of on the copy makes."""

    name = "paso-lion-breach"

    def apply(self, state, action):
        after = super().apply(state, action)
        if self.format(action).startswith("brahmin summon L"):
            state.quiet += 1
        return after


BREACH = LionBreach()


class SixBreach(type(DICE)):
    """The dice double, except that rolling a six flips the turn of the state it was given."""

    name = "dice-six-breach"

    def apply(self, state, action):
        after = super().apply(state, action)
        if action == ("roll", 6):
            object.__setattr__(state, "turn", 1 - state.turn)
        return after


def breaches(picks: list[int]) -> bool:
    """Whether the game ``picks`` draws catches ``apply`` changing its input's document."""
    state = BREACH.setup(2, {})
    for ply, picked in enumerate(picks):
        if BREACH.actor(state) is None:
            return False
        doc = BREACH.to_json(state)
        after = BREACH.apply(state, pick(BREACH, state, picked, ply))
        if BREACH.to_json(state) != doc:
            return True
        state = after
    return False


def first_lion_summon(state) -> int:
    return next(n for n, a in enumerate(BREACH.legal_actions(state)) if a.startswith("brahmin summon L"))


def test_a_failing_game_drawn_as_choices_shrinks_to_the_three_plies_that_show_it():
    found = find(choices, breaches, settings=SEARCH)
    assert len(found) == 3, f"shrank only to {len(found)} plies: {found}"
    # Each pick is as small as it can be alone (lowering a temple's pick would move the lions in
    # the next list, a joint change the shrinker need not find): the third names the first lion.
    after_temples = play(BREACH, BREACH.setup(2, {}), found[:2])
    assert found[2] == first_lion_summon(after_temples)
    assert all(picked < 5 for picked in found[:2])  # five temple spaces each (P6)


def plies_in(steps: list[str]) -> list[int]:
    """The picks of the plies a reported run of state-machine steps plays: one per ``play``, one per
    pick of a ``play_several``."""
    picks = []
    for step in steps:
        if step.startswith("state.play("):
            picks.append(int(re.search(r"picked=(\d+)", step)[1]))
        elif step.startswith("state.play_several("):
            picks += [int(p) for p in re.search(r"picks=\[(.*)\]", step)[1].split(",")]
    return picks


def test_the_state_machine_reports_a_failing_run_shrunk_to_three_plies():
    with pytest.raises(AssertionError, match="mutated its input") as failure:
        run_state_machine_as_test(game_machine(SixBreach(), 2, Counts()), settings=settings(SEARCH, stateful_step_count=20))
    steps = [line for line in getattr(failure.value, "__notes__", []) if line.startswith("state.")]
    picks = plies_in(steps)
    assert len(picks) == 3, steps  # the deal, a seat's roll, a six
    assert picks[-1] % 6 == 5, steps  # "roll 6", the sixth of the die's six outcomes
    rules = [s for s in steps if not s.startswith(("state.set_up(", "state.keeps_the_contract(", "state.teardown("))]
    assert len(rules) <= 3, steps  # no reload or refusal left in: nothing the failure does not need
