"""Conditional moves, the service: a player stores, reads and clears their own tree while waiting.

Only Paso del Brahmán and Tibetana (two players, no hidden information) take them. A tree is stored
under the game's row lock, after the writer's check (``check_writable``, the seat), with every line
checked on the current position (``conditional_tree``); the row's count of waiting trees keeps the
one-statement optimistic write away from the game, so the next move takes the locked path, whose
plan fires the tree (``plan.respond``). Only the owner ever reads a tree: nobody else's is answered,
and a tree's content is never logged, broadcast or put in an error for anyone else.
"""

from __future__ import annotations

from django.db import transaction

from games import conditional_tree, optimistic, services
from games.errors import Conflict, Forbidden, InvalidRequest, NotFound
from games.models import ConditionalTree, Game
from games.store import load_state


def read(*, user, game_id: int) -> dict:
    game = _game(game_id)
    seat = _seat_of(game, user)
    # Its owner's only: a seat handed to another player (a moderator's act) does not hand them the tree.
    row = ConditionalTree.objects.filter(game=game, seat=seat, user=user).first()
    return _answer(game, row)


@transaction.atomic
def store(*, user, game_id: int, tree=None, text=None) -> dict:
    """Store the caller's tree (``tree``, or the text form ``text``), replacing any they had."""
    if (tree is None) == (text is None):
        raise InvalidRequest('send the tree ("tree") or its text form ("text"), one of them', field="tree")
    branches = conditional_tree.parse_text(text) if text is not None else None
    services.check_writable(user)
    game = services.locked(game_id)
    seat = _waiting_seat(game, user)
    branches = conditional_tree.shape(branches if branches is not None else tree)
    engine, state = load_state(game)
    branches = conditional_tree.check_lines(engine, state, seat, branches)
    if not branches:
        return _clear_locked(game, seat)
    ConditionalTree.objects.update_or_create(game=game, seat=seat,
                                                       defaults={"user": user, "tree": branches, "partial": []})
    _count(game)
    return _answer(game, ConditionalTree.objects.get(game=game, seat=seat))


@transaction.atomic
def clear(*, user, game_id: int) -> dict:
    services.check_writable(user)
    game = services.locked(game_id)
    return _clear_locked(game, _seat_of(game, user))


def _clear_locked(game: Game, seat: int) -> dict:
    ConditionalTree.objects.filter(game=game, seat=seat).delete()
    _count(game)
    return _answer(game, None)


def _count(game: Game) -> None:
    """The row's count of waiting trees (the optimistic write's guard), under the row lock."""
    game.conditionals = ConditionalTree.objects.filter(game=game).count()
    game.save(update_fields=["conditionals"])
    optimistic.forget(game.pk)  # this process's remembered head no longer tells the whole story


def _answer(game: Game, row) -> dict:
    tree = row.tree if row else []
    return {"game": game.pk, "seq": game.seq, "tree": tree, "text": "\n".join(conditional_tree.to_text(tree)),
            "partial": row.partial if row else []}


def _game(game_id: int) -> Game:
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first()
    if game is None:
        raise NotFound(f"no game {game_id}")
    return game


def _seat_of(game: Game, user) -> int:
    mine = [s.number for s in game.seats.all() if s.user_id == user.pk and s.is_taken]
    if not mine:
        raise Forbidden("you have no seat in this game")
    return mine[0]


def _waiting_seat(game: Game, user) -> int:
    if game.name not in conditional_tree.GAMES:
        raise Conflict(f"conditional moves are for {' and '.join(conditional_tree.GAMES)} only")
    seat = _seat_of(game, user)
    if game.status != Game.Status.ACTIVE:
        raise Conflict(f"the game is {game.get_status_display()}: no conditional move can be stored")
    if len([s for s in game.seats.all() if s.user_id == user.pk]) > 1:
        raise Conflict("conditional moves need an opponent: you hold every seat")
    if game.to_act == seat:
        raise Conflict("it is your turn: conditional moves wait for the opponent's turn")
    return seat
