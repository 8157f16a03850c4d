"""The policy bot: one ply, with the dice counted, fast enough to play balance runs.

Each search action (``engine.bots.heuristics.search_actions``) is applied to one state rebuilt
from the view, and the result judged by the game's short evaluation, the same one ``greedy``
and the search use. Three things make it play better than ``greedy`` and cost less:

- an action that wins at once is taken, and one after which CHANCE rolls is judged by the mean
  over the roll's outcomes (``OUTCOMES_COUNTED`` at most; before a wider draw, the position as
  it stands), so an attack is worth its odds: ``greedy`` judges the position before the roll,
  where no attack has landed yet;
- the evaluation reads the engine state directly where the game's heuristics offer it
  (``heuristics.policy_values``), skipping the document that costs most of greedy's time;
- one determinization, not four: the evaluations read nothing that is hidden (Nakatha's
  heuristics do not judge the Sword), so more samples would only repeat the same numbers.

Where a turn is several actions of one seat (Paso: a character, up to two basic actions and a
special one; Tibetana), the ``SHORT_LIST`` best actions are looked at one ply deeper: the seat's
best next action within the same turn. That is the second ply, and it is what finds a Brahmin's
two walks into the rival temple, which one ply values below a summon that blocks the rival.

Deterministic given its rng, whatever the clock.
"""

from __future__ import annotations

import random

from engine.bots import heuristics
from engine.bots.chance import sample_chance
from engine.bots.rebuild import rebuild
from engine.core import CHANCE

#: A CHANCE node with at most this many outcomes is judged by their mean (a d6 is six); before a
#: wider one (a shuffle, the Sword's ninety tiles) the position is judged as it stands.
OUTCOMES_COUNTED = 6
#: How many of the best actions by one ply are judged again by the seat's best follow-up.
SHORT_LIST = 16


class PolicyBot:
    level = "policy"

    def __init__(self, outcomes_counted: int = OUTCOMES_COUNTED, short_list: int = SHORT_LIST):
        self.outcomes_counted = outcomes_counted
        self.short_list = short_list

    def choose(self, game, view: dict, legal: list, rng: random.Random):
        if not legal:
            raise ValueError("a bot was asked to act with no legal action")
        legal = heuristics.search_actions(game, legal)
        if len(legal) == 1:
            return legal[0]
        seats = heuristics.seat_count(game, view)
        state = rebuild(game, view, None, rng)
        seat = game.actor(state)
        after = [game.apply(state, action) for action in legal]
        judged = [{} for _ in legal]  # each position's judgements, kept for the second look
        # First every action over one sampled roll (an attack that lands there makes the list),
        # then the short list judged again: over the whole roll, and a ply deeper in the turn.
        worths = [self.worth(game, s, seats, seat, rng, counted=False, judged=j)
                  for s, j in zip(after, judged)]
        ranked = sorted(range(len(legal)), key=lambda i: -worths[i])[: max(1, self.short_list)]
        for i in ranked:
            worths[i] = self.worth(game, after[i], seats, seat, rng, judged=judged[i])
            if self.short_list and _same_turn(game, state, after[i], seat):
                worths[i] = max(worths[i], self.follow_up(game, after[i], seats, seat, rng))
        for i in set(range(len(legal))) - set(ranked):
            worths[i] = min(worths[i], worths[ranked[-1]])  # one lucky roll does not outrank them
        best = max(worths)
        return rng.choice([a for a, w in zip(legal, worths) if w >= best - 1e-9])

    def follow_up(self, game, state, seats: int, seat: int, rng) -> float:
        """The best worth ``seat`` reaches with one more action of its own turn."""
        actions = heuristics.search_actions(game, game.legal_actions(state))
        return max(self.worth(game, game.apply(state, a), seats, seat, rng, counted=False) for a in actions)

    def worth(self, game, state, seats: int, seat: int, rng, counted: bool = True,
              judged: dict | None = None) -> float:
        """``seat``'s share after an action: exact if it ended the game; before a small roll, the
        mean over its outcomes (one sampled outcome unless ``counted``); before a wide draw (a
        shuffle, the Sword's ninety tiles), the position as it stands, as ``greedy`` judges it:
        one sampled shuffle would only add noise to the ranking. ``judged`` keeps what was judged
        of this position, by class of outcome, so that a second look judges nothing twice."""
        judged = {} if judged is None else judged
        if game.actor(state) == CHANCE:
            outcomes = _countable(game, state, self.outcomes_counted)
            if outcomes is not None and counted:
                return _mean_worth(game, state, outcomes, seats, seat, judged)
            if outcomes is not None:
                outcome = sample_chance(game, state, rng)
                return _judge(game, state, outcome, seats, seat, judged)
        if _AS_IT_STANDS not in judged:
            judged[_AS_IT_STANDS] = heuristics.policy_values(game, state, seats)[seat]
        return judged[_AS_IT_STANDS]


def _same_turn(game, state, after, seat: int) -> bool:
    """Whether ``seat`` acts again in the turn it acts in now. Acting next is not enough: a
    Nakatha Fae Ambush is played in a rival's turn (N36), and when that turn ends at once the
    ambusher's next action begins a turn of its own, whose follow-ups would only repeat the
    search one turn early."""
    return game.actor(after) == seat and game.turns_played(after) == game.turns_played(state)


#: The key of a position judged as it stands (not after one of its CHANCE outcomes).
_AS_IT_STANDS = object()


def _judge(game, state, outcome, seats: int, seat: int, judged: dict) -> float:
    """``seat``'s share after ``outcome``, judged once for its class (``chance_class``)."""
    key = game.chance_class(state, outcome)
    if key not in judged:
        judged[key] = heuristics.policy_values(game, game.apply(state, outcome), seats)[seat]
    return judged[key]


def _mean_worth(game, state, outcomes: list, seats: int, seat: int, judged: dict) -> float:
    """The mean of ``seat``'s share over equally likely outcomes, summed in their order."""
    total = 0
    for outcome in outcomes:
        total += _judge(game, state, outcome, seats, seat, judged)
    return total / len(outcomes)


def _countable(game, state, most: int):
    """The outcomes of a small CHANCE node (each equally likely, as the match draws them)."""
    if game.chance_shuffle(state) is not None:
        return None
    outcomes = game.legal_actions(state)
    return outcomes if len(outcomes) <= most else None
