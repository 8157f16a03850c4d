"""Glicko-2 against Glickman's worked example, pairwise results, and scoring a game exactly once."""

import math

import pytest

from games import ratings, services
from games.models import Game, Rating
from games.ratings import Glicko, pairwise_scores, rate_period, update
from tests.conftest import accepted_game


# --- the formulas -----------------------------------------------------------------------------------
def test_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200 beats 1400/30, loses to 1550/100 and 1700/300.

    The paper prints 1464.06 / 151.52 / 0.05999 from intermediate values rounded to four places;
    unrounded arithmetic gives 1464.051, within the paper's rounding of that figure.
    """
    after = update(
        Glicko(1500, 200, 0.06),
        [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)],
        tau=0.5,
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)  # 0.059996, printed to five places


def test_the_worked_example_on_the_glicko2_scale():
    """The paper's step 8 figures: mu' = -0.2069, phi' = 0.8722."""
    after = update(
        Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
    )
    assert (after.rating - 1500) / ratings.SCALE == pytest.approx(-0.2069, abs=0.0001)
    assert after.deviation / ratings.SCALE == pytest.approx(0.8722, abs=0.0001)


def test_a_period_without_games_only_widens_the_deviation():
    after = update(Glicko(1500, 200, 0.06), [])
    phi = 200 / ratings.SCALE
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.deviation == pytest.approx(ratings.SCALE * math.sqrt(phi**2 + 0.06**2))


def test_between_two_newcomers_the_winner_gains_what_the_loser_loses():
    new = {"alice": Glicko(), "bob": Glicko()}
    after = rate_period(new, {"alice": [0], "bob": [1]}, winners={0})
    assert after["alice"].rating > 1500 > after["bob"].rating
    assert after["alice"].rating - 1500 == pytest.approx(1500 - after["bob"].rating)
    assert after["alice"].deviation == pytest.approx(after["bob"].deviation) and after["alice"].deviation < 350


def test_winners_beat_non_winners_and_equals_tie():
    scores = pairwise_scores([0, 1, 2, 3], winners={1, 3})
    assert scores[(1, 0)] == 1.0 and scores[(0, 1)] == 0.0
    assert scores[(1, 3)] == 0.5 and scores[(0, 2)] == 0.5
    assert len(scores) == 12  # every ordered pair of four seats
    draw = pairwise_scores([0, 1, 2], winners=set())
    assert set(draw.values()) == {0.5}


def test_three_seats_one_winner_is_two_wins_for_the_winner_and_a_tie_between_the_losers():
    before = {"a": Glicko(), "b": Glicko(), "c": Glicko()}
    after = rate_period(before, {"a": [0], "b": [1], "c": [2]}, winners={0})
    expected_a = update(Glicko(), [(Glicko(), 1.0), (Glicko(), 1.0)])
    expected_b = update(Glicko(), [(Glicko(), 0.0), (Glicko(), 0.5)])
    assert after["a"] == expected_a
    assert after["b"] == expected_b == after["c"]


def test_a_player_is_never_rated_against_itself():
    """Two seats of the same bot level against one user: the bot's seats do not play each other."""
    before = {"bot": Glicko(), "alice": Glicko()}
    after = rate_period(before, {"bot": [0, 2], "alice": [1]}, winners={1})
    assert after["bot"] == update(Glicko(), [(Glicko(), 0.0), (Glicko(), 0.0)])
    assert after["alice"] == update(Glicko(), [(Glicko(), 1.0), (Glicko(), 1.0)])


# --- scoring a game ------------------------------------------------------------------------------------
def finished_dice_game(alice, bob):
    """alice (a) and bob (b) play the dice double to its end."""
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    for user in (alice, bob, alice, bob):
        game.refresh_from_db()
        services.submit_action(user=user, game_id=game.pk, text="roll", expected_seq=game.seq)
    game.refresh_from_db()
    assert game.status == "finished"
    return game


@pytest.mark.django_db
def test_scoring_a_game_applies_glicko2_to_both_players(dice_game, alice, bob):
    game = finished_dice_game(alice, bob)
    winners = game.outcome["winners"]
    changes = ratings.score_game(game.pk)
    assert set(changes) == {f"user:{alice.pk}", f"user:{bob.pk}"}
    mine = Rating.objects.get(game_name="dice", user=alice)
    theirs = Rating.objects.get(game_name="dice", user=bob)
    score = 0.5 if len(winners) == 2 else float(winners == ["a"])
    assert (mine.rating, mine.deviation, mine.volatility) == pytest.approx(
        tuple(vars(update(Glicko(), [(Glicko(), score)])).values())
    )
    assert theirs.rating == pytest.approx(3000 - mine.rating)
    assert mine.games == theirs.games == 1
    game.refresh_from_db()
    assert game.scored


@pytest.mark.django_db
def test_a_game_is_scored_once(dice_game, alice, bob):
    game = finished_dice_game(alice, bob)
    assert ratings.score_game(game.pk) is not None
    first = list(Rating.objects.order_by("pk").values_list("rating", "games"))
    assert ratings.score_game(game.pk) is None  # the task delivered again
    assert list(Rating.objects.order_by("pk").values_list("rating", "games")) == first


@pytest.mark.django_db
def test_a_running_game_is_not_scored(dice_game, alice, bob):
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    assert ratings.score_game(game.pk) is None
    assert not Rating.objects.exists()


@pytest.mark.django_db
def test_bots_are_rated_too(alice):
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}])
    services.resign(user=alice, game_id=game.pk)
    ratings.score_game(game.pk)
    bot = Rating.objects.get(game_name="paso", bot="random", user=None)
    mine = Rating.objects.get(game_name="paso", user=alice)
    assert bot.rating > 1500 > mine.rating and bot.games == 1


@pytest.mark.django_db
def test_an_unrated_game_is_marked_scored_without_touching_ratings(dice_game, alice, bob):
    game = finished_dice_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(rated=False)
    assert ratings.score_game(game.pk) == {}
    assert not Rating.objects.exists()
    assert Game.objects.get(pk=game.pk).scored


@pytest.mark.django_db
def test_the_end_of_a_game_queues_its_scoring(django_capture_on_commit_callbacks, alice, bob):
    """notify.after_commit queues the scoring task; without Redis it runs in-process."""
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(user=bob, game_id=game.pk)
    game.refresh_from_db()
    assert game.scored
    assert Rating.objects.get(user=alice).rating > Rating.objects.get(user=bob).rating
