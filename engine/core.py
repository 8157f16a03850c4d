"""The engine contract every game implements (rulings/COMMON.md, section 1).

A game is data plus pure functions. A ``Game`` object carries them; its state type is the game's
own choice, with two promises: ``apply`` never mutates the state it is given (copy what changes,
share the rest), and ``from_json(to_json(s)) == s``.

Chance is a player: whenever the game needs a random outcome, ``actor(state)`` is ``CHANCE`` and
the outcomes are ordinary actions listed by ``legal_actions``. Nothing random happens in ``apply``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

#: The pseudo-seat that supplies every random outcome (a die roll, a draw, a hidden placement).
CHANCE = -1

Action = Any
State = Any


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(EngineError):
    """An action the rules refuse. ``rule`` names the ruling broken (e.g. ``"P10"``)."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.detail = message
        super().__init__(f"{rule}: {message}")


#: The one rule name every game reports for text that is not notation (rulings/COMMON.md section 3
#: names no ruling for it; each game's own notation ruling is cited in the message instead).
NOTATION_RULE = "notation"


class NotationError(EngineError):
    """Text that is not an action in the game's notation at all: a sibling of ``IllegalAction``, not
    a kind of it, since nothing was tried against the rules. ``rule`` is always ``NOTATION_RULE``."""

    rule = NOTATION_RULE

    def __init__(self, message: str):
        self.detail = message
        super().__init__(f"{NOTATION_RULE}: {message}")


class InvalidPosition(EngineError):
    """A position document that breaks the game's canonical-document rules."""


class UnknownOption(EngineError):
    """An option name the game does not have, or a value it cannot take."""


class UnknownRulesVersion(EngineError):
    """A rules version this engine can no longer (or cannot yet) play."""


#: The version of every game before versions were recorded: a history without one was made under it.
FIRST_RULES_VERSION = 1


