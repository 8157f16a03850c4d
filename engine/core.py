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
from typing import Any

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


class NotationError(IllegalAction):
    """Text that is not an action in the game's notation at all."""

    def __init__(self, message: str, rule: str = "notation"):
        super().__init__(rule, message)


class InvalidPosition(EngineError):
    """A position document that breaks the game's canonical-document rules."""


class UnknownOption(EngineError):
    """An option name the game does not have, or a value it cannot take."""


class UnknownRulesVersion(EngineError):
    """A rules version this engine can no longer (or cannot yet) play."""


#: The version of every game before versions were recorded: a history without one was made under it.
FIRST_RULES_VERSION = 1


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

    def default_options(self, players: int) -> dict:
        """Every option (rule dial) the game knows, with its default. ``setup`` refuses others."""
        return {}

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

    # --- for searches ----------------------------------------------------------------------
    def sample_action(self, state: State, rng) -> Action:
        """One legal action drawn with ``rng``, as a random playout takes it.

        Uniform over ``legal_actions`` here; a game whose list is long to build may draw without
        building it, as long as every action it returns is legal.
        """
        return rng.choice(self.legal_actions(state))

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
        """Merge ``options`` over the defaults; refuse unknown names with the valid ones listed."""
        if players not in self.player_counts:
            raise UnknownOption(
                f"{self.name} is played by {', '.join(map(str, self.player_counts))} players, not {players}"
            )
        merged = dict(self.default_options(players))
        for key, value in (options or {}).items():
            if key not in merged:
                valid = ", ".join(sorted(merged)) or "none"
                raise UnknownOption(f"unknown option {key!r} for {self.name}; valid options: {valid}")
            merged[key] = value
        return merged
