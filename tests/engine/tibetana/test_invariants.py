"""Random legal play from the standard start (CHANCE too drawn as choices, so a failing game shrinks):
never crashes, conserves pieces, keeps pools non-negative, respects capacity outside Mahakala's
overflow, round-trips its documents, and always reaches an outcome."""

from collections import defaultdict
from copy import deepcopy

import pytest
from hypothesis import given, settings

from engine.core import CHANCE, IllegalAction
from engine.tibetana import GAME
from engine.tibetana.board import NAMES
from engine.tibetana.power import capacity
from tests.engine.strategies import choices, pick, stream

LIMIT = 3000  # plies; random games end far sooner (energy runs out, ten idle turns)
QUIT = ("concede", "accept draw", "offer draw")


def _check(state) -> None:
    doc = GAME.to_json(state)
    assert GAME.from_json(doc) == state
    mahakala = "mahakala" in state.demons()
    for seat in ("pink", "green"):
        player = doc["players"][seat]
        assert player["pool"] >= 0
        for kind in ("guardian", "priestess"):
            on_map = sum(t["pieces"][seat][kind] for t in doc["territories"].values() if t)
            assert on_map + player["reserve"][kind] + player["unpaid"][kind] == 6
        pagodas = sum(1 for t in doc["territories"].values() if t and t["pagoda"] and t["pagoda"]["owner"] == seat)
        assert pagodas + player["reserve"]["pagoda"] == 5
    for i, t in enumerate(state.territories):
        if t is None:
            continue
        assert t.energy >= 0
        if t.occupants() > capacity(state, i):
            assert mahakala, f"{NAMES[i]} over capacity without Mahakala"


def _choose(picked: int, state, options: list[str]) -> str:
    """Pick an action family first, then an action (uniform picks would be mostly portals), both
    named by the one drawn integer; nine picks in ten keep a turn with actions left going."""
    if GAME.actor(state) != CHANCE:
        options = [a for a in options if a not in QUIT] or options
        if state.actions_left and picked % 10:
            options = [a for a in options if a != "end"] or options
    families = defaultdict(list)
    for action in options:
        families[action.split()[0]].append(action)
    names, rest = sorted(families), picked // 10
    family = families[names[rest % len(names)]]
    return family[(rest // len(names)) % len(family)]


def _playout(picks, check_every: int = 1):
    """The game the drawn integers choose, continued by a fixed stream once they run out."""
    picked = stream(picks)
    state = GAME.setup(2, {})
    plies = 0
    while GAME.outcome(state) is None and plies < LIMIT:
        options = GAME.legal_actions(state)
        assert options, "a running game always offers an action"
        state = GAME.apply(state, _choose(next(picked), state, options))
        plies += 1
        if plies % check_every == 0:
            _check(state)
    return state


@settings(max_examples=25, deadline=None)
@given(choices)
def test_random_play_keeps_every_invariant_and_ends(picks):
    state = _playout(picks)
    _check(state)
    result = GAME.outcome(state)
    assert result is not None
    assert result["reason"] in ("three_pagodas", "no_pagodas", "no_energy", "ten_turns")


@settings(max_examples=80, deadline=None)
@given(choices)
def test_random_games_always_end(picks):
    assert GAME.outcome(_playout(picks, check_every=10**9)) is not None


@settings(max_examples=30, deadline=None)
@given(choices)
def test_apply_never_mutates_and_illegal_actions_change_nothing(picks):
    """Along a drawn game: ``apply`` leaves its input equal to a deep copy taken before, and an
    action legal a ply earlier but not now is refused (``IllegalAction``) and changes nothing."""
    state = GAME.setup(2, {})
    earlier: list[str] = []
    refused = 0
    for ply, choice in enumerate(picks):
        if GAME.outcome(state) is not None:
            break
        legal = GAME.legal_actions(state)
        copy, before = deepcopy(state), GAME.to_json(state)
        for stale in [a for a in earlier if a not in legal][:3]:
            with pytest.raises(IllegalAction):
                GAME.apply(state, stale)
            assert state == copy and GAME.to_json(state) == before
            refused += 1
        after = GAME.apply(state, pick(GAME, state, choice, ply))
        assert state == copy and GAME.to_json(state) == before, "apply mutated its input"
        earlier, state = legal, after
    assert refused > 0 or len(picks) < 3 or GAME.outcome(state) is not None
