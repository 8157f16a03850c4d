"""The statistics behind the summary: Wilson intervals, rates by seat, place and faction."""

import pytest

from engine.sim import stats


def record(winners, players=2, result=None, order=None, **extra):
    return {"cell_index": 0, "cell": {}, "index": 0, "players": players, "winners": winners,
            "result": result or ("win" if len(winners) == 1 else "draw"), "reason": "r", "actions": 10,
            "decisions": 8, "turns": 4, "capped": False, "stalled": False, "most_quiet": 0,
            "order": order or list(range(players)), **extra}


@pytest.mark.parametrize("wins, n, low, high", [
    (5, 10, 0.2366, 0.7634),   # the textbook example
    (0, 10, 0.0, 0.2775),      # no successes still gives an upper bound above 0
    (10, 10, 0.7225, 1.0),
    (136, 1000, 0.1162, 0.1586),
])
def test_wilson_interval_matches_published_values(wins, n, low, high):
    got = stats.wilson(wins, n)
    assert got == pytest.approx((low, high), abs=5e-4)


def test_wilson_interval_narrows_with_more_games_and_holds_the_rate():
    small, large = stats.wilson(20, 100), stats.wilson(200, 1000)
    assert small[0] < 0.2 < small[1] and large[0] < 0.2 < large[1]
    assert large[1] - large[0] < small[1] - small[0]
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_percentile_is_nearest_rank():
    values = list(range(1, 11))
    assert stats.percentile(values, 0.5) == 5
    assert stats.percentile(values, 0.9) == 9
    assert stats.percentile([], 0.5) == 0.0


def test_win_rate_by_seat_counts_only_sole_winners():
    records = [record([0]), record([0]), record([1]), record([0, 1]), record([], result="capped")]
    seats = stats.by_seat(records)[2]
    assert [s["wins"] for s in seats] == [2, 1]
    assert seats[0]["rate"] == pytest.approx(0.4)
    summary = stats.outcomes(records)
    assert (summary["wins"], summary["draws"], summary["capped"]) == (3, 1, 1)


def test_win_rate_by_place_follows_the_drawn_turn_order():
    records = [record([2], players=3, order=[2, 0, 1]), record([1], players=3, order=[1, 2, 0]),
               record([0], players=3, order=[1, 0, 2])]
    places = stats.by_position(records)[3]
    assert [p["wins"] for p in places] == [2, 1, 0]


def test_faction_shares_add_the_credits_and_keep_the_routes():
    hands = [["dragons"], ["dae", "fae"]]
    records = [record([0], hands=hands, credit={"dragons": 1.0}, reason="board"),
               record([1], hands=hands, credit={"dae": 0.5, "fae": 0.5}, reason="dominion")]
    records[0]["reason"], records[1]["reason"] = "board", "dominion"
    factions = stats.by_faction(records)
    assert factions["dragons"]["rate"] == pytest.approx(0.5)
    assert factions["fae"]["wins"] == pytest.approx(0.5)
    assert factions["dae"]["routes"] == {"dominion": 0.5}
    assert sum(f["wins"] for f in factions.values()) == pytest.approx(2)


def test_hand_pairs_count_the_hands_that_held_both():
    records = [record([1], hands=[["dragons"], ["dae", "fae"]]), record([0], hands=[["dragons"], ["dae", "fae"]])]
    pairs = stats.hand_pairs(records)
    assert list(pairs) == ["dae+fae"]
    assert (pairs["dae+fae"]["wins"], pairs["dae+fae"]["games"]) == (1, 2)
    assert pairs["dae+fae"]["hand_share"] == pytest.approx(0.5)
