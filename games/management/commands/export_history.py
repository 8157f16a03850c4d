"""``manage.py export_history (--game ID | --all) [--out DIR]``: write verifiable histories.

For each game, ``game-<id>.jsonl`` (one hash-chained event record a line, the format
``import_history`` and any offline verifier read) and ``game-<id>.txt`` (the plain notation). --all
exports every finished game. A running game's secret outcomes are withheld, as everywhere.
"""

from pathlib import Path

from django.core.management.base import BaseCommand

from games import audit, selectors
from games.management.commands._progress import progress, selected_games


class Command(BaseCommand):
    help = "Export one game, or every finished game, as JSON lines plus plain notation text."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, help="the id of one game")
        parser.add_argument("--all", action="store_true", help="every finished game")
        parser.add_argument("--out", default=".", help="directory to write into (default: here)")

    def handle(self, *args, game=None, all=False, out=".", **options):
        games = selected_games(game, all, finished_only=True)
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        written = 0
        for each in progress(games, self.stderr, "exporting"):
            records = selectors.export_records(each)
            (folder / f"game-{each.pk}.jsonl").write_bytes(audit.jsonl(records))
            (folder / f"game-{each.pk}.txt").write_text(audit.notation_text(records), encoding="utf-8")
            written += 1
            if not each.is_over:
                self.stderr.write(f"game {each.pk} is still running: its secret outcomes are withheld")
        self.stdout.write(f"exported {written} games to {folder}")
