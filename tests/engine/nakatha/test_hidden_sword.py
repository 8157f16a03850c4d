"""Nothing any seat or spectator can see depends on the hidden Sword before it is found (rulings N10, N37, N50)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EngineError
from engine.nakatha.board import GREY
from tests.engine.strategies import choices

from .helpers import G
from .random_play import options, random_game

#: Check this many positions of each game (the Sword is usually found well before the end).
CHECKED = 400


def elsewhere(state, rng):
    """The same position with the Sword hidden under another unrevealed grey tile."""
    doc = G.to_json(state)
    real = doc["sword"]["tile"]
    choices = [t for t in GREY if t != real and t not in doc["sword"]["revealed"]]
    doc["sword"]["tile"] = rng.choice(choices)
    return G.from_json(doc)


def refusals(state, probes):
    out = []
    for text in probes:
        try:
            G.play(state, text)
            out.append("accepted")
        except EngineError as exc:
            out.append(str(exc))
    return out


def probes_for(state, real_tile, rng):
    """Guesses that name the real tile and a random one, by a piece of the actor's."""
    actions = G.legal_actions(state)
    pieces = sorted({a.split(" ")[0] for a in actions if "." in a.split(" ")[0]})
    if not pieces:
        return []
    piece = rng.choice(pieces)
    return [f"{piece} guess {real_tile}", f"{piece} guess {rng.choice(GREY)}", f"{piece} a1-{real_tile}"]


def check_secrecy(state, rng):
    doc = G.to_json(state)
    real = doc["sword"]["tile"]
    if doc["sword"]["found"] or real is None:
        return False
    other = elsewhere(state, rng)
    players = len(doc["seats"])
    for seat in list(range(players)) + [None]:
        view = G.view(state, seat)
        assert "tile" not in view["sword"]
        assert view == G.view(other, seat)
    assert G.legal_actions(state) == G.legal_actions(other)
    assert G.actor(state) == G.actor(other)
    probes = probes_for(state, real, rng)
    assert refusals(state, [p for p in probes if p not in G.legal_actions(state)]) == refusals(
        other, [p for p in probes if p not in G.legal_actions(state)]
    )
    return True


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 6), opts=options, picks=choices, rng=st.randoms(use_true_random=False))
def test_n50_no_seat_view_legal_list_or_error_names_the_hidden_sword(players, opts, picks, rng):
    checked = 0
    for count, state in enumerate(random_game(players, opts, picks)):
        if count >= CHECKED:
            break
        checked += check_secrecy(state, rng)
    assert checked > 0


@pytest.mark.parametrize("tile", ["a1", "c9", "f15"])
def test_n10_the_sword_chance_action_is_secret(tile):
    state = G.setup(4, {"quickstart": True})
    assert G.is_secret(state, f"sword {tile}")
    assert not G.is_secret(state, "roll 6")
