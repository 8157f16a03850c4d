"""Search beats chance: MCTS takes a win in reach, and wins a small Paso match against random."""

from __future__ import annotations

import random

import engine
from engine.bots import Budget, GreedyBot, MctsBot, RandomBot
from engine.bots.match import play
from tests.engine.bots.positions import paso_illumination_in_two


def test_mcts_walks_its_brahmin_into_the_rival_temple_when_it_can():
    game = engine.get_game("paso")
    state = paso_illumination_in_two()
    bot, rng = MctsBot(Budget(iterations=1000, seconds=60.0)), random.Random(1)
    while game.actor(state) == 0:
        state = game.apply(state, bot.choose(game, game.view(state, 0), game.legal_actions(state), rng))
    assert game.outcome(state) == {"winners": ["south"], "reason": "illumination", "scores": None}


def test_greedy_prefers_the_step_toward_the_rival_temple():
    game = engine.get_game("paso")
    state = paso_illumination_in_two()
    action = GreedyBot().choose(game, game.view(state, 0), game.legal_actions(state), random.Random(1))
    assert action.startswith("brahmin walk c4.sw-")


def test_mcts_beats_random_in_a_small_paso_match():
    """Four games, each side twice. Seeds are fixed and the searches end on their iteration budget,
    so the result is reproducible; a budget this small still wins clearly."""
    game = engine.get_game("paso")
    search = Budget(iterations=30, seconds=60.0)
    mcts_wins = random_wins = 0
    for seed in range(4):
        mcts_seat = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[mcts_seat] = MctsBot(search)
        winners = play(game, 2, bots, seed)["winners"]
        mcts_wins += game.seat_names(2)[mcts_seat] in winners
        random_wins += game.seat_names(2)[1 - mcts_seat] in winners
    assert mcts_wins >= 3 and random_wins == 0
