"""The canonical position document of ruling P26: ``to_json`` and the checks of ``from_json``."""

from __future__ import annotations

from engine.core import InvalidPosition
from engine.paso.board import (
    CHARACTER_INDEX,
    CHARACTERS,
    LOCATION_INDEX,
    LOCATION_NAMES,
    OUT,
    RIVAL_TEMPLE,
    ROTATIONS,
    SEATS,
    SPACE_INDEX,
    SPACE_NAMES,
    STONES,
    TEMPLE_RANK,
    TILE_TYPES,
    TYPE_INDEX,
)
from engine.paso.state import PasoState

KEYS = (
    "game", "options", "phase", "turn", "current", "temples", "spaces", "tokens", "reserve",
    "turn_state", "last_end", "quiet_turns", "outcome",
)  # fmt: skip
PHASES = ("temples", "play", "over")
REASONS = ("illumination", "poisoning", "protection", "quiet_turns")
BASIC_KINDS = ("walk", "summon")


def to_json(state: PasoState) -> dict:
    """A fresh plain-JSON dict, keys in the order of P26."""
    tokens = state.tokens
    return {
        "game": "paso",
        "options": dict(state.options),
        "phase": state.phase,
        "turn": state.turn,
        "current": SEATS[state.current],
        "temples": {
            seat: None if space is None else SPACE_NAMES[space]
            for seat, space in zip(SEATS, state.temples, strict=True)
        },
        "spaces": {
            name: None if code < 0 else {"type": TILE_TYPES[code >> 2], "rot": ROTATIONS[code & 3]}
            for name, code in zip(SPACE_NAMES, state.tiles, strict=True)
        },
        "tokens": {
            seat: {
                CHARACTERS[c]: {
                    "location": LOCATION_NAMES[tokens[s * 3 + c]],
                    "exhausted": state.exhausted[s * 3 + c],
                }
                for c in range(3)
            }
            for s, seat in enumerate(SEATS)
        },
        "reserve": dict(zip(TILE_TYPES, state.reserve, strict=True)),
        "turn_state": {
            "character": None if state.character < 0 else CHARACTERS[state.character],
            "start": None if state.start is None else LOCATION_NAMES[state.start],
            "basic": list(state.basic),
        },
        "last_end": dict(zip(SEATS, state.last_end, strict=True)),
        "quiet_turns": state.quiet,
        "outcome": outcome_object(state),
    }


def outcome_object(state: PasoState) -> dict | None:
    if state.outcome is None:
        return None
    winners, reason = state.outcome
    return {"winners": list(winners), "reason": reason, "scores": None}


# --- from_json ---------------------------------------------------------------------------------


def _refuse(message: str) -> InvalidPosition:
    return InvalidPosition(f"P26: {message}")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _object(value, keys, what: str) -> dict:
    if not isinstance(value, dict) or set(value) != set(keys):
        raise _refuse(f"{what} must be an object with exactly the keys {', '.join(keys)}")
    return value


def from_json(doc, options: dict) -> PasoState:
    """The state of a document; raises InvalidPosition naming the first rule it breaks.

    ``options`` are the document's options already checked and merged by the game."""
    doc = _object(doc, KEYS, "the document")
    if doc["game"] != "paso":
        raise _refuse(f"game must be 'paso', not {doc['game']!r}")
    phase = doc["phase"]
    if phase not in PHASES:
        raise _refuse(f"phase must be one of {', '.join(PHASES)}")
    turn, quiet = doc["turn"], doc["quiet_turns"]
    if not _is_int(turn) or turn < 0:
        raise _refuse("turn must be a non-negative integer")
    if not _is_int(quiet) or quiet < 0:
        raise _refuse("quiet_turns must be a non-negative integer")
    if doc["current"] not in SEATS:
        raise _refuse("current must be 'south' or 'north'")
    current = SEATS.index(doc["current"])
    temples = _temples(doc["temples"])
    tiles = _tiles(doc["spaces"], temples)
    reserve = _reserve(doc["reserve"], tiles)
    tokens, exhausted = _tokens(doc["tokens"], tiles, phase)
    outcome = _outcome(doc["outcome"])
    _check_phase(phase, temples, outcome, turn, current)
    character, start, basic = _turn_state(doc["turn_state"], phase, current, tokens)
    _check_sharing(tokens, phase, current, character, basic)
    last_end = _last_end(doc["last_end"])
    return PasoState(
        options=options, phase=phase, turn=turn, current=current, temples=temples, tiles=tiles,
        tokens=tokens, exhausted=exhausted, reserve=reserve, character=character, start=start,
        basic=basic, last_end=last_end, quiet=quiet, outcome=outcome,
    )  # fmt: skip


