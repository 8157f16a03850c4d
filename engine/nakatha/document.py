"""The canonical position document (N47) and the seats' views of it (N50)."""

from __future__ import annotations

from engine.core import InvalidPosition, UnknownOption
from engine.nakatha.board import COORD, DAIS, DIVINE, GREY, SEGMENT_LETTERS
from engine.nakatha.setup import DEFAULT_OPTIONS, check_option_values
from engine.nakatha.state import (
    BASE_IDS,
    FACTIONS,
    PIECE_NAMES,
    PRICED,
    Activation,
    Piece,
    State,
    blank_state,
)

PHASES = ("deal", "draft", "deploy", "sword", "play", "over")
_PENDING_KEYS = {
    "deal": ("kind",),
    "sword": ("kind",),
    "draft": ("kind", "seat"),
    "deploy": ("kind", "seat"),
    "activate": ("kind", "seat", "bonus"),
    "roll": ("kind", "roll", "need", "piece"),
    "land": ("kind", "seat", "piece"),
    "step": ("kind", "seat", "piece"),
    "ambush": ("kind", "seat", "piece", "seats"),
}
_PENDING_DEFAULTS = {"activate": {"bonus": None}, "ambush": {"seats": []}}
ROLLS = (
    "reversion",
    "passage",
    "milaze",
    "bargain",
    "take_sword",
    "territory",
    "ward",
    "providence",
    "escape",
)


def _piece_order(state: State):
    extra = sorted((pid for pid in state.pieces if pid not in BASE_IDS), key=lambda p: int(p.split(".")[1]))
    return list(BASE_IDS[:11]) + extra + list(BASE_IDS[11:])


def to_json(s: State) -> dict:
    pieces: dict = {f: {} for f in FACTIONS}
    for pid in _piece_order(s):
        faction, name = pid.split(".")
        pieces[faction][name] = s.pieces[pid]._asdict()
    act = s.activation
    return {
        "game": "nakatha",
        "options": dict(s.options),
        "phase": s.phase,
        "seats": [{"name": f"p{i}", "factions": list(fs)} for i, fs in enumerate(s.seats)],
        "factions": {
            "humans": {"segment": s.segments["humans"], "next_id": s.next_id},
            "dae": {"segment": s.segments["dae"]},
            "fae": {"segment": s.segments["fae"], "ambush_round": s.ambush_round},
            "dragons": {
                "segment": s.segments["dragons"],
                "breathed_round": {str(i + 1): r for i, r in enumerate(s.breathed)},
            },
            "makabi": {"segment": s.segments["makabi"], "seer_round": s.seer_round},
            "outerlands": {
                "segment": s.segments["outerlands"],
                "price": dict(s.price),
                "bribe": dict(s.bribe),
            },
        },
        "claims": dict(s.claims),
        "pieces": pieces,
        "sword": {
            "tile": s.sword_tile,
            "found": s.sword_found,
            "revealed": list(s.revealed),
            "vigil": dict(s.vigil) if s.vigil is not None else None,
        },
        "turn": s.turn,
        "round": s.round,
        "active": s.active,
        "activated": list(s.activated),
        "extra_used": s.extra_used,
        "activation": None
        if act is None
        else {
            "piece": act.piece,
            "bonus": act.bonus,
            "from": act.start,
            "move": act.move,
            "action": act.action,
            "targets": list(act.targets),
            "claim": list(act.claim),
            "ends_turn": act.ends_turn,
        },
        "pending": None if s.pending is None else _copy_pending(s.pending),
        "silence": s.silence,
        "disturbed": s.disturbed,
        "result": None if s.result is None else {**s.result, "winners": list(s.result["winners"])},
    }


def _copy_pending(p: dict) -> dict:
    out = dict(p)
    if "seats" in out:
        out["seats"] = list(out["seats"])
    return out


def view(s: State, seat: int | None) -> dict:
    """N50: the Sword's tile is nobody's business until it is found."""
    doc = to_json(s)
    if not s.sword_found:
        del doc["sword"]["tile"]
    return doc


# --- reading a document back --------------------------------------------------------------
def _need(cond: bool, message: str) -> None:
    if not cond:
        raise InvalidPosition(f"N47: {message}")


def _int_or_null(value, what: str):
    _need(
        value is None or (isinstance(value, int) and not isinstance(value, bool)),
        f"{what} must be an integer or null",
    )
    return value


def _tile(value, what: str, allow_null: bool = True):
    if value is None and allow_null:
        return None
    _need(
        isinstance(value, str) and value in COORD and value != DAIS,
        f"{what} must be a tile name, not {value!r}",
    )
    return value


