"""Every bot answers with one of the legal actions, for every game, from positions across a game."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import LEVELS, Budget, GreedyBot, MctsBot, PolicyBot, RandomBot, get_bot
from tests.engine.bots.positions import game_names, seat_positions

SMALL = Budget(iterations=25, seconds=30.0)


def _bots():
    return [RandomBot(), GreedyBot(), PolicyBot(), MctsBot(SMALL)]


@pytest.mark.parametrize("name", game_names())
def test_each_bot_returns_a_legal_action_from_several_positions(name):
    game = engine.get_game(name)
    positions = seat_positions(game)
    assert len(positions) >= 3, "random play should reach several positions with a seat to act"
    for state in positions:
        seat, legal = game.actor(state), game.legal_actions(state)
        for bot in _bots():
            action = bot.choose(game, game.view(state, seat), legal, random.Random(7))
            assert action in legal, f"{type(bot).__name__} chose {action!r}, not legal in {name}"
            game.apply(state, action)  # and the engine accepts it


@pytest.mark.parametrize("name", game_names())
def test_the_same_rng_gives_the_same_choice(name):
    """No global randomness: the choice depends only on the view, the legal list and the rng."""
    game = engine.get_game(name)
    state = seat_positions(game, seeds=(3,))[-1]
    seat, legal = game.actor(state), game.legal_actions(state)
    for bot in (GreedyBot(), PolicyBot(), MctsBot(SMALL)):
        picks = {repr(bot.choose(game, game.view(state, seat), legal, random.Random(11))) for _ in range(3)}
        assert len(picks) == 1


def test_levels_are_the_issue_levels_and_get_bot_builds_each():
    assert set(LEVELS) == {"random", "greedy", "policy", "easy", "normal", "hard"}
    for level in LEVELS:
        assert hasattr(get_bot(level), "choose")
    with pytest.raises(KeyError, match="levels: random"):
        get_bot("grandmaster")


def test_search_budgets_grow_with_the_level_and_hard_answers_within_ten_seconds():
    budgets = [get_bot(level).budget for level in ("easy", "normal", "hard")]
    assert [b.iterations for b in budgets] == sorted(b.iterations for b in budgets)
    assert budgets[0].iterations < budgets[2].iterations
    assert budgets[2].seconds < 10


def test_a_bot_with_nothing_to_choose_from_says_so():
    game = engine.get_game(game_names()[0])
    for bot in _bots():
        with pytest.raises(ValueError, match="no legal action"):
            bot.choose(game, {}, [], random.Random(0))


def test_a_forced_move_is_played_without_searching():
    bot, game = MctsBot(SMALL), engine.get_game(game_names()[0])
    assert bot.choose(game, {}, ["only"], random.Random(0)) == "only"
    assert bot.last_search["iterations"] == 0
