"""Setting the table: options, the deal or draft, deployment and the hidden Sword (N7-N11, N44)."""

from __future__ import annotations

from engine.core import IllegalAction, Option
from engine.nakatha.board import GREY, SEGMENT_LETTERS
from engine.nakatha.state import DEAL_ORDER, FACTIONS, PIECE_NAMES, State


def _need(name: str, default: int, meaning: str) -> Option:
    # "Roll need N" succeeds on N or more of a d6 (rulings, conventions): 1 always, 7 never.
    return Option(name, "int", default, meaning, 1, 7)


#: N44: every dial, with its ruled default, its meaning and the values the rules can play with.
OPTIONS = (
    Option("deal", "choice", "random", "random: the factions are dealt by chance; draft: a snake draft (N7)",
           choices=("random", "draft")),
    Option("quickstart", "bool", False, "fixed deal and deployment (N11)"),
    _need("friendly_territory", 3, "need for the territory roll (N26)"),
    # N39: there are 90 grey tiles to claim.
    Option("board_majority", "int", 30, "claims of grey tiles that win The Board (N39)", 1, 90),
    # N27, N34: 12 is the widest distance on the board, so a longer range changes nothing.
    Option("breath_range", "int", 2, "maximum Breath distance (N27)", 1, 12),
    Option("emberfall_rounds", "int", 1, "rounds a Dragon rests after breathing; 0 = none (N27)", 0, 100),
    _need("passage", 3, "need for the Passage roll (N23)"),
    _need("milaze", 5, "need for the Milaze, action and escape (N30)"),
    _need("makabi_ward", 5, "need for the Makabi ward (N26)"),
    _need("providence", 5, "need for Divine Providence (N26)"),
    # N31: a Bargain price starts at 6 and falls by 1 after each failure, down to the floor.
    Option("bargain_floor", "int", 2, "lowest Bargain price (N31)", 1, 6),
    Option("outerlands_loyalty", "int", 0, "surviving rolls to own a piece outright; 0 = never (N32)", 0, 100),
    Option("outerlands_owned_cap", "int", 1, "most pieces owned outright at once (N32)", 0, 29),
    # N25: a tile has at most six neighbours.
    Option("dragon_kill", "int", 3, "hostile pieces adjacent to kill a Dragon (N25)", 1, 6),
    Option("court_range", "int", 2, "range of the Fae court actions (N34)", 1, 12),
    Option("long_silence", "bool", False, "quiet rounds end the game (N42)"),
    Option("silence_rounds", "int", 10, "quiet rounds before the Long Silence ends the game (N42)", 1, 1000),
    Option("even_hands", "bool", False, "the Even hands extra activation (N43)"),
)
DEFAULT_OPTIONS = {option.name: option.default for option in OPTIONS}

#: N9: the fixed deployment pattern, piece name -> tile index in the chosen segment.
PATTERNS = {
    "humans": {
        "1": 11,
        "2": 12,
        "3": 13,
        "4": 14,
        "5": 15,
        "6": 7,
        "7": 8,
        "8": 9,
        "9": 10,
        "10": 4,
        "11": 6,
    },
    "dae": {"1": 11, "2": 12, "3": 13, "4": 14, "5": 15, "6": 8},
    "fae": {"white": 11, "green": 13, "amber": 15, "sandstone": 5},
    "dragons": {"1": 12, "2": 13, "3": 14},
    "makabi": {"maiden": 12, "mother": 13, "seer": 14},
    "outerlands": {"ansidora": 12, "tsiorak": 14},
}
assert all(set(PATTERNS[f]) == set(PIECE_NAMES[f]) for f in FACTIONS)


def check_option_values(options: dict) -> None:
    """Refuse option values the rules cannot play with (N44), by the declaration above."""
    for option in OPTIONS:
        option.check(options[option.name])


