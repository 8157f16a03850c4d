"""PNG charts of a run (matplotlib, Agg backend: no display needed).

``win_rates.png``: per cell of the sweep (dial value), each faction's share of the wins (Nakatha)
or each place in the first round's turn order, with 95% Wilson intervals as error bars.
``stalls.png``: the stall rate per cell. ``factions_by_players.png`` (Nakatha, mixed counts).
"""

from __future__ import annotations

from pathlib import Path

from engine.sim import stats
from engine.sim.report import describe_cell


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")  # files only: never look for a display
    import matplotlib.pyplot as plt

    return plt


def draw(out: Path, title: str, records: list, summary: dict) -> list[Path]:
    plt = _pyplot()
    cells = summary["cells"]
    labels = [describe_cell(c["cell"]) for c in cells]
    by_cell = [[r for r in records if r["cell_index"] == i] for i in range(len(cells))]
    written = []
    if "factions" in cells[0]:
        series = {f: [c["factions"][f] for c in cells] for f in sorted(cells[0]["factions"])}
        written.append(_bars(plt, out / "win_rates.png", f"{title}: share of wins by faction", labels, series,
                             even=1 / 6))
        by_players = cells[0]["factions_by_players"]
        if len(by_players) > 1:
            factions = sorted(cells[0]["factions"])
            series = {f: [by_players[p][f] for p in by_players] for f in factions}
            written.append(_bars(plt, out / "factions_by_players.png", f"{title}: share of wins by player count",
                                 [f"{p} players" for p in by_players], series, even=1 / 6))
    else:
        places = max(r["players"] for r in records)
        series = {f"place {k + 1}": [_place_rate(group, k) for group in by_cell] for k in range(places)}
        written.append(_bars(plt, out / "win_rates.png", f"{title}: win rate by place in turn order", labels, series,
                             even=1 / min(r["players"] for r in records)))
    written.append(_bars(plt, out / "stalls.png", f"{title}: games stalled", labels,
                         {"stalled": [c["stalled"] for c in cells]}))
    return written


def _place_rate(group: list, place: int) -> dict:
    eligible = [r for r in group if r["players"] > place]
    wins = sum(1 for r in eligible if stats.sole_winner(r) is not None and r["order"].index(stats.sole_winner(r)) == place)
    return stats.rate(wins, len(eligible))


def _bars(plt, path: Path, title: str, labels: list, series: dict, even: float | None = None) -> Path:
    wide = min(12.0, max(5.0, 0.35 * len(labels) * len(series) + 2))
    figure, axes = plt.subplots(figsize=(wide, 4.0), dpi=80)
    width = 0.8 / len(series)
    for k, (name, entries) in enumerate(series.items()):
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(labels))]
        ys = [100 * e["rate"] for e in entries]
        # A bar with no games behind it (a place a smaller table lacks) gets no error bar.
        errors = [[100 * max(0.0, e["rate"] - e["low"]) if e["games"] else 0.0 for e in entries],
                  [100 * max(0.0, e["high"] - e["rate"]) if e["games"] else 0.0 for e in entries]]
        axes.bar(xs, ys, width, yerr=errors, capsize=2, label=name)
    if even is not None:
        axes.axhline(100 * even, color="grey", linestyle="--", linewidth=0.8)
    axes.set_xticks(range(len(labels)), labels, fontsize=7)
    axes.set_ylabel("%")
    axes.set_title(title, fontsize=9)
    if len(series) > 1:
        axes.legend(fontsize=6, ncol=min(6, len(series)))
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return path
