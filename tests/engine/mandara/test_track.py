"""The score track, rank and turn order (ruling M10) and the starting order (M11)."""

from engine.mandara.track import lowest_ranked, move_marker, starting_track, turn_order

RED, BLACK, GREY, BROWN = range(4)


def test_m10_a_gain_goes_behind_markers_already_on_that_score():
    track, scores = [BLACK, RED, GREY], [5, 7, 2, 0]
    move_marker(track, scores, GREY, 5)
    assert scores[GREY] == 7
    assert track == [BLACK, GREY, RED]  # black was on 7 first; grey passes red's 5


def test_m10_a_loss_also_goes_behind_markers_on_the_new_score():
    track, scores = [RED, BLACK, GREY], [10, 8, 6]
    move_marker(track, scores, RED, -4)
    assert track == [BLACK, GREY, RED]  # red lands on 6, behind grey


def test_m10_a_change_of_zero_does_not_move_the_marker():
    track, scores = [BLACK, RED], [4, 4]
    move_marker(track, scores, RED, 0)
    assert track == [BLACK, RED]


def test_m10_a_marker_past_everyone_goes_to_the_front():
    track, scores = [BLACK, RED, GREY], [1, 3, 0]
    move_marker(track, scores, GREY, 9)
    assert track[0] == GREY


def test_m10_turn_order_is_the_track_reversed_and_the_lowest_orients():
    track = [BLACK, RED, GREY]
    assert turn_order(track) == [GREY, RED, BLACK]
    assert lowest_ranked(track) == GREY


def test_m11_markers_enter_from_space_one_in_the_drawn_order():
    track, scores = starting_track((GREY, RED, BLACK))
    assert scores == [2, 3, 1]
    assert track == [BLACK, RED, GREY]
