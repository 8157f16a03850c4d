"""Positions for bot tests: reached by random play from the standard start, stopped where a seat
(not CHANCE) is to act, so a bot can be asked for a move."""

from __future__ import annotations

import random

import engine
from engine.bots.chance import sample_chance
from engine.core import CHANCE

#: How many actions of random play lead to each test position (several phases of each game).
DEPTHS = (0, 7, 40, 120)


def game_names() -> list[str]:
    return list(engine.GAME_NAMES)


def reached(game, depth: int, seed: int = 0, players: int | None = None):
    """The state after ``depth`` random actions, then CHANCE played until a seat acts.

    ``None`` if the game ended on the way (a short random game)."""
    rng = random.Random(f"{game.name}:{depth}:{seed}")
    state = game.setup(players or game.player_counts[0])
    for step in range(10_000):
        actor = game.actor(state)
        if actor is None:
            return None
        if actor != CHANCE and step >= depth:
            return state
        action = sample_chance(game, state, rng) if actor == CHANCE else rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
    return None


def seat_positions(game, seeds=(0, 1)):
    """Every reachable test position of ``game`` that a seat is to act in."""
    found = []
    for seed in seeds:
        for depth in DEPTHS:
            state = reached(game, depth, seed)
            if state is not None:
                found.append(state)
    return found


PASO_SPACES = [f"{f}{r}" for r in range(1, 6) for f in "abcde"]


def paso_illumination_in_two():
    """South's Brahmin on c4.sw, two steps from the north temple c5 (the public scenario of P19)."""
    tiles = {"c2": ("I", 90), "c3": ("L", 0), "b4": ("D", 90), "c4": ("L", 0), "d4": ("I", 0)}
    tokens = {"south": {"brahmin": "c4.sw", "tiger": "b4.ne", "cobra": "c3.ne"},
              "north": {"brahmin": "d4.ne", "tiger": "c4.ne", "cobra": "temple"}}
    return engine.get_game("paso").from_json({
        "game": "paso", "options": {"quiet_turn_limit": 60}, "phase": "play", "turn": 15,
        "current": "south", "temples": {"south": "c1", "north": "c5"},
        "spaces": {s: ({"type": tiles[s][0], "rot": tiles[s][1]} if s in tiles else None) for s in PASO_SPACES},
        "tokens": {seat: {c: {"location": where, "exhausted": False} for c, where in chars.items()}
                   for seat, chars in tokens.items()},
        "reserve": {"S": 4, "I": 2, "D": 3, "L": 2},
        "turn_state": {"character": None, "start": None, "basic": []},
        "last_end": {"south": None, "north": None}, "quiet_turns": 0, "outcome": None,
    })


def nakatha_ambush_before_own_turn(seed: int = 0):
    """A two-player Nakatha position in which the seat asked for a Fae Ambush (N36) is not the
    active seat, and some ambush ends the active seat's turn, so that the ambusher acts next in
    a turn of its own. Found by seeded random play, with the Long Silence on."""
    game = engine.get_game("nakatha")
    rng = random.Random(f"ambush:{seed}")
    state = game.setup(2, game.check_options(2, {"long_silence": True}))
    while (actor := game.actor(state)) is not None:
        if actor == CHANCE:
            state = game.apply(state, sample_chance(game, state, rng))
            continue
        legal = game.legal_actions(state)
        if (state.pending or {}).get("kind") == "ambush" and actor != state.active:
            ambushes = [a for a in legal if a != "pass"]
            if any(_acts_next_in_a_new_turn(game, state, a) for a in ambushes):
                return state
        state = game.apply(state, rng.choice(legal))
    return None


def _acts_next_in_a_new_turn(game, state, action) -> bool:
    after = game.apply(state, action)
    return game.actor(after) == game.actor(state) and game.turns_played(after) > game.turns_played(state)
