"""The registry of games by name: the only way tools outside the engine reach a game."""

from __future__ import annotations

import importlib

from engine.core import Game

#: Every game this project knows, in the order the site lists them, with the module defining it.
_MODULES = {
    "paso": "engine.paso",
    "tibetana": "engine.tibetana",
    "nakatha": "engine.nakatha",
    "mandara": "engine.mandara",
}

_extra: dict[str, Game] = {}


_loaded: dict[str, Game | None] = {}


def _load(name: str) -> Game | None:
    """The game module's ``GAME`` (imported once: this is on every move's path)."""
    if name not in _loaded:
        _loaded[name] = _import(name)
    return _loaded[name]


def _import(name: str) -> Game | None:
    try:
        module = importlib.import_module(_MODULES[name])
    except ModuleNotFoundError as exc:
        if exc.name and _MODULES[name].startswith(exc.name):
            return None  # this game's package is not written yet
        raise
    return getattr(module, "GAME", None)


def available() -> list[str]:
    """The names of the games that are playable now."""
    names = [name for name in _MODULES if _load(name) is not None]
    return names + [name for name in _extra if name not in names]


def get_game(name: str, rules_version: int | None = None) -> Game:
    """The game by name; with ``rules_version``, as played under that version (``Game.for_version``)."""
    if name in _extra:
        game = _extra[name]
    else:
        game = _load(name) if name in _MODULES else None
    if game is None:
        raise KeyError(f"unknown game {name!r}; games: {', '.join(available())}")
    return game if rules_version is None else game.for_version(rules_version)


def register(game: Game) -> None:
    """Add a game at run time (test doubles use this)."""
    _extra[game.name] = game


def unregister(name: str) -> None:
    _extra.pop(name, None)
