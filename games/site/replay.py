"""The replay slider's position: the caller's view of a game as it stood after event ``seq``.

It replays the engine events up to ``seq`` from the start, hiding exactly what the live view hides
(the user's seat view while the game runs, the full document once it is over).
"""

from __future__ import annotations

from games import selectors
from games.models import Event, Game
from games.store import ENGINE_KINDS, engine_of


def position_at(game: Game, user, seq: int) -> dict:
    engine = engine_of(game)
    seq = max(0, min(seq, game.seq))
    state = engine.setup(game.players, game.options)
    notations = (
        Event.objects.filter(game=game, seq__lte=seq, kind__in=ENGINE_KINDS).order_by("seq").values_list("notation", flat=True)
    )
    for notation in notations:
        state = engine.play(state, notation)
    seat = selectors.seat_for(game, user, game.to_act)
    document = engine.to_json(state) if game.is_over else engine.view(state, seat)
    return {"seq": seq, "seat": engine.seat_name(game.players, seat) if seat is not None else None, "view": document}