def _temples(value) -> tuple:
    value = _object(value, SEATS, "temples")
    out = []
    for seat, name in enumerate(SEATS):
        space = value[name]
        if space is None:
            out.append(None)
            continue
        if space not in SPACE_INDEX or SPACE_INDEX[space] // 5 != TEMPLE_RANK[seat]:
            raise _refuse(f"{name}'s temple must be on rank {TEMPLE_RANK[seat] + 1}, not {space!r}")
        out.append(SPACE_INDEX[space])
    return tuple(out)


def _tiles(value, temples) -> tuple:
    value = _object(value, SPACE_NAMES, "spaces")
    tiles = []
    for i, name in enumerate(SPACE_NAMES):
        tile = value[name]
        if tile is None:
            tiles.append(-1)
            continue
        if (
            not isinstance(tile, dict)
            or set(tile) != {"type", "rot"}
            or tile["type"] not in TYPE_INDEX
            or not _is_int(tile["rot"])
            or tile["rot"] not in ROTATIONS
        ):
            raise _refuse(f"spaces.{name} must be null or {{'type': S/I/D/L, 'rot': 0/90/180/270}}")
        if i in temples:
            raise _refuse(f"{name} is a temple space and must be null")
        tiles.append(TYPE_INDEX[tile["type"]] * 4 + ROTATIONS.index(tile["rot"]))
    return tuple(tiles)


def _reserve(value, tiles) -> tuple:
    value = _object(value, tuple(TILE_TYPES), "reserve")
    out = []
    for type_index, letter in enumerate(TILE_TYPES):
        count = value[letter]
        on_board = sum(1 for code in tiles if code >= 0 and code >> 2 == type_index)
        if not _is_int(count) or count < 0 or count + on_board != 4:
            raise _refuse(f"{letter} tiles on the board plus reserve.{letter} must make 4")
        out.append(count)
    return tuple(out)


def _tokens(value, tiles, phase) -> tuple[tuple, tuple]:
    value = _object(value, SEATS, "tokens")
    locations, exhausted = [], []
    for seat in SEATS:
        mine = _object(value[seat], CHARACTERS, f"tokens.{seat}")
        for character in CHARACTERS:
            token = _object(mine[character], ("location", "exhausted"), f"tokens.{seat}.{character}")
            where = f"tokens.{seat}.{character}"
            loc = LOCATION_INDEX.get(token["location"]) if isinstance(token["location"], str) else None
            if loc is None:
                raise _refuse(f"{where}.location {token['location']!r} is not a location")
            if not isinstance(token["exhausted"], bool):
                raise _refuse(f"{where}.exhausted must be true or false")
            if loc < 100:
                code = tiles[loc >> 2]
                if code < 0 or not STONES[code] >> (loc & 3) & 1:
                    raise _refuse(f"{where} stands on {token['location']}, which is not a stone of a tile")
            if loc == RIVAL_TEMPLE and (character != "brahmin" or phase != "over"):
                raise _refuse(f"{where}: only a Brahmin that has won by Illumination is in the rival temple")
            locations.append(loc)
            exhausted.append(token["exhausted"])
    return tuple(locations), tuple(exhausted)


