"""``manage.py verify_history [--game ID | --all]``: prove each game's history is what happened.

Checks the hash chain, replays every game with the current engine against its stored snapshots and
result, and checks the seed commitment and every CHANCE outcome derived from it. Prints each game
that fails and why; exits non-zero if any does.

``--checkpoint FILE`` (a signed checkpoint note, ``publish_checkpoint``) also checks the games against
the transparency log: a rewrite that recomputed every hash passes the chain but not the checkpoint.
A game not in the checkpoint is reported as such (and the command fails): it is not verified.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games import audit
from games.management.commands._progress import progress, selected_games


class Command(BaseCommand):
    help = "Verify the hash chain, replay, result and seed commitment of one game or all games."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, help="the id of one game")
        parser.add_argument("--all", action="store_true", help="every game")
        parser.add_argument("--checkpoint", action="append", help="a signed checkpoint note to check against")

    def handle(self, *args, game=None, all=False, checkpoint=None, **options):
        games = selected_games(game, all)
        if checkpoint:
            self._against(checkpoint, list(games))
        failed = checked = 0
        for each in progress(games, self.stderr, "verifying"):
            checked += 1
            problems = audit.verify_game(each)
            if problems:
                failed += 1
                self.stdout.write(f"FAIL game {each.pk} ({each.name}): " + "; ".join(problems))
        if failed:
            raise CommandError(f"{failed} of {checked} games failed verification")
        self.stdout.write(f"OK {checked} games verified")

    def _against(self, files, games) -> None:
        from transparency.verify import against_checkpoint

        failed = 0
        for name in files:
            report = against_checkpoint(Path(name).read_text(), games)
            self.stdout.write(report.text())
            failed += report.status != 0
        if failed:
            raise CommandError(f"{failed} checkpoint(s) do not vouch for every game: see FAIL and UNVERIFIED above")
