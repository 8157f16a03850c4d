"""Shared by the audit commands: the games to work on, with a progress bar on long runs."""

from __future__ import annotations

from django.core.management.base import CommandError
from tqdm import tqdm

from games.models import Game


def selected_games(game_id: int | None, every: bool, *, finished_only: bool = False):
    """One game by id, or every game (``finished_only``: only those that have ended)."""
    if game_id is not None:
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"no game {game_id}")
        return [game]
    if not every:
        raise CommandError("name a game with --game ID, or pass --all")
    games = Game.objects.order_by("pk")
    if finished_only:
        games = games.filter(status__in=[Game.Status.FINISHED, Game.Status.ABORTED])
    return games


def progress(games, stream, label: str):
    """A bar on the command's error stream (stdout stays the report); quiet for a single game."""
    games = list(games) if not isinstance(games, list) else games
    return tqdm(games, desc=label, unit="game", file=stream, disable=len(games) < 2, leave=False)
