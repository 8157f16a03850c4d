"""``manage.py record_corpus [--out tests/corpus] [--seed N] [--games paso,...]``: record the corpus.

Creates, plays and ends the corpus games (``games.recorder.plan``) through the services, exports
each as ``export_history`` would, and writes its sidecar of position hashes. Everything happens in
one transaction that is rolled back, so the database is left as it was. The named games' folders
are replaced; the corpus games of the others are imported first (in the same transaction), so the
new games take ids none of them uses.

Re-record only after a deliberate rules-version bump (README, "Recorded games"), never to make the
gate pass.
"""

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from engine import available
from games.recorder import Recorder, plan


class Command(BaseCommand):
    help = "Record the corpus of games the CI gate replays (tests/corpus), through the services."

    def add_arguments(self, parser):
        parser.add_argument("--out", default="tests/corpus", help="the corpus folder (default: tests/corpus)")
        parser.add_argument("--seed", type=int, default=21, help="seeds the bots' choices (default: 21)")
        parser.add_argument("--games", default=",".join(available()), help="the games to re-record (default: all)")

    def handle(self, *args, out="tests/corpus", seed=21, games="", **options):
        names = [n for n in games.split(",") if n]
        unknown = sorted(set(names) - set(available()))
        if unknown:
            raise CommandError(f"unknown game {unknown[0]!r}; games: {', '.join(available())}")
        folder = Path(out)
        keep = [p for p in sorted(folder.glob("*/*.jsonl")) if p.parent.name not in names]
        for name in names:
            for old in (folder / name).glob("*") if (folder / name).is_dir() else ():
                old.unlink()
        numbered = [(n, s) for n, s in enumerate(plan()) if s.game in names]
        started = time.monotonic()
        written = Recorder(seed, log=self.stdout.write).record(
            [s for _, s in numbered], folder, keep, numbers=[n for n, _ in numbered])
        self.stdout.write(f"recorded {len(written)} games in {folder} ({time.monotonic() - started:.0f} s)")
