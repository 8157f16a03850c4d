"""Random play for 3 and 4 players: no crash, no piece created or lost, documents round-trip,
the game ends after round 9 with a ranking, and apply never mutates its input (rulings M3, M12, M31,
M35). Games are drawn as sequences of choices, so a failure shrinks to a short game."""

from copy import deepcopy

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.mandara import GAME
from engine.mandara.state import NEUTRAL
from tests.engine.strategies import choices, pick

#: Pieces of a colour away from the score marker: hand + reserve + stock + board + cards (M3).
PLAYABLE = [19, 19, 19, 15]


def pieces_in_play(state) -> list[int]:
    counts = [0] * 5
    tiles = [t for t in state.board if t is not None] + ([state.turned] if state.turned else [])
    for t in tiles:
        for stack in t.stacks:
            for piece in stack:
                counts[piece] += 1
    for c in state.cards:
        if c is not None:
            for piece in c.stack:
                counts[piece] += 1
    return counts


def check_invariants(state) -> None:
    on_board = pieces_in_play(state)
    for seat in range(state.players):
        total = state.hands[seat] + state.reserves[seat] + state.stocks[seat] + on_board[seat]
        assert total == PLAYABLE[seat], f"seat {seat} has {total} pieces"
    assert state.neutral_stock + on_board[NEUTRAL] == 8
    assert GAME.from_json(GAME.to_json(state)) == state
    assert sorted(state.track) == list(range(state.players)) or state.phase == "order"


def random_game(players: int, picks: list[int]):
    """The game the drawn integers choose (``tests.engine.strategies.pick``), then the first legal
    action each ply once they run out, to the end. Every ``apply`` is checked to leave its input
    exactly as it was (a deep copy before, compared with ``==`` and by document after)."""
    state = GAME.setup(players, {})
    rounds_seen = set()
    ply = 0
    while GAME.actor(state) is not None:
        check_invariants(state)
        rounds_seen.add(state.round)
        action = pick(GAME, state, picks[ply] if ply < len(picks) else 0, ply)
        if GAME.chance_shuffle(state) is None:
            assert GAME.parse(GAME.format(action), state) == action
        copy, before = deepcopy(state), GAME.to_json(state)
        after = GAME.apply(state, action)
        assert state == copy and GAME.to_json(state) == before, "apply mutated its input"
        state, ply = after, ply + 1
    check_invariants(state)
    return state, rounds_seen


@settings(max_examples=16, deadline=None)
@given(players=st.sampled_from([3, 4]), picks=choices)
def test_m3_m31_random_games_conserve_pieces_and_end_after_round_nine_with_a_ranking(players, picks):
    state, rounds_seen = random_game(players, picks)
    assert rounds_seen == set(range(10))
    assert state.round == 9 and state.phase == "over"
    result = GAME.outcome(state)
    assert result["reason"] == "mandala_complete"
    assert result["winners"] == [GAME.seat_names(players)[state.track[0]]]
    ranked = [state.scores[seat] for seat in state.track]
    assert ranked == sorted(ranked, reverse=True)
    assert all(t is not None for t in state.board) and state.tile_pile == ()
