"""Tibetana: two tribes build pagodas while five demons bend the rules (rulings/tibetana.md)."""

from engine.tibetana.game import Tibetana

GAME = Tibetana()

__all__ = ["GAME", "Tibetana"]