def deal_sequence(players: int) -> tuple[int, ...]:
    """N7: the snake order of the seats, truncated to six positions."""
    snake = list(range(players)) + list(range(players - 1, -1, -1))
    while len(snake) < 6:
        snake += snake
    return tuple(snake[:6])


def deployment_order(players: int) -> tuple[int, ...]:
    """N8: round the seats in seat order, skipping seats with nothing left to deploy."""
    left = [deal_sequence(players).count(i) for i in range(players)]
    order = []
    while any(left):
        for i in range(players):
            if left[i]:
                order.append(i)
                left[i] -= 1
    return tuple(order)


def dealt_count(s: State) -> int:
    return sum(len(f) for f in s.seats)


def deployed_count(s: State) -> int:
    return sum(1 for g in s.segments.values() if g is not None)


# --- the deal -------------------------------------------------------------------------------
def undealt(s: State) -> list[str]:
    taken = {f for fs in s.seats for f in fs}
    return [f for f in DEAL_ORDER if f not in taken]


def give_faction(s: State, faction: str) -> None:
    """Hand the next faction along the deal sequence; after the sixth, deployment begins."""
    seat = deal_sequence(len(s.seats))[dealt_count(s)]
    seats = list(s.seats)
    seats[seat] = seats[seat] + (faction,)
    s.seats = tuple(seats)
    if dealt_count(s) == 6:
        s.phase = "deploy"
        s.pending = {"kind": "deploy", "seat": deployment_order(len(s.seats))[0]}
    elif s.options["deal"] == "draft":
        s.pending = {"kind": "draft", "seat": deal_sequence(len(s.seats))[dealt_count(s)]}


def deal_actions(s: State) -> list[str]:
    verb = "deal" if s.pending["kind"] == "deal" else "draft"
    return sorted(f"{verb} {f}" for f in undealt(s))


def apply_deal(s: State, faction: str) -> None:
    if faction not in undealt(s):
        raise IllegalAction("N7", f"the {faction} have already been dealt")
    give_faction(s, faction)


# --- deployment ---------------------------------------------------------------------------
def free_segments(s: State) -> list[str]:
    used = set(s.segments.values())
    return [g for g in SEGMENT_LETTERS if g not in used]


def undeployed(s: State, seat: int) -> list[str]:
    return [f for f in s.seats[seat] if s.segments[f] is None]


def deploy_actions(s: State) -> list[str]:
    seat = s.pending["seat"]
    return sorted(f"deploy {f} {g}" for f in undeployed(s, seat) for g in free_segments(s))


def deploy(s: State, faction: str, segment: str) -> None:
    """N8, N9: place a faction by its pattern and claim every tile it occupies."""
    s.edit("segments")[faction] = segment
    for name, index in PATTERNS[faction].items():
        tile = f"{segment}{index}"
        s.set_piece(f"{faction}.{name}", tile=tile)
        s.claim(tile, faction)
    s.disturbed = False  # deployment is not play (N42)
    done = deployed_count(s)
    if done == 6:
        s.phase = "sword"
        s.pending = {"kind": "sword"}
    else:
        s.pending = {"kind": "deploy", "seat": deployment_order(len(s.seats))[done]}


def apply_deploy(s: State, faction: str, segment: str) -> None:
    seat = s.pending["seat"]
    if faction not in s.seats[seat]:
        raise IllegalAction("N8", f"seat p{seat} does not hold the {faction}")
    if s.segments[faction] is not None:
        raise IllegalAction("N8", f"the {faction} are already deployed")
    if segment not in free_segments(s):
        raise IllegalAction("N8", f"segment {segment} is already taken")
    deploy(s, faction, segment)


def quickstart(s: State) -> None:
    """N11: the fixed deal and deployment of teaching games."""
    order = ("humans", "dae", "fae", "dragons", "makabi", "outerlands")
    for faction in order:
        give_faction(s, faction)
    for faction, segment in zip(order, SEGMENT_LETTERS):
        deploy(s, faction, segment)


def sword_actions() -> list[str]:
    return sorted(f"sword {t}" for t in GREY)
