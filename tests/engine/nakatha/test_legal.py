"""An activation judged from its piece alone agrees with the full list (rulings N15, N46, N51).

A random playout draws an activation without building the seat's whole list (a piece or ``pass``
first, then one of that piece's actions), and ``apply`` on a state whose list was never built
checks an action against its piece's actions only. Both must say exactly what ``legal_actions``
says, for every player count and option the random games draw.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction
from engine.nakatha import legal
from tests.engine.strategies import choices

from .helpers import G
from .random_play import options, random_game

POSITIONS_PER_GAME = 12


def activation_positions(players: int, opts: dict, picks: list[int]):
    """Activation positions of one random game, each rebuilt so that no legal list is cached yet."""
    found = 0
    for i, state in enumerate(random_game(players, opts, picks)):
        if state.pending is not None and state.pending["kind"] == "activate" and i % 41 == 0:
            yield state, G.from_json(G.to_json(state))
            found += 1
            if found == POSITIONS_PER_GAME:
                return


def written_by_any_piece(state) -> list[str]:
    """Well-formed activations of every piece on the board, whoever controls it, and ``pass``."""
    on_board = [pid for pid, piece in state.pieces.items() if piece.tile is not None]
    return [a for pid in on_board for a in legal.piece_actions(state, pid)] + ["pass"]


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 4), opts=options, picks=choices)
def test_an_activation_is_legal_by_its_piece_exactly_when_the_full_list_holds_it(players, opts, picks):
    for listed, fresh in activation_positions(players, opts, picks):
        full = set(G.legal_actions(listed))
        for action in written_by_any_piece(listed):
            assert legal.is_activation_legal(fresh, action) == (action in full), action


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 4), opts=options, picks=choices, seed=st.integers(0, 2**16))
def test_a_drawn_activation_is_always_legal_and_any_activatable_piece_can_be_drawn(players, opts, picks, seed):
    # The playout's own draws stay a seeded random: "any piece can be drawn" is a claim about a
    # random source, which a hypothesis-drawn one (shrinking towards one value) would not be.
    rng = random.Random(seed)
    for listed, fresh in activation_positions(players, opts, picks):
        full = set(G.legal_actions(listed))
        drawn = {G.sample_action(fresh, rng) for _ in range(60)}
        assert drawn <= full
        movers = {a.partition(" ")[0] for a in full}
        assert len(movers) == 1 or len({a.partition(" ")[0] for a in drawn}) > 1
        assert fresh._legal is None, "the draw built the whole list"


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), opts=options, picks=choices, rng=st.randoms(use_true_random=False))
def test_apply_without_the_list_moves_and_refuses_as_with_it(players, opts, picks, rng):
    for listed, fresh in activation_positions(players, opts, picks):
        full = G.legal_actions(listed)
        action = rng.choice(full)
        assert G.to_json(G.apply(fresh, action)) == G.to_json(G.apply(listed, action))
        refused = [a for a in written_by_any_piece(listed) if a not in set(full)]
        for action in refused[:5]:
            with pytest.raises(IllegalAction) as without_list:
                G.apply(G.from_json(G.to_json(listed)), action)
            with pytest.raises(IllegalAction) as with_list:
                G.apply(listed, action)
            assert without_list.value.rule == with_list.value.rule
