"""The clauses of the engine contract (rulings/COMMON.md section 1) as checks on one state or one
step, shared by the random walk (``test_contract.py``) and the state machine that draws its steps
(``tests.engine.strategies.game_machine``, run by ``test_state_machine.py``). Each check counts what it checked into a ``Counts``, and the terminal
summary prints the counts per suite and game (``tests/engine/conftest.py``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, is_dataclass

import pytest

from engine import CHANCE, EngineError, IllegalAction, NotationError
from engine.core import NOTATION_RULE

#: Text that is no game's notation: every game refuses it with ``NotationError`` (COMMON section 3).
NOT_NOTATION = ("", "   ", "not an action", "\x00", "zz9 q")


@dataclass
class Counts:
    """What one suite checked on one game and player count (printed in the terminal summary)."""

    games: int = 0
    states: int = 0
    actions: int = 0  # legal actions whose notation was round-tripped
    applies: int = 0  # applications checked for mutation
    chance: int = 0  # CHANCE nodes whose outcomes were validated
    secrets: int = 0  # secret outcomes checked against an alternative
    refused: int = 0  # illegal actions and non-notation refused, the state left alone
    ended: int = 0
    steps: int = 0  # state-machine steps (rules run), where a state machine drew them


#: Counts per suite ("random walk", "options at their bounds", "state machine"), then per game and
#: player count.
REPORTS: dict[str, dict[str, Counts]] = {}


def counts_for(suite: str, game, players: int) -> Counts:
    return REPORTS.setdefault(suite, {}).setdefault(f"{game.name}-{players}p", Counts())


def summary(suite: str) -> list[str]:
    """One line per game and player count, printed by ``tests/engine/conftest.py``."""
    return [f"{key:<12} games {c.games:>3}  states {c.states:>5}  actions {c.actions:>6}  applies {c.applies:>5}"
            f"  chance {c.chance:>4}  secret {c.secrets:>3}  refused {c.refused:>5}  ended {c.ended:>3}"
            + (f"  steps {c.steps:>5}" if c.steps else "") for key, c in REPORTS.get(suite, {}).items()]


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


# --- the clauses ------------------------------------------------------------------------------
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
    check_views(game, players, state)
    check_simulator_facts(game, state)
    return legal


def check_views(game, players, state) -> None:
    """Every seat's view and a spectator's are plain JSON documents (what is hidden in them is
    ``check_secret``'s)."""
    for seat in [*range(players), None]:
        view = game.view(state, seat)
        assert isinstance(view, dict) and json.loads(json.dumps(view)) == view, f"seat {seat}'s view is not plain JSON"


def check_simulator_facts(game, state) -> None:
    """The facts the simulator asks for (it restates no rule) are well formed at every state."""
    turns, quiet = game.turns_played(state), game.quiet_turns(state)
    assert turns is None or (type(turns) is int and turns >= 0)
    assert type(quiet) is int and quiet >= 0
    assert isinstance(game.stalled(state), bool)
    assert all(isinstance(text, str) for text in game.concession_actions)
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


def check_refusals(game, state, legal, stale, counts: Counts) -> None:
    """An action the rules refuse here raises ``IllegalAction`` naming a rule, and text that is not
    notation raises ``NotationError`` with the one rule name, and what is no action at all an
    ``EngineError``; either way the state is left alone.

    ``stale`` are actions legal at an earlier state: those not legal now are the refusals tried."""
    before, doc = graph(state), game.to_json(state)
    for text in NOT_NOTATION:
        with pytest.raises(NotationError) as refused:
            game.parse(text, state)
        assert refused.value.rule == NOTATION_RULE and not isinstance(refused.value, IllegalAction)
        counts.refused += 1
    with pytest.raises(EngineError):
        game.apply(state, None)  # not an action of any game: refused, never a TypeError
    counts.refused += 1
    if legal is not None:
        for action in [a for a in stale if a not in legal][:3]:
            with pytest.raises(IllegalAction) as refused:
                game.apply(state, action)
            assert refused.value.rule and refused.value.rule != NOTATION_RULE
            counts.refused += 1
    assert graph(state) == before and game.to_json(state) == doc, "a refused action changed the state"


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
    """Every outcome of this CHANCE node is valid (a shuffle's in notation too); outcomes of one
    ``chance_class`` lead to the same position; a secret one changes no view."""
    counts.chance += 1
    shuffle = game.chance_shuffle(state)
    if shuffle is None:
        assert legal, "a CHANCE node with neither outcomes nor a shuffle"
        alike: dict = {}  # one position for each class of outcomes said to play alike
        for outcome in legal:
            doc = game.to_json(applied(game, state, outcome, counts))
            first = alike.setdefault(game.chance_class(state, outcome), doc)
            assert doc == first, f"{game.format(outcome)!r} is in a class whose outcomes differ"
        alternatives = [a for a in legal if a != chosen and game.is_secret(state, a)]
    else:
        items = list(shuffle.items)
        assert items, "an empty shuffle"
        applied(game, state, shuffle.to_action(list(items)), counts)  # the identity permutation
        if len(set(map(repr, items))) == len(items) > 1:
            with pytest.raises(EngineError):
                game.apply(state, shuffle.to_action([items[0]] + items[:-1]))  # a repeat is no permutation
        for action in (shuffle.to_action(list(items)), chosen):
            # the event log stores a shuffle's outcome in notation too, and replays it from there
            text = game.format(action)
            assert game.parse(text, state) == action, f"the shuffle {text!r} does not parse back"
            counts.actions += 1
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


# --- determinism across processes -------------------------------------------------------------
def digest(name: str, players: int, seed: int, plies: int) -> str:
    """A hash of one random game of ``name`` (its documents, every view and every legal list, ply
    by ply), for comparing two processes: Python's string hashing differs between them, so an
    engine that lists or applies in set order would give another digest (COMMON section 4: chance
    is drawn by the index of an outcome in ``legal_actions``, which must be the same everywhere)."""
    import hashlib
    import random

    from engine import get_game
    from tests.doubles import DICE

    game = DICE if name == DICE.name else get_game(name)
    rng, state, record = random.Random(seed), game.setup(players, {}), hashlib.sha256()
    for _ in range(plies):
        shuffle = game.chance_shuffle(state) if game.actor(state) == CHANCE else None
        legal = None if shuffle is not None else game.legal_actions(state)
        views = [game.view(state, seat) for seat in [*range(players), None]]
        texts = None if legal is None else [game.format(a) for a in legal]
        record.update(json.dumps([game.to_json(state), views, texts], sort_keys=True).encode())
        if game.actor(state) is None:
            break
        state = game.apply(state, choose(game, state, legal, rng))
    return record.hexdigest()
