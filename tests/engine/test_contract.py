"""The engine contract (rulings/COMMON.md section 1), checked the same way on every game.

Modelled on OpenSpiel's ``random_sim_test``: for every registered game, every player count, and the
``dice`` test double, random games are played from the standard start (CHANCE sampled too), and at
every visited state the contract is checked:

- ``actor`` is ``None`` exactly when ``outcome`` is set, exactly when no action is legal (a shuffle
  node offers its permutations through ``chance_shuffle`` and need not list them);
- every legal action's notation parses back to it (also in upper case with extra spaces), and no
  two legal actions share a notation;
- ``to_json`` is plain JSON and ``from_json`` restores a state with the same document, actor,
  outcome and legal actions;
- ``apply`` leaves its input alone: the whole object graph, compared field by field before and
  after (caches, whose names start with ``_``, excepted), not only its document;
- every CHANCE node's outcomes are valid: each listed outcome applies, a shuffle's permutation
  applies and a list with a repeated item is refused;
- a secret CHANCE outcome is invisible: every seat's view (and a spectator's) is the same whichever
  secret outcome was drawn;
- an action legal a ply earlier but not now is refused with ``IllegalAction`` naming its rule, text
  that is no notation with ``NotationError`` (rule ``notation`` in every game), and neither changes
  the state;
- the game is deterministic: replaying the same actions gives the same documents and outcome, and
  another process with other string hashes (``PYTHONHASHSEED``) plays the same random games to the
  same documents, views and legal lists;
- every seat's view, and a spectator's, is plain JSON;
- every declared option at each end of its range (the other truth value, every other choice) keeps
  all of the above in a short walk of its own;
- the facts the simulator asks for (turns, quiet turns, stalls, a finished game's facts) are well
  formed.

The clauses live in ``tests/engine/contract.py``; the counts per game are printed in the terminal
summary.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine import CHANCE, IllegalAction, available, get_game
from tests.doubles import DICE
from tests.engine.contract import (
    Counts,
    applied,
    check_chance,
    check_refusals,
    check_secret,
    check_state,
    choose,
    counts_for,
    digest,
    graph,
)

#: Plies per (game, player count): enough to cross setup, the CHANCE nodes and a good way into
#: play, while the whole module stays well under a minute.
PLY_BUDGET = {"nakatha": 400, "mandara": 700, "paso": 600, "tibetana": 600, "dice": 60}
MAX_PLIES_PER_GAME = 400
#: A seat's action that ends the game is taken again with this chance, so that walks get past a game
#: ended on its second ply by a concession or an accepted draw (Tibetana lists both at every turn).
LINGER = 0.9
#: Plies after which a game played to its end without checks is given up (random games end sooner).
MAX_PLIES_TO_THE_END = 20000
SEED = 15
#: Plies of the checked walk for each option at each of its bounds.
OPTION_PLIES = 30
#: Plies of each game compared across processes.
HASHED_PLIES = 150


def cases():
    games = [get_game(name) for name in available()] + [DICE]
    return [pytest.param(g, n, id=f"{g.name}-{n}p") for g in games for n in g.player_counts]


def lingering(game, state, legal, rng):
    """A random action (``contract.choose``), taken again up to three times with chance ``LINGER``
    while it ends the game by a seat's choice: how the game ends is the game's, not the walk's."""
    action = choose(game, state, legal, rng)
    for _ in range(3):
        if game.actor(state) == CHANCE or rng.random() >= LINGER:
            break
        if game.outcome(game.apply(state, action)) is None:
            break
        action = choose(game, state, legal, rng)
    return action


def play_one(game, players, rng, counts: Counts, budget: int, options: dict | None = None) -> int:
    state = game.setup(players, options or {})
    actions, docs, earlier = [], [game.to_json(state)], []
    while True:
        legal = check_state(game, players, state, counts)
        check_refusals(game, state, legal, earlier, counts)
        earlier = legal or []
        if game.actor(state) is None or len(actions) >= min(budget, MAX_PLIES_PER_GAME):
            break
        action = lingering(game, state, legal, rng)
        if game.actor(state) == CHANCE:
            check_chance(game, players, state, legal, action, rng, counts)
        state = applied(game, state, action, counts)
        actions.append(action)
        docs.append(game.to_json(state))
    counts.games += 1
    counts.ended += game.outcome(state) is not None
    replay = game.setup(players, options or {})
    assert game.to_json(replay) == docs[0], "setup is not deterministic"
    for n, action in enumerate(actions, start=1):
        replay = game.apply(replay, action)
        assert game.to_json(replay) == docs[n], f"replaying ply {n} gave another document"
    assert game.outcome(replay) == game.outcome(state)
    return len(actions)


def play_to_the_end(game, players, rng, counts: Counts) -> None:
    """One game played to its end unchecked (a checked walk seldom reaches a long game's end), then
    its last state checked: over, no legal action, every action refused, documents round-trip."""
    state, earlier = game.setup(players, {}), []
    for _ in range(MAX_PLIES_TO_THE_END):
        if game.actor(state) is None:
            break
        shuffle = game.chance_shuffle(state) if game.actor(state) == CHANCE else None
        legal = None if shuffle is not None else game.legal_actions(state)
        state, earlier = game.apply(state, lingering(game, state, legal, rng)), legal or []
    assert game.outcome(state) is not None, f"no end after {MAX_PLIES_TO_THE_END} plies"
    assert check_state(game, players, state, counts) == []
    check_refusals(game, state, [], earlier, counts)
    counts.games += 1
    counts.ended += 1


