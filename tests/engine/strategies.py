"""Hypothesis strategies that draw a game as a sequence of choices, so a failure shrinks to a short
game: each drawn integer picks among the legal actions (or, at a shuffle node, builds the
permutation one item at a time), rather than one seed that decides the whole game. ``game_machine``
draws a game as steps of a state machine that checks the engine contract after each."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.core import CHANCE
from tests.engine.contract import (
    Counts,
    applied,
    check_chance,
    check_refusals,
    check_state,
    counts_for,
    graph,
)

#: One integer per ply; a shorter list is a shorter game, which is what shrinking looks for.
choice = st.integers(min_value=0, max_value=2**16)
choices = st.lists(choice, max_size=400)


def stream(picks: Sequence[int], seed: int = 0) -> Iterator[int]:
    """The drawn integers, then a fixed pseudo-random stream once they run out: a game longer than
    the drawn list still reaches its end, and a failure shrinks to the shortest drawn prefix that,
    continued the same fixed way, shows it."""
    yield from picks
    rest = random.Random(seed)
    while True:
        yield rest.randrange(2**16)


def pick(game, state, choice: int, ply: int = 0):
    """The action that ``choice`` names at ``state``: ``legal[choice % n]``, or at a shuffle node
    the permutation whose items are taken by ``choice`` and the ply-derived digits after it."""
    shuffle = game.chance_shuffle(state) if game.actor(state) == CHANCE else None
    if shuffle is None:
        legal = game.legal_actions(state)
        return legal[choice % len(legal)]
    items, order, digit = list(shuffle.items), [], choice * 7919 + ply
    while items:
        order.append(items.pop(digit % len(items)))
        digit //= max(1, len(items) + 1)
        digit += choice
    return shuffle.to_action(order)


def play(game, state, picks, ply_check=None):
    """Apply one action per drawn integer until they run out or the game ends; ``ply_check(before,
    action, after)`` sees every step. Returns the last state."""
    for ply, choice in enumerate(picks):
        if game.actor(state) is None:
            break
        action = pick(game, state, choice, ply)
        after = game.apply(state, action)
        if ply_check is not None:
            ply_check(state, action, after)
        state = after
    return state


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
                before, wrapped = graph(state), legal[picked % len(legal):] + legal
                action = next((a for a in wrapped if game.outcome(game.apply(state, a)) is None), action)
                assert graph(state) == before, "an apply tried on the way mutated its input"
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
            # one pick in four may end the game (a concession included); the others play on
            self.take(picked, going_on=picked % 4 != 0)

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
