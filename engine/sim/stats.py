"""Statistics over game records: win rates with 95% Wilson intervals, reasons, lengths.

Everything here takes plain records (``engine.sim.play``) and returns plain dicts, so the text
summary, the JSON file and the charts all read the same numbers.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from itertools import combinations

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; unlike p ± z·se it stays inside [0, 1] and is
    sensible at 0 and n successes. ``successes`` may be fractional (a shared win)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # Clamped so the interval always holds p itself (rounding can move an end past it at 0 or n).
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def rate(successes: float, n: int) -> dict:
    low, high = wilson(successes, n)
    return {"wins": round(successes, 6), "games": n, "rate": successes / n if n else 0.0, "low": low, "high": high}


def percentile(values: list, fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def length(values: list) -> dict:
    if not values:
        return {"mean": 0.0, "median": 0.0, "p90": 0.0, "max": 0}
    return {"mean": sum(values) / len(values), "median": percentile(values, 0.5),
            "p90": percentile(values, 0.9), "max": max(values)}


def sole_winner(record: dict) -> int | None:
    return record["winners"][0] if record["result"] == "win" else None


def by_seat(records: list) -> dict:
    """Win rate of each seat, per player count (seat numbers mean different things per count)."""
    out = {}
    for players, group in _group(records, lambda r: r["players"]).items():
        wins = Counter(sole_winner(r) for r in group)
        out[players] = [rate(wins[seat], len(group)) for seat in range(players)]
    return out


def by_position(records: list) -> dict:
    """Win rate by place in the first round's turn order (Mandara draws it; elsewhere it is fixed)."""
    out = {}
    for players, group in _group(records, lambda r: r["players"]).items():
        wins = Counter(r["order"].index(sole_winner(r)) for r in group
                       if sole_winner(r) is not None and sole_winner(r) in r["order"])
        out[players] = [rate(wins[place], len(group)) for place in range(players)]
    return out


def outcomes(records: list) -> dict:
    n = len(records)
    results = Counter(r["result"] for r in records)
    return {
        "games": n,
        "wins": results["win"], "draws": results["draw"], "capped": results["capped"],
        "stalled": rate(sum(r["stalled"] for r in records), n),
        "reasons": dict(Counter(r["reason"] or "capped" for r in records).most_common()),
        "actions": length([r["actions"] for r in records]),
        "turns": length([r["turns"] for r in records if r["turns"] is not None]),
    }


def by_faction(records: list) -> dict:
    """Nakatha: each faction's share of the wins (a game's win is credited to one faction, or
    shared by a Dominion hand), with the routes those wins took."""
    n = len(records)
    shares, routes = defaultdict(float), defaultdict(Counter)
    for record in records:
        for faction, share in record.get("credit", {}).items():
            shares[faction] += share
            routes[faction][record["reason"]] += share
    factions = _factions(records)
    return {f: {**rate(shares[f], n), "routes": {k: round(v, 6) for k, v in routes[f].most_common()}}
            for f in factions}


def by_faction_and_players(records: list) -> dict:
    return {players: by_faction(group) for players, group in sorted(_group(records, lambda r: r["players"]).items())}


def hand_pairs(records: list) -> dict:
    """Nakatha: how often a hand holding both factions of a pair wins (the combination sweep)."""
    held, won = Counter(), Counter()
    for record in records:
        winner = sole_winner(record)
        for seat, hand in enumerate(record.get("hands", [])):
            for pair in combinations(sorted(hand), 2):
                key = "+".join(pair)
                held[key] += 1
                won[key] += seat == winner
    return {key: {**rate(won[key], held[key]), "hand_share": _hand_share(key, records)} for key in sorted(held)}


def _hand_share(pair: str, records: list) -> float:
    """The win rate a hand would have by its size alone (1 / seats), averaged over its games."""
    shares = [1 / len(r["hands"]) for r in records for hand in r.get("hands", []) if set(pair.split("+")) <= set(hand)]
    return sum(shares) / len(shares) if shares else 0.0


def quiet_spells(records: list) -> dict:
    return length([r["most_quiet"] for r in records])


def mean_claims(records: list) -> dict:
    with_claims = [r["claims"] for r in records if "claims" in r]
    return {f: sum(c[f] for c in with_claims) / len(with_claims) for f in _factions(records)} if with_claims else {}


def summarize(records: list) -> dict:
    """Every table, once per cell of the sweep."""
    cells = []
    for _, group in sorted(_group(records, lambda r: r["cell_index"]).items()):
        drawn = any(r["order"] != sorted(r["order"]) for r in group)
        cell = {"cell": group[0]["cell"], **outcomes(group), "seats": by_seat(group), "positions": by_position(group),
                "order_drawn": drawn}
        if any("hands" in r for r in group):
            cell.update(factions=by_faction(group), factions_by_players=by_faction_and_players(group),
                        pairs=hand_pairs(group), quiet=quiet_spells(group), claims=mean_claims(group))
        cells.append(cell)
    return {"cells": cells}


def _factions(records: list) -> list:
    seen = []
    for record in records:
        for hand in record.get("hands", []):
            seen += [f for f in hand if f not in seen]
    return sorted(seen)


def _group(records, key) -> dict:
    groups = defaultdict(list)
    for record in records:
        groups[key(record)].append(record)
    return dict(groups)
