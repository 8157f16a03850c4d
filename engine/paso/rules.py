"""Checking and applying one action (rulings P6, P8-P20), and the close of a turn (P8, P9, P18,
P23, P24). Every refusal raises ``IllegalAction`` whose message starts with the ruling broken.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.paso.board import (
    BRAHMIN,
    CHARACTERS,
    COBRA,
    EDGE_SPACES,
    LOCATION_NAMES,
    OUT,
    RING_SET,
    RIVAL_TEMPLE,
    SEATS,
    SPACE_AROUND,
    SPACE_NAMES,
    SQUARE_NAMES,
    TEMPLE,
    TIGER,
    TILE_TYPES,
)
from engine.paso.legal import end_repeats, play_texts
from engine.paso.notation import ROTATION_WORDS
from engine.paso.protection import protection_outcome
from engine.paso.reading import ADJACENT_SET, free_exit_exists, is_stacked, occupancy, special_effect, stone
from engine.paso.state import PasoState, arrangement_fingerprint


def apply_action(state: PasoState, action: tuple) -> PasoState:
    """The state after ``action``; raises IllegalAction (ruling number first) and changes nothing."""
    if state.phase == "over":
        raise IllegalAction("P29", "the game is over; no action is possible")
    kind = action[0]
    if state.phase == "temples":
        if kind != "temple":
            raise IllegalAction("P6", "the temples are placed first: play temple <space>")
        return _place_temple(state, action[1])
    if kind == "temple":
        raise IllegalAction("P6", "both temples are already placed")
    return _HANDLERS[kind](state, action)


def _place_temple(state: PasoState, space: int) -> PasoState:
    seat = state.current
    if space not in EDGE_SPACES[seat]:
        edge = EDGE_SPACES[seat]
        raise IllegalAction(
            "P6",
            f"{SEATS[seat]}'s temple goes on one of {SPACE_NAMES[edge[0]]}-{SPACE_NAMES[edge[-1]]}, "
            f"not {SPACE_NAMES[space]}",
        )
    temples = (space, None) if seat == 0 else (state.temples[0], space)
    if seat == 0:
        return state.replace(temples=temples, current=1)
    return state.replace(temples=temples, phase="play", turn=1, current=0)


def _acting(state: PasoState, character: int) -> int:
    """P8: the token of ``character`` may act in this turn; returns its index."""
    name = CHARACTERS[character]
    if state.character >= 0 and state.character != character:
        raise IllegalAction(
            "P8", f"this turn belongs to the {CHARACTERS[state.character]}; the {name} cannot act in it"
        )
    me = state.current * 3 + character
    if state.tokens[me] == OUT:
        raise IllegalAction("P8", f"your {name} has been eliminated")
    return me


def _basic_allowed(state: PasoState, character: int) -> int:
    me = _acting(state, character)
    if len(state.basic) >= 2:
        raise IllegalAction("P8", "a turn has at most two basic actions")
    return me


def _after_basic(state: PasoState, kind: str, character: int, start, **changes) -> PasoState:
    """Record a basic action in ``turn_state``; the first action of a turn names its character."""
    if state.character < 0:
        changes["character"] = character
        changes["start"] = start
    return state.replace(basic=state.basic + (kind,), **changes)


def _walk(state: PasoState, action: tuple) -> PasoState:
    _, c, frm, to = action
    me = _basic_allowed(state, c)
    name, loc, seat = CHARACTERS[c], state.tokens[me], state.current
    if frm != loc:
        raise IllegalAction(
            "P10", f"your {name} stands on {LOCATION_NAMES[loc]}, not on {LOCATION_NAMES[frm]}"
        )
    stacked = is_stacked(state)
    start = state.start if state.character >= 0 else loc
    tokens = list(state.tokens)
    if to == RIVAL_TEMPLE:
        if c != BRAHMIN:
            raise IllegalAction("P12", f"only the Brahmin may enter the rival temple, not the {name}")
        if loc >= 100 or loc not in RING_SET[state.temples[1 - seat]]:
            raise IllegalAction("P12", "the Brahmin enters the rival temple only from a stone of its ring")
        tokens[me] = RIVAL_TEMPLE
        return _after_basic(
            state, "walk", c, start, tokens=tuple(tokens), phase="over",
            outcome=((SEATS[seat],), "illumination"),
        )  # fmt: skip
    if loc == TEMPLE:
        if to not in RING_SET[state.temples[seat]]:
            raise IllegalAction("P10", f"{SQUARE_NAMES[to]} is not on the ring of your temple")
    elif to not in ADJACENT_SET[loc]:
        raise IllegalAction("P10", f"{SQUARE_NAMES[to]} is not one step from {SQUARE_NAMES[loc]}")
    if state.tiles[to >> 2] < 0:
        raise IllegalAction("P10", f"{SQUARE_NAMES[to]} is on a space without a tile")
    if not stone(state.tiles, to):
        raise IllegalAction("P10", f"{SQUARE_NAMES[to]} is water")
    occ = occupancy(state.tokens)
    other = occ.get(to)
    if other is not None and other // 3 != seat:
        raise IllegalAction("P10", f"{SQUARE_NAMES[to]} is occupied by a rival token")
    if to == start:
        raise IllegalAction("P10", f"the {name} may not end on {SQUARE_NAMES[to]}, where it began the turn")
    if other is not None:
        if stacked:
            raise IllegalAction("P11", "the second walk over an own token must end on a free stone")
        if state.basic:
            raise IllegalAction("P11", "only the first walk of a turn may end on an own token")
        if not free_exit_exists(state, occ, to, loc, c):
            raise IllegalAction("P11", "a walk over an own token needs a second walk")
    tokens[me] = to
    return _after_basic(state, "walk", c, start, tokens=tuple(tokens))


def _summon(state: PasoState, action: tuple) -> PasoState:
    _, c, type_index, space, quarters = action
    me = _basic_allowed(state, c)
    if is_stacked(state):
        raise IllegalAction("P11", "a token standing on an own token must walk on; it cannot summon")
    letter, where = TILE_TYPES[type_index], SPACE_NAMES[space]
    if not state.reserve[type_index]:
        raise IllegalAction("P13", f"no {letter} tile is left in the reserve")
    if space in state.temples:
        raise IllegalAction("P13", f"{where} is a temple; no tile is ever placed there")
    if state.tiles[space] >= 0:
        raise IllegalAction("P13", f"{where} already holds a tile")
    loc = state.tokens[me]
    centre = state.temples[state.current] if loc == TEMPLE else loc >> 2
    if space not in SPACE_AROUND[centre]:
        place = "temple" if loc == TEMPLE else "tile"
        raise IllegalAction("P13", f"{where} is not around the {CHARACTERS[c]}'s {place}")
    tiles = list(state.tiles)
    tiles[space] = type_index * 4 + quarters
    reserve = list(state.reserve)
    reserve[type_index] -= 1
    return _after_basic(state, "summon", c, loc, tiles=tuple(tiles), reserve=tuple(reserve))


def _special_allowed(state: PasoState, character: int) -> int:
    """P17: the acting token is the turn's character, on a stone, active and not stacked."""
    me = _acting(state, character)
    name = CHARACTERS[character]
    if is_stacked(state):
        raise IllegalAction("P11", f"the {name} shares a stone with an own token and must walk on")
    if state.tokens[me] == TEMPLE:
        raise IllegalAction("P17", f"the {name} is in its temple; special actions are played from a stone")
    if state.exhausted[me]:
        raise IllegalAction("P17", f"the {name} is exhausted (P9) and has no special action this turn")
    return me