def _outcome(value):
    if value is None:
        return None
    value = _object(value, ("winners", "reason", "scores"), "outcome")
    winners = value["winners"]
    if (
        not isinstance(winners, list)
        or any(w not in SEATS for w in winners)
        or len(set(winners)) != len(winners)
        or value["reason"] not in REASONS
        or value["scores"] is not None
    ):
        raise _refuse("outcome must be {'winners': [seats], 'reason': a P30 reason, 'scores': null}")
    return (tuple(winners), value["reason"])


def _check_phase(phase, temples, outcome, turn, current) -> None:
    south, north = temples
    if phase == "temples":
        if (
            outcome is not None
            or turn != 0
            or (south is not None and north is not None)
            or (south is None and north is not None)
        ):
            raise _refuse("phase temples: turn 0, no outcome, and south places its temple before north")
        if current != (0 if south is None else 1):
            raise _refuse("phase temples: the seat whose temple is missing must be current")
        return
    if south is None or north is None:
        raise _refuse(f"phase {phase} needs both temples placed")
    if turn < 1:
        raise _refuse(f"phase {phase} starts at turn 1")
    if phase == "play":
        if outcome is not None:
            raise _refuse("a game in phase play has no outcome")
        if current != (0 if turn % 2 else 1):
            raise _refuse("in phase play south moves on odd turns and north on even turns")
    elif outcome is None:
        raise _refuse("a game in phase over has an outcome")


def _turn_state(value, phase, current, tokens):
    value = _object(value, ("character", "start", "basic"), "turn_state")
    name, start_name, basic = value["character"], value["start"], value["basic"]
    if name is not None and name not in CHARACTER_INDEX:
        raise _refuse("turn_state.character must be null or brahmin, tiger, cobra")
    if not isinstance(basic, list) or len(basic) > 2 or any(b not in BASIC_KINDS for b in basic):
        raise _refuse("turn_state.basic must list at most two of walk, summon")
    if start_name is not None and start_name not in LOCATION_INDEX:
        raise _refuse(f"turn_state.start {start_name!r} is not a location")
    character = -1 if name is None else CHARACTER_INDEX[name]
    start = None if start_name is None else LOCATION_INDEX[start_name]
    if phase != "over" and (start in (OUT, RIVAL_TEMPLE)):
        raise _refuse("turn_state.start must be temple or a sub-square")
    if phase == "temples" and (character >= 0 or start is not None or basic):
        raise _refuse("no turn is under way while temples are placed")
    if phase == "play":
        if (character < 0) != (start is None) or (character < 0) != (not basic):
            raise _refuse("turn_state: a character, its start and its basic actions go together")
        if character >= 0 and tokens[current * 3 + character] == OUT:
            raise _refuse("turn_state.character has been eliminated")
    return character, start, tuple(basic)


def _check_sharing(tokens, phase, current, character, basic) -> None:
    """P7, P11: no two tokens on one sub-square, except the acting token and one own token right
    after the first walk of a turn."""
    seen: dict[int, int] = {}
    shared = 0
    for i, loc in enumerate(tokens):
        if loc >= 100:
            continue
        if loc in seen:
            other = seen[loc]
            shared += 1
            acting = current * 3 + character
            if not (
                phase == "play"
                and character >= 0
                and list(basic) == ["walk"]
                and acting in (i, other)
                and i // 3 == other // 3 == current
                and shared == 1
            ):
                raise _refuse(
                    f"two tokens share {LOCATION_NAMES[loc]}; only the acting token may stand on an own "
                    "token, right after the first walk of a turn (P11)"
                )
        seen[loc] = i


def _last_end(value) -> tuple:
    value = _object(value, SEATS, "last_end")
    for seat in SEATS:
        if value[seat] is not None and not isinstance(value[seat], str):
            raise _refuse(f"last_end.{seat} must be a fingerprint string or null")
    return (value["south"], value["north"])
