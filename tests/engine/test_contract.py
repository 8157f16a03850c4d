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
- the game is deterministic: replaying the same actions gives the same documents and outcome;
- the facts the simulator asks for (turns, quiet turns, stalls, a finished game's facts) are well
  formed.

The counts per game are printed in the terminal summary.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, fields, is_dataclass

import pytest

from engine import CHANCE, EngineError, available, get_game
from tests.doubles import DICE

#: Plies per (game, player count): enough to cross setup, the CHANCE nodes and a good way into
#: play, while the whole module stays well under a minute.
PLY_BUDGET = {"nakatha": 400, "mandara": 700, "paso": 600, "tibetana": 600, "dice": 60}
MAX_PLIES_PER_GAME = 400
SEED = 15


def cases():
    games = [get_game(name) for name in available()] + [DICE]
    return [pytest.param(g, n, id=f"{g.name}-{n}p") for g in games for n in g.player_counts]


@dataclass
class Counts:
    games: int = 0
    states: int = 0
    actions: int = 0  # legal actions whose notation was round-tripped
    applies: int = 0  # applications checked for mutation
    chance: int = 0  # CHANCE nodes whose outcomes were validated
    secrets: int = 0  # secret outcomes checked against an alternative
    ended: int = 0


REPORT: dict[str, Counts] = {}


def summary() -> list[str]:
    """The counts per game, printed by ``tests/engine/conftest.py`` in the terminal summary."""
    return [f"{key:<12} games {c.games:>3}  states {c.states:>5}  actions {c.actions:>6}  applies {c.applies:>5}"
            f"  chance {c.chance:>4}  secret {c.secrets:>3}  ended {c.ended:>3}" for key, c in REPORT.items()]


# --- deep comparison --------------------------------------------------------------------------
def graph(obj, seen=None):
    """``obj`` as plain nested values, field by field, so that two calls compare equal exactly when
    nothing reachable from ``obj`` changed in between. Attributes named ``_...`` are caches."""
    if obj is None or isinstance(obj, bool | int | float | str | bytes):
        return obj
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return ("<cycle>", type(obj).__name__)
    seen = seen | {id(obj)}
    if isinstance(obj, dict):
        return ("dict", tuple((repr(k), graph(v, seen)) for k, v in obj.items()))
    if isinstance(obj, list | tuple):
        return (type(obj).__name__, tuple(graph(v, seen) for v in obj))
    if isinstance(obj, set | frozenset):
        return (type(obj).__name__, tuple(sorted(repr(graph(v, seen)) for v in obj)))
    if callable(obj) and not hasattr(obj, "__dict__") and not hasattr(obj, "__slots__"):
        return ("callable", repr(obj))
    names = [f.name for f in fields(obj)] if is_dataclass(obj) else _attribute_names(obj)
    return (type(obj).__name__, tuple((n, graph(getattr(obj, n), seen)) for n in names
                                      if not n.startswith("_") and hasattr(obj, n)))


def _attribute_names(obj) -> list[str]:
    names = list(getattr(obj, "__dict__", {}))
    for klass in type(obj).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    return names


# --- the walk ---------------------------------------------------------------------------------
def check_state(game, players, state, counts: Counts) -> list | None:
    """Every per-state clause; returns the legal actions (None at a shuffle node)."""
    counts.states += 1
    actor, outcome = game.actor(state), game.outcome(state)
    assert (actor is None) == (outcome is not None), f"actor {actor} with outcome {outcome}"
    shuffle = game.chance_shuffle(state) if actor == CHANCE else None
    assert shuffle is None or actor == CHANCE, "only a CHANCE node shuffles"
    legal = None if shuffle is not None else game.legal_actions(state)
    if legal is not None:
        assert (len(legal) == 0) == (outcome is not None), f"{len(legal)} legal actions, outcome {outcome}"
        check_notation(game, state, legal, counts)
    check_documents(game, state, legal)
    check_simulator_facts(game, state)
    return legal


def check_simulator_facts(game, state) -> None:
    """The facts the simulator asks for (it restates no rule) are well formed at every state."""
    turns, quiet = game.turns_played(state), game.quiet_turns(state)
    assert turns is None or (type(turns) is int and turns >= 0)
    assert type(quiet) is int and quiet >= 0
    assert isinstance(game.stalled(state), bool)
    if game.outcome(state) is not None:
        facts = game.facts(state)
        assert json.loads(json.dumps(facts)) == facts


def check_notation(game, state, legal, counts: Counts) -> None:
    texts = [game.format(a) for a in legal]
    assert len(set(texts)) == len(texts), "two legal actions share a notation"
    for action, text in zip(legal, texts):
        assert isinstance(text, str) and text == text.strip() and "\n" not in text
        assert game.parse(text, state) == action, f"{text!r} does not parse back to its action"
        loose = "  " + "   ".join(text.upper().split(" ")) + " "
        assert game.format(game.parse(loose, state)) == text, f"{loose!r}: case or spacing is refused"
        counts.actions += 1


def check_documents(game, state, legal) -> None:
    doc = game.to_json(state)
    assert json.loads(json.dumps(doc)) == doc, "the document is not plain JSON"
    restored = game.from_json(doc)
    assert game.to_json(restored) == doc
    if type(state).__eq__ is not object.__eq__:
        assert restored == state, "from_json(to_json(s)) != s"
    assert game.actor(restored) == game.actor(state)
    assert game.outcome(restored) == game.outcome(state)
    if legal is not None:
        assert [game.format(a) for a in game.legal_actions(restored)] == [game.format(a) for a in legal]


def applied(game, state, action, counts: Counts):
    """``apply``, checked to leave ``state`` (its whole object graph and its document) as it was."""
    before, doc = graph(state), game.to_json(state)
    after = game.apply(state, action)
    assert graph(state) == before, f"apply({game.format(action)!r}) mutated its input"
    assert game.to_json(state) == doc
    assert after is not state
    counts.applies += 1
    return after


def check_chance(game, players, state, legal, chosen, rng, counts: Counts) -> None:
    """Every outcome of this CHANCE node is valid; a secret one changes no view."""
    counts.chance += 1
    shuffle = game.chance_shuffle(state)
    if shuffle is None:
        assert legal, "a CHANCE node with neither outcomes nor a shuffle"
        for outcome in legal:
            applied(game, state, outcome, counts)
        alternatives = [a for a in legal if a != chosen and game.is_secret(state, a)]
    else:
        items = list(shuffle.items)
        assert items, "an empty shuffle"
        applied(game, state, shuffle.to_action(list(items)), counts)  # the identity permutation
        if len(set(map(repr, items))) == len(items) > 1:
            with pytest.raises(EngineError):
                game.apply(state, shuffle.to_action([items[0]] + items[:-1]))  # a repeat is no permutation
        alternatives = []
        for _ in range(10):
            rng.shuffle(items)
            other = shuffle.to_action(list(items))
            if other != chosen:
                alternatives = [other]
                break
    if game.is_secret(state, chosen) and alternatives:
        check_secret(game, players, state, chosen, rng.choice(alternatives))
        counts.secrets += 1


def check_secret(game, players, state, chosen, other) -> None:
    one, two = game.apply(state, chosen), game.apply(state, other)
    if game.outcome(one) is not None or game.outcome(two) is not None:
        return
    for seat in [*range(players), None]:
        assert game.view(one, seat) == game.view(two, seat), (
            f"seat {seat}'s view tells {game.format(chosen)!r} from {game.format(other)!r}")


def choose(game, state, legal, rng):
    if legal is not None:
        return rng.choice(legal)
    items = list(game.chance_shuffle(state).items)
    rng.shuffle(items)
    return game.chance_shuffle(state).to_action(items)


def play_one(game, players, rng, counts: Counts, budget: int) -> int:
    state = game.setup(players, {})
    actions, docs = [], [game.to_json(state)]
    while True:
        legal = check_state(game, players, state, counts)
        if game.actor(state) is None or len(actions) >= min(budget, MAX_PLIES_PER_GAME):
            break
        action = choose(game, state, legal, rng)
        if game.actor(state) == CHANCE:
            check_chance(game, players, state, legal, action, rng, counts)
        state = applied(game, state, action, counts)
        actions.append(action)
        docs.append(game.to_json(state))
    counts.games += 1
    counts.ended += game.outcome(state) is not None
    replay = game.setup(players, {})
    assert game.to_json(replay) == docs[0], "setup is not deterministic"
    for n, action in enumerate(actions, start=1):
        replay = game.apply(replay, action)
        assert game.to_json(replay) == docs[n], f"replaying ply {n} gave another document"
    assert game.outcome(replay) == game.outcome(state)
    return len(actions)


@pytest.mark.parametrize("game, players", cases())
def test_every_game_keeps_the_engine_contract_under_random_play(game, players):
    counts = REPORT.setdefault(f"{game.name}-{players}p", Counts())
    rng = random.Random(f"{SEED}:{game.name}:{players}")
    left = PLY_BUDGET.get(game.name, 150)
    while left > 0:
        left -= max(1, play_one(game, players, rng, counts, left))
    assert counts.states > 0 and counts.actions > 0 and counts.applies > 0


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
