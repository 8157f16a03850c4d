"""The short evaluations: shares of 1 per seat, exact once the game is over."""

from __future__ import annotations

import pytest

import engine
from engine.bots import heuristics
from engine.bots.rewards import outcome_rewards
from tests.engine.bots.positions import game_names, paso_illumination_in_two, seat_positions


@pytest.mark.parametrize("name", game_names())
def test_every_position_is_worth_shares_of_one(name):
    game = engine.get_game(name)
    for state in seat_positions(game):
        seats = heuristics.seat_count(game, game.view(state, game.actor(state)))
        values = heuristics.values(game, state, seats)
        assert len(values) == seats
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)


def test_a_finished_game_is_worth_its_outcome():
    game = engine.get_game("paso")
    assert outcome_rewards(game, {"winners": ["north"], "reason": "poisoning"}, 2) == [0.0, 1.0]
    assert outcome_rewards(game, {"winners": [], "reason": "quiet_turns"}, 2) == [0.5, 0.5]
    assert outcome_rewards(game, {"winners": ["south", "north"], "reason": "x"}, 2) == [0.5, 0.5]


def test_the_search_never_starts_a_concession_or_a_draw_offer():
    game = engine.get_game("tibetana")
    legal = ["concede", "end", "offer draw", "accept draw", "decline draw"]
    assert heuristics.search_actions(game, legal) == ["end", "accept draw", "decline draw"]
    assert heuristics.search_actions(game, ["concede"]) == ["concede"]  # never left with nothing


def test_a_brahmin_nearer_the_rival_temple_is_worth_more():
    game = engine.get_game("paso")
    state = paso_illumination_in_two()
    nearer = game.apply(state, "brahmin walk c4.sw-c4.nw")
    farther = game.apply(state, "brahmin walk c4.sw-c3.nw")
    assert heuristics.values(game, nearer, 2)[0] > heuristics.values(game, farther, 2)[0]
