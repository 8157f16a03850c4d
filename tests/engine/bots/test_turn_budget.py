"""A turn of several actions shares one budget, and the tree is carried from action to action."""

from __future__ import annotations

import random

import engine
from engine.bots import BUDGETS, Budget, MctsBot
from tests.engine.bots.positions import paso_illumination_in_two

CARRIED = Budget(iterations=60, seconds=600.0, turn_seconds=600.0)


def _turn(bot, game, state, seat, rng):
    searches = []
    while game.actor(state) == seat and game.outcome(state) is None:
        state = game.apply(state, bot.choose(game, game.view(state, seat), game.legal_actions(state), rng))
        searches.append(dict(bot.last_search))
    return state, searches


def test_the_next_action_of_a_turn_starts_from_the_tree_below_the_last():
    game = engine.get_game("paso")
    state, searches = _turn(MctsBot(CARRIED), game, paso_illumination_in_two(), 0, random.Random(3))
    assert len(searches) >= 2
    assert searches[0]["kept"] == 0
    assert any(s["kept"] > 0 for s in searches[1:])
    # kept iterations count toward the budget: no action searches more than the budget anew
    assert all(s["iterations"] + s["kept"] <= CARRIED.iterations for s in searches if s["iterations"])


def test_a_new_turn_starts_a_new_tree():
    game = engine.get_game("paso")
    bot, rng = MctsBot(CARRIED), random.Random(3)
    state, _ = _turn(bot, game, paso_illumination_in_two(), 0, rng)
    if game.outcome(state) is None:
        _turn(MctsBot(CARRIED), game, state, 1, rng)  # another bot plays the rival's turn
        bot.choose(game, game.view(state, 1), game.legal_actions(state), rng)
        assert bot.last_search["kept"] == 0


def test_without_a_turn_cap_nothing_is_carried():
    game = engine.get_game("paso")
    _, searches = _turn(MctsBot(Budget(iterations=40, seconds=600.0)), game, paso_illumination_in_two(), 0,
                        random.Random(3))
    assert all(s["kept"] == 0 for s in searches)


def test_hard_shares_ten_seconds_a_turn():
    assert BUDGETS["hard"].turn_seconds <= 10 and BUDGETS["hard"].seconds <= BUDGETS["hard"].turn_seconds
