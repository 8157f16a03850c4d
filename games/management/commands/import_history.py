"""``manage.py import_history FILE...``: verify exported histories, then store them.

Every history in every file must verify (hash chain, replay, result, seed commitment) and must have
ended; otherwise nothing is imported and the command says which game failed and why. A game keeps
its original id (its hash chain covers it); an id already used here by another history is refused.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games import audit


class Command(BaseCommand):
    help = "Verify and import games exported by export_history (JSON lines)."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="game-<id>.jsonl files")

    def handle(self, *args, files=(), **options):
        try:
            with transaction.atomic():
                results = {}
                for name in files:
                    results.update(audit.import_histories(self._read(name)))
        except audit.ImportRefused as exc:
            raise CommandError(f"refused: {exc}") from exc
        for game_id, result in sorted(results.items()):
            self.stdout.write(f"game {game_id}: {result}")

    def _read(self, name: str) -> bytes:
        path = Path(name)
        if not path.is_file():
            raise CommandError(f"no file {name}")
        return path.read_bytes()