@dataclass(frozen=True)
class Option:
    """One rule option (a dial) as a game declares it: everything that checks or offers options
    (setup, the service, the site's form, the API catalog, the simulator's ``--set``) reads this.

    ``kind`` is ``"bool"``, ``"int"`` (whole numbers from ``low`` to ``high``), ``"number"``
    (finite numbers from ``low`` to ``high``) or ``"choice"`` (one of ``choices``). Checking is
    strict: ``True`` is not a number, ``"3"`` is not 3, NaN and infinities are not numbers.
    """

    name: str
    kind: Literal["bool", "int", "number", "choice"]
    default: Any
    meaning: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def __post_init__(self):
        self.check(self.default)  # a declaration whose default it refuses is a bug, found at import

    def range_text(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"a whole number from {self.low} to {self.high}"
        if self.kind == "number":
            return f"a number from {self.low:g} to {self.high:g}"
        return "one of " + ", ".join(repr(c) for c in self.choices)

    def accepts(self, value) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return type(value) is int and self.low <= value <= self.high
        if self.kind == "number":
            # inf and NaN fail the comparison; a huge int compares exactly, without a float overflow
            return type(value) in (int, float) and self.low <= value <= self.high
        return isinstance(value, str) and value in self.choices

    def check(self, value):
        """``value`` if the option can take it, else ``UnknownOption`` naming the option and its range."""
        if not self.accepts(value):
            raise UnknownOption(f"option {self.name} must be {self.range_text()}, not {shown(value)}")
        return value

    def describe(self) -> dict:
        """The declaration as JSON, for clients that build a form from it."""
        out = {"name": self.name, "type": self.kind, "default": self.default, "meaning": self.meaning}
        if self.kind in ("int", "number"):
            out |= {"min": self.low, "max": self.high}
        elif self.kind == "choice":
            out["choices"] = list(self.choices)
        return out


def shown(value, limit: int = 40) -> str:
    """A short repr for messages: never the whole of a huge value (a 5,000-digit int has no repr)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a number of about {value.bit_length() * 3 // 10 + 1} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True)
class Shuffle:
    """A CHANCE node whose outcome is a permutation (COMMON section 4.2).

    ``items`` is the order before shuffling; ``to_action`` turns the shuffled list into the
    CHANCE action. A CHANCE node that is not a shuffle picks one of ``legal_actions``.
    """

    items: Sequence[Any]
    to_action: Callable[[list], Action]


class Game:
    """One game: the functions of COMMON section 1. Subclasses fill in every method."""

    name: str = ""
    player_counts: tuple[int, ...] = ()
    #: Bumped by every deliberate rules change that can alter how a stored game replays; each game
    #: records the version it was created under, and ``docs/rules/<game>.md`` lists the versions.
    rules_version: int = FIRST_RULES_VERSION

    def for_version(self, rules_version: int) -> Game:
        """The game as it was played under ``rules_version``, so a stored game replays as it was made.

        A game that keeps an old rule playable overrides this to return an object playing it.
        """
        if rules_version == self.rules_version:
            return self
        raise UnknownRulesVersion(
            f"{self.name} plays rules version {self.rules_version}; it cannot play version {rules_version!r}"
        )

    # --- seats and options -------------------------------------------------------------------
    def seat_names(self, players: int) -> list[str]:
        raise NotImplementedError

    def options_spec(self, players: int) -> tuple[Option, ...]:
        """Every option (rule dial) the game knows, declared once. A game with none declares none."""
        return ()

    def default_options(self, players: int) -> dict:
        """Every option with its default. ``setup`` refuses any other name."""
        return {option.name: option.default for option in self.options_spec(players)}

    # --- the state machine ---------------------------------------------------------------------
    def setup(self, players: int, options: dict | None = None) -> State:
        raise NotImplementedError

    def actor(self, state: State) -> int | None:
        """Seat number to act, ``CHANCE``, or ``None`` once the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: State) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: State, action: Action) -> State:
        raise NotImplementedError

    def outcome(self, state: State) -> dict | None:
        """``None`` while running; else ``{"winners": [...], "reason": ..., "scores": ...}``."""
        raise NotImplementedError

    # --- documents and notation ------------------------------------------------------------
    def to_json(self, state: State) -> dict:
        raise NotImplementedError

    def from_json(self, doc: dict) -> State:
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict:
        """The document with everything ``seat`` may not know removed (``None``: a spectator)."""
        return self.to_json(state)

    def format(self, action: Action) -> str:
        raise NotImplementedError

    def parse(self, text: str, state: State) -> Action:
        raise NotImplementedError

    # --- chance ----------------------------------------------------------------------------------
    def chance_shuffle(self, state: State) -> Shuffle | None:
        """The shuffle at this CHANCE node, or ``None`` when the node picks from ``legal_actions``."""
        return None

    def is_secret(self, state: State, action: Action) -> bool:
        """Whether this CHANCE outcome is withheld from every seat until the game ends."""
        return False

    def chance_class(self, state: State, outcome: Action):
        """A key shared by the outcomes of this CHANCE node after which the game goes on alike
        (a die rolled against a number needed: every failing face leads to the same position).
        A bot that averages over the outcomes judges one of each class. Default: each its own."""
        return outcome

    # --- for searches ----------------------------------------------------------------------
    def sample_action(self, state: State, rng) -> Action:
        """One legal action drawn with ``rng``, as a random playout takes it.

        Uniform over ``legal_actions`` here; a game whose list is long to build may draw without
        building it, as long as every action it returns is legal.
        """
        return rng.choice(self.legal_actions(state))

    # --- facts for the simulator (engine.sim asks these; it knows no game's rules) ---------------
    #: Outcome reasons meaning a stall rule ended the game (a quiet spell, not a victory).
    stall_reasons: frozenset[str] = frozenset()
    #: Notation of the actions by which a seat gives the game up or offers to end it, where the rules
    #: make those engine actions (Tibetana T32): a random player would take them within a few plies,
    #: so the simulator and the bots keep random play from them by asking this, not by naming them.
    concession_actions: frozenset[str] = frozenset()

    def turns_played(self, state: State) -> int | None:
        """The game's own count of its turns (rounds, in a game that counts rounds), if it keeps one."""
        return None

    def quiet_turns(self, state: State) -> int:
        """The game's count of consecutive quiet turns toward its stall rule (0 where it has none)."""
        return 0

    def stalled(self, state: State) -> bool:
        """Whether the quiet spell has reached the length at which the stall rule ends the game,
        whether or not the options turn that rule on."""
        return False

    def facts(self, state: State) -> dict:
        """What a finished game adds to a simulated game's record beyond the outcome (JSON)."""
        return {}

    # --- conveniences built on the contract ------------------------------------------------
    def play(self, state: State, text: str) -> State:
        """Parse ``text`` in notation and apply it."""
        return self.apply(state, self.parse(text, state))

    def legal_notation(self, state: State) -> list[str]:
        return [self.format(a) for a in self.legal_actions(state)]

    def seat_name(self, players: int, seat: int | None) -> str:
        if seat == CHANCE:
            return "chance"
        if seat is None:
            return "none"
        return self.seat_names(players)[seat]

    def check_options(self, players: int, options: dict | None) -> dict:
        """Merge ``options`` over the defaults, each value checked against its declaration.

        Raises ``UnknownOption`` for a player count the game is not played by, an unknown name
        (the valid ones listed, with their ranges) or a value out of its option's range.
        """
        if players not in self.player_counts:
            raise UnknownOption(
                f"{self.name} is played by {', '.join(map(str, self.player_counts))} players, not {shown(players)}"
            )
        if options is not None and not isinstance(options, dict):
            raise UnknownOption(f"options must be an object of option names and values, not {shown(options)}")
        declared = {option.name: option for option in self.options_spec(players)}
        merged = {name: option.default for name, option in declared.items()}
        for key, value in (options or {}).items():
            if key not in declared:
                valid = ", ".join(sorted(declared)) or "none"
                raise UnknownOption(f"unknown option {shown(key)} for {self.name}; valid options: {valid}")
            merged[key] = declared[key].check(value)
        return merged
