"""Pure-Python game engines: no Django here (rulings/COMMON.md is the contract)."""

from engine.core import (  # noqa: F401
    CHANCE,
    FIRST_RULES_VERSION,
    EngineError,
    Game,
    IllegalAction,
    InvalidPosition,
    NotationError,
    Option,
    Shuffle,
    UnknownOption,
    UnknownRulesVersion,
)
from engine.registry import available, get_game, register, unregister  # noqa: F401


def __getattr__(name):
    # GAME_NAMES is computed on access so that a game package added later is listed.
    if name == "GAME_NAMES":
        return tuple(available())
    raise AttributeError(name)