@pytest.mark.parametrize("game, players", cases())
def test_every_game_keeps_the_engine_contract_under_random_play(game, players):
    counts = counts_for("random walk", game, players)
    rng = random.Random(f"{SEED}:{game.name}:{players}")
    left = PLY_BUDGET.get(game.name, 150)
    while left > 0:
        left -= max(1, play_one(game, players, rng, counts, left))
    play_to_the_end(game, players, rng, counts)
    assert counts.states > 0 and counts.actions > 0 and counts.applies > 0


def bounds(option) -> list:
    """The values of a declared option furthest from its default: the other truth value, each end
    of a range, every other choice."""
    if option.kind == "bool":
        values = [not option.default]
    elif option.kind == "choice":
        values = list(option.choices)
    else:
        values = [option.low, option.high]
    return [v for v in values if v != option.default]


def option_cases():
    games = [get_game(name) for name in available()] + [DICE]
    return [pytest.param(g, g.player_counts[0], o.name, v, id=f"{g.name}-{o.name}={v}")
            for g in games for o in g.options_spec(g.player_counts[0]) for v in bounds(o)]


@pytest.mark.parametrize("game, players, name, value", option_cases())
def test_every_option_at_its_bounds_keeps_the_engine_contract(game, players, name, value):
    """Each declared option (``Game.options_spec``, the one way options are declared) at the ends of
    its range, in a short checked walk: a dial must not break the contract where it bites first."""
    counts = counts_for("options at their bounds", game, players)
    rng = random.Random(f"{SEED}:{game.name}:{name}={value}")
    options = game.check_options(players, {name: value})
    play_one(game, players, rng, counts, OPTION_PLIES, options)
    assert counts.states > 0


@pytest.mark.parametrize("name", [n for n in available() if get_game(n).concession_actions])
def test_a_games_concession_actions_are_its_own_legal_notation(name):
    """What the simulator and bots keep random play from is notation the game itself lists."""
    game, rng = get_game(name), random.Random(SEED)
    state, seen = game.setup(game.player_counts[0], {}), set()
    for _ in range(200):
        if game.actor(state) is None:
            break
        legal = None if game.chance_shuffle(state) is not None else game.legal_actions(state)
        seen |= {game.format(a) for a in legal or []}
        state = game.apply(state, lingering(game, state, legal, rng))
    assert game.concession_actions <= seen


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_every_game_plays_the_same_in_another_process_with_other_string_hashes(hash_seed):
    """Determinism across processes: the same random games give the same documents, views and legal
    lists under another ``PYTHONHASHSEED`` (set and dict order of strings changes with it)."""
    games = [(name, n) for name in available() for n in get_game(name).player_counts] + [(DICE.name, 2)]
    here = [digest(name, n, SEED, HASHED_PLIES) for name, n in games]
    code = ("import json, sys; from tests.engine.contract import digest; "
            f"print(json.dumps([digest(name, n, {SEED}, {HASHED_PLIES}) for name, n in {games!r}]))")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
    there = json.loads(subprocess.run([sys.executable, "-c", code], cwd=root, env=env, check=True,
                                      capture_output=True, text=True).stdout)
    assert dict(zip(map(str, games), there)) == dict(zip(map(str, games), here))


# --- the checks can fail --------------------------------------------------------------------------
class LeakyDice(type(DICE)):
    """The dice double with two contract breaches: ``apply`` writes into its input, and every view
    shows the secret deck."""

    def apply(self, s, action):
        after = super().apply(s, action)
        object.__setattr__(s, "turn", 1 - s.turn)  # what a shared container written in place does
        return after

    def view(self, s, seat):
        return self.to_json(s)


def test_the_contract_checks_catch_a_mutating_apply_and_a_leaking_view():
    leaky, counts = LeakyDice(), Counts()
    state = leaky.setup(2, {})
    with pytest.raises(AssertionError, match="mutated its input"):
        applied(leaky, state, leaky.chance_shuffle(state).to_action(["1", "2", "3", "4", "5"]), counts)
    deal = leaky.chance_shuffle(state).to_action(["1", "2", "3", "4", "5"])
    with pytest.raises(AssertionError, match="view tells"):
        check_secret(leaky, 2, state, deal, leaky.chance_shuffle(state).to_action(["5", "4", "3", "2", "1"]))
    assert graph({"a": [1, {"b": 2}]}) != graph({"a": [1, {"b": 3}]})


class MisnamedDice(type(DICE)):
    """The dice double refusing text that is no notation as an illegal action under a rule of its own."""

    def parse(self, text, s):
        if not text.strip():
            raise IllegalAction("D9", "empty")
        return super().parse(text, s)


class PermissiveDice(type(DICE)):
    """The dice double taking a seat's "roll" while CHANCE is to answer the last one."""

    def apply(self, s, action):
        if action == ("say",) and s.rolling:
            return replace(s, rolling=False)
        return super().apply(s, action)


#: What a failed check raises: an assertion, or pytest's own "did not raise".
CHECK_FAILED = (AssertionError, pytest.fail.Exception)


def test_the_contract_checks_catch_a_misnamed_notation_error_and_an_illegal_action_taken():
    counts = Counts()
    dealt = DICE.apply(DICE.setup(2, {}), ("deal", ("1", "2", "3", "4", "5")))
    with pytest.raises(IllegalAction, match="D9"):  # not the NotationError the check waits for
        check_refusals(MisnamedDice(), dealt, DICE.legal_actions(dealt), [], counts)
    rolling = DICE.apply(dealt, ("say",))
    with pytest.raises(CHECK_FAILED, match="DID NOT RAISE"):
        check_refusals(PermissiveDice(), rolling, DICE.legal_actions(rolling), [("say",)], counts)
    check_refusals(DICE, rolling, DICE.legal_actions(rolling), [("say",)], counts)  # the double itself passes
