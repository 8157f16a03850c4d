"""The random bot never concedes while another action is legal (issue 18, review item 1): a random
Tibetana opponent that picked "concede" or "offer draw" ended most games within a few plies."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import RandomBot
from engine.bots.chance import sample_chance
from engine.core import CHANCE
from engine.sim.play import random_filter_note
from tests.engine.bots.positions import game_names

CAP = 3000  # actions per game: far more than any of these games needs to end


def _random_game(game, seed: int):
    """Every seat's decision of one game played by random bots: (legal actions, chosen action)."""
    bot, rng, chance = RandomBot(), random.Random(f"{game.name}:{seed}"), random.Random(seed)
    state, decisions = game.setup(game.player_counts[0]), []
    for _ in range(CAP):
        actor = game.actor(state)
        if actor is None:
            break
        if actor == CHANCE:
            action = sample_chance(game, state, chance)
        else:
            legal = game.legal_actions(state)
            action = bot.choose(game, game.view(state, actor), legal, rng)
            decisions.append((legal, action))
        state = game.apply(state, action)
    return decisions


@pytest.mark.parametrize("name", game_names())
def test_the_random_bot_never_concedes_while_another_action_is_legal(name):
    game = engine.get_game(name)
    offered = 0
    for seed in range(3):
        for legal, action in _random_game(game, seed):
            texts = {game.format(a) for a in legal}
            if texts & game.concession_actions and texts - game.concession_actions:
                offered += 1
                assert game.format(action) not in game.concession_actions, f"{name} seed {seed}: chose {action!r}"
    if game.concession_actions:  # the assertion above was put to the test, many times over
        assert offered > 20


class _OnlyConcession:
    """A game whose one legal action is a concession: the bot must still answer with it."""

    name = "only-concession"
    concession_actions = frozenset({"concede"})

    def format(self, action):
        return action


def test_a_concession_is_chosen_when_it_is_the_only_legal_action():
    assert RandomBot().choose(_OnlyConcession(), {}, ["concede"], random.Random(1)) == "concede"


def test_the_simulators_note_reads_the_engines_concession_actions():
    assert random_filter_note("tibetana") == "random bots never choose: concede, offer draw (the engine's concession actions)"
    assert all(random_filter_note(n) is None for n in game_names() if not engine.get_game(n).concession_actions)
