"""Conditional moves, the pure part: a tree's shape and limits, its lines checked on a position, and
which branch an opponent's turn takes. No database here (``games.conditional`` stores trees;
``games.plan`` fires them).

A tree is a list of branches ``{"if": [action, ...], "then": [action, ...], "next": [branch, ...]}``:
"if the opponent's whole turn is these actions, my whole turn is those, then ``next`` waits". In
Paso del Brahmán a turn is one action (a plain string is taken as a one-action list); in Tibetana a
turn is every action of a seat until the turn passes. Actions are kept in canonical notation, so a
turn matches by plain comparison.
"""

from __future__ import annotations

from engine import CHANCE, EngineError
from games.errors import InvalidRequest

#: The games that take conditional moves (two players, no hidden information).
GAMES = ("paso", "tibetana")
#: Limits of one tree: levels of branches, branches in all, actions in one turn, length of one action.
MAX_DEPTH, MAX_NODES, MAX_TURN, MAX_TEXT = 10, 100, 20, 80


def shape(tree) -> list[dict]:
    """The tree as normalized branches (lists of action texts), or a 400 naming the bad node's path."""
    count = [0]
    return _branches(tree, "tree", 1, count)


def _branches(value, path: str, depth: int, count: list) -> list[dict]:
    if not isinstance(value, list):
        raise InvalidRequest(f"{path} must be a list of branches", field=path)
    if depth > MAX_DEPTH and value:
        raise InvalidRequest(f"{path}: a tree is at most {MAX_DEPTH} levels deep", field=path)
    out, conditions = [], set()
    for i, node in enumerate(value):
        here = f"{path}[{i}]"
        count[0] += 1
        if count[0] > MAX_NODES:
            raise InvalidRequest(f"{here}: a tree holds at most {MAX_NODES} branches", field=here)
        if not isinstance(node, dict) or not {"if", "then"} <= set(node) or set(node) - {"if", "then", "next"}:
            raise InvalidRequest(f'{here} must be {{"if": ..., "then": ..., "next": [...]}}', field=here)
        branch = {"if": _turn(node["if"], f"{here}.if"), "then": _turn(node["then"], f"{here}.then"),
                  "next": _branches(node.get("next", []), f"{here}.next", depth + 1, count)}
        if tuple(branch["if"]) in conditions:
            raise InvalidRequest(f"{here}.if: two branches with the same condition", field=f"{here}.if")
        conditions.add(tuple(branch["if"]))
        out.append(branch)
    return out


def _turn(value, path: str) -> list[str]:
    actions = [value] if isinstance(value, str) else value
    if not isinstance(actions, list) or not 0 < len(actions) <= MAX_TURN or not all(
            isinstance(a, str) and 0 < len(a.strip()) <= MAX_TEXT and "\x00" not in a for a in actions):
        raise InvalidRequest(f"{path} must be an action (or a list of 1 to {MAX_TURN}) of at most {MAX_TEXT} "
                             "characters", field=path)
    return [a.strip() for a in actions]


# --- the lines, on the position where the tree waits ----------------------------------------------------------
def check_lines(engine, state, owner: int, branches: list[dict], path: str = "tree") -> list[dict]:
    """Every action of every line checked on the position it is played in (notation, legality, whose
    turn); returned in canonical notation. Past a CHANCE outcome (a Tibetana roll) the position is
    not known yet: the rest of that line is checked for notation only, and for legality when it fires."""
    return [_line(engine, state, owner, b, f"{path}[{i}]") for i, b in enumerate(branches)]


def _line(engine, state, owner: int, branch: dict, path: str) -> dict:
    opponent = 1 - owner
    condition, state = _play_turn(engine, state, opponent, branch["if"], f"{path}.if")
    answer, state = _play_turn(engine, state, owner, branch["then"], f"{path}.then")
    if state is None or engine.outcome(state) is not None:
        nexts = [_notation_only(engine, b, f"{path}.next[{i}]") for i, b in enumerate(branch["next"])]
    else:
        nexts = check_lines(engine, state, owner, branch["next"], f"{path}.next")
    return {"if": condition, "then": answer, "next": nexts}


