"""A bot cannot cheat: it is handed a seat's view, never the state, and searches states it samples
from that view. Two states that differ only in what is hidden give the same view, so every bot
makes the same choice in both (given the same rng)."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import Budget, GreedyBot, MctsBot, RandomBot
from engine.bots.rebuild import determinizer, rebuild
from tests.engine.bots.positions import reached

SMALL = Budget(iterations=30, seconds=30.0)


def _hidden_twins(name: str):
    """A position in play and its twin with the hidden part changed (N50 Sword, M32 tile pile)."""
    game = engine.get_game(name)
    state = reached(game, 60, seed=1) if name == "mandara" else reached(game, 20, seed=1)
    doc = game.to_json(state)
    if name == "nakatha":
        assert not doc["sword"]["found"]
        others = [t for t in ("a1", "b7", "c9", "d14") if t != doc["sword"]["tile"] and t not in doc["sword"]["revealed"]]
        doc["sword"]["tile"] = others[0]
    else:
        assert len(doc["tile_pile"]) >= 2
        doc["tile_pile"] = list(reversed(doc["tile_pile"]))
    return game, state, game.from_json(doc)


@pytest.mark.parametrize("name", ["nakatha", "mandara"])
def test_states_differing_only_in_hidden_information_get_the_same_choice(name):
    game, state, twin = _hidden_twins(name)
    seat = game.actor(state)
    assert game.to_json(state) != game.to_json(twin)
    assert game.view(state, seat) == game.view(twin, seat)
    assert game.legal_actions(state) == game.legal_actions(twin)
    for bot in (RandomBot(), GreedyBot(), MctsBot(SMALL)):
        picks = [bot.choose(game, game.view(s, seat), game.legal_actions(s), random.Random(5)) for s in (state, twin)]
        assert picks[0] == picks[1], type(bot).__name__


@pytest.mark.parametrize("name", ["nakatha", "mandara"])
def test_a_determinization_is_consistent_with_the_view_it_came_from(name):
    game, state, _ = _hidden_twins(name)
    seat = game.actor(state)
    view = game.view(state, seat)
    rng = random.Random(2)
    samples = [rebuild(game, view, seat, rng) for _ in range(40)]
    for sample in samples:
        assert game.view(sample, seat) == view
        assert game.legal_actions(sample) == game.legal_actions(state)
    hidden = {repr(_hidden_part(game, s)) for s in samples}
    assert len(hidden) > 1, "the hidden part is sampled, not copied from anywhere"


def test_the_sword_is_sampled_among_grey_tiles_not_yet_revealed():
    from engine.nakatha.board import GREY

    game, state, _ = _hidden_twins("nakatha")
    view = game.view(state, game.actor(state))
    view["sword"]["revealed"] = list(GREY[:-2])  # every grey tile but two has been guessed wrong
    tiles = {game.to_json(rebuild(game, view, None, random.Random(i)))["sword"]["tile"] for i in range(30)}
    assert tiles == set(GREY[-2:])


def test_games_without_hidden_information_are_rebuilt_from_the_view_itself():
    for name in ("paso", "tibetana"):
        if name in engine.GAME_NAMES:
            assert determinizer(name) is None
            game = engine.get_game(name)
            state = game.setup(2)
            assert game.to_json(rebuild(game, game.view(state, 0), 0, random.Random(0))) == game.to_json(state)


def _hidden_part(game, state):
    doc = game.to_json(state)
    return doc["sword"]["tile"] if game.name == "nakatha" else doc["tile_pile"]