def from_json(doc: dict) -> State:
    try:
        return _read(doc)
    except InvalidPosition:
        raise
    except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
        raise InvalidPosition(f"N47: malformed Nakatha document ({type(exc).__name__}: {exc})") from exc


def _read(doc: dict) -> State:
    _need(isinstance(doc, dict) and doc.get("game") == "nakatha", "game must be 'nakatha'")
    options = doc["options"]
    _need(
        isinstance(options, dict) and set(options) <= set(DEFAULT_OPTIONS), "options must be options of N44"
    )
    options = {**DEFAULT_OPTIONS, **options}  # a hand-written position may leave defaults out
    try:
        check_option_values(options)
    except UnknownOption as exc:
        raise InvalidPosition(f"N44: {exc}") from exc
    seats_doc = doc["seats"]
    _need(isinstance(seats_doc, list) and 2 <= len(seats_doc) <= 6, "seats must list 2 to 6 seats")
    s = blank_state(dict(options), len(seats_doc))
    _need(doc["phase"] in PHASES, f"phase must be one of {', '.join(PHASES)}")
    s.phase = doc["phase"]
    dealt = []
    seats = []
    for i, seat in enumerate(seats_doc):
        _need(seat["name"] == f"p{i}", f"seat {i} must be named p{i}")
        factions = tuple(seat["factions"])
        _need(all(f in FACTIONS for f in factions), f"seat p{i} holds an unknown faction")
        dealt += factions
        seats.append(factions)
    _need(len(dealt) == len(set(dealt)), "a faction is dealt to two seats")
    s.seats = tuple(seats)
    _read_factions(s, doc["factions"])
    claims = doc["claims"]
    _need(isinstance(claims, dict) and set(claims) == set(GREY), "claims must list the 90 grey tiles")
    _need(all(v is None or v in FACTIONS for v in claims.values()), "a claim must be a faction or null")
    s.claims = {t: claims[t] for t in GREY}
    _read_pieces(s, doc["pieces"])
    _read_sword(s, doc["sword"])
    for key in ("turn", "round", "silence"):
        _need(
            isinstance(doc[key], int) and not isinstance(doc[key], bool) and doc[key] >= 0,
            f"{key} must be a count",
        )
    s.turn, s.round, s.silence = doc["turn"], doc["round"], doc["silence"]
    s.active = _int_or_null(doc["active"], "active")
    _need(s.active is None or 0 <= s.active < len(seats), "active must be a seat")
    activated = doc["activated"]
    _need(
        isinstance(activated, list) and all(a in s.pieces for a in activated), "activated must list piece ids"
    )
    s.activated = tuple(activated)
    _need(
        isinstance(doc["extra_used"], bool) and isinstance(doc["disturbed"], bool), "flags must be booleans"
    )
    s.extra_used, s.disturbed = doc["extra_used"], doc["disturbed"]
    s.activation = _read_activation(s, doc["activation"])
    s.pending = _read_pending(s, doc["pending"])
    result = doc["result"]
    _need(
        result is None or (isinstance(result, dict) and "winners" in result and "reason" in result),
        "result must be null or an outcome",
    )
    s.result = (
        None
        if result is None
        else {"winners": list(result["winners"]), "reason": result["reason"], "scores": result.get("scores")}
    )
    _need((s.phase == "over") == (s.pending is None), "pending is null exactly when the game is over")
    return s


def _read_factions(s: State, f: dict) -> None:
    segments = {}
    for faction in FACTIONS:
        g = f[faction]["segment"]
        _need(g is None or g in SEGMENT_LETTERS, f"factions.{faction}.segment must be a letter a-f or null")
        segments[faction] = g
    used = [g for g in segments.values() if g is not None]
    _need(len(used) == len(set(used)), "two factions share a home segment")
    s.segments = segments
    s.next_id = f["humans"]["next_id"]
    _need(isinstance(s.next_id, int) and s.next_id >= 12, "factions.humans.next_id must be 12 or more")
    s.ambush_round = _int_or_null(f["fae"]["ambush_round"], "ambush_round")
    s.seer_round = _int_or_null(f["makabi"]["seer_round"], "seer_round")
    breathed = f["dragons"]["breathed_round"]
    _need(set(breathed) == {"1", "2", "3"}, "breathed_round must have keys 1, 2, 3")
    s.breathed = tuple(_int_or_null(breathed[k], "breathed_round") for k in ("1", "2", "3"))
    price = f["outerlands"]["price"]
    _need(
        set(price) == set(PRICED) and all(isinstance(v, int) for v in price.values()),
        "price must give dae, fae, humans, makabi",
    )
    s.price = {k: price[k] for k in PRICED}
    bribe = f["outerlands"]["bribe"]
    _need(
        set(bribe) == {"ansidora", "tsiorak"} and all(isinstance(v, bool) for v in bribe.values()),
        "bribe must give two booleans",
    )
    s.bribe = {"ansidora": bribe["ansidora"], "tsiorak": bribe["tsiorak"]}