def _play_turn(engine, state, seat: int, actions: list[str], path: str):
    """The turn played by ``seat``: its actions in canonical notation and the state after it (None:
    not known, a CHANCE outcome came first)."""
    out = []
    for i, text in enumerate(actions):
        here = f"{path}[{i}]"
        if state is not None and engine.actor(state) == CHANCE:
            state = None
        if state is None:
            out.append(_canonical(engine, text, None, here))
            continue
        if engine.outcome(state) is not None or engine.actor(state) != seat:
            raise InvalidRequest(f"{here}: {text!r} cannot be played: the turn has passed (or the game ended) here",
                                 field=here)
        action = _parsed(engine, text, state, here)
        try:
            state = engine.apply(state, action)
        except EngineError as exc:
            raise InvalidRequest(f"{here}: {text!r} is illegal here: {exc}", field=here) from exc
        out.append(engine.format(action))
    if state is not None and engine.actor(state) == seat and engine.outcome(state) is None:
        raise InvalidRequest(f"{path}: a condition or an answer is a whole turn: the turn has not passed after it",
                             field=path)
    return out, state


def _notation_only(engine, branch: dict, path: str) -> dict:
    return {"if": [_canonical(engine, t, None, f"{path}.if[{i}]") for i, t in enumerate(branch["if"])],
            "then": [_canonical(engine, t, None, f"{path}.then[{i}]") for i, t in enumerate(branch["then"])],
            "next": [_notation_only(engine, b, f"{path}.next[{i}]") for i, b in enumerate(branch["next"])]}


def _canonical(engine, text: str, state, path: str) -> str:
    return engine.format(_parsed(engine, text, state, path))


def _parsed(engine, text: str, state, path: str):
    try:
        return engine.parse(text, state)
    except Exception as exc:  # any parser's refusal of this text is the caller's 400
        raise InvalidRequest(f"{path}: {text!r} is not an action in this game's notation", field=path) from exc


# --- firing ------------------------------------------------------------------------------------------------------
def on_line(branches: list[dict], partial: list[str]) -> bool:
    """Whether the opponent's turn so far is the start of some branch's condition."""
    return any(b["if"][:len(partial)] == partial for b in branches)


def branch_for(branches: list[dict], turn: list[str]) -> dict | None:
    """The branch whose condition is exactly the opponent's whole turn, or None (off the tree)."""
    return next((b for b in branches if b["if"] == turn), None)


# --- the text form ("X -> Y; Z -> W" per line) ------------------------------------------------------------------
def parse_text(text: str) -> list[dict]:
    """One line per line of play: ``their turn -> my turn; their turn -> my turn ...`` (a turn's
    several actions separated by commas). Lines sharing their first steps share those branches."""
    if not isinstance(text, str):
        raise InvalidRequest("text must be a string", field="text")
    root: list[dict] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        level = root
        for step in line.split(";"):
            if "->" not in step:
                raise InvalidRequest(f"line {number}: each step is 'their move -> your answer'", field="text")
            condition, answer = (part.strip() for part in step.split("->", 1))
            them, me = _actions(condition), _actions(answer)
            node = next((b for b in level if b["if"] == them), None)
            if node is None:
                node = {"if": them, "then": me, "next": []}
                level.append(node)
            elif node["then"] != me:
                raise InvalidRequest(f"line {number}: two answers to the same move", field="text")
            level = node["next"]
    return root


def _actions(text: str) -> list[str]:
    return [a.strip() for a in text.split(",") if a.strip()]


def to_text(branches: list[dict], prefix: str = "") -> list[str]:
    """The tree as the text form's lines, one per leaf."""
    lines = []
    for b in branches:
        step = f"{prefix}{', '.join(b['if'])} -> {', '.join(b['then'])}"
        lines += to_text(b["next"], f"{step}; ") if b["next"] else [step]
    return lines
