"""``manage.py publish_checkpoint --to DIR [--now]``: write the log's checkpoints for witnesses.

Each checkpoint becomes ``DIR/checkpoint-<size>.txt``, a signed note in the C2SP tlog-checkpoint
format (``transparency/notes.py``); ``DIR/checkpoint`` is the latest, and ``DIR/key.pub`` the log's
signed-note verifier key. Files already there are left alone (a witness keeps every one). ``--now``
first makes a checkpoint of the heads that moved, as the periodic task does.
"""

from pathlib import Path

from django.core.management.base import BaseCommand

from transparency import keys, log, signing
from transparency.models import Checkpoint


class Command(BaseCommand):
    help = "Write every checkpoint of the transparency log as a signed note into a directory."

    def add_arguments(self, parser):
        parser.add_argument("--to", required=True, help="the directory to write into")
        parser.add_argument("--now", action="store_true", help="make a checkpoint first")

    def handle(self, *args, to, now=False, **options):
        if now and (made := log.checkpoint()) is not None:
            self.stderr.write(f"checkpoint {made.size} made")
        folder = Path(to)
        folder.mkdir(parents=True, exist_ok=True)
        public = signing.private_key().public_key()
        (folder / "key.pub").write_text(keys.verifier_key(signing.origin(), public) + "\n")
        written = 0
        latest = None
        for checkpoint in Checkpoint.objects.order_by("size"):
            path = folder / f"checkpoint-{checkpoint.size}.txt"
            if not path.exists():
                path.write_text(checkpoint.note)
                written += 1
            latest = checkpoint
        if latest is not None:
            (folder / "checkpoint").write_text(latest.note)
        self.stdout.write(f"{written} new checkpoints written to {folder} (latest size {latest.size if latest else 0})")
