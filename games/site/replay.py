"""The replay slider's position: the caller's view of a game as it stood after event ``seq``.

It replays the game up to ``seq`` (``store.replay``), hiding exactly what the live view hides
(the user's seat view while the game runs, the full document once it is over).
"""

from __future__ import annotations

from games import selectors
from games.models import Game
from games.store import replay


def position_at(game: Game, user, seq: int) -> dict:
    seq = max(0, min(seq, game.seq))
    engine, state = replay(game, seq)
    seat = selectors.seat_for(game, user, game.to_act)
    document = engine.to_json(state) if game.is_over else engine.view(state, seat)
    return {"seq": seq, "seat": engine.seat_name(game.players, seat) if seat is not None else None, "view": document,
            "rules_version": engine.rules_version}
