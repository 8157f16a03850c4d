"""The Six Realms cards (rulings M17-M23) and where tiles may go (M21, M24, M25)."""

import pytest

from engine.core import IllegalAction
from engine.mandara import GAME
from engine.mandara.mandala import hell_pairs, is_one_group, new_tile_spaces

from .positions import card, doc, state, tile

THREE = {"red": (6, 0, 4, 10), "black": (4, 0, 4, 10), "grey": (9, 0, 4, 10)}


def _resolving(cards, board=None, turned=None, neutral=8, players=3, people=None):
    seats = ["red", "black", "grey", "brown"][:players]
    return state(players=players, round=3, phase="resolve", actor="ignored", track=seats,
                 people=people or THREE, board=board if board is not None else {5: tile(2, 0, a1=["red"])},
                 turned=turned, cards=cards, neutral=neutral)


def test_m17_the_actor_is_the_first_piece_on_the_lowest_numbered_card_with_pieces():
    position = _resolving({1: card("human"), 2: card("hell"), 3: card("animal", "grey"),
                           4: card("heaven", "black")})
    assert GAME.actor(position) == 2  # grey


def test_m17_each_resolution_returns_the_holders_piece_and_passes_on():
    position = _resolving({2: card("hell", "red"), 4: card("animal", "black")}, turned=tile(3, 0))
    position = GAME.play(position, "pass")
    assert doc(position)["players"]["red"]["hand"] == 1
    assert GAME.actor(position) == 1  # black holds the Animal Realm next


def test_m19_asura_must_place_the_turned_tile_next_to_the_board():
    position = _resolving({2: card("asura", "grey")}, turned=tile(3, 90, b2=["grey"]))
    assert GAME.legal_notation(position) == ["asura 2", "asura 4", "asura 6", "asura 8"]
    with pytest.raises(IllegalAction, match="M19"):
        GAME.play(position, "pass")
    with pytest.raises(IllegalAction, match="M24"):
        GAME.play(position, "asura 1")
    after = doc(GAME.play(position, "asura 6"))
    assert after["board"]["6"] == tile(3, 90, b2=["grey"])
    assert after["turned"] is None


def test_m20_hungry_ghost_lists_pass_then_hell_then_animal_then_heaven():
    position = _resolving({3: card("hungry_ghost", "black")}, turned=tile(3, 0, a1=["grey"]))
    legal = GAME.legal_notation(position)
    assert legal[0] == "pass"
    kinds = [text.split()[0] for text in legal[1:]]
    assert kinds == sorted(kinds, key=["hell", "animal", "heaven"].index)
    assert "heaven t3.a1 grey" in legal and "asura 4" not in legal
    assert legal[-2:] == ["heaven t2.a1 red", "heaven t3.a1 grey"]  # board tiles, then the turned one


def test_m21_hell_moves_keep_one_group_and_swaps_are_listed_once():
    board = {4: tile(5), 5: tile(8)}
    position = _resolving({2: card("hell", "red")}, board=board)
    legal = GAME.legal_notation(position)
    assert legal == ["pass", "hell 4-2", "hell 4-5", "hell 4-6", "hell 4-8", "hell 5-1", "hell 5-7"]
    swapped = doc(GAME.play(position, "hell 5-4"))
    assert swapped["board"]["4"]["tile"] == 8 and swapped["board"]["5"]["tile"] == 5
    with pytest.raises(IllegalAction, match="M21"):
        GAME.play(position, "hell 4-1")


def test_m21_a_single_tile_may_move_anywhere():
    assert hell_pairs((None,) * 4 + ("t",) + (None,) * 4) == [(5, s) for s in (1, 2, 3, 4, 6, 7, 8, 9)]


def test_m22_animal_turns_a_board_tile_to_a_new_orientation_only():
    position = _resolving({4: card("animal", "grey")}, turned=tile(3, 0))
    assert GAME.legal_notation(position) == ["pass", "animal 5 90", "animal 5 180", "animal 5 270"]
    with pytest.raises(IllegalAction, match="M22"):
        GAME.play(position, "animal 5 0")
    with pytest.raises(IllegalAction, match="M22"):
        GAME.play(position, "animal 2 90")  # nothing on tile space 2; the turned tile cannot turn


def test_m23_heaven_exchanges_any_players_piece_for_a_neutral_in_the_same_slot():
    board = {5: tile(7, 0, b2=["red", "black"])}
    position = _resolving({4: card("heaven", "grey")}, board=board, players=4,
                          people={**THREE, "brown": (1, 0, 4, 8)}, neutral=3)
    after = doc(GAME.play(position, "heaven t7.b2 red"))
    assert after["board"]["5"]["cells"]["b2"] == ["neutral", "black"]
    assert after["neutral_stock"] == 2
    assert after["players"]["red"]["hand"] == 1 and after["players"]["grey"]["hand"] == 1


def test_m23_with_no_neutral_piece_left_only_pass():
    position = _resolving({4: card("heaven", "grey")}, neutral=0)
    assert GAME.legal_notation(position) == ["pass"]
    with pytest.raises(IllegalAction, match="M23"):
        GAME.play(position, "heaven t2.a1 red")


def test_m24_new_tiles_touch_the_group_and_m25_takes_the_smallest():
    board = [None] * 9
    assert new_tile_spaces(board) == list(range(1, 10))
    board[4] = board[5] = "t"
    assert new_tile_spaces(board) == [2, 3, 4, 8, 9]
    assert is_one_group(0b000110000) and not is_one_group(0b100010001)
