"""The canonical position document (T35): ``to_json`` and the checking ``from_json``."""

from __future__ import annotations

import copy

from engine.core import InvalidPosition
from engine.tibetana import board
from engine.tibetana.board import INDEX, NAMES
from engine.tibetana.state import ALTAR, DEMONS, SEATS, SPECIALS, Player, State, Territory

LEVELS = ("natural", "agitated")


def to_json(s: State) -> dict:
    territories = {}
    for name, t in zip(NAMES, s.territories, strict=True):
        if t is None:
            territories[name] = None
            continue
        territories[name] = {
            "energy": t.energy,
            "pieces": {seat: {"guardian": t.guardians[c], "priestess": t.priestesses[c]}
                       for c, seat in enumerate(SEATS)},
            "pagoda": None if t.pagoda is None else {"owner": SEATS[t.pagoda[0]], "rings": t.pagoda[1]},
            "demon": None if t.demon is None else {"name": t.demon[0], "level": t.demon[1]},
        }
    players = {
        seat: {
            "pool": p.pool,
            "reserve": {"guardian": p.guardian, "priestess": p.priestess, "pagoda": p.pagoda},
            "unpaid": {"guardian": p.unpaid_guardian, "priestess": p.unpaid_priestess},
        }
        for seat, p in zip(SEATS, s.players, strict=True)
    }
    return {
        "game": "tibetana",
        "map": "standard",
        "altar": list(ALTAR),
        "territories": territories,
        "portal": None if s.portal is None else [NAMES[s.portal[0]], NAMES[s.portal[1]]],
        "players": players,
        "die": s.die,
        "turn": {
            "number": s.number,
            "active": SEATS[s.active],
            "actions_left": s.actions_left,
            "specials": list(s.specials),
            "used_energy": {seat: {NAMES[i]: n for i, n in sorted(s.used[c].items())}
                            for c, seat in enumerate(SEATS)},
            "built": s.built,
            "summon_due": s.summon_due,
            "draw_offered": s.draw_offered,
        },
        "turns_without_build": s.without_build,
        "pending": copy.deepcopy(s.pending),
        "result": copy.deepcopy(s.result),
    }


# --- reading, with every check of T35 ----------------------------------------------------------
def _fail(message: str):
    raise InvalidPosition(f"T35: {message}")


def _obj(value, keys: tuple, where: str) -> dict:
    if not isinstance(value, dict) or set(value) != set(keys):
        _fail(f"{where} must be an object with exactly the keys {', '.join(keys)}")
    return value


