"""Ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system"), one rating period per game.

The first half is pure arithmetic on ``Glicko`` values; ``score_game`` applies it to a finished
game's seats under the game's row lock, exactly once (``Game.scored``). Bots are players too: a
bot level has one rating per game, like a user, moved only by its results against people (a game
with no human seat is never rated, and two bots in one game are not rated against each other).

A game of three or four seats is rated as pairwise results between all seats: every winner beats
every non-winner, and seats on the same side of that line (two winners, two losers, a draw) tie.
"""

from __future__ import annotations

import hashlib
import logging
import math
from dataclasses import dataclass

from django.db import connection, transaction

from engine import get_game
from games import notifications
from games.models import Game, Rating

log = logging.getLogger(__name__)

SCALE = 173.7178  # Glicko-2's ratio between the Glicko and the Glicko-2 scale
TAU = 0.5  # constrains the change of volatility; Glickman suggests 0.3 to 1.2
EPSILON = 1e-6  # convergence tolerance of the volatility iteration


@dataclass(frozen=True)
class Glicko:
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Glicko, results: list[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """The player's rating after one period with ``results`` = [(opponent, score 1 / 0.5 / 0)]."""
    mu, phi = (player.rating - 1500.0) / SCALE, player.deviation / SCALE
    if not results:  # step 6 alone: an idle period only widens the deviation
        return Glicko(player.rating, SCALE * math.sqrt(phi * phi + player.volatility**2), player.volatility)
    inverse_v, gain = 0.0, 0.0
    for opponent, score in results:
        mu_j, phi_j = (opponent.rating - 1500.0) / SCALE, opponent.deviation / SCALE
        g, e = _g(phi_j), _expected(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / inverse_v
    sigma = _new_volatility(phi, player.volatility, v, v * gain, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Glicko(1500.0 + SCALE * new_mu, SCALE * new_phi, sigma)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the root of f by the Illinois algorithm (regula falsi), as the paper gives it."""
    a = math.log(sigma * sigma)

    def f(x):
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)


def pairwise_scores(seats: list[int], winners: set[int]) -> dict[tuple[int, int], float]:
    """Score of seat ``i`` against seat ``j`` for every ordered pair: winners beat the others."""
    scores = {}
    for i in seats:
        for j in seats:
            if i != j:
                scores[(i, j)] = 0.5 if (i in winners) == (j in winners) else float(i in winners)
    return scores


def rate_period(players: dict, seats_of: dict, winners: set[int], counts=None) -> dict:
    """New ratings of every player after one game (one rating period).

    ``players`` maps a player key to its ``Glicko`` before the game, ``seats_of`` a player key to
    the seats it held. A player never plays itself (a user holding two seats, two seats of the
    same bot level): those pairs are left out, as is any pair for which ``counts(a, b)`` is false.
    """
    owner = {seat: key for key, seats in seats_of.items() for seat in seats}
    scores = pairwise_scores(sorted(owner), winners)
    results: dict = {key: [] for key in players}
    for (i, j), score in scores.items():
        if owner[i] != owner[j] and (counts is None or counts(owner[i], owner[j])):
            results[owner[i]].append((players[owner[j]], score))
    return {key: update(players[key], results[key]) for key in players}


# --- the database side ------------------------------------------------------------------------------
def score_game(game_id: int) -> dict | None:
    """Rate a game that is over, once. Returns {player: (before, after)}, or None if nothing to do.

    The ``scored`` flag is set in the same transaction as the ratings, under the game's row lock:
    a second delivery of the scoring task finds it set and changes nothing.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or not game.is_over or game.scored:
            return None
        changes = _rate(game) if game.rated and game.status == Game.Status.FINISHED else {}
        Game.objects.filter(pk=game.pk).update(scored=True)
        notifications.tell_rating_changes(game.pk, {int(k.split(":")[1]): (b.rating, a.rating)
                                                    for k, (b, a) in changes.items() if k.startswith("user:")})
    log.info("scored game %s: %s", game_id, changes)
    return changes


def _player_key(seat) -> tuple[str, object] | None:
    if seat.bot:
        return ("bot", seat.bot)
    return ("user", seat.user_id) if seat.user_id else None


def _rate(game: Game) -> dict:
    names = get_game(game.name).seat_names(game.players)
    winners = {names.index(w) for w in (game.outcome or {}).get("winners", []) if w in names}
    seats_of: dict = {}
    for seat in game.seats.all():
        key = _player_key(seat)
        if key is not None:
            seats_of.setdefault(key, []).append(seat.number)
    if len(seats_of) < 2 or not any(kind == "user" for kind, _ in seats_of):
        return {}  # nobody to be rated against, or no human: bots move only through games against people
    _serialize_rating_writes(game.name)
    rows = {key: _rating_row(game.name, key) for key in seats_of}
    before = {key: Glicko(r.rating, r.deviation, r.volatility) for key, r in rows.items()}
    after = rate_period(before, seats_of, winners, counts=_against_a_human)
    for key, row in rows.items():
        row.rating, row.deviation, row.volatility = after[key].rating, after[key].deviation, after[key].volatility
        row.games += 1
        row.save()
    return {f"{kind}:{who}": (before[(kind, who)], after[(kind, who)]) for kind, who in rows}


def _against_a_human(a, b) -> bool:
    """Bots play each other only inside games with people: those results never move a bot."""
    return a[0] == "user" or b[0] == "user"


def _serialize_rating_writes(game_name: str) -> None:
    """One rating writer per game name at a time (PostgreSQL; SQLite serializes writers anyway).

    Two games finishing together may share a player, and the unique constraint cannot stop two
    rows for one bot level (``user`` is NULL for bots, and NULLs are distinct): a transaction-scoped
    advisory lock makes read-update-write of ratings safe without either.
    """
    if connection.vendor != "postgresql":
        return
    key = int.from_bytes(hashlib.sha256(f"ratings:{game_name}".encode()).digest()[:8], "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


def _rating_row(game_name: str, key) -> Rating:
    kind, who = key
    if kind == "bot":
        row, _ = Rating.objects.get_or_create(game_name=game_name, user=None, bot=who)
    else:
        row, _ = Rating.objects.get_or_create(game_name=game_name, user_id=who, bot="")
    return row