def _read_pieces(s: State, doc: dict) -> None:
    _need(set(doc) == set(FACTIONS), "pieces must have one entry per faction")
    pieces = {}
    for faction in FACTIONS:
        names = set(doc[faction])
        _need(names.issuperset(PIECE_NAMES[faction]), f"pieces.{faction} lacks a piece")
        extra = names - set(PIECE_NAMES[faction])
        _need(faction == "humans" or not extra, f"pieces.{faction} has unknown pieces {sorted(extra)}")
        _need(
            all(n.isdigit() and 12 <= int(n) < s.next_id for n in extra),
            "called-up humans run from 12 below next_id",
        )
        for name, p in doc[faction].items():
            pid = f"{faction}.{name}"
            piece = Piece(
                _tile(p["tile"], f"{pid}.tile"),
                p["turned"],
                p["survived"],
                p["owned"],
                _int_or_null(p["held"], "held"),
                _int_or_null(p["frozen"], "frozen"),
                p["sword"],
            )
            _need(
                all(isinstance(v, bool) for v in (piece.turned, piece.owned, piece.sword)),
                f"{pid} flags must be booleans",
            )
            _need(isinstance(piece.survived, int), f"{pid}.survived must be an integer")
            pieces[pid] = piece
    occupant = {}
    for pid, p in pieces.items():
        if p.tile is not None:
            _need(p.tile not in occupant, f"{pid} and {occupant.get(p.tile)} share tile {p.tile}")
            occupant[p.tile] = pid
            _need(
                p.tile not in DIVINE or p.sword, f"{pid} stands on the Divine tile {p.tile} without the Sword"
            )
    _need(sum(p.sword for p in pieces.values()) <= 1, "at most one piece carries the Sword")
    s.pieces = pieces
    s.occupant = occupant


def _read_sword(s: State, doc: dict) -> None:
    _need(isinstance(doc["found"], bool), "sword.found must be a boolean")
    s.sword_found = doc["found"]
    s.sword_tile = _tile(doc["tile"], "sword.tile")
    _need(
        s.sword_found or s.sword_tile is None or s.sword_tile in GREY,
        "the hidden Sword lies under a grey tile",
    )
    carried = any(p.sword for p in s.pieces.values())
    _need(
        not carried or (s.sword_found and s.sword_tile is None), "a carried Sword is found and lies nowhere"
    )
    s.revealed = tuple(_tile(t, "sword.revealed", False) for t in doc["revealed"])
    vigil = doc["vigil"]
    _need(
        vigil is None or set(vigil) == {"seat", "piece", "tile"},
        "sword.vigil must be null or seat, piece, tile",
    )
    s.vigil = (
        None if vigil is None else {"seat": vigil["seat"], "piece": vigil["piece"], "tile": vigil["tile"]}
    )


def _read_activation(s: State, a):
    if a is None:
        return None
    _need(a["piece"] in s.pieces, "activation.piece must be a piece id")
    return Activation(
        a["piece"],
        a["bonus"],
        a["from"],
        a["move"],
        a["action"],
        tuple(a["targets"]),
        tuple(a["claim"]),
        bool(a["ends_turn"]),
    )


def _read_pending(s: State, p):
    if p is None:
        return None
    _need(isinstance(p, dict) and p.get("kind") in _PENDING_KEYS, "pending.kind is unknown")
    keys = _PENDING_KEYS[p["kind"]]
    p = {**_PENDING_DEFAULTS.get(p["kind"], {}), **p}  # a patched prompt may leave these out
    _need(set(p) == set(keys), f"pending of kind {p['kind']} has keys {', '.join(keys)}")
    if "seat" in p:
        _need(isinstance(p["seat"], int) and 0 <= p["seat"] < len(s.seats), "pending.seat must be a seat")
    if p["kind"] == "roll":
        _need(p["roll"] in ROLLS and isinstance(p["need"], int), "pending roll must name a roll and its need")
    if "piece" in p:
        _need(p["piece"] in s.pieces, "pending.piece must be a piece id")
    if p["kind"] == "activate":
        _need(p["bonus"] in (None, "seer", "even_hands"), "pending.bonus must be null, seer or even_hands")
    out = {k: p[k] for k in keys}
    if "seats" in out:
        out["seats"] = list(out["seats"])
    return out
