"""The summary printed after a run: one block per cell of the sweep."""

from __future__ import annotations


def pct(entry: dict) -> str:
    return f"{100 * entry['rate']:5.1f}% [{100 * entry['low']:4.1f}-{100 * entry['high']:4.1f}]"


def describe_cell(cell: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in cell.items()) or "all games"


def render(summary: dict, header: list[str]) -> str:
    lines = list(header)
    for cell in summary["cells"]:
        lines += ["", f"== {describe_cell(cell['cell'])}: {cell['games']} games ==", *_cell(cell)]
    return "\n".join(lines) + "\n"


def _cell(cell: dict) -> list[str]:
    lines = [f"decided {cell['wins']}, drawn {cell['draws']}, cut by the cap {cell['capped']}, "
             f"stalled {cell['stalled']['wins']:.0f} ({pct(cell['stalled'])})",
             "victory reasons: " + ", ".join(f"{k} {v}" for k, v in cell["reasons"].items()),
             _length("actions", cell["actions"])]
    if cell["turns"]["max"]:
        lines.append(_length("turns", cell["turns"]))
    for players, seats in sorted(cell["seats"].items()):
        lines.append(f"win rate by seat, {players} players (95% Wilson):")
        lines += [f"  seat {i}: {pct(e)}" for i, e in enumerate(seats)]
        if cell["order_drawn"]:  # where the turn order is fixed, places repeat the seats
            lines.append(f"win rate by place in the first round's turn order, {players} players:")
            lines += [f"  {i + 1}. {pct(e)}" for i, e in enumerate(cell["positions"][players])]
    if "factions" in cell:
        lines += _factions(cell)
    return lines


def _length(label: str, entry: dict) -> str:
    return (f"{label} per game: mean {entry['mean']:.0f}, median {entry['median']:.0f}, "
            f"90th percentile {entry['p90']:.0f}, longest {entry['max']}")


def _factions(cell: dict) -> list[str]:
    lines = ["share of the wins by faction (even share 16.7%), and the routes taken:"]
    for faction, entry in sorted(cell["factions"].items(), key=lambda kv: -kv[1]["rate"]):
        routes = ", ".join(f"{k} {v:.0f}" for k, v in entry["routes"].items())
        lines.append(f"  {faction:<11}{pct(entry)}  {routes}")
    if len(cell["factions_by_players"]) > 1:
        factions = sorted(cell["factions"])
        lines.append("by player count: " + "  ".join(f"{f:>10}" for f in factions))
        for players, table in cell["factions_by_players"].items():
            lines.append(f"  {players} players:     " + "  ".join(f"{100 * table[f]['rate']:9.1f}%" for f in factions))
    if cell["pairs"]:
        lines.append("hands holding both factions: win rate vs the hand's even share")
        for pair, entry in sorted(cell["pairs"].items(), key=lambda kv: -kv[1]["rate"]):
            lines.append(f"  {pair:<22}{pct(entry)} of {entry['games']:>4}  (even {100 * entry['hand_share']:.1f}%)")
    claims = ", ".join(f"{f} {c:.1f}" for f, c in cell["claims"].items())
    lines.append(f"claims held at the end, mean: {claims}")
    lines.append(f"longest quiet spell (Long Silence counter): mean {cell['quiet']['mean']:.1f}, longest {cell['quiet']['max']}")
    return lines
