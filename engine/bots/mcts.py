"""Monte Carlo tree search (UCT) over information sets, with a budget of iterations and seconds.

Each iteration searches one state consistent with the bot's view: the view itself where nothing is
hidden, else a determinization sampled by the game (``engine.bots.rebuild``). One tree is shared
by all of them and keyed by the actions of the seats; a child's ``avail`` counts the iterations in
which its action was legal, and UCB uses it in place of the parent's visits (single-observer
ISMCTS), so an action seen in few determinizations is not over-explored. CHANCE outcomes are
sampled as they come and are not nodes of the tree (open loop): the tree stays small even where a
CHANCE node is a 9!-way shuffle.

An iteration descends the tree by UCB, adds one child, plays at most ``playout_depth`` random
actions, then scores the position: exactly if the game ended, else by the game's short evaluation
(``engine.bots.heuristics``). Each node backs up the score of the seat that chose its action.
Two small additions make the budget go further: where nothing is hidden, a node visited twice
is checked for an action that wins at once, and it is then always followed (a Paso turn offers
dozens of actions, and random expansion finds the one winning step too late); and a game that
ends with no winner costs the bot ``contempt``, so it plays on for the win rather than drift into
a draw. Actions the game's heuristics leave out of ``search_actions`` (conceding, offering a
draw) are never started by the search.

States are immutable values in this engine (``apply`` copies only what changes), so an iteration
starts from a shared root state without copying it.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from engine.bots import heuristics
from engine.bots.chance import random_action, sample_chance
from engine.bots.rebuild import hides_information, rebuild
from engine.core import CHANCE


@dataclass(frozen=True)
class Budget:
    iterations: int
    seconds: float  # wall-clock cap on the whole choice, rebuilding included
    playout_depth: int = 40
    exploration: float = 0.7
    determinizations: int = 32  # hidden information: at most this many sampled states, reused
    contempt: float = 0.45  # what a game nobody wins costs the bot: it plays on to win
    #: wall-clock cap on a whole turn of several actions by one seat (Tibetana, Paso): they share
    #: it, and the tree below each chosen action is kept for the next (``None``: no turn cap)
    turn_seconds: float | None = None


_UNKNOWN = object()


class _Node:
    __slots__ = ("seat", "visits", "reward", "avail", "children", "decisive")

    def __init__(self, seat):
        self.seat = seat  # who chose the action leading here; ``reward`` is that seat's
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.children: dict = {}
        self.decisive = _UNKNOWN  # an action here that wins at once, looked for on a second visit


def _key(action):
    """Actions key the tree; an unhashable action (a list inside) is keyed by its repr."""
    try:
        hash(action)
    except TypeError:
        return repr(action)
    return action


class MctsBot:
    def __init__(self, budget: Budget, level: str = "mcts"):
        self.budget = budget
        self.level = level
        self.last_search: dict = {}  # iterations and seconds of the last choice, for benchmarks
        self._turn = None  # (the view expected next if the turn goes on, its subtree, the turn's deadline)

    def choose(self, game, view: dict, legal: list, rng: random.Random):
        if not legal:
            raise ValueError("a bot was asked to act with no legal action")
        self.last_search = {"iterations": 0, "kept": 0, "seconds": 0.0}
        started = time.perf_counter()
        root, turn_deadline = self._turn_so_far(view, started)
        legal = heuristics.search_actions(game, legal)
        if len(legal) == 1:
            return self._chosen(game, view, legal[0], None, turn_deadline)
        deadline = min(started + self.budget.seconds, turn_deadline)
        seats = heuristics.seat_count(game, view)
        states = _States(game, view, rng, self.budget.determinizations)
        winning = None if states.size > 1 else _winning_action(game, states.next(), legal)
        if winning is not None:
            return self._chosen(game, view, winning, None, turn_deadline)
        # Iterations kept from earlier in the turn count toward this action's budget.
        kept = done = root.visits
        me = None
        while done < self.budget.iterations and (done == root.visits == 0 or time.perf_counter() < deadline):
            state = states.next()
            me = game.actor(state) if me is None else me
            self._iterate(game, root, state, legal, seats, me, rng, states.size == 1)
            done += 1
        self.last_search = {"iterations": done - kept, "kept": kept, "seconds": time.perf_counter() - started}
        action = _most_visited(root, legal)
        return self._chosen(game, view, action, root.children.get(_key(action)), turn_deadline)

    # --- a turn of several actions ---------------------------------------------------------------
    def _turn_so_far(self, view: dict, now: float):
        """The subtree and deadline of the turn this choice continues, or a fresh turn's.

        A choice continues the turn when its view is the one the last chosen action led to: the
        same seat acts again and nothing (no CHANCE, no other seat) came between.
        """
        if self._turn is not None and self._turn[0] == view:
            _, node, deadline = self._turn
            return node or _Node(None), deadline
        cap = self.budget.turn_seconds
        return _Node(None), now + cap if cap is not None else math.inf

    def _chosen(self, game, view: dict, action, subtree, turn_deadline: float):
        """Remember where ``action`` leads, so that a next choice in the same turn reuses the tree."""
        self._turn = None
        if self.budget.turn_seconds is not None:
            state = rebuild(game, view, None, random.Random(0))
            seat = game.actor(state)
            after = game.apply(state, action)
            if game.actor(after) == seat:
                self._turn = (game.view(after, seat), subtree, turn_deadline)
        return action

    # --- one iteration ---------------------------------------------------------------------------
    def _iterate(self, game, root: _Node, state, legal: list, seats: int, me: int, rng, open_: bool) -> None:
        """One descent, playout and backup.

        ``open_``: nothing is hidden. Until a CHANCE outcome is sampled on the way down, a node
        then stands for one state, the same in every iteration, and a win found there once stays
        a win (see ``_follow``); below a CHANCE node it may not.
        """
        path = [root]
        settled = open_
        node, actions = root, legal
        while True:
            actor = game.actor(state)
            if actor is None:
                break
            if actor == CHANCE:
                state = game.apply(state, sample_chance(game, state, rng))
                actions, settled = None, False
                continue
            if actions is None:
                actions = heuristics.search_actions(game, game.legal_actions(state))
            if settled and node.visits and node.decisive is _UNKNOWN:
                node.decisive = _winning_action(game, state, actions)
            if settled and node.decisive not in (_UNKNOWN, None):
                child, action, fresh = self._follow(node, actor, node.decisive)
            else:
                child, action, fresh = self._select(node, actor, actions, rng)
            state = game.apply(state, action)
            path.append(child)
            node, actions = child, None
            if fresh:
                break
        rewards = self._playout(game, state, seats, me, rng)
        root.visits += 1
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += rewards[visited.seat]

    def _select(self, node: _Node, actor: int, actions: list, rng):
        """The child to follow: an untried action if any (chosen at random), else the best UCB."""
        children = node.children
        untried = []
        for action in actions:
            child = children.get(_key(action))
            if child is None:
                untried.append(action)
            else:
                child.avail += 1
        if untried:
            action = rng.choice(untried)
            child = children[_key(action)] = _Node(actor)
            child.avail = 1
            return child, action, True
        c = self.budget.exploration
        best, best_score = None, -1.0
        for action in actions:
            child = children[_key(action)]
            score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = action, score
        return children[_key(best)], best, False

    @staticmethod
    def _follow(node: _Node, actor: int, action):
        """Take the known winning action: once a node is revisited the search looks for a win
        at once, which random expansion among dozens of actions would find too late."""
        child = node.children.get(_key(action))
        fresh = child is None
        if fresh:
            child = node.children[_key(action)] = _Node(actor)
        child.avail += 1
        return child, action, fresh

    def _playout(self, game, state, seats: int, me: int, rng) -> list[float]:
        for _ in range(heuristics.playout_depth(game, self.budget.playout_depth)):
            actor = game.actor(state)
            if actor is None:
                break
            state = game.apply(state, random_action(game, state, rng, actor))
        rewards = heuristics.values(game, state, seats)
        outcome = game.outcome(state)
        if outcome is not None and not outcome.get("winners"):
            rewards[me] -= self.budget.contempt
        return rewards


class _States:
    """The states iterations start from: one where nothing is hidden, else a pool of samples."""

    def __init__(self, game, view: dict, rng, size: int):
        self.game, self.view, self.rng = game, view, rng
        self.size = size if hides_information(game) else 1
        self.pool: list = []

    def next(self):
        if len(self.pool) < self.size:
            self.pool.append(rebuild(self.game, self.view, None, self.rng))
            return self.pool[-1]
        return self.pool[self.rng.randrange(len(self.pool))] if self.size > 1 else self.pool[0]


def _winning_action(game, state, legal: list):
    """An action that wins at once, if there is one: a search with a wide root can fail to look
    at it often enough. Only where nothing is hidden, so that the win is certain."""
    me = game.seat_names(max(game.player_counts))[game.actor(state)]
    for action in legal:
        outcome = game.outcome(game.apply(state, action))
        if outcome is not None and outcome.get("winners") == [me]:
            return action
    return None


def _most_visited(root: _Node, legal: list):
    """The robust choice: most visits, then the better mean; ties keep the canonical order."""
    def merit(action):
        child = root.children.get(_key(action))
        if child is None or child.visits == 0:
            return (0, 0.0)
        return (child.visits, child.reward / child.visits)

    return max(legal, key=merit)
