"""What to simulate: a game, a grid of rule dials, player counts and bots, checked up front.

A run is a list of cells (one per combination of swept dial values) times ``games`` games each.
Each game becomes a job: a small JSON-safe dict, so it can cross a process or a Celery queue.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from engine.bots import LEVELS
from engine.core import UnknownOption
from engine.registry import get_game

#: A game longer than this many actions (chance included) is cut and counted as such.
DEFAULT_CAP = 5000


class SpecError(ValueError):
    """A simulation request that cannot run; the message says which option is wrong and why."""


@dataclass(frozen=True)
class Spec:
    game: str
    games: int
    players: tuple[int, ...]
    bots: tuple[str, ...]
    options: dict = field(default_factory=dict)
    sweep: tuple[tuple[str, tuple], ...] = ()
    seed: int = 0
    cap: int = DEFAULT_CAP

    def cells(self) -> list[dict]:
        """Every combination of swept values, in the order given (one empty cell without a sweep)."""
        names = [name for name, _ in self.sweep]
        return [dict(zip(names, values)) for values in itertools.product(*(v for _, v in self.sweep))]

    def players_of(self, index: int) -> int:
        """Mixed counts take turns, so every count gets its share of any prefix of the run."""
        return self.players[index % len(self.players)]

    def bots_for(self, players: int) -> list[str]:
        return [self.bots[0]] * players if len(self.bots) == 1 else list(self.bots[:players])

    def jobs(self) -> list[dict]:
        jobs = []
        for cell_index, cell in enumerate(self.cells()):
            for index in range(self.games):
                players = self.players_of(index)
                jobs.append({
                    "game": self.game, "cell_index": cell_index, "cell": cell, "index": index,
                    "players": players, "bots": self.bots_for(players),
                    "options": {**self.options, **cell}, "seed": self.seed, "cap": self.cap,
                })
        return jobs


def build_spec(game: str, *, games: int = 100, players=None, bots=("policy",), sets=(), sweeps=(),
               seed: int = 0, cap: int = DEFAULT_CAP) -> Spec:
    """A checked Spec from command-line strings (``sets``: ``NAME=VALUE``; ``sweeps``: ``NAME=V1,V2``)."""
    try:
        engine_game = get_game(game)
    except KeyError as exc:
        raise SpecError(exc.args[0]) from None
    counts = tuple(players) if players else (engine_game.player_counts[0],)
    for count in counts:
        if count not in engine_game.player_counts:
            raise SpecError(f"{game} is played by {', '.join(map(str, engine_game.player_counts))} players, not {count}")
    if games < 1:
        raise SpecError("--games must be at least 1")
    if cap < 1:
        raise SpecError("--cap must be at least 1")
    bots = _check_bots(tuple(bots), max(counts))
    defaults = engine_game.default_options(max(counts))
    options = dict(_parse_assignment(engine_game, counts, text, defaults) for text in sets)
    sweep = tuple(_parse_sweep(engine_game, counts, text, defaults) for text in sweeps)
    swept = [name for name, _ in sweep]
    if len(set(swept)) < len(swept):
        raise SpecError("a dial is swept twice")
    return Spec(game, games, counts, bots, options, sweep, seed, cap)


def _check_bots(bots: tuple, most_players: int) -> tuple:
    """One level for every seat, or one per seat of the largest table (levels found at run time)."""
    for level in bots:
        if level not in LEVELS:
            raise SpecError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if len(bots) > 1 and len(bots) < most_players:
        raise SpecError(f"--bots names {len(bots)} seats but a table has {most_players}: name one level, or one per seat")
    return bots


def _split(text: str, flag: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise SpecError(f"{flag} takes NAME=VALUE, not {text!r}")
    return name.strip(), value.strip()


def _known(game, counts, name: str, defaults: dict) -> None:
    """An unknown name is refused with every valid one and its range, from the game's declaration."""
    if name not in defaults:
        valid = "; ".join(f"{o.name} ({o.range_text()})" for o in game.options_spec(counts[0])) or "none"
        raise SpecError(f"unknown option {name!r} for {game.name}; valid options: {valid}")


def _parse_assignment(game, counts, text: str, defaults: dict) -> tuple[str, object]:
    name, value = _split(text, "--set")
    _known(game, counts, name, defaults)
    return name, _check_value(game, counts, name, coerce(value, defaults[name], name))


def _parse_sweep(game, counts, text: str, defaults: dict) -> tuple[str, tuple]:
    name, values = _split(text, "--sweep")
    _known(game, counts, name, defaults)
    parsed = tuple(_check_value(game, counts, name, coerce(v.strip(), defaults[name], name))
                   for v in values.split(",") if v.strip())
    if not parsed:
        raise SpecError(f"--sweep {name} needs at least one value")
    return name, parsed


def _check_value(game, counts, name: str, value):
    """Let the game refuse a value it cannot take (setup is the judge), once per player count."""
    for count in counts:
        try:
            game.setup(count, game.check_options(count, {name: value}))
        except UnknownOption as exc:
            raise SpecError(str(exc)) from None
    return value


def coerce(text: str, default, name: str):
    """A command-line string read as the type of the dial's default."""
    if isinstance(default, bool):
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise SpecError(f"option {name!r} is true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise SpecError(f"option {name!r} takes a whole number, not {text!r}") from None
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise SpecError(f"option {name!r} takes a number, not {text!r}") from None
    return text