def _not_a_temple(state: PasoState, space: int, what: str) -> None:
    if space in state.temples:
        raise IllegalAction("P17", f"{SPACE_NAMES[space]} is a temple and cannot be {what}")


def _bite(state: PasoState, action: tuple) -> PasoState:
    me = _special_allowed(state, COBRA)
    target, seat = action[1], state.current
    where = SQUARE_NAMES[target]
    if target not in ADJACENT_SET[state.tokens[me]]:
        raise IllegalAction("P14", f"{where} is not next to the cobra")
    victim = occupancy(state.tokens).get(target)
    if victim is None:
        raise IllegalAction("P14", f"no token stands on {where}")
    if victim // 3 == seat:
        raise IllegalAction("P14", "the cobra bites only rival tokens")
    tiles, tokens, exhausted = special_effect(state, action)
    if victim % 3 == BRAHMIN:  # P20: the game ends at once, the turn is not closed
        start = state.start if state.character >= 0 else state.tokens[me]
        return state.replace(
            tokens=tokens, exhausted=exhausted, phase="over", outcome=((SEATS[seat],), "poisoning"),
            character=COBRA, start=start,
        )  # fmt: skip
    return close_turn(state, tiles, tokens, exhausted, state.reserve, special=me, eliminated=True)


def _levitate(state: PasoState, action: tuple) -> PasoState:
    me = _special_allowed(state, TIGER)
    _, frm, to = action
    home = state.tokens[me] >> 2
    around = SPACE_AROUND[home]
    if frm == home:
        raise IllegalAction("P15", "the tiger cannot levitate the tile it stands on")
    _not_a_temple(state, frm, "levitated")
    if frm not in around:
        raise IllegalAction("P15", f"{SPACE_NAMES[frm]} is not around the tiger's tile")
    if state.tiles[frm] < 0:
        raise IllegalAction("P15", f"{SPACE_NAMES[frm]} holds no tile")
    if to in state.temples:
        raise IllegalAction("P17", f"{SPACE_NAMES[to]} is a temple; no tile is levitated onto it")
    if to not in around:
        raise IllegalAction("P15", f"{SPACE_NAMES[to]} is not around the tiger's tile")
    if state.tiles[to] >= 0:
        raise IllegalAction("P15", f"{SPACE_NAMES[to]} already holds a tile")
    tiles, tokens, exhausted = special_effect(state, action)
    return close_turn(state, tiles, tokens, exhausted, state.reserve, special=me)


