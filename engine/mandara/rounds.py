"""The round machine (rulings M11, M12, M17, M25, M27, M29-M31).

Every function takes a ``Draft`` and carries the game forward through the automatic steps until
an actor must decide: automatic steps never stop (M12).
"""

from __future__ import annotations

from engine.core import CHANCE, IllegalAction
from engine.mandara.cards import resolve_human
from engine.mandara.mandala import new_tile_spaces
from engine.mandara.placement import acquire, next_placer
from engine.mandara.state import DEALABLE, LAST_ROUND, NEUTRAL, Card, Draft, Tile
from engine.mandara.stroke import path_scores
from engine.mandara.tiles import ORIENTATIONS, TILE_NUMBERS
from engine.mandara.track import lowest_ranked, move_marker, starting_track

# --- setup and preparation (M11, M29) --------------------------------------------------------------


def order_track(d: Draft, seats: tuple[int, ...]) -> None:
    if sorted(seats) != list(range(d.players)):
        raise IllegalAction("M11", "the starting order must list every seat colour exactly once")
    d.track, d.scores = starting_track(seats)
    d.rest("shuffle", CHANCE)


def shuffle_pile(d: Draft, tiles: tuple[int, ...]) -> None:
    if sorted(tiles) != list(TILE_NUMBERS):
        raise IllegalAction("M11", "the shuffle must list the tiles 1 to 9 exactly once each")
    d.tile_pile = tuple(tiles)
    d.rest("draw", CHANCE)


def draw_tile(d: Draft, tile: int) -> None:
    if not d.tile_pile or tile != d.tile_pile[0]:
        top = d.tile_pile[0] if d.tile_pile else "none"
        raise IllegalAction("M33", f"only the top of the tile pile can be drawn (tile {top}), not {tile}")
    d.turned = Tile.fresh(tile)
    d.tile_pile = d.tile_pile[1:]
    d.rest("orient", lowest_ranked(d.track))


def orient_tile(d: Draft, degrees: int) -> None:
    if degrees not in ORIENTATIONS:
        raise IllegalAction("M7", f"{degrees} is not an orientation (0, 90, 180, 270)")
    tile = d.turned
    d.turned = Tile(tile.number, degrees, tile.stacks)
    if d.round == 0:
        d.round = 1  # no refill and no deal before round 1 (M11)
        start_placement(d)
        return
    refill_hands(d)
    d.rest("deal", CHANCE)


def refill_hands(d: Draft) -> None:
    """From each player's own stock into hand: 4 players 1; 3 players 1 after odd, 2 after even (M29)."""
    amount = 1 if d.players == 4 or d.round % 2 == 1 else 2
    for seat in range(d.players):
        taken = min(amount, d.stocks[seat])
        d.stocks[seat] -= taken
        d.hands[seat] += taken


def deal_size(round_played: int) -> int:
    """Three cards after rounds 1-7; four after round 8, when the Human Realm retires (M29)."""
    return 4 if round_played == LAST_ROUND - 1 else 3


def deal_cards(d: Draft, cards: tuple[str, ...]) -> None:
    count = deal_size(d.round)
    if len(cards) != count or len(set(cards)) != count or not set(cards) <= set(DEALABLE):
        raise IllegalAction("M29", f"the deal after round {d.round} is {count} different cards among "
                                   f"{', '.join(DEALABLE)}")
    first = 4 - count  # card space 1 keeps the Human Realm until round 8 is over
    for k, name in enumerate(cards, start=first):
        d.cards[k] = Card(name)
    d.round += 1
    start_placement(d)


# --- placement to resolution (M13, M17) ------------------------------------------------------------


def start_placement(d: Draft) -> None:
    seat = next_placer(d.track, d.hands, None)
    if seat is None:
        end_placement(d)
    else:
        d.rest("place", seat)


def after_placing(d: Draft) -> None:
    seat = next_placer(d.track, d.hands, d.actor)
    if seat is None:
        end_placement(d)
    else:
        d.actor = seat


def end_placement(d: Draft) -> None:
    acquire(d)
    continue_resolution(d)


def current_card(cards) -> int | None:
    """Index of the lowest-numbered card that still holds pieces (M17)."""
    for k, card in enumerate(cards):
        if card is not None and card.stack:
            return k
    return None


def continue_resolution(d: Draft) -> None:
    """Resolve cards in card-space order; rest at the first holder who must decide (M17, M18)."""
    while (k := current_card(d.cards)) is not None:
        card = d.cards[k]
        if card.name == "human":
            resolve_human(d, k)
            continue
        d.rest("resolve", card.stack[0])
        return
    if d.turned is not None:
        place_automatically(d)
    score_round(d)
    if d.round >= LAST_ROUND:
        end_game(d)
    else:
        d.rest("draw", CHANCE)


def place_automatically(d: Draft) -> None:
    """The smallest-numbered tile space allowed by M24, orientation and pieces kept (M25)."""
    space = new_tile_spaces(d.board)[0]
    d.board[space - 1] = d.turned
    d.turned = None


# --- scoring and the end (M27, M30, M31) -----------------------------------------------------------


def score_round(d: Draft) -> None:
    scores = path_scores(d.board, d.players)
    for seat in list(d.track):  # the track as it stood when scoring began
        move_marker(d.track, d.scores, seat, scores[seat])
    d.path_scores = scores


def end_game(d: Draft) -> None:
    """The three adjustments of M30, in order, each in track order as it stands; then ``over``."""
    paths = d.path_scores if d.path_scores is not None else path_scores(d.board, d.players)
    longest = max(paths)
    if longest > 0:
        for seat in list(d.track):
            if paths[seat] == longest:
                move_marker(d.track, d.scores, seat, 3)
    for tile in d.board:
        if tile is not None:
            award_majority(d, tile)
    for seat in list(d.track):
        move_marker(d.track, d.scores, seat, -2 * d.hands[seat])
    d.rest("over", None)


def award_majority(d: Draft, tile: Tile) -> None:
    counts = [0] * d.players
    for stack in tile.stacks:
        for piece in stack:
            if piece != NEUTRAL:
                counts[piece] += 1
    top = max(counts)
    if top < 1:
        return
    for seat in list(d.track):
        if counts[seat] == top:
            move_marker(d.track, d.scores, seat, 1)
