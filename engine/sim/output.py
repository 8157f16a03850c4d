"""Files written with ``--out DIR``: every game (CSV and JSON), the summary (JSON), and charts."""

from __future__ import annotations

import csv
import json
from pathlib import Path

#: CSV columns: the flat facts of a game; nested ones (hands, claims, credit) are JSON-encoded.
COLUMNS = ("cell_index", "cell", "index", "players", "bots", "result", "winners", "reason", "actions",
           "decisions", "turns", "capped", "stalled", "most_quiet", "order", "scores", "hands", "claims", "credit")


def write(out: Path, spec, records: list, summary: dict, notes: list[str]) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    games_json, games_csv, summary_json = out / "games.json", out / "games.csv", out / "summary.json"
    games_json.write_text(json.dumps(records, indent=None, separators=(",", ":")) + "\n")
    with games_csv.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(COLUMNS)
        for record in records:
            writer.writerow([_cell(record.get(column)) for column in COLUMNS])
    about = {"game": spec.game, "games_per_cell": spec.games, "players": list(spec.players), "bots": list(spec.bots),
             "options": spec.options, "sweep": {k: list(v) for k, v in spec.sweep}, "seed": spec.seed,
             "cap": spec.cap, "notes": notes}
    summary_json.write_text(json.dumps({"run": about, **summary}, indent=1) + "\n")
    return [games_json, games_csv, summary_json]


def _cell(value) -> str:
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"))
    return "" if value is None else str(value)
