"""Random legal play: invariants of every position, and legal_actions agreeing with apply.

Invariants (rulings P7, P11, P24, P26): play never crashes, ``from_json(to_json(s)) == s``, tiles on
the board plus reserve make four of each type, no two tokens share a stone when a turn closes,
and every game ends.
"""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction
from engine.paso import GAME
from engine.paso.board import OUT, RIVAL_TEMPLE, SPACE_NAMES, SQUARE_NAMES, TEMPLE
from engine.paso.notation import SUMMON_TEXT, decode, walk_text
from engine.paso.reading import special_effect
from engine.paso.state import arrangement_fingerprint
from tests.engine.strategies import choices, stream


def check_invariants(state, closed: bool):
    doc = GAME.to_json(state)
    assert GAME.from_json(doc) == state
    on_board = Counter(t["type"] for t in doc["spaces"].values() if t)
    assert all(on_board[t] + doc["reserve"][t] == 4 for t in "SIDL")
    places = [t["location"] for side in doc["tokens"].values() for t in side.values() if "." in t["location"]]
    if closed:
        assert len(places) == len(set(places))
    else:
        assert len(places) - len(set(places)) <= 1


@settings(max_examples=100, deadline=None)
@given(picks=choices, limit=st.sampled_from([3, 10, 60]))
def test_random_games_keep_the_invariants_and_end(picks, limit):
    picked = stream(picks)  # the drawn choices, then a fixed stream: a failing game shrinks
    state = GAME.setup(2, {"quiet_turn_limit": limit})
    # At most 16 summoning turns and 4 non-winning bites reset the count (P24).
    max_actions = 2 + 3 * 21 * limit
    for _ in range(max_actions):
        if GAME.actor(state) is None:
            break
        before, legal = (state.turn, state.current), GAME.legal_actions(state)
        state = GAME.apply(state, legal[next(picked) % len(legal)])
        check_invariants(state, closed=(state.turn, state.current) != before or state.phase == "over")
    assert GAME.actor(state) is None and GAME.outcome(state) is not None
    assert GAME.legal_actions(state) == []


def universe(state):
    """Every action text worth trying: the mover's walks to anywhere, and every other form."""
    out = ["end"] + [f"temple {n}" for n in SPACE_NAMES]
    for c in range(3):
        loc = state.tokens[state.current * 3 + c]
        for frm in {loc, TEMPLE} - {OUT, RIVAL_TEMPLE}:
            out += [walk_text(c, frm, to) for to in range(100)]
            if frm != TEMPLE:
                out.append(walk_text(c, frm, RIVAL_TEMPLE))
        for space in range(25):
            out.extend(SUMMON_TEXT[c][space])
    out += [f"cobra bite {q}" for q in SQUARE_NAMES]
    out += [f"tiger levitate {a}-{b}" for a in SPACE_NAMES for b in SPACE_NAMES]
    out += [f"brahmin meditate {a} {r}" for a in SPACE_NAMES for r in ("r0", "r90", "r180", "r270")]
    return out


def accepted(state):
    ok = set()
    for action in universe(state):
        try:
            GAME.apply(state, action)
        except IllegalAction as exc:
            assert str(exc)[:1] == "P" and str(exc).split(":")[0][1:].isdigit(), str(exc)
        else:
            ok.add(action)
    return ok


def test_p29_legal_actions_are_exactly_what_apply_accepts():
    rng = random.Random(29)
    checked = 0
    for _ in range(12):
        state = GAME.setup(2)
        while GAME.actor(state) is not None:
            legal = GAME.legal_actions(state)
            assert legal == sorted(set(legal))
            if rng.random() < 0.1:
                assert accepted(state) == set(legal)
                checked += 1
            state = GAME.apply(state, rng.choice(legal))
    assert checked > 50


def test_p18_legal_actions_refuse_exactly_the_specials_that_repeat_last_end():
    """Plant, as the mover's last_end, the arrangement a special action would make: that action
    must drop out of legal_actions, and legal_actions must still agree with apply."""
    rng = random.Random(18)
    planted = 0
    for _ in range(40):
        state = GAME.setup(2)
        while GAME.actor(state) is not None and planted < 120:
            legal = GAME.legal_actions(state)
            specials = [a for a in legal if a.split()[1:2] in (["bite"], ["levitate"], ["meditate"])]
            if specials and rng.random() < 0.3:
                target = rng.choice(specials)
                tiles, tokens, _ = special_effect(state, decode(target))
                if tokens[(1 - state.current) * 3] != OUT:  # a poisoning never closes the turn (P20)
                    doc = GAME.to_json(state)
                    doc["last_end"][doc["current"]] = arrangement_fingerprint(tiles, tokens)
                    planted_state = GAME.from_json(doc)
                    new_legal = GAME.legal_actions(planted_state)
                    assert target not in new_legal
                    assert accepted(planted_state) == set(new_legal)
                    planted += 1
            state = GAME.apply(state, rng.choice(legal))
    assert planted >= 100
