"""Mandara (曼荼羅) for 3 or 4 players: rulings/mandara.md amending the translated rulebook.

Modules by concern: ``tiles`` (faces and geometry), ``state`` (values and the draft), ``track``
(rank and turn order), ``placement`` (placing and acquiring), ``cards`` (the Six Realms),
``mandala`` (tile placement rules), ``stroke`` (the longest single stroke), ``rounds`` (the round
machine), ``notation``, ``document`` and ``game`` (the engine contract).
"""

from engine.mandara.game import Mandara

GAME = Mandara()
