"""Random play for every player count keeps the rules' invariants and ends (rulings N12, N24, N33, N47, N51)."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.nakatha.actions import Stance, callup_error, callup_options, remove_error, remove_options
from engine.nakatha.board import DIVINE, GREY, NEIGHBOUR_SETS, NEIGHBOURS, SEGMENT_OF
from engine.nakatha.moves import move_destinations
from engine.nakatha.rest import moved_occupant
from engine.nakatha.state import FACTIONS, census_of
from engine.nakatha.turn import activatable
from tests.engine.strategies import choices

from .helpers import G
from .random_play import options, random_game

GREY_TILES = set(GREY)


def check_position(state) -> None:
    doc = G.to_json(state)
    assert G.from_json(doc) == state  # N47
    assert set(doc["claims"]) == GREY_TILES  # claims live on grey tiles only (N24)
    assert all(v is None or v in FACTIONS for v in doc["claims"].values())
    where = {}
    for faction, pieces in doc["pieces"].items():
        for name, piece in pieces.items():
            if piece["tile"] is not None:
                assert piece["tile"] not in where, f"two pieces on {piece['tile']}"
                where[piece["tile"]] = (f"{faction}.{name}", piece)
    mother = doc["pieces"]["makabi"]["mother"]["tile"]
    outerlands = doc["factions"]["outerlands"]["segment"]
    for tile, (pid, piece) in where.items():
        if tile in DIVINE:
            assert piece["sword"], f"{pid} on the Divine tile {tile} without the Sword"  # N12
        if pid.startswith("dragons."):
            assert SEGMENT_OF[tile] is None or SEGMENT_OF[tile] != outerlands  # Tsiorak's domain
        if mother is not None and tile in NEIGHBOUR_SETS[mother] and not pid.startswith("makabi."):
            assert piece["sword"], f"{pid} beside the Mother without the Sword"  # N12
        if pid.startswith("fae."):
            assert not any(where.get(n, ("",))[0].startswith("fae.") for n in NEIGHBOUR_SETS[tile])  # Apart
    actions = G.legal_actions(state)
    assert actions == sorted(actions)  # N51
    assert bool(actions) == (G.actor(state) is not None)


def play_and_check(players, opts, picks):
    last, count = None, 0
    for state in random_game(players, opts, picks):
        check_position(state)
        last, count = state, count + 1
    assert G.actor(last) is None, f"no end after {count} actions"
    outcome = G.outcome(last)
    assert outcome["reason"] in ("dominion", "board", "sword", "silence")
    assert all(w in G.seat_names(players) for w in outcome["winners"])


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 3), opts=options, picks=choices)
def test_random_play_small_tables(players, opts, picks):
    play_and_check(players, opts, picks)


@settings(max_examples=6, deadline=None)
@given(players=st.integers(4, 6), opts=options, picks=choices)
def test_random_play_large_tables(players, opts, picks):
    play_and_check(players, opts, picks)


def test_random_play_every_player_count_ends():
    for players in (2, 3, 4, 5, 6):
        states = list(random_game(players, {}, seed=players))
        assert G.outcome(states[-1]) is not None


@settings(max_examples=3, deadline=None)
@given(players=st.integers(2, 6), picks=choices)
def test_n51_the_fast_option_lists_agree_with_the_rule_checks_that_explain_refusals(players, picks):
    for count, state in enumerate(random_game(players, {}, picks)):
        if count % 20 or state.pending is None or state.pending["kind"] != "activate":
            continue
        for pid in activatable(state, state.pending["seat"], state.pending["bonus"]):
            here = state.pieces[pid].tile
            for dest in [None] + move_destinations(state, pid):
                stance = Stance(state, pid, dest or here, moved_occupant(state, pid, dest))
                tiles = NEIGHBOURS[dest or here]
                assert remove_options(stance) == [
                    f"remove {t}" for t in tiles if remove_error(stance, t) is None
                ]
                if pid.startswith("humans."):
                    assert callup_options(stance) == [
                        f"callup {t}" for t in tiles if callup_error(stance, t) is None
                    ]


def assert_counted_afresh(state) -> None:
    """The counts a position carries along (its census and claim tally, updated piece by piece
    and shared between positions, N47's caches) equal a count of the position itself."""
    census, fresh = state.census(), census_of(state.pieces)
    for field in ("on_board", "standing", "bearer", "frozen", "held", "turned"):
        assert getattr(census, field) == getattr(fresh, field), field
    assert state.out_seats() == {i for i, fs in enumerate(state.seats) if not any(fresh.standing[f] for f in fs)}
    claimed = Counter(f for f in state.claims.values() if f is not None)
    assert state.faction_claims() == claimed


@settings(max_examples=4, deadline=None)
@given(players=st.integers(2, 6), opts=options, picks=choices)
def test_the_carried_counts_equal_a_fresh_count_along_a_game_and_across_its_branches(players, opts, picks):
    """Along a game (each position edited from the last) and across every action tried from one
    position (the bots' pattern: siblings share their parent's counts)."""
    for count, state in enumerate(random_game(players, opts, picks)):
        assert_counted_afresh(state)
        if count % 25 == 0 and G.actor(state) is not None:
            for action in G.legal_actions(state):
                assert_counted_afresh(G.apply(state, action))
            assert_counted_afresh(state)  # the parent unchanged by its children