def _int(value, where: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        _fail(f"{where} must be an integer from {low}" + (f" to {high}" if high is not None else ""))
    return value


def _bool(value, where: str) -> bool:
    if type(value) is not bool:
        _fail(f"{where} must be true or false")
    return value


def _seat(value, where: str) -> int:
    if value not in SEATS:
        _fail(f"{where} must be pink or green")
    return SEATS.index(value)


def _territory(doc, name: str) -> Territory | None:
    if doc is None:
        return None
    doc = _obj(doc, ("energy", "pieces", "pagoda", "demon"), f"territories.{name}")
    pieces = _obj(doc["pieces"], SEATS, f"territories.{name}.pieces")
    counts = [_obj(pieces[seat], ("guardian", "priestess"), f"territories.{name}.pieces.{seat}")
              for seat in SEATS]
    guardians = tuple(_int(c["guardian"], f"{name} guardians") for c in counts)
    priestesses = tuple(_int(c["priestess"], f"{name} priestesses") for c in counts)
    pagoda = doc["pagoda"]
    if pagoda is not None:
        pagoda = _obj(pagoda, ("owner", "rings"), f"territories.{name}.pagoda")
        pagoda = (_seat(pagoda["owner"], f"{name} pagoda owner"), _int(pagoda["rings"], f"{name} rings", 0, 4))
    demon = doc["demon"]
    if demon is not None:
        demon = _obj(demon, ("name", "level"), f"territories.{name}.demon")
        if demon["name"] not in DEMONS or demon["level"] not in LEVELS:
            _fail(f"territories.{name}.demon names an unknown demon or level")
        demon = (demon["name"], demon["level"])
    t = Territory(_int(doc["energy"], f"{name} energy"), guardians, priestesses, pagoda, demon)
    if (t.pieces(0) and t.pieces(1)) or (t.pagoda and t.pieces(1 - t.pagoda[0])):
        _fail(f"{name} holds pieces of both colours (T13)")
    if t.pagoda and t.demon:
        _fail(f"{name} holds a pagoda and a demon (T13.4)")
    return t


def _player(doc, seat: str) -> Player:
    doc = _obj(doc, ("pool", "reserve", "unpaid"), f"players.{seat}")
    reserve = _obj(doc["reserve"], ("guardian", "priestess", "pagoda"), f"players.{seat}.reserve")
    unpaid = _obj(doc["unpaid"], ("guardian", "priestess"), f"players.{seat}.unpaid")
    return Player(
        _int(doc["pool"], f"{seat} pool"),
        _int(reserve["guardian"], f"{seat} reserve"), _int(reserve["priestess"], f"{seat} reserve"),
        _int(reserve["pagoda"], f"{seat} reserve"),
        _int(unpaid["guardian"], f"{seat} unpaid", 0, 1), _int(unpaid["priestess"], f"{seat} unpaid", 0, 1),
    )


def from_json(doc) -> State:
    if not isinstance(doc, dict):
        _fail("the document must be an object")
    keys = ("game", "map", "altar", "territories", "portal", "players", "die", "turn",
            "turns_without_build", "pending", "result")
    doc = _obj(doc, keys, "the document")
    if doc["game"] != "tibetana" or doc["map"] != "standard" or doc["altar"] != list(ALTAR):
        _fail("game, map or altar is not Tibetana's standard (T3, T8.5)")
    tdoc = _obj(doc["territories"], NAMES, "territories")
    territories = tuple(_territory(tdoc[name], name) for name in NAMES)
    players = _obj(doc["players"], SEATS, "players")
    players = (_player(players["pink"], "pink"), _player(players["green"], "green"))
    turn = _obj(doc["turn"], ("number", "active", "actions_left", "specials", "used_energy", "built",
                              "summon_due", "draw_offered"), "turn")
    state = State(
        territories=territories,
        portal=_portal(doc["portal"], territories),
        players=players,
        die=_int(doc["die"], "die", 0, 5),
        number=_int(turn["number"], "turn.number", 1),
        active=_seat(turn["active"], "turn.active"),
        actions_left=_int(turn["actions_left"], "turn.actions_left"),
        specials=_specials(turn["specials"]),
        used=_marks(turn["used_energy"], territories),
        built=_bool(turn["built"], "turn.built"),
        summon_due=_bool(turn["summon_due"], "turn.summon_due"),
        draw_offered=_bool(turn["draw_offered"], "turn.draw_offered"),
        without_build=_int(doc["turns_without_build"], "turns_without_build", 0, 10),
        pending=copy.deepcopy(doc["pending"]),
        result=copy.deepcopy(doc["result"]),
    )
    if state.active != (state.number + 1) % 2:
        _fail("turn.active must be pink on odd turns and green on even turns")
    _check_supply(state)
    _check_demons(state)
    _check_pending(state)
    _check_result(state)
    return state


def _portal(value, territories) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2 or any(v not in INDEX for v in value):
        _fail("portal must be null or two territory names")
    x, y = sorted(INDEX[v] for v in value)
    destroyed = sum(1 << i for i, t in enumerate(territories) if t is None)
    edge = board.perimeter(destroyed)
    if x == y or x not in edge or y not in edge:
        _fail("the portal must touch two distinct existing perimeter territories (T22)")
    return x, y


def _specials(value) -> tuple:
    if not isinstance(value, list) or value != [s for s in SPECIALS if s in value] or len(set(value)) != len(value):
        _fail("turn.specials must list exert, summon, expel, portal, each at most once, in that order")
    return tuple(value)


def _marks(value, territories) -> tuple[dict, dict]:
    value = _obj(value, SEATS, "turn.used_energy")
    out = []
    for c, seat in enumerate(SEATS):
        if not isinstance(value[seat], dict):
            _fail("turn.used_energy.<colour> must be an object")
        marks = {}
        for name, count in value[seat].items():
            if name not in INDEX or territories[INDEX[name]] is None:
                _fail(f"turn.used_energy.{seat} names {name!r}, not an existing territory")
            _int(count, f"turn.used_energy.{seat}.{name}", 1)
            if count > territories[INDEX[name]].priestesses[c]:
                _fail(f"more marks than {seat} priestesses in {name} (T18.6)")
            marks[INDEX[name]] = count
        out.append(marks)
    return out[0], out[1]


def _check_supply(s: State) -> None:
    for c, seat in enumerate(SEATS):
        on_map = {"G": 0, "P": 0, "pagoda": 0}
        for t in s.territories:
            if t is not None:
                on_map["G"] += t.guardians[c]
                on_map["P"] += t.priestesses[c]
                on_map["pagoda"] += bool(t.pagoda and t.pagoda[0] == c)
        p = s.players[c]
        if p.guardian + p.unpaid_guardian + on_map["G"] != 6 or p.priestess + p.unpaid_priestess + on_map["P"] != 6:
            _fail(f"{seat} must have 6 guardians and 6 priestesses in reserve, unpaid and on the map (T8)")
        if p.pagoda + on_map["pagoda"] != 5:
            _fail(f"{seat} must have 5 pagodas in reserve and on the map (T8)")


def _check_demons(s: State) -> None:
    seen = [t.demon[0] for t in s.territories if t is not None and t.demon]
    if len(seen) != len(set(seen)):
        _fail("a demon stands on the map twice")


def _check_pending(s: State) -> None:
    p = s.pending
    if p is None:
        return
    kind = p.get("kind") if isinstance(p, dict) else None
    shapes = {
        "roll": ("kind", "enflamed"), "place": ("kind", "demon", "level"),
        "explosion": ("kind", "demon", "territory", "queue"), "kuberan": ("kind", "territory"),
        "free_build": ("kind", "territory", "seat", "energy_after"), "citipati_end": ("kind", "left"),
        "draw_offer": ("kind",),
    }
    if kind not in shapes:
        _fail("pending.kind is not one of the kinds of T34")
    _obj(p, shapes[kind], "pending")
    demons_on_map = {t.demon[0]: i for i, t in enumerate(s.territories) if t is not None and t.demon}
    if kind == "roll":
        _bool(p["enflamed"], "pending.enflamed")
    elif kind == "place":
        if p["demon"] not in DEMONS or p["level"] not in LEVELS or p["demon"] in demons_on_map:
            _fail("pending place must name a demon off the map and a level")
    elif kind in ("explosion", "kuberan", "free_build"):
        demon = p.get("demon", "kuberan")
        allowed = ("citipati", "kurukulla", "heruka") if kind == "explosion" else ("kuberan",)
        if demon not in allowed or demons_on_map.get(demon) != INDEX.get(p["territory"]):
            _fail(f"pending {kind} must name the territory where {demon} stands")
        if kind == "explosion" and (not isinstance(p["queue"], list) or not p["queue"]
                                    or any(q not in SEATS for q in p["queue"]) or len(p["queue"]) > 3):
            _fail("pending.queue must list one to three seats")
        if kind == "free_build":
            _seat(p["seat"], "pending.seat")
            if p["energy_after"] is not None:
                _seat(p["energy_after"], "pending.energy_after")
    elif kind == "citipati_end":
        _int(p["left"], "pending.left", 1, 2)
        if "citipati" not in demons_on_map:
            _fail("pending citipati_end needs Citipati on the map")


def _check_result(s: State) -> None:
    r = s.result
    if r is None:
        return
    r = _obj(r, ("winners", "reason", "scores"), "result")
    if not isinstance(r["winners"], list) or any(w not in SEATS for w in r["winners"]):
        _fail("result.winners must list seats")
