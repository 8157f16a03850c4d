"""The policy bot: one ply with the dice counted, reading the engine state where it can."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import PolicyBot, heuristics
from engine.bots.heuristics import nakatha as nakatha_heuristics
from engine.bots.heuristics import paso as paso_heuristics
from engine.core import CHANCE
from engine.sim import build_spec, simulate
from tests.engine.bots.positions import (
    nakatha_ambush_before_own_turn,
    paso_illumination_in_two,
    reached,
    seat_positions,
)


def test_nakatha_reads_the_same_worth_from_the_state_as_from_its_document():
    game = engine.get_game("nakatha")
    for players in (2, 4, 6):
        for depth in (7, 40, 120, 400):
            state = reached(game, depth, seed=players, players=players)
            if state is None:
                continue
            assert nakatha_heuristics.evaluate_state(state, players) == pytest.approx(
                nakatha_heuristics.evaluate(game.to_json(state), players))


@pytest.mark.parametrize("name", ["tibetana", "nakatha", "mandara"])
def test_the_policy_judges_as_the_search_where_the_game_has_no_evaluation_of_its_own(name):
    game = engine.get_game(name)
    for state in seat_positions(game):
        seats = heuristics.seat_count(game, game.view(state, game.actor(state)))
        assert heuristics.policy_values(game, state, seats) == pytest.approx(heuristics.values(game, state, seats))


def test_an_action_before_a_roll_is_worth_the_mean_over_the_roll():
    game, bot = engine.get_game("nakatha"), PolicyBot()
    rng = random.Random(5)
    state = game.setup(2)
    while True:  # random play until an action leads to a roll with a few outcomes
        actor = game.actor(state)
        assert actor is not None, "no roll met in a whole random game"
        if actor == CHANCE:
            outcomes = game.legal_actions(state)
            if 1 < len(outcomes) <= 6 and state.pending["kind"] == "roll":
                break
            state = game.apply(state, rng.choice(outcomes))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    seat = 0
    mean = sum(heuristics.values(game, game.apply(state, o), 2)[seat] for o in outcomes) / len(outcomes)
    assert bot.worth(game, state, 2, seat, random.Random(1)) == pytest.approx(mean)


class _EveryFaceApart(type(engine.get_game("nakatha"))):
    """Nakatha with no outcomes grouped: every face of a roll judged on its own."""

    def chance_class(self, state, outcome):
        return outcome


def test_judging_one_face_per_hit_or_miss_chooses_as_judging_every_face(monkeypatch):
    """N45: a roll only hits or misses, so the policy judges two positions, not six, and chooses
    the same action with the same rng; the count of positions judged shows the saving."""
    game, apart, bot = engine.get_game("nakatha"), _EveryFaceApart(), PolicyBot()
    judged = []
    real = heuristics.policy_values
    monkeypatch.setattr(heuristics, "policy_values", lambda *a: judged.append(1) or real(*a))
    counts = {"grouped": 0, "apart": 0}
    for players in (2, 3):
        for depth in (30, 90, 200):
            state = reached(game, depth, seed=players, players=players)
            if state is None:
                continue
            choices = {}
            for name, rules in (("grouped", game), ("apart", apart)):
                before = len(judged)
                view, legal = rules.view(state, rules.actor(state)), rules.legal_actions(state)
                choices[name] = bot.choose(rules, view, legal, random.Random(depth))
                counts[name] += len(judged) - before
            assert choices["grouped"] == choices["apart"], (players, depth)
    assert 0 < counts["grouped"] < counts["apart"], counts


def test_policy_walks_toward_the_rival_temple_and_in():
    game, bot, rng = engine.get_game("paso"), PolicyBot(), random.Random(1)
    state = paso_illumination_in_two()
    while game.actor(state) == 0:
        state = game.apply(state, bot.choose(game, game.view(state, 0), game.legal_actions(state), rng))
    assert game.outcome(state) == {"winners": ["south"], "reason": "illumination", "scores": None}


def test_the_second_ply_stays_in_the_turn_it_began_in(monkeypatch):
    """A Fae Ambush is played in the rival's turn (N36); when it ends that turn, the ambusher acts
    next, but in a turn of its own (N16), and the second ply must not follow it there: that is the
    search run one turn early, and what made Ambush-and-pull loops cost minutes."""
    game, bot = engine.get_game("nakatha"), PolicyBot()
    followed = []
    real_follow_up = PolicyBot.follow_up
    monkeypatch.setattr(PolicyBot, "follow_up",
                        lambda self, g, state, *rest: followed.append(g.turns_played(state))
                        or real_follow_up(self, g, state, *rest))
    for seed in (0, 2, 3):  # seed 1's random game ends before such a window
        state = nakatha_ambush_before_own_turn(seed)
        assert state is not None and state.pending["kind"] == "ambush"
        followed.clear()  # each position's follow-ups checked against its own turn
        seat = game.actor(state)
        bot.choose(game, game.view(state, seat), game.legal_actions(state), random.Random(seed))
        assert all(turn == game.turns_played(state) for turn in followed), (seed, followed)
    # The same bot still looks a ply deeper within a Paso turn of several actions (P8).
    paso = engine.get_game("paso")
    state = paso_illumination_in_two()
    followed.clear()  # so that only Paso's follow-ups can make the list non-empty
    bot.choose(paso, paso.view(state, 0), paso.legal_actions(state), random.Random(1))
    assert followed and all(turn == paso.turns_played(state) for turn in followed)


def test_a_paso_brahmin_with_no_road_yet_is_drawn_to_build_one():
    """On an empty board no road of stones joins the temples whatever is summoned first, so the
    plain distance is the same long one after every summon; the road still to build is not."""
    game = engine.get_game("paso")
    state = game.apply(game.apply(game.setup(2), "temple c1"), "temple c5")
    plain, counted = set(), set()
    for action in game.legal_actions(state):
        doc = game.to_json(game.apply(state, action))
        stones = paso_heuristics._stones(doc["spaces"])
        for to_build, no_road, seen in ((False, paso_heuristics._NO_ROAD, plain),
                                        (True, paso_heuristics._NO_ROAD_TO_BUILD, counted)):
            passable = paso_heuristics._passable(doc, stones, set(), to_build)
            seen.add(paso_heuristics._brahmin_distance(doc, 0, passable, no_road))
    assert min(plain) >= paso_heuristics._NO_ROAD
    assert len(counted) > 1 and max(counted) < paso_heuristics._NO_ROAD_TO_BUILD


@pytest.mark.parametrize("name", ["paso", "tibetana", "mandara"])
def test_policy_beats_random_in_a_small_match(name):
    """Two seeded games from each seat, reproducible (no clock in the policy): most of them won."""
    players = engine.get_game(name).player_counts[0]
    wins = 0
    for seat in range(players):
        bots = ["random"] * players
        bots[seat] = "policy"
        records = simulate(build_spec(name, games=2, players=[players], bots=bots, seed=11))
        wins += sum(r["winners"] == [seat] for r in records)
    assert wins > players  # more than half its games: twice the even share at three players


def test_policy_never_starts_a_concession_nor_offers_a_draw():
    game = engine.get_game("tibetana")
    for state in seat_positions(game):
        legal = game.legal_actions(state)
        action = PolicyBot().choose(game, game.view(state, game.actor(state)), legal, random.Random(1))
        assert action in legal and not game.format(action).startswith(("concede", "offer draw"))
