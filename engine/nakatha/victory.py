"""Ending the game: Dominion, the Board, the Long Silence (N38, N39, N42, N51), and the releases
of control that removal and reversion set off (N29, N31)."""

from __future__ import annotations

from engine.nakatha.state import MAIDEN, OUTLANDERS, State


def finish(s: State, winners: list[int], reason: str) -> None:
    s.result = {"winners": [f"p{i}" for i in sorted(winners)], "reason": reason, "scores": None}
    s.phase = "over"
    s.pending = None
    s.activation = None


def check_dominion(s: State) -> bool:
    """N38: every piece on the board is controlled by one seat."""
    if s.result is not None or s.phase != "play":
        return s.result is not None
    controller = s.controllers()  # once: this runs after every action
    seats = {controller[pid] for pid in s.census().on_board}
    if len(seats) == 1:
        finish(s, [seats.pop()], "dominion")
        return True
    return False


def check_board(s: State, seat: int) -> bool:
    """N39: one faction of ``seat`` claims ``board_majority`` grey tiles."""
    counts = s.faction_claims()
    if any(counts.get(f, 0) >= s.options["board_majority"] for f in s.seats[seat]):
        finish(s, [seat], "board")
        return True
    return False


def silence_reached(s: State) -> bool:
    """N42: in play, the quiet spell has lasted ``silence_rounds`` turns per seat still in, whether
    or not the Long Silence is on to end the game there."""
    if s.phase != "play":
        return False
    out = s.out_seats()
    return s.silence >= s.options["silence_rounds"] * (len(s.seats) - len(out))


def check_silence(s: State) -> bool:
    """N42: the Long Silence ends a stalled game; the faction with most claims wins."""
    if not s.options["long_silence"] or not silence_reached(s):
        return False
    out = s.out_seats()
    alive = [i for i in range(len(s.seats)) if i not in out]
    counts = s.faction_claims()
    holder = s.holder()
    factions = [f for i in alive for f in s.seats[i]]
    best = max(counts.get(f, 0) for f in factions)
    seats = {holder[f] for f in factions if counts.get(f, 0) == best}
    finish(s, list(seats) if len(seats) == 1 else [], "silence")
    return True


def release_holds(s: State) -> None:
    """Everything the Maiden holds returns to its own people (N29)."""
    for pid in s.census().held:  # a frozenset, which the releases replace but never change
        s.set_piece(pid, held=None)


def revert(s: State, pid: str) -> None:
    """A turned piece goes home where it stands (N31); a reverting Maiden lets go."""
    s.set_piece(pid, turned=False, survived=0, owned=False)
    if pid == MAIDEN:
        release_holds(s)


def after_outlander_falls(s: State) -> None:
    """N31: the bargain dies with the Outerlands, not with one outlander."""
    if all(s.pieces[o].tile is None for o in OUTLANDERS):
        for pid, p in list(s.pieces.items()):
            if p.turned:
                revert(s, pid)


def thaw_for_out_seats(s: State) -> None:
    """N19: a seat that goes out releases every piece it froze."""
    out = s.out_seats()
    if not out:
        return
    for pid in [pid for pid in s.census().frozen if s.pieces[pid].frozen in out]:
        s.set_piece(pid, frozen=None)
