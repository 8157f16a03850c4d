"""The shape of a turn: its start, the Ambush window, extra activations and its end (N13-N16,
N29, N36, N41-N43)."""

from __future__ import annotations

from engine.nakatha.board import GREY_SET, KIND, NEIGHBOURS, SEGMENT_OF
from engine.nakatha.rest import can_rest, place
from engine.nakatha.state import MAIDEN, SEER, State, born
from engine.nakatha.victory import check_board, check_silence, finish, revert


# --- start of turn (N14) -----------------------------------------------------------------------
def begin_turn(s: State) -> None:
    vigil = s.vigil
    if vigil is not None and vigil["seat"] == s.active:
        piece = s.pieces.get(vigil["piece"])
        if piece and piece.tile == vigil["tile"] and piece.sword and s.controller(vigil["piece"]) == s.active:
            finish(s, [s.active], "sword")
            return
        s.vigil = None
    if "outerlands" in s.seats[s.active]:
        first = next_turned(s, "")
        if first is not None:
            s.pending = {"kind": "roll", "roll": "reversion", "need": 2, "piece": first}
            return
    after_upkeep(s)


def next_turned(s: State, after: str) -> str | None:
    """The next turned piece not owned outright, in canonical order (N14)."""
    pieces = s.pieces
    ids = sorted(
        pid for pid in s.census().turned if not pieces[pid].owned and pieces[pid].tile is not None and pid > after
    )
    return ids[0] if ids else None


def reversion_result(s: State, value: int) -> None:
    """N31, N32: on a 1 the piece goes home; otherwise it survives another upkeep."""
    pid = s.pending["piece"]
    if value < s.pending["need"]:
        revert(s, pid)
    else:
        survived = s.pieces[pid].survived + 1
        s.set_piece(pid, survived=survived)
        loyalty = s.options["outerlands_loyalty"]
        owned = sum(1 for p in s.pieces.values() if p.owned)
        if loyalty >= 1 and survived >= loyalty and owned < s.options["outerlands_owned_cap"]:
            s.set_piece(pid, owned=True)
    nxt = next_turned(s, pid)
    if nxt is not None:
        s.pending = {"kind": "roll", "roll": "reversion", "need": 2, "piece": nxt}
    else:
        after_upkeep(s)


def after_upkeep(s: State) -> None:
    seat = s.active
    for pid in [pid for pid in s.census().frozen if s.pieces[pid].frozen == seat]:
        s.set_piece(pid, frozen=None)  # thaw (N35)
    s.pending = {"kind": "activate", "seat": s.active, "bonus": None}


# --- who may be activated (N15, N29, N43) ---------------------------------------------------------
def activatable(s: State, seat: int, bonus: str | None) -> list[str]:
    out = []
    done = s.activated
    used = {s.allegiance(pid) if s.pieces[pid].tile is not None else born(pid) for pid in done}
    for pid, p in s.pieces.items():
        if p.tile is None or p.frozen is not None or pid in done or s.controller(pid) != seat:
            continue
        if bonus == "seer" and (born(pid) != "makabi" or pid == SEER):
            continue
        if bonus == "even_hands" and s.allegiance(pid) in used:
            continue
        out.append(pid)
    return sorted(out)


# --- the claim step and the Ambush window (N24, N36) -------------------------------------------
def claim_step(s: State) -> None:
    act = s.activation
    faction = s.allegiance(act.piece)
    for tile in act.claim:
        s.claim(tile, faction)


def ambush_tiles(s: State, fae: str, target: str) -> list[str]:
    here = s.pieces[fae].tile
    return [t for t in NEIGHBOURS[s.pieces[target].tile] if t != here and can_rest(s, fae, t, s.occupant)]


def ambushers(s: State, seat: int, target: str) -> list[str]:
    """The fae of ``seat`` that may ambush ``target`` (N36 a-d)."""
    home = s.segments["fae"]
    out = []
    for name in ("amber", "green", "sandstone", "white"):
        fae = f"fae.{name}"
        p = s.pieces[fae]
        if p.tile is None or p.frozen is not None or s.controller(fae) != seat:
            continue
        if p.tile not in GREY_SET or SEGMENT_OF[p.tile] != home or s.controller(target) == seat:
            continue
        if ambush_tiles(s, fae, target):
            out.append(fae)
    return out


def ambush_window(s: State) -> None:
    pid = s.activation.piece
    tile = s.pieces[pid].tile
    if tile in GREY_SET and SEGMENT_OF[tile] == s.segments["fae"] and s.ambush_round != s.round:
        out = s.out_seats()
        n = len(s.seats)
        seats = [(s.active + k) % n for k in range(1, n)]
        seats = [i for i in seats if i not in out and ambushers(s, i, pid)]
        if seats:
            s.pending = {"kind": "ambush", "seat": seats[0], "piece": pid, "seats": seats[1:]}
            return
    after_activation(s)


def ambush_actions(s: State) -> list[str]:
    target = s.pending["piece"]
    out = [
        f"ambush {fae} {t}"
        for fae in ambushers(s, s.pending["seat"], target)
        for t in ambush_tiles(s, fae, target)
    ]
    return sorted(out) + ["pass"]


def ambush(s: State, fae: str, tile: str) -> None:
    place(s, fae, tile)
    s.claim(tile, s.allegiance(fae))
    s.ambush_round = s.round
    after_activation(s)


def pass_ambush(s: State) -> None:
    seats = s.pending["seats"]
    if seats:
        s.pending = {"kind": "ambush", "seat": seats[0], "piece": s.pending["piece"], "seats": seats[1:]}
    else:
        after_activation(s)


# --- after an activation (N29, N43) ------------------------------------------------------------
def after_activation(s: State) -> None:
    act = s.activation
    s.activation = None
    if act.ends_turn:
        return end_turn(s)
    if act.piece == SEER and s.seer_round != s.round and activatable(s, s.active, "seer"):
        s.pending = {"kind": "activate", "seat": s.active, "bonus": "seer"}
        return
    offer_even_hands(s)


def offer_even_hands(s: State) -> None:
    if (
        s.options["even_hands"]
        and not s.extra_used
        and len(s.seats[s.active]) >= 2
        and activatable(s, s.active, "even_hands")
    ):
        s.pending = {"kind": "activate", "seat": s.active, "bonus": "even_hands"}
        return
    end_turn(s)


def pass_activation(s: State) -> None:
    bonus = s.pending["bonus"]
    if bonus == "seer":
        offer_even_hands(s)
    else:
        end_turn(s)


# --- end of turn (N16) ---------------------------------------------------------------------------
def end_turn(s: State) -> None:
    seat = s.active
    if check_board(s, seat):
        return
    maiden = s.pieces[MAIDEN]
    if maiden.tile is not None and s.controller(MAIDEN) == seat:
        for pid in [pid for pid in s.census().held if s.pieces[pid].held < s.turn]:
            s.set_piece(pid, held=None)
    bearer = s.bearer()
    if bearer is not None:
        tile = s.pieces[bearer].tile
        if tile is not None and KIND[tile] == "divine" and s.controller(bearer) == seat:
            s.vigil = {"seat": seat, "piece": bearer, "tile": tile}
    s.silence = 0 if s.disturbed else s.silence + 1
    s.disturbed = False
    if check_silence(s):
        return
    out = s.out_seats()
    n = len(s.seats)
    nxt = next(((seat + k) % n for k in range(1, n + 1) if (seat + k) % n not in out), seat)
    if nxt <= seat:
        s.round += 1
    s.turn += 1
    s.active = nxt
    s.activated = ()
    s.extra_used = False
    s.activation = None
    begin_turn(s)
