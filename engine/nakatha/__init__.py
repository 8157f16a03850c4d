"""Nakatha: territory, treachery and divinity for 2 to 6 players (rulings/nakatha.md)."""

from engine.nakatha.game import Nakatha

GAME = Nakatha()

__all__ = ["GAME", "Nakatha"]
