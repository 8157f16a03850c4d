"""Reads: what each caller may see of a game. Hidden information is removed here, in one place.

A seat sees ``engine.view(state, seat)``; anyone else sees the spectator view; once the game is over
everyone sees the full document, and secret CHANCE outcomes appear in the history.
"""

from __future__ import annotations

from django.db.models import F

from engine import available, get_game
from games.errors import InvalidRequest, NotFound
from games.models import Game, Seat
from games.store import engine_of, game_with_seats, load_state, record_of, replay

WITHHELD = "(hidden until the game ends)"


def get(game_id) -> Game:
    """The game with its seats and their players, in one query (every read needs the seats)."""
    game = game_with_seats(game_id) or Game.objects.filter(pk=game_id).first()  # seatless: a test's row
    if game is None:
        raise NotFound(f"no game {game_id}")
    return game


def seats_of(game: Game, user) -> list[int]:
    if user is None or not user.is_authenticated:
        return []
    return [s.number for s in game.seats.all() if s.user_id == user.pk and s.is_taken]


def seat_for(game: Game, user, to_act: int | None = None) -> int | None:
    """The seat whose eyes the user looks through: the one to act if it is theirs, else their first."""
    mine = seats_of(game, user)
    if to_act in mine:
        return to_act
    return mine[0] if mine else None


def game_summary(game: Game) -> dict:
    engine = get_game(game.name)
    names = engine.seat_names(game.players)
    return {
        "id": game.pk,
        "game": game.name,
        "players": game.players,
        "options": game.options,
        "status": game.status,
        "seq": game.seq,
        "seats": [_seat_summary(s, names) for s in game.seats.all()],
        "to_act": names[game.to_act] if game.to_act is not None and game.status == Game.Status.ACTIVE else None,
        "outcome": game.outcome,
        "draw_offer": [names[n] for n in game.draw_offer],
        "time_control": game.time_control,
        "rated": game.rated,
        "deadline_at": game.deadline_at.isoformat() if game.deadline_at else None,
        "seed_hash": game.seed_hash,
        "seed": game.seed if game.is_over else None,
        "created_at": game.created_at.isoformat(),
        "updated_at": game.updated_at.isoformat(),
    }


def _seat_summary(seat, names: list[str]) -> dict:
    """A seat as clients list it: an invitation shows whom it is offered to, and is not open."""
    invited = seat.is_invitation
    player = seat.invited.username if invited else seat.player_name
    return {"number": seat.number, "name": names[seat.number], "player": player, "open": seat.is_open,
            "invited": invited}


def invitations_for(user) -> list[dict]:
    """The invitations waiting on ``user``, the soonest to lapse first."""
    if user is None or not user.is_authenticated:
        return []
    seats = (Seat.objects.filter(invited=user, taken_at__isnull=True, game__status=Game.Status.OPEN)
             .select_related("game", "game__created_by").order_by("invited_until", "game_id"))
    rows = []
    for seat in seats:
        game = seat.game
        rows.append({
            "game": game.pk,
            "name": game.name,
            "players": game.players,
            "seat": seat.number,
            "seat_name": get_game(game.name).seat_name(game.players, seat.number),
            "invited_by": game.created_by.username if game.created_by_id else None,
            "invited_until": seat.invited_until,  # a datetime: the API's serializer writes it as ISO 8601
            "rated": game.rated,
            "time_control": game.time_control,
        })
    return rows


def view_for(game: Game, user) -> dict:
    """The caller's view: ``{seq, seat, view}`` (seat is null for a spectator)."""
    return seat_view(game, seat_for(game, user, game.to_act))


def seat_view(game: Game, seat: int | None) -> dict:
    """What ``seat`` sees (None: a spectator): ``{seq, seat, view}``; the whole document once over."""
    engine = engine_of(game)
    if game.seq == 0 or game.status == Game.Status.OPEN:
        state = engine.setup(game.players, game.options)
        document = engine.view(state, seat)
    else:
        _, state = load_state(game)
        document = engine.to_json(state) if game.is_over else engine.view(state, seat)
    return {"seq": game.seq, "seat": engine.seat_name(game.players, seat) if seat is not None else None, "view": document}


def full_view(game: Game) -> dict:
    """The auditor's view: the whole document, only once the game is over."""
    engine, state = load_state(game)
    return engine.to_json(state)


def legal_for(game: Game, user) -> dict:
    """The caller's legal actions in notation; empty unless one of their seats is to act."""
    seat = game.to_act if game.to_act in seats_of(game, user) else None
    return {"seq": game.seq, "actions": seat_legal(game, seat)}


def seat_legal(game: Game, seat: int | None) -> list[str]:
    """The legal actions of ``seat`` in notation: empty unless it is the seat to act."""
    if seat is None or game.status != Game.Status.ACTIVE or game.to_act != seat:
        return []
    engine, state = load_state(game)
    return engine.legal_notation(state)


def history(game: Game) -> list[dict]:
    """Every event in order, in notation; secret outcomes withheld until the game ends."""
    revealed = game.is_over
    rows = []
    for event in game.events.order_by("seq"):
        hidden = event.secret and not revealed
        rows.append(
            {
                "seq": event.seq,
                "kind": event.kind,
                "actor": event.actor,
                "action": WITHHELD if hidden else (event.notation or None),
                "payload": {} if hidden else event.payload,
                "at": event.created_at.isoformat(),
                "hash": event.hash,
            }
        )
    return rows


def export_records(game: Game) -> list[dict]:
    """The verifiable export: every event with its hash-chain fields (secrets withheld while running)."""
    revealed = game.is_over
    records = []
    for event in game.events.order_by("seq"):
        record = record_of(event)
        if event.secret and not revealed:
            record["notation"], record["payload"] = WITHHELD, {}
        records.append(record)
    return records


def list_games(user, *, mine=False, my_turn=False, open_=False, status=None, name=None):
    # Checked before they reach a query: an unknown value is the caller's mistake (and text with a
    # NUL byte would make PostgreSQL fail).
    if status and status not in Game.Status.values:
        raise InvalidRequest(f"status must be one of {', '.join(Game.Status.values)}", field="status")
    if name and name not in available():
        raise InvalidRequest(f"unknown game {name!r}; games: {', '.join(available())}", field="game")
    games = Game.objects.prefetch_related("seats__user", "seats__invited").order_by("-updated_at")
    if status:
        games = games.filter(status=status)
    if name:
        games = games.filter(name=name)
    if open_:
        # One filter() call: the same seat is untaken and offered to nobody.
        games = games.filter(status=Game.Status.OPEN, seats__taken_at__isnull=True, seats__invited__isnull=True)
        games = games.distinct()
    if mine or my_turn:
        if user is None or not user.is_authenticated:
            return games.none()
        games = games.filter(seats__user=user).distinct()
    if my_turn:
        # One filter() call: the seat that is the user's is the seat to act.
        games = games.filter(status=Game.Status.ACTIVE, seats__user=user, seats__number=F("to_act")).distinct()
    return games


def position_at(game: Game, seq: int) -> dict:
    """The position after event ``seq`` (admins, auditors): the whole document once the game is over,
    the spectator's view while it runs (nobody, staff included, sees hidden parts before the end)."""
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= game.seq:
        raise InvalidRequest(f"seq must be an integer from 0 to {game.seq}", field="seq")
    engine, state = replay(game, seq)
    document = engine.to_json(state) if game.is_over else engine.view(state, None)
    return {"seq": seq, "full": game.is_over, "rules_version": engine.rules_version, "position": document}

