"""Paso del Brahmán: rulebook ``seeds/paso-del-brahman-rulebook.txt`` as amended by ``rulings/paso.md``.

Modules: ``board`` (geometry, computed once), ``state`` (the position value and its fingerprint),
``document`` (the JSON document), ``notation``, ``rules`` (legal actions and their effects),
``protection`` (the Protection test), ``game`` (the engine contract).
"""

from engine.paso.game import PasoGame

GAME = PasoGame()

__all__ = ["GAME", "PasoGame"]