def _meditate(state: PasoState, action: tuple) -> PasoState:
    me = _special_allowed(state, BRAHMIN)
    _, space, quarters = action
    home = state.tokens[me] >> 2
    if space == home:
        raise IllegalAction("P16", "the Brahmin cannot meditate the tile it stands on")
    _not_a_temple(state, space, "meditated")
    if space not in SPACE_AROUND[home]:
        raise IllegalAction("P16", f"{SPACE_NAMES[space]} is not around the Brahmin's tile")
    code = state.tiles[space]
    if code < 0:
        raise IllegalAction("P16", f"{SPACE_NAMES[space]} holds no tile")
    if code & 3 == quarters:
        raise IllegalAction(
            "P16",
            f"{SPACE_NAMES[space]} already lies at {ROTATION_WORDS[quarters]}; choose another orientation",
        )
    tiles, tokens, exhausted = special_effect(state, action)
    return close_turn(state, tiles, tokens, exhausted, state.reserve, special=me)


def _end(state: PasoState, action: tuple) -> PasoState:
    if is_stacked(state):
        raise IllegalAction("P11", "a walk over an own token needs its second walk before the turn ends")
    if end_repeats(state) and play_texts(state):
        raise IllegalAction("P18", "the arrangement would equal your last one")
    return close_turn(state, state.tiles, state.tokens, state.exhausted, state.reserve, special=None)


def close_turn(state: PasoState, tiles, tokens, exhausted, reserve, special, eliminated=False):
    """The close of a turn in the order of P8 (exhaustion, last_end, quiet turns, Protection,
    quiet-turn draw, next turn). ``special`` is the index of the token whose special action
    closed it, or None for ``end``."""
    seat = state.current
    mark = arrangement_fingerprint(tiles, tokens)
    if special is not None and mark == state.last_end[seat]:
        raise IllegalAction("P18", "the arrangement would equal your last one")
    base = seat * 3
    flags = list(exhausted)
    flags[base : base + 3] = [special == j for j in range(base, base + 3)]
    last_end = (mark, state.last_end[1]) if seat == 0 else (state.last_end[0], mark)
    quiet = 0 if eliminated or "summon" in state.basic else state.quiet + 1
    outcome = protection_outcome(tiles, tokens, state.temples, any(reserve), seat)
    limit = state.options["quiet_turn_limit"]
    if outcome is None and limit and quiet >= limit:
        outcome = ((), "quiet_turns")
    common = dict(
        tiles=tiles, tokens=tokens, exhausted=tuple(flags), reserve=reserve, last_end=last_end,
        quiet=quiet, character=-1, start=None, basic=(),
    )  # fmt: skip
    if outcome is not None:
        closed = state.replace(phase="over", outcome=outcome, **common)
    else:
        closed = state.replace(turn=state.turn + 1, current=1 - seat, **common)
    closed._fingerprint = mark
    return closed


_HANDLERS = {
    "walk": _walk,
    "summon": _summon,
    "bite": _bite,
    "levitate": _levitate,
    "meditate": _meditate,
    "end": _end,
}
